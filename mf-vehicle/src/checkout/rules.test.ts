import { describe, expect, it } from 'vitest';
import { checkoutEnabled, checkoutPath, isEmbeddedSession, isPaymentId, paymentOutcome, reservability, reserveAmount, reserveButtonText } from './rules.ts';

describe('reserve amount (spec §9 default $200, tenant reserve_amount)', () => {
  it('reads the tenant amount, $200 by default, as the button words it', () => {
    expect(reserveAmount({ reserve_amount: 200 })).toEqual({ cents: 20_000, dollars: 200, label: '$200' });
    expect(reserveAmount({} as { reserve_amount: number })).toEqual({ cents: 20_000, dollars: 200, label: '$200' });
    expect(reserveAmount({ reserve_amount: 1500 })?.label).toBe('$1,500');
    expect(reserveAmount({ reserve_amount: 99.5 })).toEqual({ cents: 9_950, dollars: 99.5, label: '$99.50' });
    expect(reserveButtonText('$200')).toBe('Reserve This Car ($200)');
  });
  it('offers no payment for an amount no processor can charge', () => {
    expect(reserveAmount({ reserve_amount: 0 })).toBeNull();
    expect(reserveAmount({ reserve_amount: -5 })).toBeNull();
    expect(reserveAmount({ reserve_amount: 0.4 })).toBeNull();
    expect(reserveAmount({ reserve_amount: Number.POSITIVE_INFINITY })).toBeNull();
  });
});

describe('which cars can be reserved (spec §4 Purchasable car)', () => {
  const car = { status: 'in_stock' as const, sold: false, reserved: false, tag: null };
  it('reserves in-stock and coming-soon cars only', () => {
    expect(reservability(car)).toBe('reservable');
    expect(reservability({ ...car, status: 'coming_soon' })).toBe('reservable');
    expect(reservability({ ...car, status: 'sold' })).toBe('sold');
    expect(reservability({ ...car, sold: true })).toBe('sold');
  });
  it('not a reserved car (the feed says so, or edge-api holds a paid reservation), nor a test-drive-only one', () => {
    expect(reservability({ ...car, reserved: true })).toBe('reserved');
    expect(reservability(car, true)).toBe('reserved');
    expect(reservability({ ...car, tag: ' Test Drive Only ' })).toBe('test-drive-only');
    // sold wins over reserved: the SOLD block (spec §4)
    expect(reservability({ ...car, status: 'sold', reserved: true })).toBe('sold');
  });
});

describe('pages and ids', () => {
  it('needs reserve_online for checkout, buy_online for buy-online, either for the journey pages', () => {
    const off = { reserve_online: false, buy_online: false };
    expect(checkoutEnabled('checkout', { ...off, reserve_online: true })).toBe(true);
    expect(checkoutEnabled('checkout', { ...off, buy_online: true })).toBe(false);
    expect(checkoutEnabled('buy-online', { ...off, buy_online: true })).toBe(true);
    expect(checkoutEnabled('buy-online', { ...off, reserve_online: true })).toBe(false);
    expect(checkoutEnabled('checkout-journey', { ...off, buy_online: true })).toBe(true);
    expect(checkoutEnabled('online-payment', off)).toBe(false);
  });
  it('builds each page path (spec §2 routes)', () => {
    expect(checkoutPath('checkout', 'a-1')).toBe('/cars/a-1/checkout');
    expect(checkoutPath('buy-online', 'a-1')).toBe('/cars/a-1/buy-online');
    expect(checkoutPath('checkout-journey', 'a-1')).toBe('/checkout-journey?car_id=a-1');
    expect(checkoutPath('online-payment', 'a-1')).toBe('/online-payment?car_id=a-1');
  });
  it('accepts only edge-api shaped payment ids and embedded session tokens', () => {
    expect(isPaymentId(`pay_${'a'.repeat(32)}`)).toBe(true);
    expect(isPaymentId('pay_x')).toBe(false);
    expect(isPaymentId(null)).toBe(false);
    expect(isEmbeddedSession(`emb_cs_${'0'.repeat(32)}`)).toBe(true);
    expect(isEmbeddedSession('cs_test_1')).toBe(false);
  });
  it('says what happened to a payment', () => {
    expect(paymentOutcome('paid')).toMatchObject({ tone: 'success', title: 'This car is reserved for you' });
    expect(paymentOutcome('failed').text).toContain('not charged');
    expect(paymentOutcome('unknown').tone).toBe('error');
  });
});
