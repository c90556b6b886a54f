import { describe, expect, it } from 'vitest';
import type { TradeInVehicle } from '@forecourt/contracts/trade-in';
import { EMBEDDED_FAILING_ID, EMBEDDED_NO_MATCH_ID } from '../rego-lookup/embedded.ts';
import { EmbeddedValuation, conditionFactor, embeddedTradeFigure, kmFactor, tradeRange } from './embedded.ts';
import { ValuationUnavailableError } from './port.ts';
import { selectValuation } from './select.ts';

const NOW = Date.parse('2026-11-27T00:00:00Z');
const valuation = new EmbeddedValuation(() => NOW);
const GOOD = { accident_history: 'none', service_history: 'full', finance_owing: 'no', keys: '2', paint: 'good', interior: 'good', tyres: 'good', modifications: 'none' };
const corolla = (year: number, extra: Partial<TradeInVehicle> = {}): TradeInVehicle => ({ year, make: 'Toyota', model: 'Corolla', badge: 'ZR Hybrid', source: 'manual', ...extra });
const value = (vehicle: TradeInVehicle, odometer: number, answers: Record<string, string> = GOOD) => valuation.value({ tenant: 't', vehicle, odometer, answers, state: 'QLD' });

describe('EmbeddedValuation (plausible AU trade values, deterministic)', () => {
  it('values a 3-year-old Corolla ZR ($40,300 new, 45,000 km) at about half its new price, a ±5% range in hundreds', async () => {
    const range = (await value(corolla(2023), 45_000))!;
    expect(range).toEqual(await value(corolla(2023), 45_000));
    expect(range.low % 100).toBe(0);
    expect(range.high % 100).toBe(0);
    const mid = (range.low + range.high) / 2;
    expect(mid / 40_300).toBeGreaterThan(0.45);
    expect(mid / 40_300).toBeLessThan(0.65);
    expect((range.high - range.low) / mid).toBeGreaterThan(0.08);
    expect((range.high - range.low) / mid).toBeLessThan(0.13);
  });

  it('falls with age and km, rises for a lighter odometer', async () => {
    const young = (await value(corolla(2024), 30_000))!.low;
    const old = (await value(corolla(2019), 30_000))!.low;
    expect(old).toBeLessThan(young);
    expect((await value(corolla(2023), 120_000))!.low).toBeLessThan((await value(corolla(2023), 45_000))!.low);
    expect((await value(corolla(2023), 10_000))!.low).toBeGreaterThan((await value(corolla(2023), 45_000))!.low);
    expect(kmFactor(1_000_000, 3)).toBe(0.6);
    expect(kmFactor(0, 5)).toBe(1.1);
  });

  it('moves with the condition answers but not with finance owing', async () => {
    const good = (await value(corolla(2023), 45_000))!;
    expect(await value(corolla(2023), 45_000, { ...GOOD, finance_owing: 'yes' })).toEqual(good);
    for (const [question, answer] of [['accident_history', 'major'], ['service_history', 'none'], ['keys', '1'], ['paint', 'poor'], ['interior', 'fair'], ['tyres', 'worn'], ['modifications', 'major']] as const) {
      expect((await value(corolla(2023), 45_000, { ...GOOD, [question]: answer }))!.high, `${question}=${answer}`).toBeLessThan(good.high);
    }
    expect((await value(corolla(2023), 45_000, { ...GOOD, paint: 'excellent', interior: 'excellent', tyres: 'new' }))!.high).toBeGreaterThan(good.high);
    expect(conditionFactor(GOOD)).toBe(1);
    expect(conditionFactor({ accident_history: 'major', service_history: 'none' })).toBeCloseTo(0.78 * 0.9);
  });

  it('uses the model’s middle badge for an unknown badge, and finds no match for an unknown car', async () => {
    // The Corolla's badges run $32,100-$41,800 new: an unknown badge is valued from the middle one ($37,200).
    expect(await value(corolla(2023, { badge: 'Mystery' }), 45_000)).toEqual(tradeRange(embeddedTradeFigure(37_200, 3, 45_000, GOOD)));
    expect(await value({ year: 2020, make: 'Lada', model: 'Niva', source: 'manual' }, 45_000)).toBeNull();
    expect(await value(corolla(2023, { provider_id: EMBEDDED_NO_MATCH_ID }), 45_000)).toBeNull();
    await expect(value(corolla(2023, { provider_id: EMBEDDED_FAILING_ID }), 45_000)).rejects.toBeInstanceOf(ValuationUnavailableError);
  });

  it('never offers below $500 and keeps low <= high', () => {
    expect(tradeRange(10)).toEqual({ low: 500, high: 600 });
    // New, 0 km (7,500 km expected in the first half year: +1.875%): 80% of new.
    expect(embeddedTradeFigure(30_000, 0, 0, GOOD)).toBeCloseTo(30_000 * 0.8 * 1.01875);
  });

  it('is the default adapter', () => {
    expect(selectValuation({})).toBeInstanceOf(EmbeddedValuation);
    expect(selectValuation({}).provider).toBe('embedded');
    expect(() => selectValuation({ VALUATION_ADAPTER: 'http' })).toThrow(/AUTOGRAB_API_KEY is not set: the http valuation adapter/);
  });
});
