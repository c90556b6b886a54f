import { describe, expect, it } from 'vitest';
import type { OpeningHourEntry, SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import { SALES_HOURS } from '../test/tenant.ts';
import { addDays, DEFAULT_TIME_ZONE, locationTimeZone, todayStatus, zonedNow } from './today.ts';

const BRISBANE = 'Australia/Brisbane';
/** Mon-Fri 8:30am-5:30pm, Sat by appointment, Sun closed (test/tenant.ts). */
const sales = { id: 'l1', contact_detail: { opening_hours: SALES_HOURS } };
const special = (date: string, range: [string, string] | null, shape: 'start_hour' | 'hours' = 'start_hour'): SpecialHoursEntry => ({
  date,
  location_id: 'l1',
  status: range ? 'Open' : 'Closed',
  start_hour: range && shape === 'start_hour' ? range[0] : null,
  end_hour: range && shape === 'start_hour' ? range[1] : null,
  hours: range && shape === 'hours' ? { begin: range[0], end: range[1] } : null,
});
/** Brisbane is UTC+10 all year: a Brisbane wall-clock time as an instant. */
const brisbane = (date: string, clock: string) => new Date(`${date}T${clock}:00+10:00`);
const at = (date: string, clock: string, specials: SpecialHoursEntry[] = [], location = sales) => todayStatus(location, specials, brisbane(date, clock), BRISBANE);

describe('todayStatus: a weekday (2026-03-04 is a Wednesday)', () => {
  it('open: Open now, closes at the day’s closing time', () => {
    expect(at('2026-03-04', '10:00')).toEqual({ state: 'open', label: 'Open now', next: 'Closes at 5:30pm', hours: '8:30am - 5:30pm', holiday: false });
    expect(at('2026-03-04', '08:30')).toMatchObject({ state: 'open' });
  });
  it('before opening: Closed now, opens at today’s opening time', () => {
    expect(at('2026-03-04', '07:59')).toEqual({ state: 'closed', label: 'Closed now', next: 'Opens at 8:30am', hours: '8:30am - 5:30pm', holiday: false });
  });
  it('after closing (closing time included): opens tomorrow', () => {
    expect(at('2026-03-04', '17:30')).toMatchObject({ state: 'closed', label: 'Closed now', next: 'Opens tomorrow at 8:30am' });
  });
  it('Friday evening: Saturday is by appointment and Sunday closed, so it opens on Monday', () => {
    expect(at('2026-03-06', '18:00')).toMatchObject({ state: 'closed', next: 'Opens Mon at 8:30am' });
  });
  it('Saturday by appointment only; Sunday closed, open tomorrow', () => {
    expect(at('2026-03-07', '10:00')).toEqual({ state: 'appointment', label: 'By appointment only', next: null, hours: null, holiday: false });
    expect(at('2026-03-08', '10:00')).toEqual({ state: 'closed', label: 'Closed now', next: 'Opens tomorrow at 8:30am', hours: 'Closed', holiday: false });
  });
});

describe('todayStatus: holiday hours of today (spec §3 Special-hours entry)', () => {
  it('a closed holiday closes a usual weekday', () => {
    expect(at('2026-03-04', '10:00', [special('2026-03-04', null)])).toEqual({ state: 'closed', label: 'Closed now', next: 'Opens tomorrow at 8:30am', hours: 'Closed', holiday: true });
  });
  it('holiday hours replace the weekday’s (start_hour/end_hour or hours.begin/end)', () => {
    for (const shape of ['start_hour', 'hours'] as const) {
      const eve = [special('2026-12-24', ['09:00', '13:00'], shape)];
      expect(at('2026-12-24', '12:00', eve)).toEqual({ state: 'open', label: 'Open now', next: 'Closes at 1pm', hours: '9am - 1pm', holiday: true });
      expect(at('2026-12-24', '08:45', eve)).toMatchObject({ state: 'closed', next: 'Opens at 9am', holiday: true });
    }
  });
  it('the next opening skips later holidays: Christmas Eve afternoon opens on Tuesday 29th', () => {
    const season = [special('2026-12-24', ['09:00', '13:00']), special('2026-12-25', null), special('2026-12-28', null)];
    expect(at('2026-12-24', '14:00', season)).toMatchObject({ state: 'closed', next: 'Opens Tue at 8:30am', hours: '9am - 1pm', holiday: true });
  });
  it('a holiday opening on a usual closed day is the next opening', () => {
    expect(at('2026-03-07', '10:00', [special('2026-03-08', ['10:00', '14:00'])])).toMatchObject({ state: 'appointment' });
    expect(at('2026-03-06', '18:00', [special('2026-03-08', ['10:00', '14:00'])])).toMatchObject({ next: 'Opens Sun at 10am' });
  });
  it('only the location’s own entries count, and only today’s date', () => {
    const other = { ...special('2026-03-04', null), location_id: 'l2' };
    expect(at('2026-03-04', '10:00', [other, special('2026-03-05', null)])).toMatchObject({ state: 'open', holiday: false });
  });
  it('an open entry without a range keeps the weekday’s hours', () => {
    const open: SpecialHoursEntry = { ...special('2026-03-04', null), status: 'Open' };
    expect(at('2026-03-04', '10:00', [open])).toMatchObject({ state: 'open', next: 'Closes at 5:30pm', holiday: false });
  });
});

describe('todayStatus: what the feed does not say plainly', () => {
  const week = (entries: OpeningHourEntry[]) => ({ id: 'l1', contact_detail: { opening_hours: entries } });
  it('no entry for today: nothing to say', () => {
    expect(at('2026-03-04', '10:00', [], week([]))).toEqual({ state: 'unknown', label: null, next: null, hours: null, holiday: false });
  });
  it('words without clock times are shown as they are', () => {
    const words = week([{ weekday: 3, status: 'Open', formated_hours: 'Open 24 hours', open: null, close: null }]);
    expect(at('2026-03-04', '10:00', [], words)).toEqual({ state: 'unknown', label: null, next: null, hours: 'Open 24 hours', holiday: false });
  });
  it('a close at 00:00 means midnight', () => {
    const late = week([{ weekday: 3, status: 'Open', formated_hours: null, open: '18:00', close: '00:00' }]);
    expect(at('2026-03-04', '23:30', [], late)).toMatchObject({ state: 'open', next: 'Closes at 12am', hours: '6pm - 12am' });
  });
  it('a day by appointment with clock times is still by appointment', () => {
    const sat = week([{ weekday: 6, status: 'Open', formated_hours: 'By appointment only', open: '09:00', close: '12:00' }]);
    expect(at('2026-03-07', '10:00', [], sat)).toMatchObject({ state: 'appointment', label: 'By appointment only' });
  });
});

describe('time zones', () => {
  it('reads the wall clock where the location is: in January Melbourne is an hour ahead of Brisbane', () => {
    const instant = new Date('2026-01-14T06:45:00Z'); // a Wednesday: 4:45pm in Brisbane, 5:45pm in Melbourne (daylight saving)
    expect(todayStatus(sales, [], instant, 'Australia/Brisbane')).toMatchObject({ state: 'open', next: 'Closes at 5:30pm' });
    expect(todayStatus(sales, [], instant, 'Australia/Melbourne')).toMatchObject({ state: 'closed', next: 'Opens tomorrow at 8:30am' });
  });
  it('today is the date where the location is: half past midnight in Brisbane is still yesterday in Perth', () => {
    const instant = new Date('2026-03-03T14:30:00Z');
    expect(zonedNow(instant, 'Australia/Brisbane')).toEqual({ date: '2026-03-04', weekday: 3, minutes: 30 });
    expect(zonedNow(instant, 'Australia/Perth')).toEqual({ date: '2026-03-03', weekday: 2, minutes: 22 * 60 + 30 });
    const holiday = [special('2026-03-04', null)];
    expect(todayStatus(sales, holiday, instant, 'Australia/Brisbane')).toMatchObject({ holiday: true, next: 'Opens tomorrow at 8:30am' });
    expect(todayStatus(sales, holiday, instant, 'Australia/Perth')).toMatchObject({ holiday: false, next: 'Opens Thu at 8:30am' });
  });
  it('midnight is minute 0', () => {
    expect(zonedNow(new Date('2026-03-03T14:00:00Z'), BRISBANE)).toEqual({ date: '2026-03-04', weekday: 3, minutes: 0 });
  });
  it('a location’s zone is its state’s, else the tenant’s, else the platform default', () => {
    expect(locationTimeZone('VIC', BRISBANE)).toBe('Australia/Melbourne');
    expect(locationTimeZone(' nsw ', BRISBANE)).toBe('Australia/Sydney');
    expect(locationTimeZone('WA', BRISBANE)).toBe('Australia/Perth');
    expect(locationTimeZone('', 'Australia/Adelaide')).toBe('Australia/Adelaide');
    expect(locationTimeZone('Auckland', 'Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(locationTimeZone(null, 'Not/AZone')).toBe(DEFAULT_TIME_ZONE);
  });
  it('adds whole calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toEqual({ date: '2027-01-01', weekday: 5 });
    expect(addDays('2028-02-28', 1)).toEqual({ date: '2028-02-29', weekday: 2 });
  });
});
