import { describe, expect, it } from 'vitest';
import { createEmbeddedSearch } from '../embedded.ts';
import { createSearchPortChooser, SearchConfigError, searchAdapterOf } from './select.ts';

const embedded = createEmbeddedSearch({});
const service = { host: 'https://search.example.com', index: 'cars', key_secret: 'MEILI_KEY_ACME' };

describe('searchAdapterOf', () => {
  it('defaults to embedded and rejects unknown names', () => {
    expect(searchAdapterOf(undefined)).toBe('embedded');
    expect(searchAdapterOf(' Meilisearch ')).toBe('meilisearch');
    expect(() => searchAdapterOf('algolia')).toThrow(SearchConfigError);
  });
});

describe('createSearchPortChooser', () => {
  it('uses the embedded engine in embedded mode and for tenants without a search service', () => {
    const choose = createSearchPortChooser(embedded);
    expect(choose({}, { slug: 'acme', search_service: service })).toBe(embedded);
    expect(choose({ SEARCH_ADAPTER: 'meilisearch' }, { slug: 'acme' })).toBe(embedded);
  });

  it('builds one Meilisearch port per service from the named secret', () => {
    const choose = createSearchPortChooser(embedded);
    const env = { SEARCH_ADAPTER: 'meilisearch', MEILI_KEY_ACME: 'secret' };
    const port = choose(env, { slug: 'acme', search_service: service });
    expect(port).not.toBe(embedded);
    // Wrapped in the spec §9 query cache.
    expect(port).toHaveProperty('cache');
    expect(choose(env, { slug: 'acme', search_service: service })).toBe(port);
  });

  it('refuses a missing secret, a non-string binding and a secret name that is not an env name', () => {
    const choose = createSearchPortChooser(embedded);
    expect(() => choose({ SEARCH_ADAPTER: 'meilisearch' }, { slug: 'acme', search_service: service })).toThrow(/MEILI_KEY_ACME is not set/);
    const withKv: { SEARCH_ADAPTER: string } = Object.assign({ SEARCH_ADAPTER: 'meilisearch' }, { STOCK: {} });
    expect(() => choose(withKv, { slug: 'acme', search_service: { ...service, key_secret: 'STOCK' } })).toThrow(/STOCK is not set/);
    expect(() => choose({ SEARCH_ADAPTER: 'meilisearch' }, { slug: 'acme', search_service: { ...service, key_secret: 'constructor' } })).toThrow(/env secret name/);
  });
});

describe('service ports bound', () => {
  it('portFor keeps at most `max` ports, least recently used out', async () => {
    const { portFor, MAX_SERVICE_PORTS } = await import('./select.ts');
    expect(MAX_SERVICE_PORTS).toBe(64);
    const ports = new Map<string, number>();
    let made = 0;
    for (const id of ['a', 'b', 'c']) portFor(ports, id, 3, () => ++made);
    expect(portFor(ports, 'a', 3, () => ++made)).toBe(1); // a hit: not made again, now most recent
    portFor(ports, 'd', 3, () => ++made);
    expect([...ports.keys()]).toEqual(['c', 'a', 'd']);
    expect(made).toBe(4);
  });
});
