import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { toCardCar } from './card.ts';
import { compareMessage, toggledCompare } from './compare.ts';
import { compareCar, parseCompareQuery } from './compare-table.ts';

const base = v.parse(CarSchema, sampleCar);
const card = (id: number) => toCardCar({ ...base, id: String(id), slug: `car-${id}` });
const entry = (id: number) => ({ id: String(id), name: 'x', slug: `car-${id}`, make: 'Toyota', model: 'Corolla', primary_image_url: null });

describe('compare list (card control in compare mode)', () => {
  it('adds at the end, removes, and refuses a fifth car (COMPARE_MAX 4)', () => {
    const one = toggledCompare([], card(1));
    expect(one.action).toBe('add');
    expect(one.list.map((c) => c.id)).toEqual(['1']);
    expect(one.list[0]).toMatchObject({ slug: 'car-1', make: base.make, model: base.model });
    expect(toggledCompare(one.list, card(1))).toEqual({ list: [], action: 'remove' });
    const four = [1, 2, 3, 4].map(entry);
    const full = toggledCompare(four, card(5));
    expect(full.action).toBe('full');
    expect(full.list).toEqual(four);
    expect(toggledCompare(four, card(2)).list.map((c) => c.id)).toEqual(['1', '3', '4']);
  });
  it('tells the shopper what happened, with the count', () => {
    expect(compareMessage({ list: [entry(1)], action: 'add' }, '2021 Toyota Corolla')).toBe('2021 Toyota Corolla added to compare (1 of 4).');
    expect(compareMessage({ list: [], action: 'remove' }, '2021 Toyota Corolla')).toBe('2021 Toyota Corolla removed from compare (0 of 4).');
    expect(compareMessage({ list: [1, 2, 3, 4].map(entry), action: 'full' }, 'the Kia')).toBe('You can compare up to 4 cars. Remove one to add the Kia.');
  });
});

describe('compare table API helpers', () => {
  it('takes 1 to 4 distinct valid slugs, in order', () => {
    expect(parseCompareQuery(new URLSearchParams('slug=a-1&slug=b-2&slug=a-1'))).toEqual(['a-1', 'b-2']);
    expect(parseCompareQuery(new URLSearchParams(''))).toBeNull();
    expect(parseCompareQuery(new URLSearchParams('slug=a&slug=b&slug=c&slug=d&slug=e'))).toBeNull();
    expect(parseCompareQuery(new URLSearchParams('slug=../etc'))).toBeNull();
    expect(parseCompareQuery(new URLSearchParams('slug=<script>'))).toBeNull();
  });
  it('every car has the same rows in the same order, a dash where the feed has nothing', () => {
    const full = compareCar({ ...base, km: 12_345, seats: 5, colour: 'White', stocknum: 'A1' });
    const bare = compareCar({ ...base, km: 0, seats: null, colour: '', stocknum: null, engine_size: null, variant: null });
    expect(full.rows.map(([label]) => label)).toEqual(bare.rows.map(([label]) => label));
    expect(Object.fromEntries(full.rows)).toMatchObject({ Year: String(base.year), Kilometres: '12,345 kms', Seats: '5', Colour: 'White', 'Stock number': 'A1' });
    expect(Object.fromEntries(bare.rows)).toMatchObject({ Kilometres: '—', Seats: '—', Colour: '—', 'Stock number': '—', Engine: '—' });
    expect(full.path).toBe(`/cars/${base.slug}`);
    expect(full.price).toMatch(/^\$|POA|Price on application/i);
  });
});
