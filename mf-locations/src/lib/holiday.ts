/**
 * A location's holiday hours (spec §2 Hours display: the 'View Holiday Hours' dialog; §3 Special-hours entry): its
 * special dates from today on, for the next twelve months, each as 'Today' or a local-format date ('Thu 24 Dec 2026')
 * with an opening range or 'Closed'. 'Today' is the date where the location is (./today.ts `zonedNow`), so the list
 * turns over at the location's midnight, not the server's.
 */
import type { Location, SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import { dayText, formatClock } from '@forecourt/contracts/hours';
import { addDays } from './today.ts';

/** One line of the dialog (plain JSON: it travels in island props). */
export type HolidayDay = {
  /** YYYY-MM-DD, for `<time datetime>`. */
  date: string;
  /** 'Today' or 'Thu 24 Dec 2026'. */
  label: string;
  today: boolean;
  /** '8:30am - 12pm', 'Closed', or the weekday's usual hours when the entry opens without a range of its own. */
  text: string;
  closed: boolean;
};

/**
 * The location's own special-hours entries from `today` (YYYY-MM-DD where the location is) to a year later, sorted by
 * date, one per date (the first entry of a date wins, as for today's state in ./today.ts).
 */
export function upcomingSpecialHours(locationId: string, special: readonly SpecialHoursEntry[], today: string): SpecialHoursEntry[] {
  const until = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  const byDate = new Map<string, SpecialHoursEntry>();
  for (const entry of special) {
    if (entry.location_id !== locationId || entry.date < today || entry.date >= until || byDate.has(entry.date)) continue;
    byDate.set(entry.date, entry);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** A special date's range, from `start_hour`/`end_hour` or `hours.begin`/`end` (spec §3: feeds carry both shapes). */
export function specialRange(entry: SpecialHoursEntry): { open: string; close: string } | null {
  const open = entry.start_hour ?? entry.hours?.begin;
  const close = entry.end_hour ?? entry.hours?.end;
  return open && close ? { open, close } : null;
}

/**
 * A calendar date as shoppers read it here: weekday, day, short month, year ('Thu 24 Dec 2026'). The date is a whole
 * day (no time zone applies); built from parts so no engine's comma ('Thu, 24 Dec') slips in.
 */
export function localDate(date: string, locale = 'en-AU', options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const parts = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(y, m - 1, d)));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return [part('weekday'), part('day'), part('month'), part('year')].filter(Boolean).join(' ');
}

/**
 * The dialog's lines for a location at `today` (YYYY-MM-DD where the location is, ./today.ts `zonedNow(now, zone).date`).
 * @example holidayDays(location, data.special_hours, '2026-12-24') // [{ date: '2026-12-24', label: 'Today', text: '8:30am - 12pm', ... }, { date: '2026-12-25', label: 'Fri 25 Dec 2026', text: 'Closed', closed: true, ... }]
 */
export function holidayDays(
  location: Pick<Location, 'id' | 'contact_detail'>,
  special: readonly SpecialHoursEntry[],
  today: string,
  locale = 'en-AU',
): HolidayDay[] {
  return upcomingSpecialHours(location.id, special, today).map((entry) => {
    const range = specialRange(entry);
    const closed = entry.status === 'Closed';
    const weekday = addDays(entry.date, 0).weekday;
    const usual = location.contact_detail.opening_hours.find((h) => h.weekday === weekday);
    const text = closed ? 'Closed' : range ? `${formatClock(range.open)} - ${formatClock(range.close)}` : usual ? dayText(usual) : 'Open';
    return { date: entry.date, label: entry.date === today ? 'Today' : localDate(entry.date, locale), today: entry.date === today, text, closed };
  });
}
