import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { PHONE_REVEAL_CATEGORY } from '@forecourt/contracts/api';
import { relayOutbox } from '../outbox/index.ts';
import { listCrmInbox } from '../ports/crm/embedded.ts';
import { RATE_LIMITS } from '../leads/rate-limit.ts';
import { PHONE_REVEAL_RATE_LIMIT_MESSAGE } from '../leads/phone-reveal.ts';
import type { CallDocument } from '../leads/store.ts';
import { eventsOf, leadTenant, leadsOf, outboxOf, post } from '../leads/test-helpers.ts';

const SLUG = '2020-mazda-cx-5-9';
/** mf-search as edge-api's SEARCH binding sees it: one car of the stock (dealership dealer-3, used). */
const stock = (answer?: () => Response) => ({
  ...env,
  SEARCH: {
    fetch: async (input: string) => {
      if (answer) return answer();
      const slug = new URL(input).searchParams.get('slug');
      return slug === SLUG ? Response.json({ car: { ...sampleCar, id: 'car-9', slug: SLUG, dealership_id: 'dealer-3', car_type: 'used' } }) : Response.json({ error: 'No such car.' }, { status: 404 });
    },
  },
});
const known = { env: stock() };
// The page claims a dealership and type; the stock's are recorded.
const reveal = (overrides: Record<string, unknown> = {}) => ({
  call_id: crypto.randomUUID(), car_id: 'car-9', car_slug: SLUG, dealership_id: 'dealer-from-page', website_id: 'someone-else', car_type: 'new', page: `/cars/${SLUG}`, ...overrides,
});

describe('POST /api/leads/phone-reveal: the phone-reveal lead call (spec §7)', () => {
  afterEach(() => vi.restoreAllMocks());
  it('stores a contactless lead, analytics 25 labelled by car type, and an outbox row the CRM receives', async () => {
    const t = await leadTenant('reveal-ok');
    const body = reveal();
    const res = await post('/api/leads/phone-reveal', t, body, known);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ lead_id: body.call_id });
    const [row] = await leadsOf(t);
    expect(row).toMatchObject({ id: body.call_id, category: PHONE_REVEAL_CATEGORY, car_id: 'car-9', contact_phone: null, contact_email: null, merged_into: null, event_id: 25 });
    // The stock's dealership and car type, not the page's.
    const doc = JSON.parse(row!.payload) as CallDocument;
    // website_id is the tenant the request came through, never what the page claimed.
    expect(doc.call).toEqual({ dealership_id: 'dealer-3', website_id: t, page: '/cars/2020-mazda-cx-5-9' });
    expect(doc.payload).toMatchObject({ category: PHONE_REVEAL_CATEGORY, car_id: 'car-9', car_type: 'used' });
    const [event] = await eventsOf(t);
    expect(event).toMatchObject({ event_id: 25, page: '/cars/2020-mazda-cx-5-9', car_id: 'car-9' });
    expect(JSON.parse(event!.meta!)).toEqual({ type: 'Used Car', dealership_id: 'dealer-3', website_id: t, lead_id: body.call_id, category: PHONE_REVEAL_CATEGORY });
    expect(await outboxOf(t)).toEqual([{ lead_id: body.call_id, target: 'crm', state: 'delivered' }]);
    const inbox = await listCrmInbox(env.DB, t);
    expect(inbox.map((r) => r.lead_id)).toEqual([body.call_id]);
    expect(JSON.parse(inbox[0]!.payload)).toMatchObject({ category: PHONE_REVEAL_CATEGORY, call: { dealership_id: 'dealer-3', website_id: t } });
  });

  it('records one call for a retried call_id', async () => {
    const t = await leadTenant('reveal-retry');
    const body = reveal();
    const [a, b] = await Promise.all([post('/api/leads/phone-reveal', t, body, known), post('/api/leads/phone-reveal', t, body, known)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await leadsOf(t)).toHaveLength(1);
    const events = await eventsOf(t);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.meta!)).toMatchObject({ type: 'Used Car' });
    await relayOutbox(env, { now: Date.now() + 1000 });
    expect(await listCrmInbox(env.DB, t)).toHaveLength(1);
  });

  it('is never merged into a shopper lead for the same car (it has no contact details)', async () => {
    const t = await leadTenant('reveal-nomerge');
    expect((await post('/api/leads/phone-reveal', t, reveal(), known)).status).toBe(201);
    expect((await post('/api/leads/phone-reveal', t, reveal(), known)).status).toBe(201);
    expect((await leadsOf(t)).every((r) => r.merged_into === null)).toBe(true);
    expect(await outboxOf(t)).toHaveLength(2);
  });

  it('records nothing for a car the stock does not have, or a slug of another car; records as sent when the stock cannot say', async () => {
    const t = await leadTenant('reveal-stock');
    const unknown = await post('/api/leads/phone-reveal', t, reveal({ car_slug: '2001-nosuch-car-1' }), known);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No such car.' });
    expect((await post('/api/leads/phone-reveal', t, reveal({ car_id: 'car-10' }), known)).status).toBe(404);
    expect(await leadsOf(t)).toEqual([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = reveal();
    expect((await post('/api/leads/phone-reveal', t, body, { env: stock(() => new Response('down', { status: 503 })) })).status).toBe(201);
    expect((JSON.parse((await leadsOf(t))[0]!.payload) as CallDocument).call.dealership_id).toBe('dealer-from-page');
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const t = await leadTenant('reveal-bad');
    for (const [body, text] of [
      [reveal({ call_id: 'nope' }), 'call_id must be a UUID.'],
      [reveal({ car_id: '' }), 'car_id'],
      [reveal({ dealership_id: undefined }), 'dealership_id'],
      [reveal({ car_type: 'boat' }), 'car_type'],
      [reveal({ page: 'https://evil.example' }), 'page must be a path.'],
      [reveal({ car_slug: 'Not A Slug' }), 'car_slug'],
    ] as const) {
      const res = await post('/api/leads/phone-reveal', t, body, known);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toContain(text);
    }
    expect((await post('/api/leads/phone-reveal', t, '{', {})).status).toBe(400);
    expect(await leadsOf(t)).toEqual([]);
  });

  it('limits reveals per IP with a 429 and Retry-After', async () => {
    const t = await leadTenant('reveal-limit');
    const headers = { [CLIENT_IP_HEADER]: '203.0.113.77' };
    for (let i = 0; i < RATE_LIMITS.phoneRevealIp.limit; i++) expect((await post('/api/leads/phone-reveal', t, reveal(), { headers, ...known })).status).toBe(201);
    const res = await post('/api/leads/phone-reveal', t, reveal(), { headers, ...known });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: PHONE_REVEAL_RATE_LIMIT_MESSAGE });
    // Another shopper is not affected.
    expect((await post('/api/leads/phone-reveal', t, reveal(), { headers: { [CLIENT_IP_HEADER]: '203.0.113.78' }, ...known })).status).toBe(201);
  });
});
