/**
 * `/api/search/similar` through the shell on the composed platform (issue 3; spec §7 multi-search for similar cars,
 * §8 fallback, §9 Similar cars: price window, in stock only, current car excluded, 6 results).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
// @ts-expect-error plain ESM script without types
import { startPlatform } from '../../../dev/platform.mjs';
// @ts-expect-error built ESM without types
import { defaultDemoNow, demoStock } from '../../../demo/dist/index.mjs';
import { getWithHost } from '../../../e2e/support.ts';
import { similarPriceWindow } from '../engine/similar.ts';

type Platform = { url: URL; dispose(): Promise<void> };
type Card = { id: string; slug: string; path: string };

const TENANT = 'harbourside-toyota';
const NOW: number = defaultDemoNow();
let platform: Platform;
let stock: Car[];

const get = (path: string, slug = TENANT) => getWithHost(platform.url, `${slug}.localhost`, path);
async function cardsOf(path: string, slug = TENANT): Promise<Card[]> {
  const res = await get(path, slug);
  expect(res.status, res.body).toBe(200);
  const body = JSON.parse(res.body) as { cards: Card[] };
  expect(Array.isArray(body.cards)).toBe(true);
  return body.cards;
}

beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error', now: NOW });
  stock = (demoStock({ now: NOW }) as Record<string, Car[]>)[TENANT]!;
});

afterAll(async () => {
  await platform?.dispose();
});

describe('similar cars of a car (?slug=)', () => {
  it('real demo cars: at most 6 cards, in stock, never the car itself, within the price window', async () => {
    const byId = new Map(stock.map((c) => [c.id, c]));
    const sample = stock.filter((c) => c.status === 'in_stock' && c.sold !== true && c.price > 0).slice(0, 8);
    expect(sample.length).toBeGreaterThan(0);
    let shown = 0;
    for (const car of sample) {
      const cards = await cardsOf(`/api/search/similar?slug=${encodeURIComponent(car.slug)}`);
      expect(cards.length).toBeLessThanOrEqual(6);
      expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
      const window = similarPriceWindow(car.price)!;
      for (const card of cards) {
        expect(card.id).not.toBe(car.id);
        const similar = byId.get(card.id)!;
        expect(similar, card.slug).toBeDefined();
        expect(similar.status).toBe('in_stock');
        expect(similar.sold).not.toBe(true);
        expect(similar.price).toBeGreaterThanOrEqual(window.min);
        expect(similar.price).toBeLessThanOrEqual(window.max);
        expect(card.path).toBe(`/cars/${similar.slug}`);
      }
      shown += cards.length;
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('a sold car still gets in-stock suggestions (its card asks "want something similar?")', async () => {
    const byId = new Map(stock.map((c) => [c.id, c]));
    const sold = stock.filter((c) => c.status === 'sold' && c.price > 0).slice(0, 5);
    expect(sold.length).toBeGreaterThan(0);
    let shown = 0;
    for (const car of sold) {
      const cards = await cardsOf(`/api/search/similar?slug=${encodeURIComponent(car.slug)}`);
      expect(cards.length).toBeLessThanOrEqual(6);
      for (const card of cards) {
        expect(card.id).not.toBe(car.id);
        expect(byId.get(card.id)?.status).toBe('in_stock');
      }
      shown += cards.length;
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('an unknown slug answers no cards (200)', async () => {
    expect(await cardsOf('/api/search/similar?slug=no-such-car-0000')).toEqual([]);
  });

  it("says whether the tenant's cards carry the favourite control (not in compare mode)", async () => {
    const favourites = async (slug: string) => (JSON.parse((await get('/api/search/similar?slug=no-such-car-0000', slug)).body) as { favourites: boolean }).favourites;
    expect(await favourites('harbourside-toyota')).toBe(true);
    expect(await favourites('outback-used-cars')).toBe(false);
  });
});

describe('suggestions for an empty search (?path=)', () => {
  it('an impossible search relaxes to some in-stock cards (at most 6)', async () => {
    const cards = await cardsOf('/api/search/similar?path=%2Fsearch%2Fnew-used-and-demo-cars&query=zzqxv&price_max=1');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(6);
    const byId = new Map(stock.map((c) => [c.id, c]));
    for (const card of cards) expect(byId.get(card.id)?.status).toBe('in_stock');
  });

  it("relaxing keeps the path's car type", async () => {
    const cards = await cardsOf('/api/search/similar?path=%2Fsearch%2Fused-cars&make=Nosuchmake&km_max=1');
    expect(cards.length).toBeGreaterThan(0);
    const byId = new Map(stock.map((c) => [c.id, c]));
    for (const card of cards) expect(byId.get(card.id)?.car_type).toBe('used');
  });

  it('an unknown search page is a 400', async () => {
    const res = await get('/api/search/similar?path=%2Fsearch%2Fno-such-page-xyz');
    expect(res.status).toBe(400);
  });
});

describe('junk input never gives a 5xx', () => {
  it.each([
    '',
    '?slug=',
    '?slug=%00%ff',
    '?slug=..%2F..%2Fetc',
    `?slug=${'a'.repeat(4000)}`,
    '?slug=a&slug=b',
    '?slug=a&path=/search/used-cars',
    '?path=',
    '?path=%2Fcars%2Fx',
    '?path=%2Fsearch%2F%3Cscript%3E',
    '?path=%2Fsearch%2Fused-cars&price_min=abc&km_max=-1&year_min=1e99&page=0&sortBy=evil',
    `?path=%2Fsearch%2Fused-cars&${Array.from({ length: 60 }, (_, i) => `make=m${i}`).join('&')}`,
    '?path=%2Fsearch%2Fa%2Fb%2Fc%2Fd',
  ])('%s', async (qs) => {
    const res = await get(`/api/search/similar${qs}`);
    expect([200, 400]).toContain(res.status);
    expect(() => JSON.parse(res.body)).not.toThrow();
  });
});
