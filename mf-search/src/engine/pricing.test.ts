import { describe, expect, it } from 'vitest';
import { isReduced, sortPrice } from './pricing.ts';

const car = (over: Partial<{ price: number; offer_price: number | null; before_price: number | null }>) => ({ price: 30_000, offer_price: null, before_price: null, ...over });

describe('the prices search ranks and filters by (as the card shows them, spec §4 price precedence)', () => {
  it('sortPrice: the offer price, else a shown price (above $10), else 0', () => {
    expect(sortPrice(car({}))).toBe(30_000);
    expect(sortPrice(car({ offer_price: 27_500 }))).toBe(27_500);
    expect(sortPrice(car({ price: 29_000, before_price: 33_000 }))).toBe(29_000);
    expect(sortPrice(car({ price: 10 }))).toBe(0);
    expect(sortPrice(car({ price: 0 }))).toBe(0);
    expect(sortPrice(car({ price: 0, offer_price: 0 }))).toBe(0);
  });

  it('isReduced: an offer price, or a was-price above a shown price', () => {
    expect(isReduced(car({}))).toBe(false);
    expect(isReduced(car({ offer_price: 27_500 }))).toBe(true);
    expect(isReduced(car({ price: 29_000, before_price: 33_000 }))).toBe(true);
    expect(isReduced(car({ price: 29_000, before_price: 29_000 }))).toBe(false);
    expect(isReduced(car({ price: 5, before_price: 33_000 }))).toBe(false);
  });
});
