/**
 * The shared suite of the parts search port: the embedded adapter and the Meilisearch one (against the fake server)
 * must give these answers, worked out by hand on parts-fixtures.ts (tenants alpha and beta). Test support only.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@forecourt/contracts/entities/part';
import { PartsSearchRequestSchema, type PartsSearchPort, type PartsSearchRequestInput } from '@forecourt/contracts/parts-search';
import { PARTS_BY_TENANT } from './parts-fixtures.ts';
import { INJECTION_VALUES } from './adapter-suite.ts';

export type PartsAdapterHandle = { port: PartsSearchPort; close?: () => Promise<void> };

const req = (input: PartsSearchRequestInput = {}) => v.parse(PartsSearchRequestSchema, input);
const ids = (hits: Part[]) => hits.map((p) => p.id);
const alpha = { tenant: 'alpha' };
const beta = { tenant: 'beta' };

export function describePartsSearchPort(name: string, make: (catalogues: Record<string, Part[]>) => Promise<PartsAdapterHandle>): void {
  describe(`parts search port suite: ${name}`, () => {
    let handle: PartsAdapterHandle;
    let port: PartsSearchPort;
    beforeAll(async () => {
      handle = await make(PARTS_BY_TENANT);
      port = handle.port;
    });
    afterAll(async () => handle?.close?.());

    it('lists the whole catalogue, in stock first then by name (most relevant without words)', async () => {
      const all = await port.search(alpha, req());
      expect(all.count).toBe(8);
      expect(ids(all.hits)).toEqual(['p3', 'p6', 'p5', 'p1', 'p4', 'p8', 'p7', 'p2']);
      expect(all.categories).toEqual([
        { value: 'floor-mats', count: 2 }, { value: 'towing', count: 2 }, { value: 'roof-racks', count: 1 }, { value: 'bull-bars', count: 1 },
        { value: 'filters', count: 1 }, { value: 'wiper-blades', count: 1 },
      ]);
    });

    it('words match the starts of words in any field, all words needed', async () => {
      expect(ids((await port.search(alpha, req({ query: 'floor' }))).hits)).toEqual(['p1', 'p2']);
      expect(ids((await port.search(alpha, req({ query: 'hilux' }))).hits)).toEqual(['p3', 'p1']);
      expect(ids((await port.search(alpha, req({ query: 'PZ434-G1005' }))).hits)).toEqual(['p1']);
      expect(ids((await port.search(alpha, req({ query: 'tow hilux' }))).hits)).toEqual(['p3']);
      expect(ids((await port.search(alpha, req({ query: 'towing' }))).hits)).toEqual(['p3', 'p4']);
      expect((await port.search(alpha, req({ query: 'nothing-like-this' }))).count).toBe(0);
    });

    it('categories (any of), price bounds (inclusive) and disjunctive category counts', async () => {
      const r = await port.search(alpha, req({ categories: ['floor-mats', 'towing'], price: { min: 129, max: 1249 } }));
      expect(ids(r.hits).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
      // Counted without the category refinement, with the price bounds: roof racks ($489) counted, oil filter ($24) not.
      expect(r.categories).toEqual([{ value: 'floor-mats', count: 2 }, { value: 'towing', count: 2 }, { value: 'roof-racks', count: 1 }]);
      const none = await port.search(alpha, req({ categories: ['batteries'] }));
      expect(none.count).toBe(0);
      // A ticked category stays listed at 0 so it can be unticked.
      expect(none.categories.find((c) => c.value === 'batteries')).toEqual({ value: 'batteries', count: 0 });
    });

    it('sorts by price both ways, ties in catalogue order, and pages', async () => {
      expect(ids((await port.search(alpha, req({ sortBy: 'price_asc' }))).hits)).toEqual(['p6', 'p8', 'p2', 'p4', 'p1', 'p5', 'p3', 'p7']);
      expect(ids((await port.search(alpha, req({ sortBy: 'price_desc' }))).hits)).toEqual(['p7', 'p3', 'p5', 'p1', 'p4', 'p2', 'p6', 'p8']);
      const page2 = await port.search(alpha, req({ sortBy: 'price_asc', hitsPerPage: 3, page: 2 }));
      expect(page2).toMatchObject({ count: 8, pages: 3, page: 2, hitsPerPage: 3 });
      expect(ids(page2.hits)).toEqual(['p4', 'p1', 'p5']);
      expect((await port.search(alpha, req({ hitsPerPage: 3, page: 9 }))).hits).toEqual([]);
    });

    it('never crosses tenants: search, counts and lookup by id', async () => {
      const b = await port.search(beta, req());
      expect(ids(b.hits)).toEqual(['p9', 'p1']);
      expect(b.hits[1]!.name).toBe('Beta-only floor mats');
      expect((await port.search(alpha, req({ query: 'beta' }))).count).toBe(0);
      expect((await port.search(beta, req({ query: 'hilux' }))).count).toBe(0);
      expect((await port.getById(alpha, 'p1'))?.part_number).toBe('PZ434-G1005-ZB');
      expect((await port.getById(beta, 'p1'))?.part_number).toBe('BETA-FM-1');
      expect(await port.getById(beta, 'p3')).toBeNull();
      expect(await port.getById(alpha, 'P1')).toBeNull();
      expect(await port.getById({ tenant: 'gamma' }, 'p1')).toBeNull();
      expect((await port.search({ tenant: 'gamma' }, req())).count).toBe(0);
    });

    it('hostile query text matches nothing and breaks nothing', async () => {
      for (const query of INJECTION_VALUES) {
        const r = await port.search(alpha, req({ query }));
        expect(r.hits.every((p) => ALPHA_IDS.has(p.id)), query).toBe(true);
      }
      expect(await port.getById(alpha, 'p1" OR tenant = "beta')).toBeNull();
    });
  });
}

const ALPHA_IDS = new Set(PARTS_BY_TENANT.alpha!.map((p) => p.id));
