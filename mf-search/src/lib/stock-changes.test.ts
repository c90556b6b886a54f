import { describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
import { MAX_PURGE_TAGS, PurgeRequestSchema } from '@forecourt/contracts/page-cache';
import * as v from 'valibot';
import { generateCars } from '../test/engine-fixtures.ts';
import { asKv, fakeKv } from '../test/fake-kv.ts';
import { changedCarIds, kvPendingPurgeKey, MAX_CHANGED_CAR_TAGS, purgeTagsFor, settlePendingPurge, stockChanges } from './stock-changes.ts';

const cars = generateCars(6, { seed: 11, idPrefix: 'c' });

/** A fake EDGE_API binding recording each purge body and answering `status`. */
function edgeApi(status = 200) {
  const bodies: unknown[] = [];
  return {
    bodies,
    fetch: async (url: string, init?: RequestInit) => {
      expect(new URL(url).pathname).toBe('/internal/cache/purge');
      bodies.push(JSON.parse(String(init?.body)));
      return status === 200 ? Response.json({ dropped: 3, shared: true }) : Response.json({ error: 'down' }, { status });
    },
  };
}

describe('changedCarIds', () => {
  it('names changed (price, status, photos, any field), added and removed cars, each once', () => {
    const [a, b, c, d, e] = cars as [Car, Car, Car, Car, Car];
    const next: Car[] = [
      { ...a, price: a.price - 1_000 },
      b,
      { ...c, status: 'sold' },
      { ...d, images: [...(d.images ?? []), { image: { url: '/new.jpg', thumb: { url: '/new-thumb.jpg' } } }] },
      { ...e, dealercomments: 'New tyres' },
      { ...b, price: 1 }, // a duplicate id: the first of each id counts, as the index keeps it
      { ...a, id: 'new-1' },
    ];
    expect(changedCarIds(cars, next)).toEqual([a.id, c.id, d.id, e.id, 'new-1', cars[5]!.id]);
    expect(changedCarIds(cars, cars)).toEqual([]);
  });

  it('over MAX_CHANGED_CAR_TAGS changes: all', () => {
    const many = generateCars(MAX_CHANGED_CAR_TAGS + 1, { seed: 2, idPrefix: 'm' });
    expect(stockChanges([], many, 'v1')).toEqual({ since: 'v1', all: true });
    expect(stockChanges([], many.slice(0, MAX_CHANGED_CAR_TAGS), 'v1')).toMatchObject({ since: 'v1', ids: expect.any(Array) });
  });
});

describe('purgeTagsFor', () => {
  it('each changed car and the stock tag; the stock and tenant tags when all, unknown or an id no tag carries', () => {
    expect(purgeTagsFor('acme', { since: null, ids: ['1', '2'] })).toEqual(['car:acme:1', 'car:acme:2', 'stock:acme']);
    expect(purgeTagsFor('acme', { since: null, ids: [] })).toEqual([]);
    expect(purgeTagsFor('acme', { since: null, all: true })).toEqual(['stock:acme', 't:acme']);
    expect(purgeTagsFor('acme', null)).toEqual(['stock:acme', 't:acme']);
    expect(purgeTagsFor('acme', { since: null, ids: ['ok', 'bad id'] })).toEqual(['stock:acme', 't:acme']);
    // Every answer fits the purge contract.
    const ids = Array.from({ length: MAX_CHANGED_CAR_TAGS }, (_, i) => `id${i}`);
    const tags = purgeTagsFor('acme', { since: null, ids });
    expect(tags).toHaveLength(MAX_PURGE_TAGS);
    expect(v.is(PurgeRequestSchema, { tenant: 'acme', tags, reason: 'stock-import' })).toBe(true);
  });
});

describe('settlePendingPurge', () => {
  const marker = (version: string, changes: unknown) => ({ key: kvPendingPurgeKey('acme'), value: JSON.stringify({ version, changes }) });

  it('purges the pending import of the version served through edge-api, then deletes the marker', async () => {
    const kv = fakeKv([marker('v2', { since: 'v1', ids: ['1'] })]);
    const api = edgeApi();
    expect(await settlePendingPurge(asKv(kv), api, 'acme', 'v2')).toEqual({ tags: 2, purged: true, dropped: 3 });
    expect(api.bodies).toEqual([{ tenant: 'acme', tags: ['car:acme:1', 'stock:acme'], reason: 'stock-import' }]);
    expect(kv.data.has(kvPendingPurgeKey('acme'))).toBe(false);
    // Nothing pending any more.
    expect(await settlePendingPurge(asKv(kv), api, 'acme', 'v2')).toBeNull();
    expect(api.bodies).toHaveLength(1);
  });

  it('waits while the stock served is not the marker\'s version', async () => {
    const kv = fakeKv([marker('v3', null)]);
    const api = edgeApi();
    expect(await settlePendingPurge(asKv(kv), api, 'acme', 'v2')).toBeNull();
    expect(api.bodies).toEqual([]);
  });

  it('a failed purge is answered (never thrown) and keeps the marker for the next check', async () => {
    const kv = fakeKv([marker('v2', { since: 'v1', ids: ['1'] })]);
    const outcome = await settlePendingPurge(asKv(kv), edgeApi(503), 'acme', 'v2');
    expect(outcome).toMatchObject({ purged: false, error: 'status 503' });
    expect(kv.data.has(kvPendingPurgeKey('acme'))).toBe(true);
    const thrown = await settlePendingPurge(asKv(kv), { fetch: async () => Promise.reject(new Error('unreachable')) }, 'acme', 'v2');
    expect(thrown).toMatchObject({ purged: false, error: 'unreachable' });
  });
});
