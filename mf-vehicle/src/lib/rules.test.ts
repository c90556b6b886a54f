import { describe, expect, it } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { FeatureFlagsSchema } from '@forecourt/contracts/tenant';
import * as v from 'valibot';
import { belowMarketBy, commentsPending, financeHref, fuelCost, isElectric, marketPanel, marketPriceEligible, maskPhone, registrationFormat, registrationFormatsHeld, registrationText, REGISTRATION_FORMATS_MAX, shareLinks, showsSoldBlock, truncate, vehicleButtons } from './rules.ts';

const flags = (overrides: Record<string, boolean> = {}) => v.parse(FeatureFlagsSchema, overrides);

describe('below-market badge (spec §5: more than 499 below the market average, state average preferred)', () => {
  it('uses the state average when present', () => {
    expect(belowMarketBy({ price: 30000, autograb_data: { average_market_price: 40000, state_average_market_price: 30500 } })).toBe(500);
    expect(belowMarketBy({ price: 30000, autograb_data: { average_market_price: 40000, state_average_market_price: 30499 } })).toBeNull();
  });
  it('falls back to the national average; 499 exactly is not enough', () => {
    expect(belowMarketBy({ price: 30000, autograb_data: { average_market_price: 30499, state_average_market_price: null } })).toBeNull();
    expect(belowMarketBy({ price: 30000, autograb_data: { average_market_price: 30500, state_average_market_price: null } })).toBe(500);
  });
  it('nothing without data or a price', () => {
    expect(belowMarketBy({ price: 30000, autograb_data: null })).toBeNull();
    expect(belowMarketBy({ price: 0, autograb_data: { average_market_price: 30500, state_average_market_price: null } })).toBeNull();
  });
});

describe('market price (spec §5 eligibility and panel rules, §9 labels and bands)', () => {
  const car = { status: 'in_stock' as const, sold: false, reserved: false, price: 201 };
  it('is eligible only with the feature on, in stock, not sold or reserved, price above 200', () => {
    expect(marketPriceEligible(car, { market_price: true })).toBe(true);
    expect(marketPriceEligible(car, { market_price: false })).toBe(false);
    expect(marketPriceEligible({ ...car, price: 200 }, { market_price: true })).toBe(false);
    expect(marketPriceEligible({ ...car, status: 'coming_soon' }, { market_price: true })).toBe(false);
    expect(marketPriceEligible({ ...car, sold: true }, { market_price: true })).toBe(false);
    expect(marketPriceEligible({ ...car, reserved: true }, { market_price: true })).toBe(false);
  });
  const result = { fill: 0.5, listing_price: 30000, market_range_min: 28000, market_range_max: 32000, confidence: 0.8, description: 'x' };
  it('needs every field, confidence above 0.2 and a range max not below the listing price', () => {
    expect(marketPanel(result)).toMatchObject({ label: 'Good Deal', band: 'mid', listingPrice: 30000 });
    for (const key of ['fill', 'listing_price', 'market_range_min', 'market_range_max', 'confidence'] as const) expect(marketPanel({ ...result, [key]: null }), key).toBeNull();
    expect(marketPanel({ ...result, confidence: 0.2 })).toBeNull();
    expect(marketPanel({ ...result, confidence: 0.21 })).not.toBeNull();
    expect(marketPanel({ ...result, market_range_max: 29999 })).toBeNull();
    expect(marketPanel({ ...result, market_range_max: 30000 })).not.toBeNull();
    expect(marketPanel(null)).toBeNull();
  });
  it('labels Good Deal below 0.65, Great Deal from 0.65; bands below 0.3, 0.3-0.6, 0.6 and above', () => {
    expect(marketPanel({ ...result, fill: 0.6499 })!.label).toBe('Good Deal');
    expect(marketPanel({ ...result, fill: 0.65 })!.label).toBe('Great Deal');
    expect(marketPanel({ ...result, fill: 0.29 })!.band).toBe('low');
    expect(marketPanel({ ...result, fill: 0.3 })!.band).toBe('mid');
    expect(marketPanel({ ...result, fill: 0.59 })!.band).toBe('mid');
    expect(marketPanel({ ...result, fill: 0.6 })!.band).toBe('high');
  });
});

describe('registration display (spec §4)', () => {
  const now = new Date('2024-06-01T00:00:00Z');
  it("future expiry: 'Expires on {date}'", () => {
    expect(registrationText('2025-03-14', now)).toBe('Expires on 14 March 2025');
  });
  it('past expiry: Unregistered on sites that say so, else nothing', () => {
    expect(registrationText('2024-05-31', now)).toBeNull();
    expect(registrationText('2024-05-31', now, { showUnregistered: true })).toBe('Unregistered');
  });
  it('the expiry day itself still counts as registered; no or bad date shows nothing', () => {
    expect(registrationText('2024-06-01', now)).toBe('Expires on 1 June 2024');
    expect(registrationText(null, now)).toBeNull();
    expect(registrationText('soon', now)).toBeNull();
  });
  it(`builds each locale and time zone's date format once, keeping at most REGISTRATION_FORMATS_MAX (${REGISTRATION_FORMATS_MAX})`, () => {
    expect(registrationFormat('en-AU', 'UTC')).toBe(registrationFormat('en-AU', 'UTC'));
    const zones = Intl.supportedValuesOf('timeZone').slice(0, REGISTRATION_FORMATS_MAX + 10);
    for (const zone of zones) {
      expect(registrationText('2025-03-14T10:00:00Z', now, { timeZone: zone })).toBe(`Expires on ${new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone }).format(new Date('2025-03-14T10:00:00Z'))}`);
      expect(registrationFormatsHeld()).toBeLessThanOrEqual(REGISTRATION_FORMATS_MAX);
    }
    expect(registrationFormatsHeld()).toBe(REGISTRATION_FORMATS_MAX);
    expect(() => registrationText('2025-03-14T10:00:00Z', now, { timeZone: 'Not/AZone' })).toThrow(RangeError);
  });
});

describe('phone reveal (spec §4: digits after the fifth masked)', () => {
  it('masks every digit after the fifth, keeping the spacing', () => {
    expect(maskPhone('07 5550 1200')).toBe('07 555* ****');
    expect(maskPhone('1300 975 708')).toBe('1300 9** ***');
    expect(maskPhone('12345')).toBe('12345');
  });
});

describe('fuel calculator (spec §5)', () => {
  it('defaults 1.70 $/L, 250 km, 10 L/100km -> $42.50, 2 decimals', () => {
    expect(fuelCost()).toBe('42.50');
    expect(fuelCost(333, 7.3, 1.899)).toBe('46.16'); // 3.33 x 7.3 x 1.899 = 46.162...
    expect(fuelCost(Number.NaN, 10, 1.7)).toBeNull();
    expect(fuelCost(-1, 10, 1.7)).toBeNull();
  });
  it('is hidden for electric cars, not hybrids', () => {
    expect(isElectric({ fuel: 'Electric', simple_fuel: 'electric' })).toBe(true);
    expect(isElectric({ fuel: 'Hybrid Electric', simple_fuel: 'hybrid' })).toBe(false);
    expect(isElectric({ fuel: 'Petrol', simple_fuel: 'petrol' })).toBe(false);
  });
});

describe('truncation and dealer comments (spec §9: comments 400, disclaimer 197; §5 pending text)', () => {
  it('keeps short text, cuts long text at a word near the limit', () => {
    expect(truncate('short', 400)).toEqual({ text: 'short', truncated: false });
    const long = 'word '.repeat(100);
    const cut = truncate(long, 197);
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(198);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(truncate('x'.repeat(197), 197).truncated).toBe(false);
    expect(truncate('x'.repeat(198), 197).text).toBe(`${'x'.repeat(197)}…`);
  });
  it('pending when empty or only a separator', () => {
    for (const empty of [null, '', '   ', '-', '---', '<p>-</p>', '. . .', '&nbsp;']) expect(commentsPending(empty), String(empty)).toBe(true);
    expect(commentsPending('One owner.')).toBe(false);
  });
});

describe('sidebar buttons (spec §4 Purchasable car, §5 trade-in / history report)', () => {
  const car = { status: 'in_stock' as const, reserved: false, tag: null, file: null };
  it('a purchasable car gets reserve (when the tenant reserves online), enquire, call, test drive, finance, trade-in', () => {
    expect(vehicleButtons(car, flags({ reserve_online: true }), true)).toEqual(['reserve', 'enquire', 'call', 'test-drive', 'finance', 'trade-in']);
    expect(vehicleButtons(car, flags(), true)).toEqual(['enquire', 'call', 'test-drive', 'finance', 'trade-in']);
  });
  it('sold: no reserve, test drive or finance', () => {
    expect(vehicleButtons({ ...car, status: 'sold' }, flags({ reserve_online: true }), true)).toEqual(['enquire', 'call', 'trade-in']);
  });
  it('reserved or test-drive-only cars cannot be reserved; coming soon loses the test drive where the tenant says so', () => {
    expect(vehicleButtons({ ...car, reserved: true }, flags({ reserve_online: true }), true)).not.toContain('reserve');
    expect(vehicleButtons({ ...car, tag: 'Test Drive Only' }, flags({ reserve_online: true }), true)).not.toContain('reserve');
    expect(vehicleButtons({ ...car, status: 'coming_soon' }, flags({ coming_soon_test_drive: false }), true)).not.toContain('test-drive');
    expect(vehicleButtons({ ...car, status: 'coming_soon' }, flags(), true)).toContain('test-drive');
  });
  it('Instant Message replaces Enquire Now; history report needs a file; no phone, no Call Now; trade-in by flag', () => {
    expect(vehicleButtons(car, flags({ instant_message: true }), false)).toEqual(['instant-message', 'test-drive', 'finance', 'trade-in']);
    expect(vehicleButtons({ ...car, file: { url: '/r.pdf', name: 'Report' } }, flags({ trade_in: false }), true)).toEqual(['enquire', 'call', 'test-drive', 'finance', 'history-report']);
  });
  it('shows the SOLD block for sold, not for in stock or coming soon', () => {
    expect(showsSoldBlock({ status: 'sold', sold: true })).toBe(true);
    expect(showsSoldBlock({ status: 'in_stock', sold: true })).toBe(true);
    expect(showsSoldBlock({ status: 'in_stock', sold: false })).toBe(false);
    expect(showsSoldBlock({ status: 'coming_soon', sold: null })).toBe(false);
  });
});

describe('share links (spec §5: only with a site URL; Twitter hideable)', () => {
  it('links the public page, Twitter only when shown', () => {
    expect(shareLinks(undefined, '/cars/x-1', 'X', true)).toEqual([]);
    const links = shareLinks('https://www.a.com.au', '/cars/x-1', 'A car & more', true);
    expect(links.map((l) => l.network)).toEqual(['facebook', 'twitter', 'whatsapp', 'email', 'sms']);
    expect(links[0]!.href).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.a.com.au%2Fcars%2Fx-1');
    expect(links[1]!.href).toContain('text=A%20car%20%26%20more');
    expect(shareLinks('https://www.a.com.au', '/cars/x-1', 'X', false).map((l) => l.network)).not.toContain('twitter');
  });
});

describe('finance links', () => {
  it('Get Finance carries car_id, car_type, preferredDealership, vehiclePriceBudget, vin and ends with #finance-form', () => {
    expect(financeHref(sampleCar as never)).toBe('/finance?car_id=148223&vehiclePriceBudget=31990&car_type=used&vin=JTNK4RBE903123456&preferredDealership=springwood-toyota#finance-form');
  });
  it("the budget is the price the shopper sees (an offer wins); none for a subscription car or one without a price", () => {
    expect(financeHref({ ...sampleCar, offer_price: 29990 } as never)).toContain('vehiclePriceBudget=29990');
    expect(financeHref({ ...sampleCar, subscription_price: 199 } as never)).not.toContain('vehiclePriceBudget');
    expect(financeHref({ ...sampleCar, price: 0 } as never)).not.toContain('vehiclePriceBudget');
  });
});
