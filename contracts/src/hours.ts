/**
 * Opening hours for display (spec §2 Hours display; one rule for the locations pages and the footer): Monday first, consecutive days with the same hours collapsed
 * ('Mon-Fri 8:30am - 5:30pm'), a closed day shown as 'Closed'.
 */
import type { OpeningHourEntry } from './entities/location.ts';

export type HoursLine = { days: string; text: string };

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Weekdays in display order: the week starts on Monday (spec §3 Opening-hour entry). */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

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

/**
 * Collapses a week of opening hours into lines, Monday first. Days missing from the feed are skipped (we do not
 * guess), and a run of identical days is broken by a missing day.
 * @example hoursSummary(week) // [{ days: 'Mon-Fri', text: '8:30am - 5:30pm' }, { days: 'Sat', text: 'By appointment only' }, { days: 'Sun', text: 'Closed' }]
 */
export function hoursSummary(entries: readonly OpeningHourEntry[]): HoursLine[] {
  const byDay = new Map<number, string>();
  for (const e of entries) if (!byDay.has(e.weekday)) byDay.set(e.weekday, dayText(e));
  const lines: Array<{ first: number; last: number; text: string }> = [];
  let previous: (typeof lines)[number] | undefined;
  for (const day of DISPLAY_ORDER) {
    const text = byDay.get(day);
    if (text === undefined) {
      previous = undefined;
      continue;
    }
    if (previous && previous.text === text) previous.last = day;
    else lines.push((previous = { first: day, last: day, text }));
  }
  return lines.map(({ first, last, text }) => ({ days: first === last ? DAY_NAMES[first]! : `${DAY_NAMES[first]}-${DAY_NAMES[last]}`, text }));
}
