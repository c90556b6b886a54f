import { describe, expect, it } from 'vitest';
import { parsePartsCatalogue, PART_CATEGORIES } from '@forecourt/contracts/entities/part';
import { buildSeed, demoTenantData, demoTenants } from './index.ts';
import { demoParts } from './parts.ts';

describe('demoParts', () => {
  it('gives every demo tenant a valid catalogue over most categories, with unique ids and part numbers', () => {
    for (const site of demoTenants()) {
      const { parts } = demoParts(site.slug);
      expect(parts.length, site.slug).toBeGreaterThanOrEqual(30);
      expect(new Set(parts.map((p) => p.part_number)).size).toBe(parts.length);
      expect(new Set(parts.map((p) => p.category)).size).toBeGreaterThanOrEqual(PART_CATEGORIES.length - 2);
      expect(parts.some((p) => !p.in_stock)).toBe(true);
      expect(parts.every((p) => p.price > 0 && p.price < 10_000)).toBe(true);
    }
  });

  it('no two tenants share a part id', () => {
    const ids = demoTenants().flatMap((s) => demoParts(s.slug).parts.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('Toyota genuine for the Toyota dealer; cars, trucks and motorcycles for the group; universal and 4WD for the used yards', () => {
    const toyota = demoParts('harbourside-toyota').parts;
    expect(new Set(toyota.map((p) => p.manufacturer_slug))).toEqual(new Set(['toyota']));
    expect(toyota.find((p) => p.category === 'floor-mats')?.part_number).toMatch(/^PZ\d{3}-[A-Z]\d{4}-[A-Z0-9]{2}$/);
    const group = demoParts('southern-cross-motor-group').parts;
    for (const brand of ['ford', 'isuzu-trucks', 'hino', 'yamaha', 'harley-davidson']) expect(group.some((p) => p.manufacturer_slug === brand), brand).toBe(true);
    expect(group.some((p) => p.manufacturer_slug === null)).toBe(true);
    // Every brand slug names a manufacturer of the tenant's data (the card shows its name).
    const makes = new Set(demoTenantData('southern-cross-motor-group').manufacturers.map((m) => m.slug));
    for (const p of group) if (p.manufacturer_slug) expect(makes.has(p.manufacturer_slug), p.manufacturer_slug).toBe(true);
    const outback = demoParts('outback-used-cars').parts;
    expect(outback.every((p) => p.manufacturer_slug === null)).toBe(true);
    expect(outback.some((p) => p.category === 'bull-bars' && p.fits.length > 0)).toBe(true);
  });

  it('is deterministic and seeded under parts:<slug>', () => {
    const seed = buildSeed({ now: Date.UTC(2026, 10, 21), count: 30 });
    for (const site of demoTenants()) {
      const entry = seed.config.find((e) => e.key === `parts:${site.slug}`);
      expect(parsePartsCatalogue(site.slug, JSON.parse(entry!.value))).toEqual(demoParts(site.slug));
    }
    // Seeded per tenant: the same numbers on every run (the e2e and the README's example URLs rely on them).
    expect(demoParts('harbourside-toyota').parts[0]).toMatchObject({ id: 'ht-p1', part_number: 'PZ846-R8505-9W', in_stock: true });
    expect(demoParts('outback-used-cars').parts[2]).toMatchObject({ id: 'ouc-p3', part_number: 'OUT-TOW-0433' });
  });
});
