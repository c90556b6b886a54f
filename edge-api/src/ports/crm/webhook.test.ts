import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CrmDeliveryError } from './port.ts';
import { signWebhook, verifyWebhookSignature } from './signature.ts';
import { WebhookCrm, checkWebhookUrl, parseRetryAfter } from './webhook.ts';
import { crmAdapterFor, crmForTenant, crmTenantRoutes, selectCrm } from './select.ts';
import { EmbeddedCrm } from './embedded.ts';

const SECRET = 'test-secret-not-a-real-one';

describe('webhook signature', () => {
  it('signs timestamp.body with HMAC-SHA256, as an independent implementation (node:crypto) computes it', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', SECRET).update('1700000000.{"a":1}').digest('hex');
    expect(await signWebhook(SECRET, 1_700_000_000, '{"a":1}')).toBe(`v1=${expected}`);
    expect(await signWebhook(SECRET, 1_700_000_001, '{"a":1}')).not.toBe(`v1=${expected}`);
  });

  it('verifies the right signature within the tolerance and refuses tampering, replays and junk', async () => {
    const now = 1_700_000_000;
    const sig = await signWebhook(SECRET, now, 'body');
    expect(await verifyWebhookSignature(SECRET, String(now), 'body', sig, now + 10)).toBe(true);
    expect(await verifyWebhookSignature(SECRET, String(now), 'body!', sig, now)).toBe(false);
    expect(await verifyWebhookSignature('other', String(now), 'body', sig, now)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, String(now + 1), 'body', sig, now)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, String(now), 'body', sig, now + 301)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, null, 'body', sig, now)).toBe(false);
    expect(await verifyWebhookSignature(SECRET, String(now), 'body', 'v1=zz', now)).toBe(false);
    await expect(signWebhook('', now, 'x')).rejects.toThrow(/secret is empty/);
  });
});

/** A fake dealer CRM on 127.0.0.1: stores leads once per Idempotency-Key, answers what the test scripts. */
type Script = (req: IncomingMessage, body: string) => { status: number; body?: string; headers?: Record<string, string>; hang?: boolean } | undefined;
let server: Server;
let url: string;
let script: Script = () => undefined;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
const stored = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const scripted = script(req, body);
      if (scripted?.hang) return; // never answers: the client's timeout must fire
      if (scripted) {
        res.writeHead(scripted.status, scripted.headers).end(scripted.body ?? '');
        return;
      }
      const key = String(req.headers['idempotency-key']);
      if (stored.has(key)) return res.writeHead(409).end();
      stored.set(key, stored.size + 1);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `crm-${stored.get(key)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  script = () => undefined;
  received.length = 0;
});

const lead = (leadId = crypto.randomUUID()) => ({ tenant: 'acme-motors', leadId, category: 'General Enquiry', subcategory: null, payload: { first_name: 'Sam' }, createdAt: Date.UTC(2026, 0, 2) });

describe('WebhookCrm against a local HTTP server', () => {
  it('POSTs signed JSON with the lead id as Idempotency-Key; a redelivery is a duplicate, not a second record', async () => {
    const crm = new WebhookCrm({ url, secret: SECRET });
    const l = lead();
    const first = await crm.deliver(l);
    expect(first).toEqual({ externalId: expect.stringMatching(/^crm-\d+$/), duplicate: false });
    const { headers, body } = received[0]!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['idempotency-key']).toBe(l.leadId);
    expect(await verifyWebhookSignature(SECRET, headers['x-forecourt-timestamp'] as string, body, headers['x-forecourt-signature'] as string)).toBe(true);
    expect(JSON.parse(body)).toEqual({ lead_id: l.leadId, tenant: 'acme-motors', category: 'General Enquiry', subcategory: null, created_at: '2026-01-02T00:00:00.000Z', payload: { first_name: 'Sam' } });
    expect(await crm.deliver(l)).toEqual({ externalId: l.leadId, duplicate: true });
    expect(stored.has(l.leadId)).toBe(true);
  });

  it('classifies answers: 5xx/408/429 temporary (with Retry-After), other 4xx and 3xx permanent', async () => {
    const crm = new WebhookCrm({ url, secret: SECRET, now: () => 0 });
    const fails = async (status: number, headers: Record<string, string> = {}) => {
      script = () => ({ status, headers });
      const error = await crm.deliver(lead()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmDeliveryError);
      return error as CrmDeliveryError;
    };
    expect(await fails(503)).toMatchObject({ permanent: false, message: 'CRM webhook answered 503' });
    expect(await fails(500)).toMatchObject({ permanent: false });
    expect(await fails(429, { 'retry-after': '120' })).toMatchObject({ permanent: false, retryAfterMs: 120_000 });
    expect(await fails(408)).toMatchObject({ permanent: false });
    expect(await fails(400)).toMatchObject({ permanent: true, message: 'CRM webhook answered 400' });
    expect(await fails(401)).toMatchObject({ permanent: true });
    expect(await fails(302, { location: 'https://elsewhere.example/' })).toMatchObject({ permanent: true });
  });

  it('times out a CRM that never answers (temporary), and treats a refused connection as temporary', async () => {
    script = () => ({ status: 0, hang: true });
    const slow = new WebhookCrm({ url, secret: SECRET, timeoutMs: 150 });
    const started = Date.now();
    await expect(slow.deliver(lead())).rejects.toMatchObject({ permanent: false, message: 'CRM webhook timed out after 150 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
    const closed = new WebhookCrm({ url: 'http://127.0.0.1:1/leads', secret: SECRET });
    await expect(closed.deliver(lead())).rejects.toMatchObject({ permanent: false, message: expect.stringMatching(/unreachable/) });
  });

  it('refuses plain http except on loopback, and an empty secret', () => {
    expect(checkWebhookUrl('https://crm.example.com/hook').hostname).toBe('crm.example.com');
    expect(() => checkWebhookUrl('http://crm.example.com/hook')).toThrow(/must use https/);
    expect(() => checkWebhookUrl('not a url')).toThrow(/not a valid URL/);
    expect(() => new WebhookCrm({ url, secret: '' })).toThrow(/secret is not set/);
  });

  it('reads Retry-After as seconds or a date, capped at 6 h', () => {
    expect(parseRetryAfter('30', 0)).toBe(30_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter('999999', 0)).toBe(6 * 3600_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

describe('crm adapter selection (per deployment, per tenant)', () => {
  const DB = {} as D1Database;

  it("defaults to embedded; CRM_ADAPTER 'webhook' uses CRM_WEBHOOK_URL and the CRM_WEBHOOK_SECRET secret", () => {
    expect(crmForTenant({ DB }, 'a')).toBeInstanceOf(EmbeddedCrm);
    expect(crmForTenant({ DB, CRM_ADAPTER: 'webhook', CRM_WEBHOOK_URL: url, CRM_WEBHOOK_SECRET: SECRET }, 'a')).toBeInstanceOf(WebhookCrm);
    expect(() => crmForTenant({ DB, CRM_ADAPTER: 'webhook', CRM_WEBHOOK_URL: url }, 'a')).toThrow('The CRM webhook secret CRM_WEBHOOK_SECRET is not set (wrangler secret put CRM_WEBHOOK_SECRET).');
    expect(() => crmForTenant({ DB, CRM_ADAPTER: 'webhook', CRM_WEBHOOK_SECRET: SECRET }, 'a')).toThrow(/No CRM webhook URL for tenant a/);
    expect(() => selectCrm({ DB, CRM_ADAPTER: 'salesforce' })).toThrow(/CRM_ADAPTER="salesforce"/);
  });

  it('routes a tenant by CRM_TENANTS (JSON string or object), its secret read from the env var it names', async () => {
    const env = {
      DB,
      CRM_TENANTS: JSON.stringify({ 'acme-motors': { adapter: 'webhook', url, secret: 'CRM_SECRET_ACME' } }),
      CRM_SECRET_ACME: SECRET,
    };
    expect(crmAdapterFor(env, 'acme-motors')).toBe('webhook');
    expect(crmAdapterFor(env, 'other')).toBe('embedded');
    const crm = crmForTenant(env, 'acme-motors');
    const l = lead();
    await crm.deliver(l);
    const { headers, body } = received[0]!;
    expect(await verifyWebhookSignature(SECRET, headers['x-forecourt-timestamp'] as string, body, headers['x-forecourt-signature'] as string)).toBe(true);
    expect(crmTenantRoutes({ DB, CRM_TENANTS: { x: { adapter: 'embedded' } } })).toEqual({ x: { adapter: 'embedded' } });
    expect(() => crmTenantRoutes({ DB, CRM_TENANTS: '{' })).toThrow('CRM_TENANTS is not valid JSON.');
    expect(() => crmTenantRoutes({ DB, CRM_TENANTS: JSON.stringify({ x: { secret: 'sk_live_123' } }) })).toThrow(/x\.secret: secret must name an env secret/);
    expect(() => crmTenantRoutes({ DB, CRM_TENANTS: JSON.stringify({ x: { adapter: 'fax' } }) })).toThrow(/x\.adapter/);
  });
});
