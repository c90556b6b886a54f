/**
 * Opening hours for display (spec §2 Hours display; one rule for the locations pages' cards and table and the shell's
 * footer): Monday first, Monday to Friday collapsed when identical ('Mon-Fri 8:30am - 5:30pm'), then Saturday and
 * Sunday, a closed day shown as 'Closed'.
 */
import type { OpeningHourEntry } from './entities/location.ts';

export type HoursLine = { days: string; text: string };

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** '08:30' -> '8:30am', '17:00' -> '5pm', '12:00' -> '12pm', '00:00' -> '12am'. */
export function formatClock(clock: string): string {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, '0')}${suffix}` : `${hour}${suffix}`;
}

/** One day's text: 'Closed', the feed's own text (e.g. 'By appointment only'), or the open-close range. */
export function dayText(entry: OpeningHourEntry): string {
  if (entry.status === 'Closed') return 'Closed';
  if (entry.formated_hours?.trim()) return entry.formated_hours.trim();
  if (entry.open && entry.close) return `${formatClock(entry.open)} - ${formatClock(entry.close)}`;
  return 'Open';
}

/** One group of the week: its weekdays (0 Sunday), their words, and whether the location is closed then. */
export type WeekGroup = { weekdays: number[]; text: string; closed: boolean };

const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/**
 * The week as spec §2 Hours display lays it out (one rule for the cards, the shell's footer and the Opening Hours
 * table): Monday to Sunday, Monday to Friday as one group when the five read the same (else each weekday on its own),
 * then Saturday as the feed configures it ('By appointment only' or 'Closed'), then Sunday. A day the feed leaves out
 * reads 'Closed' once the feed lists any day (spec: 'Closed for closed days'); a feed with no hours gives no groups.
 * A weekday listed twice keeps its first entry.
 * @example hoursWeek(SALES_HOURS) // [{ weekdays: [1, 2, 3, 4, 5], text: '8:30am - 5:30pm', closed: false }, { weekdays: [6], text: 'By appointment only', ... }, { weekdays: [0], text: 'Closed', closed: true }]
 */
export function hoursWeek(entries: readonly OpeningHourEntry[]): WeekGroup[] {
  if (!entries.length) return [];
  const byDay = new Map<number, OpeningHourEntry>();
  for (const e of entries) if (!byDay.has(e.weekday)) byDay.set(e.weekday, e);
  const day = (d: number): WeekGroup => {
    const entry = byDay.get(d);
    return entry ? { weekdays: [d], text: dayText(entry), closed: entry.status === 'Closed' } : { weekdays: [d], text: 'Closed', closed: true };
  };
  const weekdays = WEEKDAYS.map(day);
  const same = weekdays.every((g) => g.text === weekdays[0]!.text);
  return [...(same ? [{ ...weekdays[0]!, weekdays: [...WEEKDAYS] }] : weekdays), day(6), day(0)];
}

/**
 * The week in short lines for cards and the footer (./hoursWeek's groups): 'Mon-Fri', else each weekday, then Sat, Sun.
 * @example hoursSummary(week) // [{ days: 'Mon-Fri', text: '8:30am - 5:30pm' }, { days: 'Sat', text: 'By appointment only' }, { days: 'Sun', text: 'Closed' }]
 */
export function hoursSummary(entries: readonly OpeningHourEntry[]): HoursLine[] {
  return hoursWeek(entries).map(({ weekdays, text }) => ({
    days: weekdays.length > 1 ? `${DAY_NAMES[weekdays[0]!]}-${DAY_NAMES[weekdays.at(-1)!]}` : DAY_NAMES[weekdays[0]!]!,
    text,
  }));
}
