/** Test helpers: a valid tenant config (parsed through contracts, so a schema change breaks here first) and a fake KV. */
import { kvTenantKey, parseSiteConfig, type SiteConfig, type SiteConfigInput } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';

export function siteConfigInput(slug = 'test-motors', overrides: Partial<SiteConfigInput> = {}): SiteConfigInput {
  return {
    slug,
    name: 'Test Motors',
    hosts: [`${slug}.example.com.au`],
    template: 'used',
    contact: { phone: '07 3000 0000', email: 'sales@example.com.au' },
    seo: { title: 'Test Motors', description: 'Used cars in Brisbane' },
    theme: {
      colors: { primary: '#123456', primaryContrast: '#ffffff', secondary: '#654321', background: '#ffffff', surface: '#f5f5f5', text: '#111111', muted: '#595959' },
      fonts: { body: 'system-ui', heading: 'system-ui' },
      logo: { url: '/logo.svg', alt: 'Test Motors', width: 120, height: 40 },
    },
    menus: { header: [], footer: [] },
    dealerships: [],
    locations: [],
    brands: [],
    finance: { providers: [] },
    remotes: { 'mf-search': '0.1.0', 'mf-vehicle': '0.1.0', 'mf-locations': '0.1.0', 'mf-finance': '0.1.0', 'mf-account': '0.1.0' },
    ...overrides,
  };
}

export const siteConfig = (slug?: string, overrides?: Partial<SiteConfigInput>): SiteConfig => parseSiteConfig(siteConfigInput(slug, overrides));

/** A KV namespace holding `entries` (values stored as JSON), enough for the tenant store. */
export function fakeKv(entries: Record<string, unknown>) {
  return {
    get: async (key: string, type?: string) => {
      if (!(key in entries)) return null;
      return type === 'json' ? structuredClone(entries[key]) : JSON.stringify(entries[key]);
    },
  };
}

/** Worker bindings for a test: the given tenants in CONFIG and an ASSETS fetcher that echoes the path. */
export function testEnv(configs: SiteConfigInput[]): Env {
  const kv = fakeKv(Object.fromEntries(configs.map((c) => [kvTenantKey(c.slug), c])));
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  return { CONFIG: kv, ASSETS: assets } as unknown as Env;
}
