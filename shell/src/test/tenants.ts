/** Test helper (not shipped code): a demo tenant as the shell resolves it, with optional config changes. */
import { demoTenantData, demoTenants } from '@forecourt/demo';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { Tenant } from '../lib/tenant.ts';

export function demoTenant(slug: string, change: (config: SiteConfig) => SiteConfig = (c) => c): Tenant {
  const config = demoTenants().find((t) => t.slug === slug);
  if (!config) throw new Error(`no demo tenant ${slug}`);
  return { config: change(structuredClone(config)), data: structuredClone(demoTenantData(slug)) };
}
