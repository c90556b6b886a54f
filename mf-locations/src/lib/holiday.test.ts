import { describe, expect, it } from 'vitest';
import type { SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import { SALES_HOURS } from '../test/tenant.ts';
import { holidayDays, localDate, upcomingSpecialHours } from './holiday.ts';
import { locationTimeZone, todayStatus, zonedNow } from './today.ts';

const location = { id: 'l1', contact_detail: { opening_hours: SALES_HOURS } };
const entry = (date: string, range: [string, string] | null, shape: 'start_hour' | 'hours' = 'start_hour', location_id = 'l1'): SpecialHoursEntry => ({
  date,
  location_id,
  status: range ? 'Open' : 'Closed',
  start_hour: range && shape === 'start_hour' ? range[0] : null,
  end_hour: range && shape === 'start_hour' ? range[1] : null,
  hours: range && shape === 'hours' ? { begin: range[0], end: range[1] } : null,
});
const SEASON = [
  entry('2026-12-31', ['09:00', '15:00'], 'hours'),
  entry('2026-12-25', null),
  entry('2026-12-24', ['08:30', '12:00']),
  entry('2026-11-01', null),
  entry('2026-12-26', null, 'start_hour', 'l2'),
  entry('2027-12-24', null),
];

describe('holidayDays (spec §2 Hours display: the View Holiday Hours dialog)', () => {
  it('lists the location’s dates from today on, sorted, each a local date with a range (both shapes) or Closed', () => {
    expect(holidayDays(location, SEASON, '2026-11-27')).toEqual([
      { date: '2026-12-24', label: 'Thu 24 Dec 2026', today: false, text: '8:30am - 12pm', closed: false },
      { date: '2026-12-25', label: 'Fri 25 Dec 2026', today: false, text: 'Closed', closed: true },
      { date: '2026-12-31', label: 'Thu 31 Dec 2026', today: false, text: '9am - 3pm', closed: false },
    ]);
  });

  it('today’s date reads Today; yesterday’s is gone', () => {
    const days = holidayDays(location, SEASON, '2026-12-25');
    expect(days.map((d) => [d.label, d.text])).toEqual([
      ['Today', 'Closed'],
      ['Thu 31 Dec 2026', '9am - 3pm'],
      ['Fri 24 Dec 2027', 'Closed'],
    ]);
    expect(days[0]!.today).toBe(true);
  });

  it('keeps the next twelve months only, and one line a date', () => {
    expect(upcomingSpecialHours('l1', SEASON, '2026-12-24').map((e) => e.date)).toEqual(['2026-12-24', '2026-12-25', '2026-12-31']);
    expect(upcomingSpecialHours('l1', SEASON, '2026-12-25').map((e) => e.date)).toEqual(['2026-12-25', '2026-12-31', '2027-12-24']);
    const twice = [entry('2026-12-24', ['08:30', '12:00']), entry('2026-12-24', null)];
    expect(holidayDays(location, twice, '2026-12-01')).toEqual([expect.objectContaining({ text: '8:30am - 12pm' })]);
  });

  it('an open date without a range of its own shows the weekday’s usual hours', () => {
    const open: SpecialHoursEntry = { ...entry('2026-12-23', null), status: 'Open' };
    expect(holidayDays(location, [open], '2026-12-01')).toEqual([expect.objectContaining({ label: 'Wed 23 Dec 2026', text: '8:30am - 5:30pm', closed: false })]);
  });

  it('nothing to list: no dates for the location, or only past ones', () => {
    expect(holidayDays({ ...location, id: 'l9' }, SEASON, '2026-11-27')).toEqual([]);
    expect(holidayDays(location, [entry('2026-01-26', null)], '2026-11-27')).toEqual([]);
  });

  it('turns over at the location’s midnight: at 13:30Z on Christmas Eve it is already Christmas Day in Sydney, not yet in Brisbane or Perth', () => {
    const instant = new Date('2026-12-24T13:30:00Z'); // 00:30 on the 25th in Sydney (UTC+11), 9:30pm on the 24th in Perth (UTC+8)
    const listFor = (state: string) => holidayDays(location, SEASON.slice(0, 5), zonedNow(instant, locationTimeZone(state, null)).date).map((d) => d.label);
    expect(listFor('NSW')).toEqual(['Today', 'Thu 31 Dec 2026']);
    expect(listFor('WA')).toEqual(['Today', 'Fri 25 Dec 2026', 'Thu 31 Dec 2026']);
    expect(listFor('QLD')).toEqual(['Today', 'Fri 25 Dec 2026', 'Thu 31 Dec 2026']); // 11:30pm on the 24th (UTC+10)
  });

  it('today’s special hours override the open-now state (./today.ts)', () => {
    const at = (iso: string) => todayStatus(location, SEASON, new Date(iso), 'Australia/Brisbane');
    // Christmas Eve (a Thursday) 10am in Brisbane: open, closing at noon, not 5:30pm.
    expect(at('2026-12-24T00:00:00Z')).toMatchObject({ state: 'open', next: 'Closes at 12pm', hours: '8:30am - 12pm', holiday: true });
    // Christmas Day (a Friday) 10am: closed for the holiday; the 26th is Saturday (by appointment), so Monday.
    expect(at('2026-12-25T00:00:00Z')).toMatchObject({ state: 'closed', hours: 'Closed', holiday: true, next: 'Opens Mon at 8:30am' });
  });
});

describe('localDate', () => {
  it('weekday, day, short month and year, without a comma', () => {
    expect(localDate('2026-12-24')).toBe('Thu 24 Dec 2026');
    expect(localDate('2027-01-01')).toBe('Fri 1 Jan 2027');
    expect(localDate('2026-10-18', 'en-AU', { day: 'numeric', month: 'short', year: 'numeric' })).toBe('18 Oct 2026');
  });
});
