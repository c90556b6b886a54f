import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../types.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { EmbeddedSms } from '../ports/sms/embedded.ts';
import { EmbeddedCrm, listCrmInbox } from '../ports/crm/embedded.ts';
import { CrmDeliveryError, type CrmLead, type CrmPort } from '../ports/crm/port.ts';
import { MAX_ATTEMPTS, RETRY_BASE_MS, deliverLead, deliverSoon, handleScheduled, leaseMs, outboxDevRoutes, redrive, relayOutbox } from './index.ts';

type Row = { state: string; attempts: number; next_attempt_at: number; last_error: string | null; external_id: string | null; delivered_at: number | null };

/** Writes a lead and its outbox row in one batch, as the leads route does. */
async function insertLead(tenant: string, at = Date.now(), id: string = crypto.randomUUID()): Promise<string> {
  await env.DB.batch([
    env.DB
      .prepare(`INSERT INTO leads (tenant, id, category, subcategory, payload, created_at, updated_at) VALUES (?, ?, 'General Enquiry', NULL, ?, ?, ?)`)
      .bind(tenant, id, JSON.stringify({ first_name: 'Sam', phone: '0412345678', lead_id: id }), at, at),
    env.DB.prepare(`INSERT INTO lead_outbox (tenant, lead_id, target, state, next_attempt_at, created_at, updated_at) VALUES (?, ?, 'crm', 'pending', ?, ?, ?)`).bind(tenant, id, at, at, at),
  ]);
  return id;
}

const outboxRow = (tenant: string, id: string) =>
  env.DB.prepare('SELECT state, attempts, next_attempt_at, last_error, external_id, delivered_at FROM lead_outbox WHERE tenant = ? AND lead_id = ?').bind(tenant, id).first<Row>();
const leadStatus = async (tenant: string, id: string) => (await env.DB.prepare('SELECT status FROM leads WHERE tenant = ? AND id = ?').bind(tenant, id).first<{ status: string }>())?.status;

/** A fake CRM counting deliveries per lead id; `fail(lead, call)` decides each call's fate. */
function fakeCrm(fail: (lead: CrmLead, call: number) => Error | null = () => null, delayMs = 0) {
  const calls = new Map<string, number>();
  const stored = new Set<string>();
  let inFlight = 0;
  let maxInFlightPerLead = 0;
  const active = new Map<string, number>();
  const port: CrmPort = {
    async deliver(lead) {
      const call = (calls.get(lead.leadId) ?? 0) + 1;
      calls.set(lead.leadId, call);
      active.set(lead.leadId, (active.get(lead.leadId) ?? 0) + 1);
      maxInFlightPerLead = Math.max(maxInFlightPerLead, active.get(lead.leadId)!);
      inFlight++;
      try {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        const error = fail(lead, call);
        if (error) throw error;
        const duplicate = stored.has(lead.leadId);
        stored.add(lead.leadId);
        return { externalId: `crm-${lead.leadId}`, duplicate };
      } finally {
        inFlight--;
        active.set(lead.leadId, active.get(lead.leadId)! - 1);
      }
    },
  };
  return { port, calls, stored, maxInFlight: () => maxInFlightPerLead, inFlight: () => inFlight };
}

/** Routes only `tenant` to the fake; every other tenant's rows (other test files share D1) are left untouched. */
const only = (tenant: string, port: CrmPort) => (t: string) => {
  if (t !== tenant) throw new Error('not this test');
  return port;
};

// Relay logs are expected here (failures are the point); kept for the PII check, not printed.
let logged: string[] = [];
beforeEach(() => {
  logged = [];
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe('relayOutbox', () => {
  it('delivers a pending lead through the embedded CRM once and marks lead and outbox delivered', async () => {
    const tenant = uniqueTenant('relay');
    const id = await insertLead(tenant);
    const report = await relayOutbox(env, { crm: only(tenant, new EmbeddedCrm(env.DB)) });
    expect(report).toMatchObject({ claimed: 1, delivered: 1, retried: 0, dead: 0 });
    const inbox = await listCrmInbox(env.DB, tenant);
    expect(inbox.map((r) => r.lead_id)).toEqual([id]);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'delivered', attempts: 1, last_error: null, external_id: inbox[0]!.id });
    expect(await leadStatus(tenant, id)).toBe('delivered');
    // Nothing left to do: a second pass claims nothing.
    expect((await relayOutbox(env, { crm: only(tenant, new EmbeddedCrm(env.DB)) })).claimed).toBe(0);
  });

  it('retries a failed delivery with exponential backoff and jitter, then delivers', async () => {
    const tenant = uniqueTenant('retry');
    const now = Date.now();
    const id = await insertLead(tenant, now);
    const crm = fakeCrm((_, call) => (call <= 2 ? new CrmDeliveryError('CRM webhook answered 503', false) : null));

    expect(await relayOutbox(env, { now, crm: only(tenant, crm.port), random: () => 0 })).toMatchObject({ claimed: 1, retried: 1 });
    let row = (await outboxRow(tenant, id))!;
    // attempt 1 failed: next in [base/2, base]; random 0 gives the floor.
    expect(row).toMatchObject({ state: 'pending', attempts: 1, next_attempt_at: now + RETRY_BASE_MS / 2, last_error: 'CRM webhook answered 503' });
    // Not due yet: nothing happens.
    expect((await relayOutbox(env, { now: now + 1000, crm: only(tenant, crm.port) })).claimed).toBe(0);

    await relayOutbox(env, { now: row.next_attempt_at, crm: only(tenant, crm.port), random: () => 1 });
    row = (await outboxRow(tenant, id))!;
    // attempt 2 failed: the ceiling doubled; random 1 gives the full ceiling.
    expect(row).toMatchObject({ state: 'pending', attempts: 2, next_attempt_at: now + RETRY_BASE_MS / 2 + 2 * RETRY_BASE_MS });

    expect(await relayOutbox(env, { now: row.next_attempt_at, crm: only(tenant, crm.port) })).toMatchObject({ delivered: 1 });
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'delivered', attempts: 3, last_error: null });
    expect(crm.calls.get(id)).toBe(3);
    expect(await leadStatus(tenant, id)).toBe('delivered');
    // Failures are logged by lead id and tenant, never with the shopper's details (issue 4 Privacy).
    expect(logged.some((line) => line.includes(id) && line.includes('503'))).toBe(true);
    expect(logged.join('\n')).not.toMatch(/Sam|0412345678/);
  });

  it(`dead-letters after ${MAX_ATTEMPTS} failed attempts, and redrive puts the row back with a fresh budget`, async () => {
    const tenant = uniqueTenant('dead');
    let now = Date.now();
    const id = await insertLead(tenant, now);
    const down = fakeCrm(() => new Error('connection refused'));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await relayOutbox(env, { now, crm: only(tenant, down.port) });
      expect(report.claimed).toBe(1);
      now = (await outboxRow(tenant, id))!.next_attempt_at;
    }
    expect(down.calls.get(id)).toBe(MAX_ATTEMPTS);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'dead', attempts: MAX_ATTEMPTS, last_error: 'connection refused' });
    expect(await leadStatus(tenant, id)).toBe('failed');
    // Dead rows are never picked up again, however late.
    expect((await relayOutbox(env, { now: now + 365 * 86_400_000, crm: only(tenant, down.port) })).claimed).toBe(0);

    // Re-drive: only dead rows of this tenant; an unknown id or another tenant changes nothing.
    expect(await redrive(env, uniqueTenant('other'), 'dead')).toBe(0);
    expect(await redrive(env, tenant, [crypto.randomUUID()])).toBe(0);
    expect(await redrive(env, tenant, [id], now)).toBe(1);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'pending', attempts: 0, next_attempt_at: now });
    expect(await leadStatus(tenant, id)).toBe('received');
    const up = fakeCrm();
    expect(await relayOutbox(env, { now, crm: only(tenant, up.port) })).toMatchObject({ delivered: 1 });
    expect(await leadStatus(tenant, id)).toBe('delivered');
    expect(await redrive(env, tenant, 'dead')).toBe(0);
  });

  it('sends a permanent CRM error (e.g. 400) straight to the dead letter', async () => {
    const tenant = uniqueTenant('perm');
    const id = await insertLead(tenant);
    const crm = fakeCrm(() => new CrmDeliveryError('CRM webhook answered 422', true));
    expect(await relayOutbox(env, { crm: only(tenant, crm.port) })).toMatchObject({ claimed: 1, dead: 1 });
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'dead', attempts: 1, last_error: 'CRM webhook answered 422' });
    expect(await leadStatus(tenant, id)).toBe('failed');
  });

  it('dead-letters a lead whose stored document is unreadable instead of retrying it 15 times', async () => {
    const tenant = uniqueTenant('bad');
    const id = await insertLead(tenant);
    await env.DB.prepare(`UPDATE leads SET payload = '[1]' WHERE tenant = ? AND id = ?`).bind(tenant, id).run();
    const crm = fakeCrm();
    expect(await relayOutbox(env, { crm: only(tenant, crm.port) })).toMatchObject({ claimed: 1, dead: 1 });
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'dead', attempts: 1, last_error: 'lead payload is not a JSON object' });
    expect(crm.calls.size).toBe(0);
  });

  it('honours a Retry-After longer than its own backoff', async () => {
    const tenant = uniqueTenant('ra');
    const now = Date.now();
    const id = await insertLead(tenant, now);
    const crm = fakeCrm(() => new CrmDeliveryError('CRM webhook answered 429', false, 3_600_000));
    await relayOutbox(env, { now, crm: only(tenant, crm.port) });
    expect((await outboxRow(tenant, id))!.next_attempt_at).toBe(now + 3_600_000);
  });

  it('concurrent relays (cron passes and fast paths) never deliver the same row at the same time, and deliver every row', async () => {
    const tenant = uniqueTenant('race');
    const ids = await Promise.all(Array.from({ length: 24 }, () => insertLead(tenant)));
    const crm = fakeCrm(() => null, 5);
    const opts = { crm: only(tenant, crm.port), concurrency: 4 };
    const reports = await Promise.all([
      relayOutbox(env, opts),
      relayOutbox(env, opts),
      relayOutbox(env, opts),
      ...ids.slice(0, 12).map((id) => deliverLead(env, tenant, id, opts)),
    ]);
    // Each pass may stop early when another holds every due row; a last pass picks up any left.
    await relayOutbox(env, opts);
    expect(crm.maxInFlight()).toBe(1);
    expect([...crm.calls.values()].every((n) => n === 1)).toBe(true);
    expect(crm.stored.size).toBe(24);
    expect(reports.reduce((n, r) => n + r.claimed, 0)).toBeLessThanOrEqual(24);
    const { results } = await env.DB.prepare(`SELECT state, COUNT(*) AS n FROM lead_outbox WHERE tenant = ? GROUP BY state`).bind(tenant).all<{ state: string; n: number }>();
    expect(results).toEqual([{ state: 'delivered', n: 24 }]);
  });

  it('a relay that died mid-delivery leaves the row claimed until its lease ends, then another delivers it', async () => {
    const tenant = uniqueTenant('lease');
    const now = Date.now();
    const id = await insertLead(tenant, now);
    // What a claim does, with the Worker then killed before recording an outcome.
    await env.DB.prepare(`UPDATE lead_outbox SET attempts = 1, next_attempt_at = ? WHERE tenant = ? AND lead_id = ?`).bind(now + leaseMs(env), tenant, id).run();
    const crm = fakeCrm();
    expect((await relayOutbox(env, { now: now + 1000, crm: only(tenant, crm.port) })).claimed).toBe(0);
    expect(await relayOutbox(env, { now: now + leaseMs(env), crm: only(tenant, crm.port) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('a CRM that already had the lead (409, or the embedded inbox) counts as delivered, not as a second record', async () => {
    const tenant = uniqueTenant('dup');
    const id = await insertLead(tenant);
    const crm = new EmbeddedCrm(env.DB);
    await crm.deliver({ tenant, leadId: id, category: 'General Enquiry', payload: {} });
    expect(await relayOutbox(env, { crm: only(tenant, crm) })).toMatchObject({ delivered: 1, duplicates: 1 });
    expect(await listCrmInbox(env.DB, tenant)).toHaveLength(1);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'delivered' });
  });

  it('leaves the rows of a tenant with a misconfigured CRM pending without spending attempts', async () => {
    const tenant = uniqueTenant('cfg');
    const id = await insertLead(tenant);
    const routes = JSON.stringify({ [tenant]: { adapter: 'webhook' } });
    // No CRM_WEBHOOK_URL: that tenant cannot be delivered to yet.
    const report = await relayOutbox({ ...env, CRM_TENANTS: routes }, { limit: 50 });
    expect(report.skippedTenants).toContain(tenant);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('delivers every due tenant in one pass, oldest first, up to the limit', async () => {
    const tenants = [uniqueTenant('mt'), uniqueTenant('mt'), uniqueTenant('mt')];
    const base = Date.now() - 60_000;
    const ids = await Promise.all(tenants.map((t, i) => insertLead(t, base + i)));
    const crm = fakeCrm();
    const route = (t: string) => {
      if (!tenants.includes(t)) throw new Error('not this test');
      return crm.port;
    };
    expect(await relayOutbox(env, { crm: route, limit: 2 })).toMatchObject({ claimed: 2 });
    expect(new Set(crm.calls.keys())).toEqual(new Set(ids.slice(0, 2)));
    await relayOutbox(env, { crm: route });
    expect(crm.stored).toEqual(new Set(ids));
  });
});

describe('deliverSoon and handleScheduled', () => {
  it('deliverSoon delivers in the background of the request (embedded CRM)', async () => {
    const tenant = uniqueTenant('soon');
    const id = await insertLead(tenant);
    const ctx = createExecutionContext();
    deliverSoon(env, ctx, tenant, id);
    await waitOnExecutionContext(ctx);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect((await listCrmInbox(env.DB, tenant)).map((r) => r.lead_id)).toEqual([id]);
  });

  it('deliverSoon does nothing for an unknown or already delivered lead, and never throws', async () => {
    const tenant = uniqueTenant('soon');
    const ctx = createExecutionContext();
    deliverSoon(env, ctx, tenant, crypto.randomUUID());
    deliverSoon({ ...env, DB: undefined } as unknown as Env, ctx, tenant, 'x');
    await waitOnExecutionContext(ctx);
    expect(await listCrmInbox(env.DB, tenant)).toEqual([]);
  });

  it('the cron handler runs a relay pass', async () => {
    const tenant = uniqueTenant('cron');
    const id = await insertLead(tenant);
    const ctx = createExecutionContext();
    await handleScheduled(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'delivered' });
  });
});

describe('outboxDevRoutes (/api/dev/outbox)', () => {
  const app = (bindings: Partial<AppEnv['Bindings']> = {}) => {
    const hono = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api/dev/outbox', outboxDevRoutes);
    return (path: string, init: RequestInit = {}) => hono.request(path, init, { ...env, DEV_PAGES: 'on', ...bindings });
  };

  it('lists the tenant outbox states and CRM inbox, escaped, and nothing of other tenants', async () => {
    const tenant = uniqueTenant('dev');
    const other = uniqueTenant('dev');
    await Promise.all([putTenant(tenant), putTenant(other)]);
    const id = await insertLead(tenant);
    await insertLead(other);
    await deliverLead(env, tenant, id, { crm: only(tenant, new EmbeddedCrm(env.DB)) });
    const json = (await (await app()('/api/dev/outbox?format=json', { headers: tenantHeaders(tenant) })).json()) as {
      counts: Record<string, number>;
      outbox: { lead_id: string; state: string }[];
      inbox: { lead_id: string }[];
    };
    expect(json.counts).toEqual({ pending: 0, delivered: 1, dead: 0 });
    expect(json.outbox).toMatchObject([{ lead_id: id, state: 'delivered' }]);
    expect(json.inbox.map((r) => r.lead_id)).toEqual([id]);

    const page = await app()('/api/dev/outbox', { headers: tenantHeaders(tenant) });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(id);
    expect(text).toContain('&quot;first_name&quot;: &quot;Sam&quot;');
  });

  it("shows the embedded SMS port's latest texts of the tenant (sign-in codes for local runs), escaped, none with a real gateway", async () => {
    const tenant = uniqueTenant('dev-sms');
    const other = uniqueTenant('dev-sms');
    await Promise.all([putTenant(tenant), putTenant(other)]);
    await new EmbeddedSms(env.DB).send({ tenant, to: '0412000111', body: '123456 is your <Dealer> code.' });
    await new EmbeddedSms(env.DB).send({ tenant: other, to: '0412000222', body: '654321 is your code.' });
    const json = (await (await app()('/api/dev/outbox?format=json', { headers: tenantHeaders(tenant) })).json()) as { sms: { to_phone: string; body: string }[] };
    expect(json.sms).toMatchObject([{ to_phone: '0412000111', body: '123456 is your <Dealer> code.' }]);
    const text = await (await app()('/api/dev/outbox', { headers: tenantHeaders(tenant) })).text();
    expect(text).toContain('123456 is your &lt;Dealer&gt; code.');
    expect(text).not.toContain('654321');
    const gateway = (await (await app({ SMS_ADAPTER: 'http' })('/api/dev/outbox?format=json', { headers: tenantHeaders(tenant) })).json()) as { sms: unknown[] };
    expect(gateway.sms).toEqual([]);
  });

  it('re-drives the tenant dead rows from the page', async () => {
    const tenant = uniqueTenant('dev');
    await putTenant(tenant);
    const id = await insertLead(tenant);
    await relayOutbox(env, { crm: only(tenant, fakeCrm(() => new CrmDeliveryError('nope', true)).port) });
    const res = await app()('/api/dev/outbox/redrive', { method: 'POST', headers: tenantHeaders(tenant, { accept: 'application/json' }) });
    expect(await res.json()).toEqual({ redriven: 1 });
    expect(await outboxRow(tenant, id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('answers 404 unless CRM_ADAPTER is embedded and the local runtime turned DEV_PAGES on', async () => {
    const tenant = uniqueTenant('dev');
    await putTenant(tenant);
    // A deployed Worker (no DEV_PAGES binding) never shows the inbox, even with the embedded CRM.
    for (const off of [undefined, 'off', 'true']) {
      expect((await app({ DEV_PAGES: off })('/api/dev/outbox', { headers: tenantHeaders(tenant) })).status).toBe(404);
    }
    const res = await app({ CRM_ADAPTER: 'webhook' })('/api/dev/outbox', { headers: tenantHeaders(tenant) });
    expect(res.status).toBe(404);
    const post = await app({ CRM_ADAPTER: 'webhook' })('/api/dev/outbox/redrive', { method: 'POST', headers: tenantHeaders(tenant) });
    expect(post.status).toBe(404);
  });
});
