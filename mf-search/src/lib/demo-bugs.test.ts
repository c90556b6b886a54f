/**
 * Issue 13's search bugs on the real demo stock (not a fixture): the used-car yard's search page as mf-search builds
 * it, through the embedded engine. Each would fail if its bug came back:
 * - after choosing Toyota, 'Select models' listed other makes' models;
 * - 'Lowest price' put three identical motorbikes first, one of them JUST SOLD.
 */
import { describe, expect, it } from 'vitest';
import { demoStock, demoTenants, MODELS } from '@forecourt/demo';
import type { Car } from '@forecourt/contracts/entities/car';
import { createEmbeddedSearch } from '../engine/embedded.ts';
import { isSold } from '../engine/visibility.ts';
import { buildSearchView } from './view.ts';

const SLUG = 'outback-used-cars';
const NOW = Date.UTC(2026, 10, 21);
const cars = (demoStock({ now: NOW }) as Record<string, Car[]>)[SLUG]!;
const config = demoTenants().find((t) => t.slug === SLUG)!;
const engine = createEmbeddedSearch({ [SLUG]: cars });
const USED = { pathname: '/search/used-cars', heading: 'Used cars', filters: { car_type: ['used'] } };
const view = (query: string) => buildSearchView({ engine, config, path: USED, params: new URLSearchParams(query), now: NOW });

describe(`${SLUG}'s used cars (issue 13 bugs, demo stock)`, () => {
  it("after choosing Toyota, 'Select models' lists Toyota's models only", async () => {
    const toyotaModels = new Set(MODELS.filter((m) => m.maker === 'toyota').map((m) => m.model));
    const { facets } = await view('make=Toyota');
    const toyota = facets.makes.items.find((i) => i.value === 'Toyota');
    expect(toyota?.selected).toBe(true);
    const models = facets.makes.models!.items.map((i) => i.label);
    expect(models.length).toBeGreaterThan(3);
    expect(models.filter((m) => !toyotaModels.has(m))).toEqual([]);
    // And every one is a model the yard has Toyotas of.
    const inStock = new Set(cars.filter((c) => c.make === 'Toyota').map((c) => c.model));
    expect(models.filter((m) => !inStock.has(m))).toEqual([]);
  });

  it("'Lowest price' leads with cars for sale, no sold car before any for sale, no two alike on the first page", async () => {
    const { cards } = await view('sortBy=price_asc');
    expect(cards.length).toBeGreaterThan(10);
    const byId = new Map(cars.map((c) => [String(c.id), c]));
    const listed = cards.map((c) => byId.get(String(c.id))!);
    const firstSold = listed.findIndex((c) => isSold(c));
    if (firstSold >= 0) expect(listed.slice(firstSold).every((c) => isSold(c))).toBe(true);
    expect(isSold(listed[0]!)).toBe(false);
    const alike = listed.map((c) => `${c.make} ${c.model} ${c.badge} ${c.price}`);
    expect(new Set(alike).size).toBe(alike.length);
    const prices = listed.filter((c) => !isSold(c)).map((c) => c.offer_price || c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
