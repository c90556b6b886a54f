import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PartsSearchRequestSchema } from '@forecourt/contracts/parts-search';
import { describePartsSearchPort } from '../../test/parts-adapter-suite.ts';
import { ALPHA_PARTS, BETA_PARTS } from '../../test/parts-fixtures.ts';
import { startFakeMeilisearch, type FakeMeilisearch } from '../../test/fake-meilisearch.ts';
import { createMeilisearchClient } from '../meilisearch/adapter.ts';
import { SearchUnavailableError } from '../meilisearch/errors.ts';
import { createEmbeddedPartsSearch } from './embedded.ts';
import { createMeilisearchPartsSearch, indexParts, partsFilter, partsIndexUid, PARTS_INDEX_SETTINGS, toPartDocuments } from './meilisearch.ts';

const KEY = 'parts-key';
const req = (input = {}) => v.parse(PartsSearchRequestSchema, input);

describePartsSearchPort('embedded', async (catalogues) => ({
  port: createEmbeddedPartsSearch(async (tenant) => (Object.hasOwn(catalogues, tenant) ? catalogues[tenant]! : [])),
}));

describePartsSearchPort('meilisearch (fake server)', async (catalogues) => {
  const fake = await startFakeMeilisearch({ apiKey: KEY });
  const client = createMeilisearchClient({ host: fake.url, apiKey: KEY });
  for (const [tenant, parts] of Object.entries(catalogues)) await indexParts(client, partsIndexUid('cars', tenant), tenant, parts);
  return { port: createMeilisearchPartsSearch({ host: fake.url, apiKey: KEY, stockIndex: 'cars' }), close: () => fake.close() };
});

describe('parts filters', () => {
  it('always the tenant; price bounds and categories quoted; categories left out when counting them', () => {
    const request = { categories: ['towing', 'floor-mats'] as const, price: { min: 100, max: 500 } };
    expect(partsFilter('alpha', { ...request, categories: [...request.categories] })).toBe('(tenant = "alpha") AND (price >= "100") AND (price <= "500") AND (category IN ["towing", "floor-mats"])');
    expect(partsFilter('alpha', { ...request, categories: [...request.categories] }, false)).toBe('(tenant = "alpha") AND (price >= "100") AND (price <= "500")');
    expect(partsFilter('a"b', { categories: [], price: {} })).toBe('(tenant = "a\\"b")');
  });

  it('documents keep the part and add the tenant, the ranks and the category label', () => {
    const [doc] = toPartDocuments('alpha', ALPHA_PARTS);
    expect(doc).toMatchObject({ ...ALPHA_PARTS[0], tenant: 'alpha', category_label: 'Floor mats', in_stock_rank: 0, tie_rank: 0 });
  });
});

describe('parts on Meilisearch: wire, isolation and errors', () => {
  let fake: FakeMeilisearch;
  beforeAll(async () => {
    fake = await startFakeMeilisearch({ apiKey: KEY });
    const client = createMeilisearchClient({ host: fake.url, apiKey: KEY });
    await indexParts(client, partsIndexUid('cars', 'alpha'), 'alpha', ALPHA_PARTS);
    await indexParts(client, partsIndexUid('cars', 'beta'), 'beta', BETA_PARTS);
  });
  afterAll(() => fake.close());
  const port = () => createMeilisearchPartsSearch({ host: fake.url, apiKey: KEY, stockIndex: 'cars', timeoutMs: 500 });

  it('one index per tenant, with the parts settings', () => {
    expect(fake.indexes.get('cars-parts-alpha')!.docs.size).toBe(ALPHA_PARTS.length);
    expect(fake.indexes.get('cars-parts-beta')!.docs.size).toBe(BETA_PARTS.length);
    expect(fake.indexes.get('cars-parts-alpha')!.settings.filterableAttributes).toEqual(PARTS_INDEX_SETTINGS.filterableAttributes);
  });

  it('the settings sent turn typo tolerance off on part numbers (as the stock index does on stock numbers)', () => {
    for (const uid of ['cars-parts-alpha', 'cars-parts-beta']) {
      const sent = fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/indexes/${uid}/settings`);
      expect(sent, uid).toHaveLength(1);
      expect((sent[0]!.body as { typoTolerance?: unknown }).typoTolerance, uid).toEqual({ disableOnAttributes: ['part_number'] });
      expect(fake.indexes.get(uid)!.settings.typoTolerance, uid).toMatchObject({ enabled: true, disableOnAttributes: ['part_number'] });
    }
  });

  it('sends one multi-search: the main query, and the category counts without the category clause when ticked', async () => {
    fake.requests.length = 0;
    await port().search({ tenant: 'alpha' }, req({ query: 'mats', categories: ['floor-mats'], price: { min: 10 }, sortBy: 'price_asc' }));
    expect(fake.requests).toHaveLength(1);
    const { queries } = fake.requests[0]!.body as { queries: { indexUid: string; filter: string; sort?: string[]; facets: string[]; limit?: number }[] };
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ indexUid: 'cars-parts-alpha', filter: '(tenant = "alpha") AND (price >= "10") AND (category IN ["floor-mats"])', sort: ['price:asc', 'tie_rank:asc'], facets: [] });
    expect(queries[1]).toMatchObject({ indexUid: 'cars-parts-alpha', filter: '(tenant = "alpha") AND (price >= "10")', limit: 0, facets: ['category'] });
  });

  it('a document misfiled in another tenant\'s index never shows', async () => {
    const client = createMeilisearchClient({ host: fake.url, apiKey: KEY });
    const misfiled = toPartDocuments('beta', [{ ...BETA_PARTS[1]!, id: 'stray' }]);
    await client.index(partsIndexUid('cars', 'alpha')).addDocuments(misfiled, { primaryKey: 'doc_id' }).waitTask();
    expect(fake.indexes.get('cars-parts-alpha')!.docs.size).toBe(ALPHA_PARTS.length + 1);
    const r = await port().search({ tenant: 'alpha' }, req({ query: 'snatch' }));
    expect(r.count).toBe(0);
    expect(await port().getById({ tenant: 'alpha' }, 'stray')).toBeNull();
  });

  it('a tenant without a parts index has an empty catalogue; an outage is SearchUnavailableError', async () => {
    expect(await port().search({ tenant: 'gamma' }, req())).toMatchObject({ hits: [], count: 0, pages: 0 });
    expect(await port().getById({ tenant: 'gamma' }, 'p1')).toBeNull();
    fake.outage = true;
    try {
      await expect(port().search({ tenant: 'alpha' }, req())).rejects.toBeInstanceOf(SearchUnavailableError);
    } finally {
      fake.outage = false;
    }
  });
});
