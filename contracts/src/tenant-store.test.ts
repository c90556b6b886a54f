import { describe, expect, it } from 'vitest';
import { sampleLocation } from './fixtures/location.ts';
import { kvTenantKey } from './tenant.ts';
import { kvTenantDataKey } from './tenant-data.ts';
import { createTenantStore, type JsonKv } from './tenant-store.ts';

const config = {
  slug: 'springwood-toyota', name: 'Springwood Toyota', hosts: ['springwoodtoyota.com.au'], template: 'franchise',
  contact: { phone: '07 3808 0000', email: 'sales@example.com' }, seo: { title: 'Springwood Toyota', description: 'New and used Toyotas' },
  theme: {
    colors: { primary: '#eb0a1e', primaryContrast: '#ffffff', secondary: '#222222', background: '#ffffff', surface: '#f5f5f5', text: '#111111', muted: '#666666' },
    fonts: { body: 'system-ui', heading: 'system-ui' }, logo: { url: '/logo.svg', alt: 'Springwood Toyota', width: 160, height: 40 },
  },
  menus: { header: [{ label: 'Home', href: '/' }], footer: [] }, dealerships: ['d-springwood'], locations: ['loc-springwood-sales'], brands: ['toyota'],
  finance: { providers: ['taurus'] }, remotes: { 'mf-search': '1', 'mf-vehicle': '1', 'mf-locations': '1', 'mf-finance': '1', 'mf-account': '1' },
};

function fakeKv(values: Record<string, unknown>) {
  const reads: string[] = [];
  const kv: JsonKv = { get: async (key) => { reads.push(key); return values[key] ?? null; } };
  return { kv, reads };
}

describe('createTenantStore', () => {
  it('reads, validates and caches config and data per tenant', async () => {
    let t = 0;
    const { kv, reads } = fakeKv({ [kvTenantKey('springwood-toyota')]: config, [kvTenantDataKey('springwood-toyota')]: { locations: [sampleLocation], dealerships: [], manufacturers: [] } });
    const store = createTenantStore(kv, { ttlMs: 1000, now: () => t });
    expect((await store.config('springwood-toyota'))?.features.favourites).toBe(true);
    expect((await store.data('springwood-toyota')).locations).toHaveLength(1);
    await store.config('springwood-toyota');
    expect(reads).toHaveLength(2);
    t = 1000;
    await store.config('springwood-toyota');
    expect(reads).toHaveLength(3);
  });

  it('null for an unknown tenant, empty data set when none stored', async () => {
    const store = createTenantStore(fakeKv({}).kv);
    expect(await store.config('nobody')).toBeNull();
    expect(await store.data('nobody')).toMatchObject({ locations: [], dealerships: [], manufacturers: [], offers: [] });
  });

  it('fails loudly on an invalid config and does not cache the failure', async () => {
    const values: Record<string, unknown> = { [kvTenantKey('bad')]: { ...config, slug: 'Bad Slug' } };
    const store = createTenantStore(fakeKv(values).kv);
    await expect(store.config('bad')).rejects.toThrow(/Invalid tenant config "Bad Slug"/);
    values[kvTenantKey('bad')] = config;
    expect((await store.config('bad'))?.slug).toBe('springwood-toyota');
  });
});
