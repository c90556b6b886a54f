import { describe, expect, it } from 'vitest';
import { fakeKv, siteConfigInput, tenantDataInput, tenantEntries } from './fixtures/tenant.ts';
import { kvTenantKey } from './tenant.ts';
import { createTenantStore, parseStoredSiteConfig, TENANT_STORE_MAX_ENTRIES, tenantMiddleware } from './tenant-store.ts';

const config = siteConfigInput('springwood-toyota', { name: 'Springwood Toyota' });

describe('createTenantStore', () => {
  it('reads, validates and caches config and data per tenant', async () => {
    let t = 0;
    const kv = fakeKv(tenantEntries([config], { 'springwood-toyota': tenantDataInput() }));
    const store = createTenantStore(kv, { ttlMs: 1000, now: () => t });
    expect((await store.config('springwood-toyota'))?.features.favourites).toBe(true);
    expect((await store.data('springwood-toyota')).locations).toHaveLength(1);
    await store.config('springwood-toyota');
    expect(kv.reads).toHaveLength(2);
    t = 1000;
    await store.config('springwood-toyota');
    expect(kv.reads).toHaveLength(3);
  });

  it('forgets a tenant’s reads and the release registry on purge, and keeps other tenants’', async () => {
    const kv = fakeKv(tenantEntries([config, siteConfigInput('logan-ford')], {}));
    const store = createTenantStore(kv);
    await Promise.all([store.config('springwood-toyota'), store.config('logan-ford'), store.releases()]);
    expect(kv.reads).toHaveLength(3);
    store.forget('springwood-toyota');
    await Promise.all([store.config('springwood-toyota'), store.config('logan-ford'), store.releases()]);
    expect(kv.reads.slice(3).sort()).toEqual(['remote-releases', 'tenant:springwood-toyota']);
  });

  it('null for an unknown tenant, empty data set when none stored', async () => {
    const store = createTenantStore(fakeKv({}));
    expect(await store.config('nobody')).toBeNull();
    expect(await store.data('nobody')).toMatchObject({ locations: [], dealerships: [], manufacturers: [], offers: [] });
  });

  it('fails loudly on an invalid config and does not cache the failure', async () => {
    const entries: Record<string, unknown> = { [kvTenantKey('bad')]: { ...config, slug: 'Bad Slug' } };
    const kv = { get: async (key: string) => entries[key] ?? null };
    const store = createTenantStore(kv);
    await expect(store.config('bad')).rejects.toThrow(/Invalid tenant config "Bad Slug"/);
    entries[kvTenantKey('bad')] = { ...config, slug: 'bad' };
    expect((await store.config('bad'))?.slug).toBe('bad');
  });

  it('rejects a config filed under another tenant\'s key, and does not cache that', async () => {
    const entries: Record<string, unknown> = { [kvTenantKey('logan-ford')]: config };
    const store = createTenantStore({ get: async (key: string) => entries[key] ?? null });
    await expect(store.config('logan-ford')).rejects.toThrow('Misfiled tenant config: tenant:logan-ford holds the config of "springwood-toyota"');
    entries[kvTenantKey('logan-ford')] = { ...config, slug: 'logan-ford' };
    expect((await store.config('logan-ford'))?.slug).toBe('logan-ford');
  });

  it('fails loudly on an invalid data set, naming the tenant', async () => {
    const store = createTenantStore(fakeKv({ 'tenant-data:x': { locations: [{ id: 1 }] } }));
    await expect(store.data('x')).rejects.toThrow(/Invalid tenant data "x"/);
  });

  it('special hours: their own key, read and cached apart from the data set, which does not carry them', async () => {
    const hours = [{ date: '2026-12-25', status: 'Closed', location_id: 'l1' }];
    const kv = fakeKv({ ...tenantEntries([config], { 'springwood-toyota': tenantDataInput() }), 'special-hours:springwood-toyota': hours });
    const store = createTenantStore(kv);
    expect((await store.specialHours('springwood-toyota')).map((h) => [h.date, h.status, h.location_id])).toEqual([['2026-12-25', 'Closed', 'l1']]);
    // The legacy place (the data set) is read beside the key, once: `data` then uses the same read.
    expect([...kv.reads].sort()).toEqual(['special-hours:springwood-toyota', 'tenant-data:springwood-toyota']);
    await store.data('springwood-toyota');
    await store.specialHours('springwood-toyota');
    expect(kv.reads).toHaveLength(2);
    expect('special_hours' in (await store.data('springwood-toyota'))).toBe(false);
    store.forget('springwood-toyota');
    await store.specialHours('springwood-toyota');
    expect([...kv.reads.slice(-2)].sort()).toEqual(['special-hours:springwood-toyota', 'tenant-data:springwood-toyota']);
  });

  it('special hours: a data set stored before their own key keeps its list; the key wins when both exist; none is []', async () => {
    const legacy = { ...tenantDataInput(), special_hours: [{ date: '2026-12-24', status: 'Open', start_hour: '08:30', end_hour: '12:00', location_id: 'l1' }] };
    const store = createTenantStore(fakeKv(tenantEntries([config], { 'springwood-toyota': legacy })));
    expect((await store.specialHours('springwood-toyota')).map((h) => h.date)).toEqual(['2026-12-24']);
    const both = createTenantStore(fakeKv({ ...tenantEntries([config], { 'springwood-toyota': legacy }), 'special-hours:springwood-toyota': [] }));
    expect(await both.specialHours('springwood-toyota')).toEqual([]);
    expect(await createTenantStore(fakeKv({})).specialHours('nobody')).toEqual([]);
  });

  it('special hours: invalid entries fail loudly, naming the tenant and the entry', async () => {
    const store = createTenantStore(fakeKv({ 'special-hours:x': [{ date: '25/12/2026', status: 'Closed', location_id: 'l1' }] }));
    await expect(store.specialHours('x')).rejects.toThrow(/Invalid special hours "x":\n {2}0\.date: /);
    // Their own key does not depend on the data set being valid.
    const own = createTenantStore(fakeKv({ 'tenant-data:y': { locations: [{ id: 1 }] }, 'special-hours:y': [] }));
    expect(await own.specialHours('y')).toEqual([]);
    await expect(own.data('y')).rejects.toThrow(/Invalid tenant data "y"/);
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const kv = fakeKv(tenantEntries(['a', 'b', 'c', 'd'].map((s) => siteConfigInput(s))));
    const store = createTenantStore(kv, { maxEntries: 3 });
    for (const s of ['a', 'b', 'c', 'd']) await store.config(s);
    expect(store.size()).toBe(3);
    kv.reads.length = 0;
    await store.config('d');
    await store.config('b');
    expect(kv.reads).toEqual([]);
    await store.config('a');
    expect(kv.reads).toEqual([kvTenantKey('a')]);
    expect(store.size()).toBe(3);
    // 'a' came back and pushed out the then-oldest 'b'.
    await store.config('b');
    expect(kv.reads).toEqual([kvTenantKey('a'), kvTenantKey('b')]);
  });

  it('caps the cache at about 1,000 entries by default, whatever slugs requests name', async () => {
    expect(TENANT_STORE_MAX_ENTRIES).toBe(1_000);
    const store = createTenantStore(fakeKv({}));
    for (let i = 0; i < TENANT_STORE_MAX_ENTRIES + 50; i++) await store.config(`probe-${i}`);
    expect(store.size()).toBe(TENANT_STORE_MAX_ENTRIES);
  });
});

describe('parseStoredSiteConfig', () => {
  it('null when nothing is stored; the config when the slug matches the key', () => {
    expect(parseStoredSiteConfig('a', null)).toBeNull();
    expect(parseStoredSiteConfig('a', siteConfigInput('a'))?.slug).toBe('a');
    expect(() => parseStoredSiteConfig('b', siteConfigInput('a'))).toThrow(/Misfiled/);
  });
});

describe('tenantMiddleware', () => {
  const kv = {
    get: async (key: string) => (key === 'tenant:harbourside-toyota' ? siteConfigInput('harbourside-toyota') : null),
  };
  const context = (tenant?: string) => {
    const vars: Record<string, unknown> = {};
    return {
      vars,
      req: { header: (name: string) => (name === 'x-forecourt-tenant' ? tenant : undefined) },
      env: { CONFIG: kv },
      set: (key: string, value: unknown) => void (vars[key] = value),
      json: (body: { error: string }, status: number) => new Response(JSON.stringify(body), { status }),
    };
  };

  it('sets the config and store of the tenant the shell names, then continues', async () => {
    const mw = tenantMiddleware();
    const c = context('harbourside-toyota');
    let called = false;
    expect(await mw(c, async () => void (called = true))).toBeUndefined();
    expect(called).toBe(true);
    expect((c.vars.config as { slug: string }).slug).toBe('harbourside-toyota');
    expect(c.vars.store).toBeDefined();
  });

  it('answers 404 JSON for a missing or unknown tenant and does not continue', async () => {
    const mw = tenantMiddleware();
    for (const tenant of [undefined, 'nobody']) {
      let called = false;
      const res = (await mw(context(tenant), async () => void (called = true))) as Response;
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
      expect(called).toBe(false);
    }
  });
});
