import * as v from 'valibot';
import { SECRET_NAME, secretNamed } from '@forecourt/contracts/secrets';
import { adapterName } from '../adapter-name.ts';
import type { CrmPort } from './port.ts';
import { EmbeddedCrm } from './embedded.ts';
import { WebhookCrm } from './webhook.ts';

/** Adapters of the crm port: the local D1 inbox, or the dealer CRM's signed HTTPS webhook. */
export const CRM_ADAPTERS = ['embedded', 'webhook'] as const;
export type CrmAdapterName = (typeof CRM_ADAPTERS)[number];

/** Env the crm port reads. Secrets (CRM_WEBHOOK_SECRET and any named by CRM_TENANTS) come from `wrangler secret put`. */
export type CrmEnv = {
  DB: D1Database;
  /** Default adapter of every tenant (unset = 'embedded'). */
  CRM_ADAPTER?: string;
  /** Default webhook URL (https; http only for loopback). */
  CRM_WEBHOOK_URL?: string;
  /** Default HMAC secret (a Worker secret). */
  CRM_WEBHOOK_SECRET?: string;
  /** Webhook answer timeout in ms (default 10,000). */
  CRM_WEBHOOK_TIMEOUT_MS?: string;
  /** Per-tenant routes, JSON: `{ "<slug>": { "adapter"?: "webhook", "url"?: "https://...", "secret"?: "<NAME OF A SECRET>" } }`. */
  CRM_TENANTS?: string | Record<string, unknown>;
};

const TenantRouteSchema = v.strictObject({
  adapter: v.optional(v.picklist(CRM_ADAPTERS)),
  url: v.optional(v.pipe(v.string(), v.url())),
  /** The NAME of the env secret holding this tenant's HMAC secret, never the secret itself. */
  secret: v.optional(v.pipe(v.string(), v.regex(SECRET_NAME, 'secret must name an env secret, e.g. CRM_SECRET_ACME'))),
});
const TenantRoutesSchema = v.record(v.string(), TenantRouteSchema);
export type CrmTenantRoute = v.InferOutput<typeof TenantRouteSchema>;

const routesCache = new WeakMap<object, Record<string, CrmTenantRoute>>();

/** Parses CRM_TENANTS (a JSON string or a wrangler object var); throws naming the variable when it is malformed. */
export function crmTenantRoutes(env: CrmEnv): Record<string, CrmTenantRoute> {
  const raw = env.CRM_TENANTS;
  if (raw === undefined || raw === '') return {};
  const cached = typeof raw === 'object' ? routesCache.get(raw) : undefined;
  if (cached) return cached;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error('CRM_TENANTS is not valid JSON.');
    }
  }
  const parsed = v.safeParse(TenantRoutesSchema, value);
  if (!parsed.success) throw new Error(`CRM_TENANTS is invalid: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ')}`);
  if (typeof raw === 'object') routesCache.set(raw, parsed.output);
  return parsed.output;
}

/** The adapter a tenant's leads go through: its CRM_TENANTS route, else CRM_ADAPTER. */
export function crmAdapterFor(env: CrmEnv, tenant: string): CrmAdapterName {
  return crmTenantRoutes(env)[tenant]?.adapter ?? adapterName('CRM_ADAPTER', env.CRM_ADAPTER, CRM_ADAPTERS);
}

/**
 * The tenant's CRM adapter, fully configured. Throws on a configuration error (unknown adapter, missing URL or secret),
 * which the relay treats as "not deliverable yet" without spending an attempt.
 */
export function crmForTenant(env: CrmEnv, tenant: string, options: { fetch?: typeof fetch; now?: () => number } = {}): CrmPort {
  const route = crmTenantRoutes(env)[tenant] ?? {};
  switch (crmAdapterFor(env, tenant)) {
    case 'embedded':
      return new EmbeddedCrm(env.DB, options.now);
    case 'webhook': {
      const url = route.url ?? env.CRM_WEBHOOK_URL;
      if (!url) throw new Error(`No CRM webhook URL for tenant ${tenant}: set CRM_WEBHOOK_URL or CRM_TENANTS.${tenant}.url.`);
      const secretName = route.secret ?? 'CRM_WEBHOOK_SECRET';
      const secret = secretNamed(env, secretName);
      if (!secret) throw new Error(`The CRM webhook secret ${secretName} is not set (wrangler secret put ${secretName}).`);
      const timeoutMs = Number(env.CRM_WEBHOOK_TIMEOUT_MS);
      return new WebhookCrm({ url, secret, timeoutMs: Number.isFinite(timeoutMs) ? timeoutMs : undefined, fetch: options.fetch, now: options.now });
    }
  }
}

/**
 * The crm port of `createPorts(env)`: checks CRM_ADAPTER now (an unknown name fails loudly) and routes each lead to
 * its tenant's adapter at delivery time.
 */
export function selectCrm(env: CrmEnv): CrmPort {
  adapterName('CRM_ADAPTER', env.CRM_ADAPTER, CRM_ADAPTERS);
  return { deliver: (lead) => crmForTenant(env, lead.tenant).deliver(lead) };
}
