import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoTenantData, demoTenants } from '@forecourt/demo';
import { forgetTenant, HOST_CACHE_MAX, resolveTenant, slugFromLocalHost, withTenantContent, type ConfigKv } from './tenant.ts';

describe('slugFromLocalHost (tenant resolution, local hosts)', () => {
  it('takes the slug from <slug>.localhost with or without a port', () => {
    expect(slugFromLocalHost('harbourside-toyota.localhost:8787')).toBe('harbourside-toyota');
    expect(slugFromLocalHost('Outback-Used-Cars.LOCALHOST')).toBe('outback-used-cars');
  });
  it('rejects anything else', () => {
    expect(slugFromLocalHost('localhost:8787')).toBeNull();
    expect(slugFromLocalHost('a.b.localhost')).toBeNull();
    expect(slugFromLocalHost('www.dealer.com.au')).toBeNull();
    expect(slugFromLocalHost('bad_slug.localhost')).toBeNull();
  });
});

/** A CONFIG namespace holding the demo tenants, counting host lookups; `failHosts` makes those lookups reject. */
function fakeKv(hosts: Record<string, string>, failHosts = new Set<string>()) {
  const config = demoTenants().find((t) => t.slug === 'harbourside-toyota')!;
  const hostLookups: string[] = [];
  // KV's two reads: a host entry as text, a tenant's config and data (and the release registry) as JSON.
  function get(key: string, type?: 'text'): Promise<string | null>;
  function get(key: string, type: 'json' | { type: 'json'; cacheTtl?: number }): Promise<unknown>;
  async function get(key: string, type?: 'json' | 'text' | { type: 'json'; cacheTtl?: number }) {
    if (key.startsWith('host:')) {
      hostLookups.push(key);
      if (failHosts.has(key)) throw new Error('KV unavailable');
      return hosts[key.slice(5)] ?? null;
    }
    if (typeof type !== 'object' || type.cacheTtl !== 30) return null;
    if (key === 'tenant:harbourside-toyota') return config;
    if (key === 'tenant-data:harbourside-toyota') return demoTenantData('harbourside-toyota');
    return null;
  }
  const kv: ConfigKv = { get: get as ConfigKv['get'] };
  return { kv, hostLookups, failHosts };
}

describe('resolveTenant', () => {
  it('accepts <slug>.localhost only when local hosts are on', async () => {
    const { kv, hostLookups } = fakeKv({});
    expect((await resolveTenant(kv, 'harbourside-toyota.localhost:8787', { localHosts: true }))?.config.slug).toBe('harbourside-toyota');
    expect(hostLookups).toEqual([]);
    // Off (production): the host is just another hostname, unknown in KV.
    expect(await resolveTenant(kv, 'harbourside-toyota.localhost:8787')).toBeNull();
    expect(hostLookups).toEqual(['host:harbourside-toyota.localhost']);
  });

  it('resolves a production host through KV and caches it', async () => {
    const { kv, hostLookups } = fakeKv({ 'www.dealer.test': 'harbourside-toyota' });
    expect((await resolveTenant(kv, 'WWW.Dealer.test:443', { now: 0 }))?.config.slug).toBe('harbourside-toyota');
    expect((await resolveTenant(kv, 'www.dealer.test', { now: 1000 }))?.config.slug).toBe('harbourside-toyota');
    expect(hostLookups).toEqual(['host:www.dealer.test']);
    await resolveTenant(kv, 'www.dealer.test', { now: 61_000 });
    expect(hostLookups).toHaveLength(2);
  });

  it('drops a failed KV lookup instead of caching the failure', async () => {
    const { kv, hostLookups, failHosts } = fakeKv({ 'flaky.dealer.test': 'harbourside-toyota' }, new Set(['host:flaky.dealer.test']));
    await expect(resolveTenant(kv, 'flaky.dealer.test', { now: 0 })).rejects.toThrow('KV unavailable');
    failHosts.clear();
    expect((await resolveTenant(kv, 'flaky.dealer.test', { now: 1 }))?.config.slug).toBe('harbourside-toyota');
    expect(hostLookups).toHaveLength(2);
  });

  it('forgetTenant (a purge of the tenant tag) drops its host lookups and the unknown hosts, not other tenants’', async () => {
    const hosts: Record<string, string> = { 'www.dealer.test': 'harbourside-toyota', 'www.other.test': 'outback-used-cars' };
    const { kv, hostLookups } = fakeKv(hosts);
    await resolveTenant(kv, 'www.dealer.test');
    await resolveTenant(kv, 'www.other.test');
    expect(await resolveTenant(kv, 'new.dealer.test')).toBeNull();
    expect(hostLookups).toHaveLength(3);
    // The config change moved the dealer to a new host and dropped the old one.
    hosts['new.dealer.test'] = 'harbourside-toyota';
    delete hosts['www.dealer.test'];
    forgetTenant('harbourside-toyota');
    expect(await resolveTenant(kv, 'www.dealer.test')).toBeNull();
    expect((await resolveTenant(kv, 'new.dealer.test'))?.config.slug).toBe('harbourside-toyota');
    expect(hostLookups).toHaveLength(5);
    // Another tenant's host is still cached.
    await resolveTenant(kv, 'www.other.test');
    expect(hostLookups).toHaveLength(5);
  });

  it(`keeps at most ${HOST_CACHE_MAX} hosts, evicting the least recently used`, async () => {
    const { kv, hostLookups } = fakeKv({});
    await resolveTenant(kv, 'keep.test', { now: 0 });
    await resolveTenant(kv, 'first.test', { now: 0 });
    for (let i = 0; i < HOST_CACHE_MAX - 2; i++) await resolveTenant(kv, `h${i}.test`, { now: 0 });
    await resolveTenant(kv, 'keep.test', { now: 0 }); // a hit: now the most recent
    expect(hostLookups).toHaveLength(HOST_CACHE_MAX);
    await resolveTenant(kv, 'one-more.test', { now: 0 }); // over the cap: evicts first.test, the least recent
    hostLookups.length = 0;
    await resolveTenant(kv, 'keep.test', { now: 0 });
    expect(hostLookups).toEqual([]);
    await resolveTenant(kv, 'first.test', { now: 0 });
    expect(hostLookups).toEqual(['host:first.test']);
  });
});

describe('release registry (read with the tenant)', () => {
  it('keeps the last registry read well when a later read fails, and does not ask KV again within the cache time', async () => {
    const good = { 'mf-search': { stable: '0.1.0', versions: [{ version: '0.1.0' }, { version: '0.2.0' }] } };
    let stored: unknown = good;
    let reads = 0;
    const config = demoTenants().find((t) => t.slug === 'harbourside-toyota')!;
    const kv: ConfigKv = {
      get: (async (key: string) => {
        if (key === 'remote-releases') {
          reads++;
          return stored;
        }
        return key === 'tenant:harbourside-toyota' ? config : key === 'tenant-data:harbourside-toyota' ? demoTenantData('harbourside-toyota') : null;
      }) as ConfigKv['get'],
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const at = (now: number) => resolveTenant(kv, 'harbourside-toyota.localhost', { localHosts: true, now, cacheSeconds: 0 });
    expect((await at(0))?.releases).toEqual(good);
    stored = { 'mf-search': { stable: 'not there', versions: [] } };
    expect((await at(1))?.releases).toEqual(good);
    const afterFailure = reads;
    expect((await at(2))?.releases).toEqual(good);
    expect(reads).toBe(afterFailure);
  });
});

describe('resolveTenant: the tenant’s content', () => {
  // A spy an earlier test left on console.error would count that test's calls too.
  beforeEach(() => void vi.restoreAllMocks());
  /** A CONFIG namespace with outback-used-cars' config and `stored` as its content document, counting content reads. */
  function contentKv(stored: () => unknown) {
    const config = demoTenants().find((t) => t.slug === 'outback-used-cars')!;
    const reads = { content: 0 };
    const kv: ConfigKv = {
      get: (async (key: string) => {
        if (key === 'tenant:outback-used-cars') return config;
        if (key === 'content:outback-used-cars') {
          reads.content++;
          return stored();
        }
        return null;
      }) as ConfigKv['get'],
    };
    return { kv, reads };
  }
  const ABOUT = { pages: [{ path: '/about-us', title: 'About', description: 'D', blocks: [{ type: 'markdown', markdown: 'Hi.' }] }] };

  it('is neither read nor validated by resolveTenant (a search or car page never needs it), even when invalid', async () => {
    const { kv, reads } = contentKv(() => ({ pages: [{ path: 'not-a-path' }] }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tenant = await resolveTenant(kv, 'outback-used-cars.localhost', { localHosts: true, now: 1, cacheSeconds: 10 });
    expect(tenant?.config.slug).toBe('outback-used-cars');
    expect(tenant && 'content' in tenant).toBe(false);
    expect(reads.content).toBe(0);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('withTenantContent reads and validates it for a page that shows it, once per cache time', async () => {
    const { kv, reads } = contentKv(() => ABOUT);
    const tenant = (await resolveTenant(kv, 'outback-used-cars.localhost', { localHosts: true, cacheSeconds: 10 }))!;
    const full = await withTenantContent(kv, tenant, { cacheSeconds: 10 });
    expect(full.config).toBe(tenant.config);
    expect(full.content.pages.map((p) => p.path)).toEqual(['/about-us']);
    expect((await withTenantContent(kv, tenant, { cacheSeconds: 10 })).content).toBe(full.content);
    expect(reads.content).toBe(1);
  });

  it('prefetchContent starts the read beside the config’s; withTenantContent takes that very read (one KV read, a failed one too)', async () => {
    let stored: unknown = ABOUT;
    const { kv, reads } = contentKv(() => stored);
    const tenant = (await resolveTenant(kv, 'outback-used-cars.localhost', { localHosts: true, cacheSeconds: 0, prefetchContent: true }))!;
    expect(reads.content).toBe(1);
    expect((await withTenantContent(kv, tenant, { cacheSeconds: 0 })).content.pages).toHaveLength(1);
    expect(reads.content).toBe(1);
    // A failing prefetched read is reported once, by the page that needs it, and not read a second time for it.
    stored = { pages: [{ path: 'not-a-path', title: 'T', description: 'D', blocks: [] }] };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const next = (await resolveTenant(kv, 'outback-used-cars.localhost', { localHosts: true, cacheSeconds: 0, prefetchContent: true }))!;
    expect((await withTenantContent(kv, next, { cacheSeconds: 0 })).content).toEqual({ pages: [], posts: [], promotions: [] });
    expect(reads.content).toBe(2);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('a content document that cannot be read leaves the site up with no content (logged), and is tried again', async () => {
    let stored: unknown = { pages: [{ path: 'not-a-path', title: 'T', description: 'D', blocks: [] }] };
    const { kv, reads } = contentKv(() => stored);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const resolve = async (now: number) => withTenantContent(kv, (await resolveTenant(kv, 'outback-used-cars.localhost', { localHosts: true, now, cacheSeconds: 0 }))!, { cacheSeconds: 0 });
    const tenant = await resolve(1);
    expect(tenant.config.slug).toBe('outback-used-cars');
    expect(tenant.content).toEqual({ pages: [], posts: [], promotions: [] });
    expect(tenant.freshUntil).toBe(0);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('content of outback-used-cars unreadable'), expect.stringContaining('pages.0.path'));
    error.mockRestore();
    stored = ABOUT;
    const again = await resolve(2);
    expect(again.content.pages.map((p) => p.path)).toEqual(['/about-us']);
    expect(reads.content).toBe(2);
  });
});

describe('resolveTenant: freshUntil (how long a resolution stands; page-cache.ts early hits never outlive it)', () => {
  it('the earliest time a cached read (config, data, content, registry) is made again: read time + the cache seconds', async () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const { kv } = fakeKv({});
    const resolve = () => resolveTenant(kv, 'harbourside-toyota.localhost', { localHosts: true, cacheSeconds: 10 });
    const tenant = await resolve();
    expect(tenant?.freshUntil).toBe(1_010_000);
    // Within that time nothing is read again, so the same resolution stands.
    clock = 1_009_999;
    const same = await resolve();
    expect(same?.config).toBe(tenant?.config);
    expect(same?.freshUntil).toBe(1_010_000);
    // From then on the store reads again: a new resolution, standing another 10 s.
    clock = 1_010_000;
    const reread = await resolve();
    expect(reread?.config).not.toBe(tenant?.config);
    expect(reread?.freshUntil).toBe(1_020_000);
    vi.restoreAllMocks();
  });

  it('a host looked up in KV: no later than a minute after that lookup', async () => {
    const { kv } = fakeKv({ 'www.fresh.test': 'harbourside-toyota' });
    const now = Date.now();
    const tenant = await resolveTenant(kv, 'www.fresh.test', { now: now - 55_000, cacheSeconds: 10 });
    expect(tenant?.freshUntil).toBe(now + 5_000);
  });

  it('not reused at all when nothing is cached (0 cache seconds); with content, not when its read failed (tried again next request)', async () => {
    const { kv } = fakeKv({});
    expect((await resolveTenant(kv, 'harbourside-toyota.localhost', { localHosts: true, cacheSeconds: 0 }))?.freshUntil).toBe(0);
    const config = demoTenants().find((t) => t.slug === 'outback-used-cars')!;
    const failing: ConfigKv = {
      get: (async (key: string) => {
        if (key === 'tenant:outback-used-cars') return config;
        if (key === 'content:outback-used-cars') throw new Error('KV unavailable');
        return null;
      }) as ConfigKv['get'],
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tenant = await resolveTenant(failing, 'outback-used-cars.localhost', { localHosts: true, cacheSeconds: 10 });
    // Resolving reads no content (a failing content read never shortens a search page's resolution)...
    expect(tenant?.config.slug).toBe('outback-used-cars');
    expect(tenant?.freshUntil).toBeGreaterThan(Date.now());
    // ...a page that shows the content gets none, and a resolution not to be reused.
    const full = await withTenantContent(failing, tenant!, { cacheSeconds: 10 });
    error.mockRestore();
    expect(full.content.pages).toEqual([]);
    expect(full.freshUntil).toBe(0);
  });

  it('with content: also no later than the content read is made again', async () => {
    let clock = 2_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const { kv } = fakeKv({});
    const tenant = (await resolveTenant(kv, 'harbourside-toyota.localhost', { localHosts: true, cacheSeconds: 10 }))!;
    expect(tenant.freshUntil).toBe(2_010_000);
    clock = 2_004_000;
    expect((await withTenantContent(kv, tenant, { cacheSeconds: 10 })).freshUntil).toBe(2_010_000);
    clock = 2_020_000;
    const later = (await resolveTenant(kv, 'harbourside-toyota.localhost', { localHosts: true, cacheSeconds: 10 }))!;
    clock = 2_025_000;
    // Content read at 2_025_000 (its first read since 2_004_000 expired): the config, read at 2_020_000, comes first.
    expect((await withTenantContent(kv, later, { cacheSeconds: 10 })).freshUntil).toBe(2_030_000);
    vi.restoreAllMocks();
  });
});
