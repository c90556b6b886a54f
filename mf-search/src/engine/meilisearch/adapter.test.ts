import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequestSchema, type SearchRequestInput } from '@forecourt/contracts/search';
import { describeSearchPort } from '../../test/adapter-suite.ts';
import { ALPHA_CARS, BETA_CARS, scopeOf } from '../../test/engine-fixtures.ts';
import { createMeilisearchClient, createMeilisearchSearch, SearchServiceError, SearchUnavailableError } from './adapter.ts';
import { startFakeMeilisearch, type FakeMeilisearch } from '../../test/fake-meilisearch.ts';
import { documentId, ensureIndex, indexStock, INDEX_SETTINGS } from './settings.ts';

const KEY = 'test-master-key';
const req = (input: SearchRequestInput = {}) => v.parse(SearchRequestSchema, input);

describeSearchPort('meilisearch (fake server)', async (stock) => {
  const fake = await startFakeMeilisearch({ apiKey: KEY });
  const client = createMeilisearchClient({ host: fake.url, apiKey: KEY });
  await ensureIndex(client, 'cars');
  for (const [tenant, cars] of Object.entries(stock)) await indexStock(client, 'cars', tenant, cars);
  return { port: createMeilisearchSearch({ host: fake.url, apiKey: KEY, indexUid: 'cars' }), close: () => fake.close() };
});

describe('meilisearch adapter: wire and errors', () => {
  let fake: FakeMeilisearch;
  const alpha = scopeOf('alpha');

  beforeAll(async () => {
    fake = await startFakeMeilisearch({ apiKey: KEY });
    const client = createMeilisearchClient({ host: fake.url, apiKey: KEY });
    await ensureIndex(client, 'cars');
    await indexStock(client, 'cars', 'alpha', ALPHA_CARS);
    await indexStock(client, 'cars', 'beta', BETA_CARS);
  });
  afterAll(() => fake.close());

  const port = (options: { apiKey?: string; indexUid?: string; timeoutMs?: number } = {}) =>
    createMeilisearchSearch({ host: fake.url, apiKey: KEY, indexUid: 'cars', ...options });

  it('applies the settings idempotently', async () => {
    const client = createMeilisearchClient({ host: fake.url, apiKey: KEY });
    await ensureIndex(client, 'cars');
    const settings = fake.indexes.get('cars')!.settings;
    expect(settings.filterableAttributes).toEqual(INDEX_SETTINGS.filterableAttributes);
    expect(settings.faceting.maxValuesPerFacet).toBe(1000);
    expect(settings.pagination.maxTotalHits).toBe(100_000);
    expect(fake.indexes.get('cars')!.docs.size).toBe(ALPHA_CARS.length + BETA_CARS.length);
  });

  it('sends the tenant and base filters outside the user part, and one multi-search per page of results', async () => {
    fake.requests.length = 0;
    await port().search(alpha, req({ filters: { make: ['Toyota'] }, facets: ['make', 'model'] }));
    expect(fake.requests).toHaveLength(1);
    const { path, body } = fake.requests[0]!;
    expect(path).toBe('/multi-search');
    const queries = (body as { queries: { filter: string; facets: string[]; limit?: number }[] }).queries;
    // Main query plus one disjunctive query for the refined make facet.
    expect(queries).toHaveLength(2);
    expect(queries[0]!.filter.startsWith('(((tenant = "alpha")')).toBe(true);
    expect(queries[0]!.filter).toContain('(fk_make IN ["toyota"])');
    expect(queries[1]!.filter).not.toContain('fk_make');
    expect(queries[1]).toMatchObject({ limit: 0, facets: ['fd_make'] });
  });

  it('asks for similar cars in one multi-search call', async () => {
    fake.requests.length = 0;
    await port().similar(alpha, ALPHA_CARS[0]!);
    expect(fake.requests.map((r) => r.path)).toEqual(['/multi-search']);
    const queries = (fake.requests[0]!.body as { queries: Record<string, unknown>[] }).queries;
    expect(queries).toHaveLength(6);
    for (const q of queries) expect(q).toMatchObject({ limit: 10, attributesToHighlight: [], facets: [] });
  });

  it("looks a car up by id in one multi-search: the tenant's site filter and the primary key of tenant and id", async () => {
    fake.requests.length = 0;
    expect((await port().getById(alpha, 'a5'))?.id).toBe('a5');
    expect(fake.requests.map((r) => r.path)).toEqual(['/multi-search']);
    const [query] = (fake.requests[0]!.body as { queries: { filter: string; limit: number }[] }).queries;
    expect(query!.filter).toContain('(tenant = "alpha")');
    expect(query!.filter).toContain('(show_on_dealer_website = "true")');
    expect(query!.filter).toContain(`(doc_id = "${documentId('alpha', 'a5')}")`);
    // Beta's own car under alpha's scope is another primary key: nothing.
    expect(await port().getById(alpha, 'b1')).toBeNull();
  });

  it('rejects with SearchUnavailableError on a 503 (non-JSON body) and recovers after', async () => {
    fake.outage = true;
    try {
      const error = await port().search(alpha, req()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchUnavailableError);
      expect(error).toMatchObject({ status: 503, timedOut: false });
      await expect(port().getBySlug(alpha, 'x')).rejects.toBeInstanceOf(SearchUnavailableError);
      await expect(port().getById(alpha, 'a1')).rejects.toBeInstanceOf(SearchUnavailableError);
      await expect(port().similar(alpha, ALPHA_CARS[0]!)).rejects.toBeInstanceOf(SearchUnavailableError);
    } finally {
      fake.outage = false;
    }
    expect((await port().search(alpha, req())).count).toBe(15);
  });

  it('rejects with SearchUnavailableError when the answer is too slow', async () => {
    fake.delayMs = 300;
    try {
      const error = await port({ timeoutMs: 50 }).search(alpha, req()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchUnavailableError);
      expect(error).toMatchObject({ timedOut: true });
    } finally {
      fake.delayMs = 0;
    }
  });

  it('rejects with SearchUnavailableError when nothing listens', async () => {
    const dead = createMeilisearchSearch({ host: 'http://127.0.0.1:9', indexUid: 'cars', timeoutMs: 1_000 });
    await expect(dead.search(alpha, req())).rejects.toBeInstanceOf(SearchUnavailableError);
  });

  it("rejects with Meilisearch's message on a 4xx: wrong key, missing key, unknown index", async () => {
    const wrong = await port({ apiKey: 'nope' }).search(alpha, req()).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SearchServiceError);
    expect(wrong).toMatchObject({ status: 403, code: 'invalid_api_key', message: 'The provided API key is invalid.' });
    const missing = await createMeilisearchSearch({ host: fake.url, indexUid: 'cars' }).search(alpha, req()).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 401, code: 'missing_authorization_header' });
    const unknown = await port({ indexUid: 'nope' }).search(alpha, req()).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(SearchServiceError);
    expect(unknown).toMatchObject({ status: 404, code: 'index_not_found' });
    expect((unknown as Error).message).toContain('Index `nope` not found.');
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const custom = createMeilisearchSearch({ host: fake.url, apiKey: KEY, indexUid: 'cars', fetch: (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    } });
    expect((await custom.search(alpha, req())).count).toBe(15);
    expect(seen).toEqual([`${fake.url}/multi-search`]);
  });

  it('replaces a tenant stock on re-import: cars gone from the feed leave the index, other tenants stay', async () => {
    const own = await startFakeMeilisearch();
    try {
      const client = createMeilisearchClient({ host: own.url });
      await ensureIndex(client, 'cars');
      await indexStock(client, 'cars', 'alpha', ALPHA_CARS);
      await indexStock(client, 'cars', 'beta', BETA_CARS);
      await indexStock(client, 'cars', 'alpha', ALPHA_CARS.slice(0, 3));
      const search = createMeilisearchSearch({ host: own.url, indexUid: 'cars' });
      expect((await search.search(alpha, req())).hits.map((c) => c.id)).toEqual(['a1', 'a2', 'a3']);
      expect((await search.search(scopeOf('beta'), req())).count).toBe(BETA_CARS.length);
    } finally {
      await own.close();
    }
  });

  it('keeps cars with the same id in two tenants apart', async () => {
    const own = await startFakeMeilisearch();
    try {
      const client = createMeilisearchClient({ host: own.url });
      await ensureIndex(client, 'cars');
      await indexStock(client, 'cars', 'alpha', ALPHA_CARS);
      await indexStock(client, 'cars', 'beta', [{ ...BETA_CARS[0]!, id: 'a1' }]);
      const search = createMeilisearchSearch({ host: own.url, indexUid: 'cars' });
      const beta = await search.search(scopeOf('beta'), req({ query: 'hilux' }));
      expect(beta.hits.map((c) => [c.id, c.dealership_slug])).toEqual([['a1', 'beta-cars']]);
      expect((await search.search(alpha, req())).count).toBe(15);
    } finally {
      await own.close();
    }
  });
});
