import { describe, expect, it, vi } from 'vitest';
import { dateFormatter, dateFormatterCount, escapeHtml, MAX_DATE_FORMATTERS, NO_PRICE_TEXT, priceDisplay, telHref, todayIn } from './display.ts';

describe('priceDisplay (spec §4 Price display precedence)', () => {
  it('prefers the subscription price, shown per week', () => {
    expect(priceDisplay({ price: 30000, subscription_price: 199, offer_price: 28000 })).toMatchObject({ kind: 'subscription', text: '$199 / week' });
  });
  it('then a reduced or offer price, with the was price', () => {
    expect(priceDisplay({ price: 30000, offer_price: 28000 })).toMatchObject({ kind: 'offer', amount: 28000, was: 30000 });
    expect(priceDisplay({ price: 27000, before_price: 29000 })).toMatchObject({ kind: 'offer', amount: 27000, was: 29000 });
  });
  it('then the normal price only when above 10', () => {
    expect(priceDisplay({ price: 11 })).toMatchObject({ kind: 'price', text: '$11' });
    expect(priceDisplay({ price: 10 })).toMatchObject({ kind: 'none', text: NO_PRICE_TEXT });
  });
  it('then PREORDER, else the no-price text', () => {
    expect(priceDisplay({ price: 0, preorder: true })).toEqual({ kind: 'preorder', text: 'PREORDER' });
    expect(priceDisplay({ price: 0 })).toEqual({ kind: 'none', text: 'Enquire for price.' });
  });
});

describe('telHref', () => {
  it('keeps digits and a leading + only', () => {
    expect(telHref('07 3000 0000')).toBe('tel:0730000000');
    expect(telHref('(02) 9876-5432')).toBe('tel:0298765432');
    expect(telHref(' +61 (7) 3000-0000 ')).toBe('tel:+61730000000');
    expect(telHref('1300 FORD 00')).toBe('tel:130000');
    expect(telHref('07 + 3000')).toBe('tel:073000');
    expect(telHref('"><script>')).toBe('tel:');
  });
});

describe('escapeHtml', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`Tom & Jerry's <b class="x">`)).toBe('Tom &amp; Jerry&#39;s &lt;b class=&quot;x&quot;&gt;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('dates in a time zone (formatters built once per isolate, issue 19)', () => {
  it("todayIn: the zone's calendar day, the default zone for none or an unknown one", () => {
    const at = Date.UTC(2026, 10, 26, 17);
    expect(todayIn('Australia/Perth', at)).toBe('2026-11-27');
    expect(todayIn('Pacific/Honolulu', at)).toBe('2026-11-26');
    expect(todayIn(undefined, at)).toBe(todayIn('Australia/Brisbane', at));
    expect(todayIn('Not/AZone', at)).toBe(todayIn('Australia/Brisbane', at));
  });

  it('builds a formatter once per zone and format, then reuses it (an unknown zone is not kept)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const at = Date.UTC(2026, 0, 1);
      const zones = ['Australia/Adelaide', 'Australia/Darwin', 'Australia/Adelaide', 'Australia/Darwin', 'Australia/Adelaide'];
      for (const zone of zones) todayIn(zone, at);
      expect(made).toHaveBeenCalledTimes(2);
      const held = dateFormatterCount();
      expect(() => dateFormatter('en-AU', { timeZone: 'Not/AZone' })).toThrow(RangeError);
      expect(dateFormatterCount()).toBe(held);
      expect(dateFormatter('en-AU', { timeZone: 'Australia/Darwin', day: 'numeric' })).not.toBe(dateFormatter('en-CA', { timeZone: 'Australia/Darwin', day: 'numeric' }));
    } finally {
      made.mockRestore();
    }
  });

  it('keeps at most MAX_DATE_FORMATTERS, the oldest going first', () => {
    const first = dateFormatter('en-AU', { timeZone: 'UTC', minute: '2-digit' });
    const zones = Array.from({ length: 24 }, (_, i) => `Etc/GMT${i < 12 ? '+' : '-'}${(i % 12) + 1}`);
    const cycles = ['h11', 'h12', 'h23', 'h24'] as const;
    const options = zones.flatMap((timeZone) => cycles.map((hourCycle) => ({ timeZone, hourCycle, hour: 'numeric' as const })));
    expect(options.length).toBeGreaterThan(MAX_DATE_FORMATTERS);
    for (const option of options) dateFormatter('en-AU', option);
    expect(dateFormatterCount()).toBeLessThanOrEqual(MAX_DATE_FORMATTERS);
    expect(dateFormatter('en-AU', { timeZone: 'UTC', minute: '2-digit' })).not.toBe(first);
  });
});
