import { env } from 'cloudflare:workers';
import { TENANT_HEADER, kvTenantKey, parseSiteConfig, type SiteConfigInput } from '@forecourt/contracts/tenant';

/** A minimal valid tenant config (parsed through contracts, so a schema change breaks here first). */
export function siteConfigFixture(slug: string): SiteConfigInput {
  const config: SiteConfigInput = {
    slug,
    name: `Test Motors ${slug}`,
    hosts: [`${slug}.example.com.au`],
    template: 'used',
    contact: { phone: '07 3000 0000', email: 'sales@example.com.au' },
    seo: { title: 'Test Motors', description: 'Used cars in Brisbane' },
    theme: {
      colors: { primary: '#123456', primaryContrast: '#ffffff', secondary: '#654321', background: '#ffffff', surface: '#f5f5f5', text: '#111111', muted: '#666666' },
      fonts: { body: 'system-ui', heading: 'system-ui' },
      logo: { url: '/logo.svg', alt: 'Test Motors', width: 120, height: 40 },
    },
    menus: { header: [], footer: [] },
    dealerships: [],
    locations: [],
    brands: [],
    finance: { providers: [] },
    remotes: { 'mf-search': '1', 'mf-vehicle': '1', 'mf-locations': '1', 'mf-finance': '1', 'mf-account': '1' },
  };
  parseSiteConfig(config);
  return config;
}

/** Stores a tenant in KV CONFIG, as the shell's seed does. */
export async function putTenant(slug: string, config: unknown = siteConfigFixture(slug)): Promise<void> {
  await env.CONFIG.put(kvTenantKey(slug), JSON.stringify(config));
}

/** A unique tenant slug per test, so tests sharing local storage never see each other's rows. */
export const uniqueTenant = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export const tenantHeaders = (slug: string, extra: Record<string, string> = {}) => ({ [TENANT_HEADER]: slug, ...extra });
