import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMeilisearch, type FakeMeilisearch } from './fake-meilisearch.ts';

/** Raw wire checks of the fake (the adapter tests use it through the meilisearch client). */
describe('fake Meilisearch server', () => {
  let fake: FakeMeilisearch;
  const call = async (method: string, path: string, body?: unknown, key = 'k') => {
    const res = await fetch(`${fake.url}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    fake = await startFakeMeilisearch({ apiKey: 'k' });
    await call('POST', '/indexes', { uid: 'i', primaryKey: 'id' });
    await call('PATCH', '/indexes/i/settings', { filterableAttributes: ['t', 'n', 'tags'], sortableAttributes: ['n'], searchableAttributes: ['name'] });
    const added = await call('POST', '/indexes/i/documents', [
      { id: 1, t: 'a', n: 3, name: 'Toyota Hilux', tags: ['x', 'y'] },
      { id: 2, t: 'a', n: 1, name: 'Ford Ranger', tags: ['y'] },
      { id: 3, t: 'b', n: 2, name: 'Toyota Corolla' },
    ]);
    expect(added.status).toBe(202);
    const task = await call('GET', `/tasks/${added.body.taskUid}`);
    expect(task.body).toMatchObject({ status: 'succeeded', type: 'documentAdditionOrUpdate' });
  });
  afterAll(() => fake.close());

  it('filters, sorts, pages and counts facets', async () => {
    const { body } = await call('POST', '/indexes/i/search', { filter: 't = "a" OR n >= 2', sort: ['n:desc'], facets: ['tags', 'n'], limit: 2 });
    expect((body.hits as { id: number }[]).map((h) => h.id)).toEqual([1, 3]);
    expect(body).toMatchObject({ estimatedTotalHits: 3, offset: 0, limit: 2, facetDistribution: { tags: { y: 2, x: 1 } }, facetStats: { n: { min: 1, max: 3 } } });
    const paged = await call('POST', '/indexes/i/search', { q: 'toyo', page: 2, hitsPerPage: 1 });
    expect(paged.body).toMatchObject({ totalHits: 2, totalPages: 2, page: 2, hitsPerPage: 1 });
  });

  it("rejects malformed filters, unknown attributes and sorts with Meilisearch's error bodies", async () => {
    const bad = await call('POST', '/indexes/i/search', { filter: 't = "a' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_search_filter', type: 'invalid_request', link: 'https://docs.meilisearch.com/errors#invalid_search_filter' });
    expect((await call('POST', '/indexes/i/search', { filter: 'secret = "x"' })).body).toMatchObject({ code: 'invalid_search_filter' });
    expect((await call('POST', '/indexes/i/search', { sort: ['name:asc'] })).body).toMatchObject({ code: 'invalid_search_sort' });
    expect((await call('POST', '/multi-search', { queries: [{ indexUid: 'i' }, { indexUid: 'i', filter: '(' }] })).body.message).toMatch(/^Inside `\.queries\[1\]`/);
    expect((await call('POST', '/indexes/none/search', {})).body).toMatchObject({ code: 'index_not_found' });
  });

  it('checks the API key, reports an existing index as a failed task, and deletes by filter', async () => {
    expect((await call('POST', '/indexes/i/search', {}, 'wrong')).status).toBe(403);
    const created = await call('POST', '/indexes', { uid: 'i' });
    expect((await call('GET', `/tasks/${created.body.taskUid}`)).body).toMatchObject({ status: 'failed', error: { code: 'index_already_exists' } });
    const deleted = await call('POST', '/indexes/i/documents/delete', { filter: 't = "b"' });
    expect((await call('GET', `/tasks/${deleted.body.taskUid}`)).body).toMatchObject({ status: 'succeeded' });
    expect((await call('POST', '/indexes/i/search', {})).body.estimatedTotalHits).toBe(2);
  });
});
