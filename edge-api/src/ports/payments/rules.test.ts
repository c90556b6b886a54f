import { describe, expect, it } from 'vitest';
import { ABANDONED_CHECKOUT_MS, formatAud, journeyPath, MAX_RESERVED_LOOKUP, parseCarIds, reserveAmountCents, reserveIdempotencyKey, sameAmount } from './rules.ts';

describe('reserveAmountCents (spec §9 reserve default $200, tenant reserve_amount)', () => {
  it('charges the spec default $200 when the tenant names no amount', () => {
    expect(reserveAmountCents(undefined)).toBe(20_000);
    expect(reserveAmountCents(null)).toBe(20_000);
  });
  it("charges the tenant's amount, in whole cents", () => {
    expect(reserveAmountCents(200)).toBe(20_000);
    expect(reserveAmountCents(500)).toBe(50_000);
    expect(reserveAmountCents(99.99)).toBe(9_999);
    // 0.1 + 0.2 style float noise rounds to the cent, never to 30000.000000004
    expect(reserveAmountCents(150.3)).toBe(15_030);
  });
  it('refuses an amount no card processor can charge (fails loudly instead)', () => {
    expect(() => reserveAmountCents(0)).toThrow(RangeError);
    expect(() => reserveAmountCents(-200)).toThrow(RangeError);
    expect(() => reserveAmountCents(0.49)).toThrow(RangeError);
    expect(reserveAmountCents(0.5)).toBe(50);
    expect(() => reserveAmountCents(1_000_000)).toThrow(RangeError);
    expect(() => reserveAmountCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('abandoned checkouts', () => {
  it('are older than any checkout a processor keeps open (Stripe: 24 hours at most)', () => {
    expect(ABANDONED_CHECKOUT_MS).toBe(7 * 24 * 3_600_000);
    expect(ABANDONED_CHECKOUT_MS).toBeGreaterThan(24 * 3_600_000);
  });
});

describe('sameAmount', () => {
  it('accepts the amount the page showed, or none, and refuses another one', () => {
    expect(sameAmount(200, 20_000)).toBe(true);
    expect(sameAmount(undefined, 20_000)).toBe(true);
    expect(sameAmount(199.999, 20_000)).toBe(true);
    expect(sameAmount(250, 20_000)).toBe(false);
  });
});

describe('formatAud', () => {
  it('writes whole dollars without cents and other amounts with two decimals', () => {
    expect(formatAud(20_000)).toBe('$200');
    expect(formatAud(150_000)).toBe('$1,500');
    expect(formatAud(20_050)).toBe('$200.50');
  });
});

describe('idempotency key, car ids, paths', () => {
  it('scopes the form key to the car', () => {
    expect(reserveIdempotencyKey('car-1', 'k')).toBe('reserve:car-1:k');
    expect(reserveIdempotencyKey('car-1', 'k')).not.toBe(reserveIdempotencyKey('car-2', 'k'));
  });
  it('parses comma lists and repeated params, dedupes, refuses junk and too many', () => {
    expect(parseCarIds(['a,b', 'b', ' c '])).toEqual(['a', 'b', 'c']);
    expect(parseCarIds([])).toEqual([]);
    expect(parseCarIds(['a b'])).toBeNull();
    expect(parseCarIds(['<script>'])).toBeNull();
    expect(parseCarIds([Array.from({ length: MAX_RESERVED_LOOKUP + 1 }, (_, i) => `c${i}`).join(',')])).toBeNull();
    expect(parseCarIds([Array.from({ length: MAX_RESERVED_LOOKUP }, (_, i) => `c${i}`).join(',')])).toHaveLength(MAX_RESERVED_LOOKUP);
  });
  it('builds the checkout-journey path of a payment (spec §2 /checkout-journey?car_id={slug})', () => {
    expect(journeyPath('2021-toyota-corolla-1', 'pay_1')).toBe('/checkout-journey?car_id=2021-toyota-corolla-1&payment=pay_1');
    expect(journeyPath('s', 'pay_1', 'paid')).toBe('/checkout-journey?car_id=s&payment=pay_1&status=paid');
  });
});
