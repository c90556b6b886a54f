import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { parseSpecialHours, parseTenantData, STOCK_CHUNK_SIZE, StockMetaSchema } from '@forecourt/contracts/tenant-data';
import { buildSeed, defaultDemoNow, demoSpecialHours, demoStockCounts, demoTenants } from './index.ts';

const NOW = Date.UTC(2026, 10, 21);

describe('buildSeed', () => {
  const seed = buildSeed({ now: NOW, count: 1_300 });
  const config = new Map(seed.config.map((e) => [e.key, e.value]));
  const stock = new Map(seed.stock.map((e) => [e.key, e.value]));

  it('writes each tenant config, its hosts, its data set and its special hours to the CONFIG namespace', () => {
    for (const site of demoTenants()) {
      expect(parseSiteConfig(JSON.parse(config.get(`tenant:${site.slug}`) as string))).toEqual(site);
      for (const host of site.hosts) expect(config.get(`host:${host}`)).toBe(site.slug);
      const raw = JSON.parse(config.get(`tenant-data:${site.slug}`) as string);
      expect(parseTenantData(site.slug, raw).locations.length).toBe(site.locations.length);
      // The holiday hours are their own key (read by the location pages only), not part of every Worker's data read.
      expect(raw).not.toHaveProperty('special_hours');
      const hours = parseSpecialHours(site.slug, JSON.parse(config.get(`special-hours:${site.slug}`) as string));
      expect(hours).toEqual(demoSpecialHours(site.slug));
      expect(hours.length).toBeGreaterThan(0);
    }
    expect(seed.config.every((e) => typeof e.value === 'string')).toBe(true);
    expect(new Set(seed.config.map((e) => e.key)).size).toBe(seed.config.length);
  });

  it('writes stock meta and chunks of at most 500 cars to the STOCK namespace', () => {
    const counts = demoStockCounts({ count: 1_300 });
    for (const site of demoTenants()) {
      const meta = v.parse(StockMetaSchema, JSON.parse(stock.get(`stock:${site.slug}:meta`) as string));
      expect(meta.count).toBe(counts[site.slug]);
      expect(meta.chunks).toBe(Math.ceil(meta.count / STOCK_CHUNK_SIZE));
      expect(meta.updated_at).toBe(new Date(NOW).toISOString());
      let total = 0;
      for (let i = 0; i < meta.chunks; i++) {
        const cars = JSON.parse(stock.get(`stock:${site.slug}:${i}`) as string) as unknown[];
        expect(cars.length).toBeLessThanOrEqual(STOCK_CHUNK_SIZE);
        expect(v.safeParse(CarSchema, cars[0]).success).toBe(true);
        total += cars.length;
      }
      expect(total).toBe(meta.count);
      expect(stock.has(`stock:${site.slug}:${meta.chunks}`)).toBe(false);
    }
    // the group's 780 cars need two chunks
    expect(stock.has('stock:southern-cross-motor-group:1')).toBe(true);
  });

  it('is deterministic for the same now', () => {
    expect(JSON.stringify(buildSeed({ now: NOW, count: 90 }))).toBe(JSON.stringify(buildSeed({ now: NOW, count: 90 })));
  });
});

describe('defaultDemoNow', () => {
  it('is the start of the current UTC day', () => {
    expect(defaultDemoNow(Date.UTC(2026, 10, 21, 15, 42, 7))).toBe(Date.UTC(2026, 10, 21));
    expect(defaultDemoNow() % 86_400_000).toBe(0);
  });
});
