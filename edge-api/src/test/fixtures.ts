import { env } from 'cloudflare:workers';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { TENANT_HEADER, kvTenantKey } from '@forecourt/contracts/tenant';

/** Stores a tenant in KV CONFIG, as the shell's seed does (the shared valid config of contracts by default). */
export async function putTenant(slug: string, config: unknown = siteConfigInput(slug)): Promise<void> {
  await env.CONFIG.put(kvTenantKey(slug), JSON.stringify(config));
}

/** A unique tenant slug per test, so tests sharing local storage never see each other's rows. */
export const uniqueTenant = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export const tenantHeaders = (slug: string, extra: Record<string, string> = {}) => ({ [TENANT_HEADER]: slug, ...extra });
