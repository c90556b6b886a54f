import { describe, expect, it } from 'vitest';
import type { OpeningHourEntry } from './entities/location.ts';
import { dayText, formatClock, hoursSummary, hoursWeek } from './hours.ts';

/** Mon-Fri 8:30am-5:30pm, Sat by appointment, Sun closed: the shape spec §2 Hours display describes. */
const SALES_HOURS: OpeningHourEntry[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, formated_hours: null, open: '08:30', close: '17:30' })),
  { weekday: 6, status: 'Open', formated_hours: 'By appointment only', open: null, close: null },
  { weekday: 0, status: 'Closed', formated_hours: null, open: null, close: null },
];

const open = (weekday: number, o: string, c: string): OpeningHourEntry => ({ weekday, status: 'Open', formated_hours: null, open: o, close: c });

describe('formatClock', () => {
  it('writes 12-hour times, minutes only when needed', () => {
    expect(formatClock('08:30')).toBe('8:30am');
    expect(formatClock('17:00')).toBe('5pm');
    expect(formatClock('12:00')).toBe('12pm');
    expect(formatClock('00:05')).toBe('12:05am');
    expect(formatClock('23:45')).toBe('11:45pm');
  });
});

describe('dayText', () => {
  it('prefers Closed, then the feed text, then the clock range', () => {
    expect(dayText({ weekday: 0, status: 'Closed', formated_hours: '9am - 5pm', open: '09:00', close: '17:00' })).toBe('Closed');
    expect(dayText({ weekday: 6, status: 'Open', formated_hours: ' By appointment only ', open: null, close: null })).toBe('By appointment only');
    expect(dayText(open(1, '08:30', '17:30'))).toBe('8:30am - 5:30pm');
    expect(dayText({ weekday: 1, status: 'Open', formated_hours: '', open: null, close: null })).toBe('Open');
  });
});

describe('hoursSummary (spec §2 Hours display)', () => {
  it('collapses identical weekdays into Mon-Fri, then Sat and Sun', () => {
    expect(hoursSummary(SALES_HOURS)).toEqual([
      { days: 'Mon-Fri', text: '8:30am - 5:30pm' },
      { days: 'Sat', text: 'By appointment only' },
      { days: 'Sun', text: 'Closed' },
    ]);
  });
  it('starts the week on Monday whatever the feed order, and never merges Saturday with Sunday', () => {
    const week = [{ weekday: 0, status: 'Closed' as const }, ...[5, 4, 3, 2, 1].map((d) => open(d, '09:00', '17:00')), { weekday: 6, status: 'Closed' as const }];
    expect(hoursSummary(week)).toEqual([
      { days: 'Mon-Fri', text: '9am - 5pm' },
      { days: 'Sat', text: 'Closed' },
      { days: 'Sun', text: 'Closed' },
    ]);
  });
  it('collapses Monday to Friday only: Mon-Sat alike is still Mon-Fri, then Sat', () => {
    const week = [...[1, 2, 3, 4, 5, 6].map((d) => open(d, '08:00', '17:00')), { weekday: 0, status: 'Closed' as const }];
    expect(hoursSummary(week).map((l) => l.days)).toEqual(['Mon-Fri', 'Sat', 'Sun']);
  });
  it('lists each weekday when they differ, and a day the feed leaves out reads Closed', () => {
    const week = [open(1, '08:00', '17:00'), open(2, '08:00', '17:00'), open(4, '08:00', '17:00'), open(5, '08:00', '16:00')];
    expect(hoursSummary(week)).toEqual([
      { days: 'Mon', text: '8am - 5pm' },
      { days: 'Tue', text: '8am - 5pm' },
      { days: 'Wed', text: 'Closed' },
      { days: 'Thu', text: '8am - 5pm' },
      { days: 'Fri', text: '8am - 4pm' },
      { days: 'Sat', text: 'Closed' },
      { days: 'Sun', text: 'Closed' },
    ]);
  });
  it('keeps the first entry of a repeated weekday and is empty without hours', () => {
    expect(hoursSummary([open(1, '08:00', '17:00'), { weekday: 1, status: 'Closed' }])[0]).toEqual({ days: 'Mon', text: '8am - 5pm' });
    expect(hoursSummary([])).toEqual([]);
  });
});

describe('hoursWeek (the groups the cards, the footer and the Opening Hours table share)', () => {
  it('groups Monday to Friday when identical, then Saturday and Sunday, closed days flagged', () => {
    expect(hoursWeek(SALES_HOURS)).toEqual([
      { weekdays: [1, 2, 3, 4, 5], text: '8:30am - 5:30pm', closed: false },
      { weekdays: [6], text: 'By appointment only', closed: false },
      { weekdays: [0], text: 'Closed', closed: true },
    ]);
  });
  it('a weekday left out is Closed and breaks the collapse', () => {
    const week = hoursWeek([1, 2, 3, 4].map((d) => open(d, '09:00', '17:00')));
    expect(week.map((g) => g.weekdays)).toEqual([[1], [2], [3], [4], [5], [6], [0]]);
    expect(week[4]).toEqual({ weekdays: [5], text: 'Closed', closed: true });
  });
});
