import { describe, expect, it } from 'vitest';
import { isTyping, otherDialogOpen, PROMO_DELAY_MS, schedulePromo, shouldShowPromo, todayIn, promoAllowedOn } from './chrome.ts';

describe('shouldShowPromo (spec §4 Promo popup: whole days, both ends included)', () => {
  const window = { start: '2026-11-01', expiry: '2026-11-30', dismissed: false };
  it('shows on the start day, inside the window and on the expiry day', () => {
    expect(shouldShowPromo({ ...window, today: '2026-11-01' })).toBe(true);
    expect(shouldShowPromo({ ...window, today: '2026-11-15' })).toBe(true);
    expect(shouldShowPromo({ ...window, today: '2026-11-30' })).toBe(true);
    expect(shouldShowPromo({ dismissed: false, today: '2026-11-15' })).toBe(true);
  });
  it('hides the day before start, the day after expiry, and once dismissed', () => {
    expect(shouldShowPromo({ ...window, today: '2026-10-31' })).toBe(false);
    expect(shouldShowPromo({ ...window, today: '2026-12-01' })).toBe(false);
    expect(shouldShowPromo({ ...window, dismissed: true, today: '2026-11-15' })).toBe(false);
  });
});

describe('shouldShowPromo without the zone (issue 19: no Intl data loaded unless the day decides)', () => {
  const window = { start: '2026-11-01', expiry: '2026-11-30', dismissed: false };
  const at = (iso: string) => Date.parse(iso);
  it('far from start and expiry every zone agrees: the zone date is never worked out', () => {
    const never = () => {
      throw new Error('zone date asked for');
    };
    expect(shouldShowPromo({ ...window, today: never, now: at('2026-11-15T12:00:00Z') })).toBe(true);
    expect(shouldShowPromo({ ...window, today: never, now: at('2026-10-20T12:00:00Z') })).toBe(false);
    expect(shouldShowPromo({ ...window, today: never, now: at('2026-12-10T12:00:00Z') })).toBe(false);
    expect(shouldShowPromo({ dismissed: false, today: never, now: at('2026-12-10T12:00:00Z') })).toBe(true);
    expect(shouldShowPromo({ expiry: '2026-11-30', dismissed: false, today: never, now: at('2026-11-02T00:00:00Z') })).toBe(true);
  });
  it('within a day of start or expiry the zone decides, and the answer is always the zone date\'s', () => {
    const zones = ['Pacific/Kiritimati', 'Etc/GMT+12', 'Australia/Brisbane', 'Australia/Perth', 'UTC', 'America/Los_Angeles'];
    let asked = 0;
    for (let h = -60; h <= 60; h += 1) {
      for (const edge of ['2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z']) {
        const now = at(edge) + h * 3_600_000;
        for (const zone of zones) {
          const exact = shouldShowPromo({ ...window, today: todayIn(zone, now) });
          expect(shouldShowPromo({ ...window, now, today: () => (asked++, todayIn(zone, now)) }), `${zone} ${new Date(now).toISOString()}`).toBe(exact);
        }
      }
    }
    expect(asked).toBeGreaterThan(0);
  });
});

describe("todayIn (the tenant's calendar day)", () => {
  it('is the local date in the time zone, not the UTC date', () => {
    // 2026-11-30 20:00 UTC is already 1 December in Brisbane (UTC+10) and still 30 November in UTC.
    const at = Date.parse('2026-11-30T20:00:00Z');
    expect(todayIn('Australia/Brisbane', at)).toBe('2026-12-01');
    expect(todayIn('UTC', at)).toBe('2026-11-30');
    // Perth (UTC+8) turns over at 16:00 UTC.
    expect(todayIn('Australia/Perth', Date.parse('2026-11-30T15:59:59Z'))).toBe('2026-11-30');
    expect(todayIn('Australia/Perth', Date.parse('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
  });
  it('expiry day in Brisbane: shown until local midnight, hidden from 00:00 the next day', () => {
    const expiry = '2026-11-30';
    const lastMinute = todayIn('Australia/Brisbane', Date.parse('2026-11-30T13:59:00Z')); // 23:59 local
    const nextDay = todayIn('Australia/Brisbane', Date.parse('2026-11-30T14:00:00Z')); // 00:00 local
    expect(shouldShowPromo({ expiry, dismissed: false, today: lastMinute })).toBe(true);
    expect(shouldShowPromo({ expiry, dismissed: false, today: nextDay })).toBe(false);
  });
  it('falls back to the default zone for a missing or unknown one', () => {
    const at = Date.parse('2026-11-30T20:00:00Z');
    expect(todayIn(undefined, at)).toBe('2026-12-01');
    expect(todayIn('Not/AZone', at)).toBe('2026-12-01');
  });
});

describe('schedulePromo (never on first render, never while typing)', () => {
  function fakeTimers() {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    return {
      timers,
      setTimer: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      clearTimer: () => {},
      fire: () => timers.shift()!.fn(),
    };
  }

  it('opens after the delay when the shopper is not typing', () => {
    const t = fakeTimers();
    let opened = 0;
    schedulePromo({ open: () => opened++, typing: () => false, ...t });
    expect(opened).toBe(0);
    expect(t.timers.map((x) => x.ms)).toEqual([PROMO_DELAY_MS]);
    t.fire();
    expect(opened).toBe(1);
  });

  it('waits another 4 s while focus is in a field, then opens', () => {
    const t = fakeTimers();
    let opened = 0;
    let typing = true;
    schedulePromo({ open: () => opened++, typing: () => typing, ...t });
    t.fire();
    expect(opened).toBe(0);
    expect(t.timers.map((x) => x.ms)).toEqual([4000]);
    t.fire();
    expect(opened).toBe(0);
    typing = false;
    t.fire();
    expect(opened).toBe(1);
    expect(t.timers).toEqual([]);
  });

  it('isTyping: inputs, textareas, selects and editable content', () => {
    const el = (tagName: string, isContentEditable = false) => ({ tagName, isContentEditable }) as unknown as Element;
    expect(isTyping(el('INPUT'))).toBe(true);
    expect(isTyping(el('TEXTAREA'))).toBe(true);
    expect(isTyping(el('SELECT'))).toBe(true);
    expect(isTyping(el('DIV', true))).toBe(true);
    expect(isTyping(el('BODY'))).toBe(false);
    expect(isTyping(el('A'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});

describe('promoAllowedOn (issue 13: never on a car’s pages)', () => {
  it('keeps the promo off the car page, its checkout, print and payment pages', () => {
    for (const path of ['/cars/2021-toyota-corolla-1', '/cars/x/checkout', '/cars/x/buy-online', '/print', '/checkout-journey', '/online-payment']) expect(promoAllowedOn(path), path).toBe(false);
    for (const path of ['/', '/search/used-cars', '/locations', '/finance', '/cars', '/printing-tips']) expect(promoAllowedOn(path), path).toBe(true);
  });
});

describe('otherDialogOpen (issue 13: one dialog at a time, the promo never over the Enquire dialog)', () => {
  const docWith = (...open: Element[]) => ({ querySelectorAll: (sel: string) => (sel === 'dialog[open]' ? open : []) }) as unknown as Document;
  const promo = { id: 'promo' } as unknown as Element;
  const enquire = { id: 'enquire' } as unknown as Element;
  it('is true while any dialog but the promo is open, so the promo waits (or closes) for it', () => {
    expect(otherDialogOpen(docWith(enquire), promo)).toBe(true);
    expect(otherDialogOpen(docWith(promo, enquire), promo)).toBe(true);
    expect(otherDialogOpen(docWith(promo), promo)).toBe(false);
    expect(otherDialogOpen(docWith(), promo)).toBe(false);
  });
  it('holds the promo back while another dialog is open, then opens it once that one is closed', () => {
    const timers: Array<() => void> = [];
    let open = [enquire];
    let opened = 0;
    schedulePromo({ open: () => opened++, typing: () => otherDialogOpen(docWith(...open), promo), setTimer: (fn) => timers.push(fn), clearTimer: () => {} });
    timers.shift()!();
    expect(opened).toBe(0);
    open = [];
    timers.shift()!();
    expect(opened).toBe(1);
  });
});
