/** Helpers of the leads worker tests (not used by the Worker itself). */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import type { FeatureFlags } from '@forecourt/contracts/tenant';
import app from '../index.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';

/** A fresh tenant with some feature flags set. */
export async function leadTenant(prefix: string, features: Partial<FeatureFlags> = {}): Promise<string> {
  const slug = uniqueTenant(prefix);
  await putTenant(slug, siteConfigInput(slug, { features }));
  return slug;
}

/** A complete, valid lead request (used car enquiry). */
export function leadBody(overrides: { payload?: Record<string, unknown>; userData?: Record<string, unknown>; lead_id?: string; turnstile_token?: string } = {}) {
  return {
    lead_id: overrides.lead_id ?? crypto.randomUUID(),
    payload: {
      category: 'General Enquiry',
      name: 'Jane',
      last_name: 'Citizen',
      email: 'Jane.Citizen@example.com',
      phone: '+61 412 345 678',
      message: 'Is it still available?',
      car_id: 'car-1',
      car_type: 'used',
      ...overrides.payload,
    },
    userData: { url: 'https://test-motors.example.com.au/cars/2021-toyota-corolla-1', user_agent: 'vitest', ...overrides.userData },
    ...(overrides.turnstile_token !== undefined ? { turnstile_token: overrides.turnstile_token } : {}),
  };
}

export type PostOptions = { contentType?: string; headers?: Record<string, string>; env?: object };

/** POSTs to edge-api as the shell would (tenant header set), waiting for background work (the outbox fast path). */
export async function post(path: string, tenant: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(path, {
    method: 'POST',
    headers: tenantHeaders(tenant, { 'content-type': options.contentType ?? 'application/json', ...options.headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }, options.env ?? env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export type LeadDbRow = {
  id: string; category: string; subcategory: string | null; payload: string; car_id: string | null; contact_phone: string | null;
  contact_email: string | null; merged_into: string | null; parent_lead_id: string | null; flagged: number; spam_reason: string | null;
  ip_hash: string | null; event_id: number | null; valuation: string | null; created_at: number;
};

export const leadsOf = (tenant: string) =>
  env.DB.prepare('SELECT * FROM leads WHERE tenant = ? ORDER BY created_at, rowid').bind(tenant).all<LeadDbRow>().then((r) => r.results);
export const outboxOf = (tenant: string) =>
  env.DB.prepare('SELECT lead_id, target, state FROM lead_outbox WHERE tenant = ? ORDER BY rowid').bind(tenant).all<{ lead_id: string; target: string; state: string }>().then((r) => r.results);
export const eventsOf = (tenant: string) =>
  env.DB.prepare('SELECT event_id, page, car_id, meta FROM analytics_events WHERE tenant = ? ORDER BY id').bind(tenant).all<{ event_id: number; page: string; car_id: string | null; meta: string | null }>().then((r) => r.results);
