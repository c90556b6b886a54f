/** Test helper (not shipped code): a demo tenant as the shell resolves it, with optional config changes. */
import { demoContent, demoTenantData, demoTenants } from '@forecourt/demo';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { Tenant } from '../lib/tenant.ts';
import { pinsFor } from '../lib/remote-versions.ts';

/** A request's pins for a tenant with no release registry: each remote at its manifest version, no override. */
export const manifestPins = (tenant: Tenant) => pinsFor(tenant.config, tenant.releases);

export function demoTenant(slug: string, change: (config: SiteConfig) => SiteConfig = (c) => c): Tenant {
  const config = demoTenants().find((t) => t.slug === slug);
  if (!config) throw new Error(`no demo tenant ${slug}`);
  return { config: change(structuredClone(config)), data: structuredClone(demoTenantData(slug)), content: structuredClone(demoContent(slug)), releases: null };
}
