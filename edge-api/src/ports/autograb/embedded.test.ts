import { describe, expect, it } from 'vitest';
import { EmbeddedAutograb, estimateMarketValuation, unitHash } from './embedded.ts';
import type { MarketPriceCar } from './port.ts';

const asOf = new Date('2026-06-01T00:00:00Z');
const corolla: MarketPriceCar = { id: 'c1', make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', year: 2021, km: 65_000, price: 27_990 };

describe('embedded market valuation (AutoGrab port)', () => {
  it('is deterministic for the same car and date', () => {
    expect(estimateMarketValuation(corolla, asOf)).toEqual(estimateMarketValuation({ ...corolla }, asOf));
  });

  it('returns nothing at or below spec §9 price threshold of 200', () => {
    expect(estimateMarketValuation({ ...corolla, price: 200 }, asOf)).toBeNull();
    expect(estimateMarketValuation({ ...corolla, price: 0 }, asOf)).toBeNull();
  });

  it('works the numbers: typical km -> average = price x demand, range +/- (4% + 0.6% x age)', () => {
    // 5 years old at 65,000 km = exactly 5 x 13,000: no km adjustment.
    const demand = (unitHash('toyota|corolla|ascent sport|2021') - 0.5) * 0.12;
    const average = Math.round((27_990 * (1 + demand)) / 100) * 100;
    const r = estimateMarketValuation(corolla, asOf)!;
    expect(r.average_market_price).toBe(average);
    expect(r.market_range_min).toBe(Math.round((average * (1 - 0.07)) / 100) * 100);
    expect(r.market_range_max).toBe(Math.round((average * (1 + 0.07)) / 100) * 100);
    expect(r.confidence).toBe(0.75); // 0.9 - 5 x 0.03
    expect(r.listing_price).toBe(27_990);
    expect(r.fill).toBeCloseTo((r.market_range_max! - 27_990) / (r.market_range_max! - r.market_range_min!), 2);
    expect(r.state_average_market_price).toBeNull();
  });

  it('values a high-km car lower than the same car with typical km', () => {
    const typical = estimateMarketValuation(corolla, asOf)!;
    const high = estimateMarketValuation({ ...corolla, km: 165_000 }, asOf)!;
    // 100,000 km over typical at 3% per 10,000 km -> 30% lower, within rounding.
    expect(high.average_market_price).toBeCloseTo(typical.average_market_price * 0.8, -3);
    expect(high.average_market_price).toBeLessThan(typical.average_market_price);
  });

  it('places a car with fewer km than typical lower in its range (a better deal) than one with more', () => {
    const lowKm = estimateMarketValuation({ ...corolla, km: 30_000 }, asOf)!;
    const highKm = estimateMarketValuation({ ...corolla, km: 120_000 }, asOf)!;
    expect(lowKm.fill!).toBeGreaterThan(highKm.fill!);
    for (const r of [lowKm, highKm]) {
      expect(r.fill).toBeGreaterThanOrEqual(0);
      expect(r.fill).toBeLessThanOrEqual(1);
      expect(r.market_range_min!).toBeLessThan(r.market_range_max!);
    }
  });

  it('loses confidence with age and missing data, below spec §5 panel threshold 0.2 for an old car', () => {
    expect(estimateMarketValuation({ ...corolla, badge: null, km: null }, asOf)!.confidence).toBe(0.4);
    expect(estimateMarketValuation({ ...corolla, year: 2000 }, asOf)!.confidence).toBeLessThan(0.2);
  });

  it('answers through the port with the injected clock', async () => {
    await expect(new EmbeddedAutograb(() => asOf).marketValuation('t', corolla)).resolves.toEqual(estimateMarketValuation(corolla, asOf));
  });
});
