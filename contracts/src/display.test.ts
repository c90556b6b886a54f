import { describe, expect, it } from 'vitest';
import { escapeHtml, NO_PRICE_TEXT, priceDisplay, telHref } from './display.ts';

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
