import { describe, expect, it } from 'vitest';
import type { OpeningHourEntry } from '@forecourt/contracts/entities/location';
import { SALES_HOURS } from '../test/tenant.ts';
import { hoursSummary } from '@forecourt/contracts/hours';
import { hoursTable } from './hours-table.ts';
import { locationTimeZone, zonedNow } from './today.ts';

const open = (weekday: number, from: string, to: string): OpeningHourEntry => ({ weekday, status: 'Open', formated_hours: null, open: from, close: to });
const closed = (weekday: number): OpeningHourEntry => ({ weekday, status: 'Closed', formated_hours: null, open: null, close: null });
const rows = (entries: OpeningHourEntry[], today: number | null = null) => hoursTable(entries, today).map((r) => [r.days, r.text]);
const todayRow = (entries: OpeningHourEntry[], today: number) => hoursTable(entries, today).filter((r) => r.today).map((r) => r.days);

describe('hoursTable (spec §2 Opening Hours table, Hours display)', () => {
  it('collapses identical Monday to Friday into one row; Saturday by appointment; Sunday Closed', () => {
    expect(rows(SALES_HOURS)).toEqual([
      ['Monday – Friday', '8:30am - 5:30pm'],
      ['Saturday', 'By appointment only'],
      ['Sunday', 'Closed'],
    ]);
    expect(hoursTable(SALES_HOURS, null).map((r) => r.closed)).toEqual([false, false, true]);
  });

  it('a day differing keeps every weekday its own row, Monday first, whatever the feed’s order', () => {
    const week = [closed(0), closed(6), open(5, '08:30', '17:00'), ...[4, 3, 2, 1].map((d) => open(d, '08:30', '17:30'))];
    expect(rows(week)).toEqual([
      ['Monday', '8:30am - 5:30pm'],
      ['Tuesday', '8:30am - 5:30pm'],
      ['Wednesday', '8:30am - 5:30pm'],
      ['Thursday', '8:30am - 5:30pm'],
      ['Friday', '8:30am - 5pm'],
      ['Saturday', 'Closed'],
      ['Sunday', 'Closed'],
    ]);
  });

  it('Saturday closed as configured; a day the feed leaves out gets a Closed row (and breaks the collapse)', () => {
    expect(rows([open(1, '09:00', '17:00'), open(2, '09:00', '17:00'), closed(6)])).toEqual([
      ['Monday', '9am - 5pm'],
      ['Tuesday', '9am - 5pm'],
      ['Wednesday', 'Closed'],
      ['Thursday', 'Closed'],
      ['Friday', 'Closed'],
      ['Saturday', 'Closed'],
      ['Sunday', 'Closed'],
    ]);
    expect(hoursTable([open(1, '09:00', '17:00')], null).filter((r) => r.closed).map((r) => r.days)).toEqual(['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(hoursTable([], 3)).toEqual([]);
  });

  it('agrees with the cards and the footer (contracts hoursSummary): the same groups, in the same order', () => {
    const week = [open(1, '08:00', '17:00'), open(2, '08:00', '17:00'), open(3, '08:00', '17:00'), open(4, '08:00', '17:00'), open(5, '08:00', '17:00'), open(6, '08:00', '17:00')];
    expect(rows(week).map(([, text]) => text)).toEqual(hoursSummary(week).map((l) => l.text));
    expect(rows(week).map(([days]) => days)).toEqual(['Monday – Friday', 'Saturday', 'Sunday']);
  });

  it('marks today’s row: the collapsed weekdays on a Wednesday, Saturday on a Saturday, none on an unknown day', () => {
    expect(todayRow(SALES_HOURS, 3)).toEqual(['Monday – Friday']);
    expect(todayRow(SALES_HOURS, 6)).toEqual(['Saturday']);
    expect(todayRow(SALES_HOURS, 0)).toEqual(['Sunday']);
    expect(todayRow([open(1, '09:00', '17:00')], 2)).toEqual(['Tuesday']);
    expect(hoursTable([open(1, '09:00', '17:00')], null).some((r) => r.today)).toBe(false);
  });

  it('notes today’s holiday hours on today’s row only', () => {
    const table = hoursTable(SALES_HOURS, 4, '8:30am - 12pm');
    expect(table.map((r) => r.holiday)).toEqual(['8:30am - 12pm', null, null]);
    expect(hoursTable(SALES_HOURS, 4).map((r) => r.holiday)).toEqual([null, null, null]);
  });
});

describe('today’s row where the location is, across a daylight saving change', () => {
  /** Every day its own row, so the marked row names the day. */
  const week = [0, 1, 2, 3, 4, 5, 6].map((d) => open(d, '09:00', `1${d}:00`));
  const marked = (iso: string, state: string) => todayRow(week, zonedNow(new Date(iso), locationTimeZone(state, 'Australia/Brisbane')).weekday);

  it('early April 2026: Sydney and Melbourne leave daylight saving at 3am on Sunday 5 April; Brisbane never had it', () => {
    // 13:30Z on Saturday 4 April: half past midnight Sunday in Sydney (UTC+11), still 11:30pm Saturday in Brisbane (UTC+10).
    expect(marked('2026-04-04T13:30:00Z', 'NSW')).toEqual(['Sunday']);
    expect(marked('2026-04-04T13:30:00Z', 'VIC')).toEqual(['Sunday']);
    expect(marked('2026-04-04T13:30:00Z', 'QLD')).toEqual(['Saturday']);
    // A day later Sydney is back on UTC+10: 13:30Z is 11:30pm Sunday in both.
    expect(marked('2026-04-05T13:30:00Z', 'NSW')).toEqual(['Sunday']);
    expect(marked('2026-04-05T13:30:00Z', 'QLD')).toEqual(['Sunday']);
    // 14:00Z on Sunday 5 April: midnight, Monday, in both (no more hour between them).
    expect(marked('2026-04-05T14:00:00Z', 'NSW')).toEqual(['Monday']);
    expect(marked('2026-04-05T14:00:00Z', 'QLD')).toEqual(['Monday']);
  });

  it('early October 2026: daylight saving starts at 2am on Sunday 4 October in Sydney, Melbourne and Hobart', () => {
    // 13:30Z on Saturday 3 October: 11:30pm Saturday everywhere (UTC+10).
    expect(marked('2026-10-03T13:30:00Z', 'NSW')).toEqual(['Saturday']);
    expect(marked('2026-10-03T13:30:00Z', 'QLD')).toEqual(['Saturday']);
    // 13:30Z on Sunday 4 October: Sydney is now UTC+11, so it is already Monday there; Brisbane still Sunday.
    expect(marked('2026-10-04T13:30:00Z', 'NSW')).toEqual(['Monday']);
    expect(marked('2026-10-04T13:30:00Z', 'TAS')).toEqual(['Monday']);
    expect(marked('2026-10-04T13:30:00Z', 'QLD')).toEqual(['Sunday']);
  });
});
