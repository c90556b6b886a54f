/**
 * Today's opening hours of a location, as a shopper reads them (spec §2 Hours display, §3 Opening-hour entry and
 * Special-hours entry): 'Open now · Closes at 5:30pm', 'Closed now · Opens tomorrow at 8:30am', 'By appointment only',
 * with the location's holiday (special) hours of the day taking the place of its weekly hours.
 * Pure: the clock is an argument, so the rules are tested with fixed dates and time zones.
 */
import type { Location, OpeningHourEntry, SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import { dayText, formatClock } from '@forecourt/contracts/hours';

export type TodayState = 'open' | 'closed' | 'appointment' | 'unknown';

/** What a card says about today (plain JSON: it travels in island props). */
export type TodayStatus = {
  state: TodayState;
  /** 'Open now', 'Closed now', 'By appointment only'; null when the feed does not say (state unknown). */
  label: string | null;
  /** 'Closes at 5:30pm', 'Opens at 8:30am', 'Opens tomorrow at 8:30am', 'Opens Mon at 8:30am'; null when not known. */
  next: string | null;
  /** Today's hours: '8:30am - 5:30pm', 'Closed', or the feed's own words ('Open 24 hours'); null when none. */
  hours: string | null;
  /** Today's hours are the location's holiday hours (a special-hours entry for today's date). */
  holiday: boolean;
};

/** A calendar day where the location is: its date (YYYY-MM-DD), weekday (0 Sunday) and, for today, the minute of the day. */
export type ZonedNow = { date: string; weekday: number; minutes: number };

/** The time zone the platform falls back to (contracts SiteConfig `time_zone` default). */
export const DEFAULT_TIME_ZONE = 'Australia/Brisbane';

/** Australian states and territories and their time zones (a group's locations may span several). */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  QLD: 'Australia/Brisbane',
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The time zone of a location: its state's when the address names an Australian state (a Melbourne site of a
 * Brisbane group closes at 5:30pm Melbourne time), else the tenant's `time_zone`, else the platform's default.
 * @example locationTimeZone('VIC', 'Australia/Brisbane') // 'Australia/Melbourne'
 */
export function locationTimeZone(state: string | null | undefined, tenantTimeZone: string | null | undefined): string {
  const byState = STATE_TIME_ZONES[(state ?? '').trim().toUpperCase()];
  if (byState) return byState;
  return tenantTimeZone && isTimeZone(tenantTimeZone) ? tenantTimeZone : DEFAULT_TIME_ZONE;
}

const WEEKDAYS: Readonly<Record<string, number>> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The wall-clock date, weekday and minute of `now` in `timeZone`. */
export function zonedNow(now: Date, timeZone: string): ZonedNow {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  // Some engines write midnight as hour 24 even with h23.
  const hour = Number(parts.hour) % 24;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: WEEKDAYS[parts.weekday!] ?? 0, minutes: hour * 60 + Number(parts.minute) };
}

/** The calendar day `days` after `date` (whole days: no time zone is involved). */
export function addDays(date: string, days: number): { date: string; weekday: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() };
}

const minutesOf = (clock: string): number => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

/** A minute of the day as a shopper reads it: 510 -> '8:30am'; the end of the day (1440) -> '12am'. */
const clockOf = (minutes: number): string =>
  minutes >= 24 * 60 ? '12am' : formatClock(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** One day's plan: open between two minutes of the day, closed, by appointment, or words the feed gives (no clock). */
type DayPlan =
  | { kind: 'open'; open: number; close: number; text: string; holiday: boolean }
  | { kind: 'closed'; holiday: boolean }
  | { kind: 'appointment'; text: string; holiday: boolean }
  | { kind: 'words'; text: string; holiday: boolean }
  | { kind: 'unknown'; holiday: false };

const APPOINTMENT = /appointment/i;

/** A range closing at or before it opens closes at midnight (a feed's '00:00' close). */
const openRange = (open: string, close: string, holiday: boolean): DayPlan => {
  const from = minutesOf(open);
  const to = minutesOf(close);
  return { kind: 'open', open: from, close: to > from ? to : 24 * 60, text: `${formatClock(open)} - ${formatClock(close)}`, holiday };
};

function weeklyPlan(entry: OpeningHourEntry | undefined): DayPlan {
  if (!entry) return { kind: 'unknown', holiday: false };
  if (entry.status === 'Closed') return { kind: 'closed', holiday: false };
  const words = entry.formated_hours?.trim();
  if (words && APPOINTMENT.test(words)) return { kind: 'appointment', text: words, holiday: false };
  if (entry.open && entry.close) return openRange(entry.open, entry.close, false);
  return { kind: 'words', text: dayText(entry), holiday: false };
}

/** The plan of one date: its special-hours entry when there is one (spec §3), else the weekday's hours. */
function dayPlan(location: Pick<Location, 'id' | 'contact_detail'>, special: readonly SpecialHoursEntry[], day: { date: string; weekday: number }): DayPlan {
  const entry = special.find((s) => s.location_id === location.id && s.date === day.date);
  const weekly = weeklyPlan(location.contact_detail.opening_hours.find((h) => h.weekday === day.weekday));
  if (!entry) return weekly;
  if (entry.status === 'Closed') return { kind: 'closed', holiday: true };
  const open = entry.start_hour ?? entry.hours?.begin;
  const close = entry.end_hour ?? entry.hours?.end;
  if (open && close) return openRange(open, close, true);
  // Open on the date without a range of its own: the usual hours of that weekday apply.
  return weekly;
}

/** The next opening after today, within a week: 'Opens tomorrow at 8:30am', 'Opens Mon at 8:30am'. */
function nextOpening(location: Pick<Location, 'id' | 'contact_detail'>, special: readonly SpecialHoursEntry[], today: string): string | null {
  for (let days = 1; days <= 7; days++) {
    const day = addDays(today, days);
    const plan = dayPlan(location, special, day);
    if (plan.kind !== 'open') continue;
    const clock = clockOf(plan.open);
    return days === 1 ? `Opens tomorrow at ${clock}` : `Opens ${DAY_NAMES[day.weekday]} at ${clock}`;
  }
  return null;
}

/**
 * What a location's card says about today at `now` where the location is (`timeZone`, see `locationTimeZone`).
 * @example todayStatus(location, data.special_hours, new Date(), 'Australia/Brisbane')
 * // { state: 'open', label: 'Open now', next: 'Closes at 5:30pm', hours: '8:30am - 5:30pm', holiday: false }
 */
export function todayStatus(
  location: Pick<Location, 'id' | 'contact_detail'>,
  special: readonly SpecialHoursEntry[],
  now: Date,
  timeZone: string,
): TodayStatus {
  const here = zonedNow(now, timeZone);
  const plan = dayPlan(location, special, here);
  switch (plan.kind) {
    case 'open': {
      if (here.minutes >= plan.open && here.minutes < plan.close) {
        return { state: 'open', label: 'Open now', next: `Closes at ${clockOf(plan.close)}`, hours: plan.text, holiday: plan.holiday };
      }
      const next = here.minutes < plan.open ? `Opens at ${clockOf(plan.open)}` : nextOpening(location, special, here.date);
      return { state: 'closed', label: 'Closed now', next, hours: plan.text, holiday: plan.holiday };
    }
    case 'closed':
      return { state: 'closed', label: 'Closed now', next: nextOpening(location, special, here.date), hours: 'Closed', holiday: plan.holiday };
    case 'appointment':
      return { state: 'appointment', label: plan.text, next: null, hours: null, holiday: plan.holiday };
    case 'words':
      return { state: 'unknown', label: null, next: null, hours: plan.text, holiday: plan.holiday };
    case 'unknown':
      return { state: 'unknown', label: null, next: null, hours: null, holiday: false };
  }
}
