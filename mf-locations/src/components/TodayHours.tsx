import type { TodayStatus } from '../lib/today.ts';

/**
 * Today at a location (spec §2 Hours display; ../lib/today.ts): 'Open now · Closes at 5:30pm' with a status dot
 * (the words carry the meaning, the dot only repeats it), then today's hours, marked when they are holiday hours.
 */
export function TodayHours({ today }: { today: TodayStatus | null }) {
  if (!today || (!today.label && !today.hours)) return null;
  return (
    <div className={`fl-today fl-today--${today.state}`}>
      {today.label ? (
        <p className="fl-today__status">
          <span className="fl-today__dot" aria-hidden="true" />
          <strong>{today.label}</strong>
          {today.next ? ` · ${today.next}` : null}
        </p>
      ) : null}
      {today.hours ? (
        <p className="fl-today__hours">
          Today: {today.hours}
          {today.holiday ? <span className="fl-today__holiday"> (holiday hours)</span> : null}
        </p>
      ) : null}
    </div>
  );
}
