import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CAR_TYPES, CarSchema } from '@forecourt/contracts/entities/car';
import { createCardHtmlCache } from './lib/card-html.ts';
import { WARM_UP_CARS, warmUpSearch, warmUpStock } from './warm-up.ts';

describe('isolate warm-up (issue 19, cold start)', () => {
  it('makes a valid made-up stock (the contract’s schema: not parsed at module start, so checked here) of every car type, two makes and distinct ids and slugs', () => {
    const cars = warmUpStock();
    expect(cars).toHaveLength(WARM_UP_CARS);
    for (const car of cars) expect(v.is(CarSchema, car)).toBe(true);
    expect(new Set(cars.map((c) => c.car_type))).toEqual(new Set(CAR_TYPES));
    expect(new Set(cars.map((c) => c.make)).size).toBe(2);
    expect(new Set(cars.map((c) => c.id)).size).toBe(WARM_UP_CARS);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(WARM_UP_CARS);
  });

  it('renders the made-up tenant’s search page through the route’s code: a page of 21 cards, kept in its own memo', async () => {
    const cardHtml = createCardHtmlCache();
    const length = await warmUpSearch({ assetBase: '/_mf/mf-search/0.0.0/', renders: 1, cardHtml });
    // ~4 KB a card: a page without cards (an empty index, a missing snapshot) would be far shorter.
    expect(length).toBeGreaterThan(21 * 2_000);
    // The first card's photo loads at once, so it renders live (components/SearchCard.tsx): the other 20 are kept.
    expect(cardHtml.size()).toBe(20);
  });

  it('renders the default page, its second page and a price sort by default (the memo serves the repeats)', async () => {
    const cardHtml = createCardHtmlCache();
    await warmUpSearch({ assetBase: '/x/', cardHtml });
    // Pages 1 and 2 show every car (21 + 3), each page's first card rendered live; the price sort's page shows cars of
    // the same stock (memo hits, or its own first card).
    expect(cardHtml.size()).toBeGreaterThanOrEqual(WARM_UP_CARS - 2);
    expect(cardHtml.size()).toBeLessThanOrEqual(WARM_UP_CARS);
  });
});
