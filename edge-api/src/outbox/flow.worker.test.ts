import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listCrmInbox } from '../ports/crm/embedded.ts';
import { EmbeddedCrm } from '../ports/crm/embedded.ts';
import { leadBody, leadTenant, post } from '../leads/test-helpers.ts';
import { relayOutbox } from './index.ts';

// The whole path of issue 4 "Never lose a lead": POST /api/leads -> one batch -> fast path -> CRM, or cron later.
// (workerd logs "uncaught exception ... Network connection lost" for the refused webhook even though it is caught.)
beforeEach(() => {
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const outbox = (tenant: string, id: string) =>
  env.DB.prepare('SELECT state, attempts, last_error FROM lead_outbox WHERE tenant = ? AND lead_id = ?').bind(tenant, id).first<{ state: string; attempts: number; last_error: string | null }>();
const status = async (tenant: string, id: string) => (await env.DB.prepare('SELECT status FROM leads WHERE tenant = ? AND id = ?').bind(tenant, id).first<{ status: string }>())?.status;

describe('lead submission to CRM delivery', () => {
  it('a submitted lead reaches the embedded CRM inbox by the fast path, once, even when the form retries', async () => {
    const tenant = await leadTenant('flow');
    const body = leadBody();
    const first = await post('/api/leads', tenant, body);
    expect(first.status).toBe(201);
    expect(await outbox(tenant, body.lead_id)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await status(tenant, body.lead_id)).toBe('delivered');
    // A double click / retry with the same lead id: no second lead, no second CRM record.
    const again = await post('/api/leads', tenant, body);
    expect(again.status).toBeLessThan(300);
    const inbox = await listCrmInbox(env.DB, tenant);
    expect(inbox.map((r) => r.lead_id)).toEqual([body.lead_id]);
    expect(inbox[0]!.category).toBe('General Enquiry');
  });

  it('with the CRM down the shopper still gets success; the lead waits in the outbox and the relay delivers it later', async () => {
    const tenant = await leadTenant('down');
    const body = leadBody();
    // This tenant's CRM is a webhook nobody listens on.
    const down = { ...env, CRM_TENANTS: JSON.stringify({ [tenant]: { adapter: 'webhook', url: 'http://127.0.0.1:9/leads', secret: 'CRM_SECRET_DOWN' } }), CRM_SECRET_DOWN: 'x' };
    const res = await post('/api/leads', tenant, body, { env: down });
    expect(res.status).toBe(201);
    const row = (await outbox(tenant, body.lead_id))!;
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/CRM webhook (unreachable|timed out)/);
    expect(await status(tenant, body.lead_id)).toBe('received');
    // The CRM is back (here: the embedded inbox); the next cron pass after the backoff delivers it.
    const later = Date.now() + 10 * 60_000;
    await relayOutbox(env, { now: later, crm: (t) => (t === tenant ? new EmbeddedCrm(env.DB) : (() => { throw new Error('other test'); })()) });
    expect(await outbox(tenant, body.lead_id)).toMatchObject({ state: 'delivered', attempts: 2, last_error: null });
    expect((await listCrmInbox(env.DB, tenant)).map((r) => r.lead_id)).toEqual([body.lead_id]);
  });
});
