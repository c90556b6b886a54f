import { describe, expect, it } from 'vitest';
import { NO_PRICE_TEXT, priceDisplay } from './display.ts';

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
