import { useEffect, useRef } from 'react';
import type { HolidayDay } from '../lib/holiday.ts';

/**
 * 'View Holiday Hours' (spec §2 Hours display): a button opening a dialog that lists the location's special dates
 * ('Today' or 'Thu 24 Dec 2026', with '8:30am - 12pm' or 'Closed'). It is the browser's Popover API, so it works
 * without JavaScript: the button opens it, Escape, a click outside or Close shut it, and focus goes back to the
 * button. Where the API is missing the list simply shows in the page. Once hydrated, opening it also moves focus to
 * its Close button, so a keyboard or screen reader user lands in the dialog.
 */
export function HolidayHours({ id, name, days }: { id: string; name: string; days: readonly HolidayDay[] }) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onToggle = (event: Event) => {
      if ((event as Event & { newState?: string }).newState === 'open') close.current?.focus();
    };
    el.addEventListener('toggle', onToggle);
    return () => el.removeEventListener('toggle', onToggle);
  }, []);
  if (!days.length) return null;
  const titleId = `${id}-title`;
  return (
    <div className="fl-holiday">
      <button type="button" className="fc-btn fc-btn--ghost fl-holiday__open" popoverTarget={id}>
        View Holiday Hours
      </button>
      <div ref={dialog} id={id} className="fl-holiday__dialog" popover="auto" role="dialog" aria-labelledby={titleId}>
        <h2 className="fl-holiday__title" id={titleId}>
          Holiday hours
        </h2>
        <p className="fl-holiday__name">{name}</p>
        <ul className="fl-holiday__list">
          {days.map((day) => (
            <li key={day.date} className={day.today ? 'fl-holiday__day fl-holiday__day--today' : 'fl-holiday__day'}>
              <time dateTime={day.date}>{day.label}</time>
              <span className={day.closed ? 'fl-holiday__closed' : undefined}>{day.text}</span>
            </li>
          ))}
        </ul>
        <button ref={close} type="button" className="fc-btn fl-holiday__close" popoverTarget={id} popoverTargetAction="hide">
          Close
        </button>
      </div>
    </div>
  );
}
