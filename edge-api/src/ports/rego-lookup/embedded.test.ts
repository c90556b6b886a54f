import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TradeInVehicleSchema } from '@forecourt/contracts/trade-in';
import { TAXONOMY } from '../../trade-in/taxonomy.ts';
import { EMBEDDED_FAILING_ID, EMBEDDED_NO_MATCH_ID, EMBEDDED_OLD_AGE_YEARS, EmbeddedRegoLookup } from './embedded.ts';
import { RegoLookupUnavailableError } from './port.ts';
import { selectRegoLookup } from './select.ts';

const NOW = Date.parse('2026-11-27T00:00:00Z');
const lookup = new EmbeddedRegoLookup(() => NOW);
const ask = (rego: string, state: 'QLD' | 'NSW' = 'QLD') => lookup.lookup({ rego, state, tenant: 't' });

describe('EmbeddedRegoLookup (deterministic, from the demo taxonomy)', () => {
  it('maps a rego and state to the same taxonomy car every time, 1 to 6 years old', async () => {
    const a = await ask('ABC123');
    expect(await ask('ABC123')).toEqual(a);
    expect(v.safeParse(TradeInVehicleSchema, a).success).toBe(true);
    expect(a).toMatchObject({ source: 'rego' });
    const row = TAXONOMY.find((m) => m.make === a!.make && m.model === a!.model && m.body === a!.body)!;
    expect(row.badges.map(([b]) => b)).toContain(a!.badge);
    expect(a!.provider_id).toBe(`embedded:${TAXONOMY.indexOf(row)}`);
    const ages = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(`T${i}Q`).then((x) => 2026 - x!.year)));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...ages)).toBeLessThanOrEqual(6);
    // Spread over the catalogue, and the state matters.
    const names = new Set(await Promise.all(Array.from({ length: 30 }, (_, i) => ask(`R${i}`).then((x) => `${x!.make} ${x!.model}`))));
    expect(names.size).toBeGreaterThan(10);
    expect(await ask('ABC123', 'NSW')).not.toEqual(a);
  });

  it("answers the documented patterns: X not found, ZZ failing, OLD 12 years, NM no match, VF failing valuation", async () => {
    expect(await ask('XYZ123')).toBeNull();
    await expect(ask('ZZ1234')).rejects.toBeInstanceOf(RegoLookupUnavailableError);
    expect((await ask('OLD123'))!.year).toBe(2026 - EMBEDDED_OLD_AGE_YEARS);
    expect((await ask('NM1234'))!.provider_id).toBe(EMBEDDED_NO_MATCH_ID);
    expect((await ask('VF1234'))!.provider_id).toBe(EMBEDDED_FAILING_ID);
  });

  it('is the default adapter', () => {
    expect(selectRegoLookup({})).toBeInstanceOf(EmbeddedRegoLookup);
    expect(() => selectRegoLookup({ REGO_LOOKUP_ADAPTER: 'http' })).toThrow(/AUTOGRAB_API_KEY is not set: the http rego lookup adapter/);
    expect(() => selectRegoLookup({ REGO_LOOKUP_ADAPTER: 'carjam' })).toThrow(/REGO_LOOKUP_ADAPTER="carjam"/);
  });
});
