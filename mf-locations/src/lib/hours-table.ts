/**
 * A location's Opening Hours table (spec §2 Location block detail panel, Hours display): Monday to Sunday, one row a
 * day, 'Closed' for closed days, Saturday as the feed configures it ('By appointment only' or 'Closed'), Monday to
 * Friday as one row when the five days are identical, and today's row marked where the location is.
 * The grouping and the day's words are contracts' `hoursWeek`, the rule the cards and the shell's footer use.
 */
import type { OpeningHourEntry } from '@forecourt/contracts/entities/location';
import { hoursWeek } from '@forecourt/contracts/hours';

/** One row of the table: its days ('Monday', 'Monday – Friday'), their hours, and whether today falls in them. */
export type HoursRow = {
  /** 'Monday' or 'Monday – Friday' (the collapsed weekdays). */
  days: string;
  /** The weekdays of the row (0 Sunday), so a row can be matched to a date. */
  weekdays: number[];
  /** '8:30am - 5:30pm', 'Closed', or the feed's words ('By appointment only'). */
  text: string;
  closed: boolean;
  /** Today (where the location is) is one of the row's days. */
  today: boolean;
  /** On today's row, when a special-hours entry replaces today's hours: those hours ('8:30am - 12pm', 'Closed'). */
  holiday: string | null;
};

export const DAY_NAMES_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The table's rows: contracts' `hoursWeek` (the groups the cards and the shell's footer show, so the table never
 * disagrees with them), with long day names. Monday first; Monday to Friday one row when identical; a day the feed
 * leaves out reads 'Closed' (spec §2: Monday to Sunday, Closed for closed days); no rows without hours.
 * `todayHoliday` (today's holiday hours, ./today.ts) is noted on today's row, so the table never contradicts
 * 'Open now · Closes at 12pm'.
 * @example hoursTable(SALES_HOURS, 3) // [{ days: 'Monday – Friday', text: '8:30am - 5:30pm', today: true, ... }, { days: 'Saturday', text: 'By appointment only', ... }, { days: 'Sunday', text: 'Closed', closed: true, ... }]
 */
export function hoursTable(entries: readonly OpeningHourEntry[], todayWeekday: number | null, todayHoliday: string | null = null): HoursRow[] {
  return hoursWeek(entries).map(({ weekdays, text, closed }) => {
    const today = todayWeekday !== null && weekdays.includes(todayWeekday);
    const days = weekdays.length > 1 ? `${DAY_NAMES_LONG[weekdays[0]!]} – ${DAY_NAMES_LONG[weekdays.at(-1)!]}` : DAY_NAMES_LONG[weekdays[0]!]!;
    return { days, weekdays, text, closed, today, holiday: today ? todayHoliday : null };
  });
}
