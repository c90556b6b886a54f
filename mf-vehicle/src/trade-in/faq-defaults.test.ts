/**
 * The FAQ takes its values from contracts TradeInSettingsSchema's own defaults, never a copy of them: with the schema's
 * defaults changed here, the FAQ of a tenant that names none follows.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';

vi.mock('@forecourt/contracts/trade-in', async (original) => {
  const actual = await original<typeof import('@forecourt/contracts/trade-in')>();
  const schema = v.object({
    ...actual.TradeInSettingsSchema.entries,
    max_age_years: v.optional(v.number(), 12),
    max_km: v.optional(v.number(), 180_000),
    estimate_valid_days: v.optional(v.number(), 3),
  });
  return { ...actual, TradeInSettingsSchema: schema };
});

// The unit project shares modules between test files (vitest.config.ts, `isolate: false`): the FAQ is loaded afresh
// here, after the mock, or it could be the one another file loaded with the real schema.
vi.resetModules();
const { tradeInFaq } = await import('./faq.ts');
// And the files after this one in the worker get the real schema and a FAQ built on it, not this one's.
afterAll(() => {
  vi.doUnmock('@forecourt/contracts/trade-in');
  vi.resetModules();
});

describe('tradeInFaq follows the settings schema’s defaults', () => {
  it('a tenant without settings gets whatever the schema defaults to', () => {
    const items = tradeInFaq({});
    expect(items.find((i) => i.id === 'online-estimate')?.answer).toContain('up to 12 years old with up to 180,000 km');
    expect(items.find((i) => i.id === 'valid')?.answer).toBe('Your estimate is valid for 3 days, subject to an inspection of the car.');
    expect(tradeInFaq(undefined).find((i) => i.id === 'valid')?.answer).toContain('3 days');
  });
});
