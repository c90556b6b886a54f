import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, OUTPUT, taxonomyModule, taxonomyRows } from '../../scripts/trade-in-taxonomy.mjs';
import { TAXONOMY, modelYears, newPrice, taxonomyLists } from './taxonomy.ts';

describe('the trade-in taxonomy (taxonomy-data.ts, generated from the demo stock catalogue)', () => {
  it('is exactly what scripts/trade-in-taxonomy.mjs makes of demo/src/catalogue.ts (run it after a catalogue change)', async () => {
    const rows = taxonomyRows(await loadCatalogue());
    expect(readFileSync(OUTPUT, 'utf8')).toBe(taxonomyModule(rows));
    expect(TAXONOMY).toHaveLength(rows.length);
  });

  it('lists makes, then a make’s models, a model’s years (newest first) and badges', () => {
    const lists = taxonomyLists({}, 2026);
    expect(lists.makes).toContain('Toyota');
    expect(lists.makes).toEqual([...lists.makes].sort((a, b) => a.localeCompare(b)));
    expect(new Set(lists.makes).size).toBe(lists.makes.length);
    expect(lists.models).toEqual([]);
    const toyota = taxonomyLists({ make: 'toyota' }, 2026);
    expect(toyota.models).toEqual(expect.arrayContaining(['Corolla', 'HiLux', 'RAV4']));
    const corolla = taxonomyLists({ make: 'Toyota', model: 'Corolla' }, 2026);
    expect(corolla.years[0]).toBe(2026);
    expect(corolla.years.at(-1)).toBe(2019);
    // Hatch and sedan badges together, each once.
    expect(corolla.badges).toEqual(['Ascent Sport Hybrid', 'SX Hybrid', 'ZR Hybrid']);
    expect(taxonomyLists({ make: 'Toyota', model: 'Corolla', year: 2018 }, 2026).badges).toEqual([]);
    expect(taxonomyLists({ make: 'Lada', model: 'Niva' }, 2026)).toEqual({ makes: lists.makes, models: [], years: [], badges: [] });
  });

  it('stops a discontinued model at its last year and goes back at most 20 years', () => {
    const holden = TAXONOMY.find((m) => m.make === 'Holden')!;
    expect(holden.until).not.toBeNull();
    expect(modelYears(holden, 2026)[0]).toBe(holden.until);
    expect(Math.min(...modelYears({ from: 1990, until: null }, 2026))).toBe(2006);
  });

  it('prices a badge, else the model’s middle badge, else nothing', () => {
    expect(newPrice('Toyota', 'Corolla', 'ZR Hybrid')).toBe(40300);
    expect(newPrice('toyota', 'corolla', 'Unknown')).toBe(37200);
    expect(newPrice('Lada', 'Niva')).toBeNull();
  });
});
