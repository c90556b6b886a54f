import { describe, expect, it } from 'vitest';
import { SALES_COUNTER } from '@forecourt/contracts/constants';
import { initPriceRanges, initSalesCounters, priceRangeText, salesCounterText } from './content.ts';

/** A stand-in element: text, attributes, dataset and listeners (the unit project runs in Node, without a DOM). */
function fakeElement(init: { value?: string; dataset?: Record<string, string>; text?: string } = {}) {
  const listeners: Record<string, Array<() => void>> = {};
  const attrs: Record<string, string> = {};
  return {
    textContent: init.text ?? '',
    value: init.value ?? '',
    dataset: init.dataset ?? {},
    attrs,
    setAttribute: (k: string, v: string) => void (attrs[k] = v),
    addEventListener: (type: string, fn: () => void) => void (listeners[type] ??= []).push(fn),
    fire: (type: string) => listeners[type]?.forEach((fn) => fn()),
  };
}
type Fake = ReturnType<typeof fakeElement>;
const root = (bySelector: Record<string, Fake[]>, byId: Record<string, Fake> = {}) =>
  ({ querySelectorAll: (s: string) => bySelector[s] ?? [], getElementById: (id: string) => byId[id] ?? null }) as unknown as ParentNode & { getElementById: (id: string) => HTMLElement | null };

describe('sales counter', () => {
  it('shows the count now and recomputes it every SALES_COUNTER.refreshMs (Brisbane time)', () => {
    let now = Date.UTC(2026, 5, 1, 2, 0, 0); // noon in Brisbane: 96 sales
    const figure = fakeElement({ text: '90' });
    const intervals: Array<{ fn: () => void; ms: number }> = [];
    expect(initSalesCounters(root({ '[data-sales-count]': [figure] }), { setInterval: (fn, ms) => intervals.push({ fn, ms }), now: () => now })).toBe(1);
    expect(figure.textContent).toBe('96');
    expect(intervals.map((i) => i.ms)).toEqual([SALES_COUNTER.refreshMs]);
    // One step (450 s) later the next refresh shows one more sale.
    now += SALES_COUNTER.stepSeconds * 1000;
    intervals[0]!.fn();
    expect(figure.textContent).toBe('97');
    expect(salesCounterText(now)).toBe('97');
  });

  it('does nothing on a page without one', () => {
    const intervals: unknown[] = [];
    expect(initSalesCounters(root({}), { setInterval: (fn) => intervals.push(fn), now: () => 0 })).toBe(0);
    expect(intervals).toEqual([]);
  });
});

describe('price range', () => {
  it('the shown amount and value text follow the slider', () => {
    const slider = fakeElement({ value: '50000', dataset: { priceRange: 'fc-b0-value' } });
    const output = fakeElement({ text: '$50,000' });
    expect(initPriceRanges(root({ 'input[data-price-range]': [slider] }, { 'fc-b0-value': output }))).toBe(1);
    slider.value = '125500';
    slider.fire('input');
    expect(output.textContent).toBe('$125,500');
    expect(slider.attrs['aria-valuetext']).toBe('$125,500');
  });

  it('formats whole dollars; an unreadable value shows nothing', () => {
    expect(priceRangeText('5000')).toBe('$5,000');
    expect(priceRangeText('abc')).toBe('');
  });
});
