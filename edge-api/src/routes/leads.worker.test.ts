import { readFormError } from '@forecourt/contracts/form-errors';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { env } from 'cloudflare:workers';
import { relayOutbox } from '../outbox/index.ts';
import { listCrmInbox } from '../ports/crm/embedded.ts';
import { describe, expect, it, vi } from 'vitest';
import { eventsOf, leadBody, leadTenant, leadsOf, outboxOf, post } from '../leads/test-helpers.ts';
import type { LeadDocument } from '../leads/store.ts';

type Answer = { lead_id?: string; duplicate?: boolean; error?: string; fields?: Record<string, string> };
const answer = (res: Response) => res.json<Answer>();

describe('POST /api/leads: stored with its outbox row before success', () => {
  it('answers 201 { lead_id } after writing the lead, its pending CRM outbox row and its analytics event', async () => {
    const t = await leadTenant('lead-ok');
    const body = leadBody();
    const res = await post('/api/leads', t, body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ lead_id: body.lead_id });
    const [row] = await leadsOf(t);
    expect(row).toMatchObject({ id: body.lead_id, category: 'General Enquiry', car_id: 'car-1', contact_phone: '0412345678', contact_email: 'jane.citizen@example.com', merged_into: null, flagged: 0, event_id: 15 });
    const doc = JSON.parse(row!.payload) as LeadDocument;
    expect(doc.payload).toMatchObject({ name: 'Jane', phone: '0412345678', opt_in: true, category: 'General Enquiry' });
    expect(doc.userData).toMatchObject({ source: 'Website', url: body.userData.url });
    const outbox = await outboxOf(t);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ lead_id: body.lead_id, target: 'crm' });
    expect(await eventsOf(t)).toEqual([{ event_id: 15, page: '/cars/2021-toyota-corolla-1', car_id: 'car-1', meta: JSON.stringify({ lead_id: body.lead_id, category: 'General Enquiry' }) }]);
  });

  it('never creates two leads for a retry or a double click of the same lead_id', async () => {
    const t = await leadTenant('lead-retry');
    const body = leadBody();
    const [a, b] = await Promise.all([post('/api/leads', t, body), post('/api/leads', t, body)]);
    const third = await post('/api/leads', t, body);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(third.status).toBe(200);
    expect(await answer(third)).toEqual({ lead_id: body.lead_id, duplicate: true });
    expect(await leadsOf(t)).toHaveLength(1);
    expect(await outboxOf(t)).toHaveLength(1);
    expect(await eventsOf(t)).toHaveLength(1);
  });

  it('records the spec §7 id of each journey', async () => {
    const t = await leadTenant('lead-ids');
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ car_type: 'new', car_id: 'n1' }, 14],
      [{ car_type: 'used', car_id: 'u1' }, 15],
      [{ car_type: undefined, car_id: undefined }, 22],
      [{ category: 'Finance Enquiry', car_id: 'f1' }, 9],
      [{ category: 'Test Drive', car_type: 'used', car_id: 't1', message: '' }, 48],
      [{ category: 'Test Drive', car_type: 'used', car_tag: 'Test Drive Only', car_id: 't2' }, 17],
      [{ category: 'Test Drive', car_type: 'demo', car_id: 't3' }, 17],
      [{ category: 'Careers Enquiry', car_id: undefined, car_type: undefined }, 51],
    ];
    for (const [i, [payload, id]] of cases.entries()) {
      const res = await post('/api/leads', t, leadBody({ payload: { ...payload, email: `${id}-${i}@example.com`, phone: `04120000${String(i).padStart(2, '0')}` } }));
      expect(res.status, JSON.stringify(payload)).toBe(201);
    }
    expect((await eventsOf(t)).map((e) => e.event_id)).toEqual(cases.map(([, id]) => id));
  });

  it('rewrites Careers Enquiry to General Enquiry / Career Enquiry with event 51 (spec §4)', async () => {
    const t = await leadTenant('careers');
    const res = await post('/api/leads', t, leadBody({ payload: { category: 'Careers Enquiry', car_id: undefined, car_type: undefined } }));
    expect(res.status).toBe(201);
    const [row] = await leadsOf(t);
    expect(row).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 });
    expect((JSON.parse(row!.payload) as LeadDocument).payload).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
  });

  it("gives Request Photos its hidden text 'Please send photos for this car' and an optional message (spec §5)", async () => {
    const t = await leadTenant('photos');
    expect((await post('/api/leads', t, leadBody({ payload: { category: 'Request Photos', message: undefined } }))).status).toBe(201);
    const doc = JSON.parse((await leadsOf(t))[0]!.payload) as LeadDocument;
    expect(doc.payload.request_text).toBe('Please send photos for this car');
    expect(doc.payload.message).toBeUndefined();
  });

  it('accepts a trade-in lead with rego and regoState, uppercased (spec §7 rego lookup)', async () => {
    const t = await leadTenant('rego');
    const res = await post('/api/leads', t, leadBody({ payload: { category: 'Trade-In Valuation', car_id: undefined, car_type: undefined, message: undefined, rego: ' abc123 ', regoState: 'QLD', offer_price: 12500, adjustmentAnswers: { accident: 'no' } } }));
    expect(res.status).toBe(201);
    expect((JSON.parse((await leadsOf(t))[0]!.payload) as LeadDocument).payload).toMatchObject({ rego: 'ABC123', regoState: 'QLD', offer_price: 12500 });
    const bad = await post('/api/leads', t, leadBody({ payload: { category: 'Trade-In Valuation', rego: 'ABC123' } }));
    expect(bad.status).toBe(400);
    expect((await answer(bad)).fields).toEqual({ regoState: 'This is a required field.' });
  });
});

describe('POST /api/leads: validation with the spec messages and tenant options (spec §5, §8)', () => {
  it('names each missing or bad field with the spec text', async () => {
    const t = await leadTenant('val');
    const res = await post('/api/leads', t, leadBody({ payload: { name: '  ', email: 'jane@', phone: '', message: '', postcode: '41270' } }));
    expect(res.status).toBe(400);
    const body = await answer(res);
    expect(body.fields).toEqual({
      name: 'This is a required field.',
      email: 'Invalid email address.',
      phone: 'This is a required field.',
      postcode: 'Invalid postcode. Please enter a 4-digit number.',
      message: 'This is a required field.',
    });
    expect(body.error).toBe('Please fix the following errors: name: This is a required field.; email: Invalid email address.; phone: This is a required field.; postcode: Invalid postcode. Please enter a 4-digit number.; message: This is a required field.');
    expect(await leadsOf(t)).toHaveLength(0);
  });

  it('refuses a phone libphonenumber cannot dial, and a lead_id that is not a UUID', async () => {
    const t = await leadTenant('val-phone');
    const res = await post('/api/leads', t, leadBody({ payload: { phone: '1234 5678' }, lead_id: 'abc' }));
    expect((await answer(res)).fields).toEqual({ lead_id: 'lead_id must be a UUID.' });
    const phone = await post('/api/leads', t, leadBody({ payload: { phone: '1234 5678' } }));
    expect((await answer(phone)).fields).toEqual({ phone: 'Invalid phone number.' });
  });

  it('follows the tenant: message optional, postcode required, terms required', async () => {
    const relaxed = await leadTenant('val-msg', { enquiry_message_optional: true });
    expect((await post('/api/leads', relaxed, leadBody({ payload: { message: undefined } }))).status).toBe(201);
    const strict = await leadTenant('val-strict', { enquiry_postcode_required: true, terms_required: true });
    const res = await post('/api/leads', strict, leadBody());
    expect((await answer(res)).fields).toEqual({ postcode: 'This is a required field.', terms_conditions: 'You must agree to the terms of use before submitting the form.' });
    expect((await post('/api/leads', strict, leadBody({ payload: { postcode: '4000', terms_conditions: true } }))).status).toBe(201);
  });

  it('keeps the message optional on the test-drive form (spec §5 Test-drive)', async () => {
    const t = await leadTenant('val-td');
    expect((await post('/api/leads', t, leadBody({ payload: { category: 'Test Drive', message: undefined, dateTime: '2026-12-01T10:00' } }))).status).toBe(201);
  });

  it('answers bad JSON 400, a wrong content type 415, and a non-object 400, each as JSON', async () => {
    const t = await leadTenant('val-body');
    const bad = await post('/api/leads', t, '{"payload":');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid JSON body.' });
    const type = await post('/api/leads', t, 'name=x', { contentType: 'text/plain' });
    expect(type.status).toBe(415);
    expect((await answer(type)).error).toMatch(/Unsupported content type/);
    const arr = await post('/api/leads', t, '[1,2]');
    expect(await arr.json()).toEqual({ error: 'Invalid request: expected a JSON object.' });
  });

  it('answers too-long fields with a short 400', async () => {
    const t = await leadTenant('val-long');
    const res = await post('/api/leads', t, leadBody({ payload: { name: 'x'.repeat(101), message: 'y'.repeat(5001) } }));
    expect(res.status).toBe(400);
    expect((await answer(res)).fields).toEqual({ name: 'Too long.', message: 'Too long.' });
  });
});

describe('POST /api/leads: duplicates merge (same phone or email and same car within 10 minutes)', () => {
  it('merges a second lead of the same shopper and car into the first: kept, not delivered twice', async () => {
    const t = await leadTenant('dup');
    const first = leadBody();
    await post('/api/leads', t, first);
    // Same phone, other email and id.
    const second = leadBody({ payload: { email: 'other@example.com', message: 'Second thoughts' } });
    const res = await post('/api/leads', t, second);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ lead_id: first.lead_id, duplicate: true });
    // Same email, other phone.
    const third = await post('/api/leads', t, leadBody({ payload: { phone: '0498 765 432' } }));
    expect(await answer(third)).toEqual({ lead_id: first.lead_id, duplicate: true });
    const rows = await leadsOf(t);
    expect(rows.map((r) => r.merged_into)).toEqual([null, first.lead_id, first.lead_id]);
    // The second says something new (another message): it still reaches the dealer, as an update of the first.
    // The third repeats the first (same category, same message): not delivered twice. One analytics event.
    expect((await outboxOf(t)).map((o) => o.lead_id).sort()).toEqual([first.lead_id, second.lead_id].sort());
    expect(await eventsOf(t)).toHaveLength(1);
    // A retry of the merged one still points at the first.
    expect(await answer(await post('/api/leads', t, second))).toEqual({ lead_id: first.lead_id, duplicate: true });
  });

  it('never loses another journey of the same shopper and car: a test drive after an enquiry reaches the CRM', async () => {
    const t = await leadTenant('dup-journey');
    const first = leadBody();
    await post('/api/leads', t, first);
    const drive = leadBody({ payload: { category: 'Test Drive', dateTime: '2026-12-01T10:30' } });
    expect(await answer(await post('/api/leads', t, drive))).toEqual({ lead_id: first.lead_id, duplicate: true });
    expect((await outboxOf(t)).map((o) => o.lead_id).sort()).toEqual([first.lead_id, drive.lead_id].sort());
    // The CRM gets it as an update of the enquiry it was merged into.
    await relayOutbox(env, { now: Date.now() + 1000 });
    const inbox = await listCrmInbox(env.DB, t);
    expect(JSON.parse(inbox.find((r) => r.lead_id === drive.lead_id)!.payload)).toMatchObject({ merged_into: first.lead_id, category: 'Test Drive' });
  });

  it('does not merge another car, another shopper, a lead without a car, or one older than 10 minutes', async () => {
    const t = await leadTenant('dup-no');
    const first = leadBody();
    await post('/api/leads', t, first);
    expect((await post('/api/leads', t, leadBody({ payload: { car_id: 'car-2' } }))).status).toBe(201);
    expect((await post('/api/leads', t, leadBody({ payload: { email: 'x@example.com', phone: '0498765432' } }))).status).toBe(201);
    const general = { car_id: undefined, car_type: undefined };
    expect((await post('/api/leads', t, leadBody({ payload: general }))).status).toBe(201);
    expect((await post('/api/leads', t, leadBody({ payload: general }))).status).toBe(201);
    // The first lead 10 minutes and 1 second ago: a new lead again.
    await env.DB.prepare('UPDATE leads SET created_at = created_at - 601000 WHERE tenant = ? AND id = ?').bind(t, first.lead_id).run();
    expect((await post('/api/leads', t, leadBody({ payload: { phone: '0412345678' } }))).status).toBe(201);
  });
});

describe('POST /api/leads: rate limits per phone and per IP', () => {
  it('answers 429 with Retry-After after 5 new leads of one phone in 10 minutes; retries stay 200', async () => {
    const t = await leadTenant('rl-phone');
    const bodies = Array.from({ length: 6 }, (_, i) => leadBody({ payload: { car_id: `car-${i}`, email: `p${i}@example.com` } }));
    for (const b of bodies.slice(0, 5)) expect((await post('/api/leads', t, b)).status).toBe(201);
    const res = await post('/api/leads', t, bodies[5]);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: 'Too many submissions. Please try again later.' });
    expect((await post('/api/leads', t, bodies[0])).status).toBe(200);
  });

  it('limits one IP to 20 new leads in 10 minutes, and keeps no IP in clear', async () => {
    const t = await leadTenant('rl-ip');
    const ip = { [CLIENT_IP_HEADER]: '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const phone = `04${String(10000000 + i)}`;
      statuses.push((await post('/api/leads', t, leadBody({ payload: { phone, email: `ip${i}@example.com`, car_id: `c${i}` } }), { headers: ip })).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
    const keys = await env.DB.prepare('SELECT key FROM rate_limits WHERE tenant = ?').bind(t).all<{ key: string }>();
    expect(keys.results.length).toBeGreaterThan(0);
    for (const { key } of keys.results) expect(key).toMatch(/^lead-(ip|phone):[0-9a-f]{64}$/);
    expect((await leadsOf(t))[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /api/leads: Turnstile', () => {
  it('refuses a failing token, accepts a good one', async () => {
    const t = await leadTenant('ts', { turnstile: true });
    const bad = await post('/api/leads', t, leadBody({ turnstile_token: 'not a token' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Spam check failed. Please reload the page and try again.' });
    expect(await leadsOf(t)).toHaveLength(0);
    expect((await post('/api/leads', t, leadBody({ turnstile_token: 'XXXX.DUMMY.TOKEN.XXXX' }))).status).toBe(201);
    expect((await leadsOf(t))[0]).toMatchObject({ flagged: 0, spam_reason: null });
  });

  it('keeps and flags a lead without a token where the tenant uses Turnstile', async () => {
    const t = await leadTenant('ts-missing', { turnstile: true });
    expect((await post('/api/leads', t, leadBody())).status).toBe(201);
    const [row] = await leadsOf(t);
    expect(row).toMatchObject({ flagged: 1, spam_reason: 'turnstile-missing' });
    expect(JSON.parse(row!.payload)).toMatchObject({ flagged: true, spam_reason: 'turnstile-missing' });
    expect(await outboxOf(t)).toHaveLength(1);
  });

  it('accepts and flags the lead when siteverify is unreachable: never lost', async () => {
    const t = await leadTenant('ts-down', { turnstile: true });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = { ...env, TURNSTILE_ADAPTER: 'http', TURNSTILE_SECRET_KEY: 'test-secret', TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/turnstile/v0/siteverify' };
    const res = await post('/api/leads', t, leadBody({ turnstile_token: 'some-real-looking-token' }), { env: down });
    log.mockRestore();
    expect(res.status).toBe(201);
    expect((await leadsOf(t))[0]).toMatchObject({ flagged: 1, spam_reason: 'turnstile-unavailable' });
    expect(await outboxOf(t)).toHaveLength(1);
  });
});

describe('POST /api/leads: the no-JavaScript form', () => {
  const form = (fields: Record<string, string | string[]>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) p.append(k, x);
    return p.toString();
  };
  const urlencoded = { contentType: 'application/x-www-form-urlencoded' };

  it('stores the lead and answers 303 to /success?lead_id=', async () => {
    const t = await leadTenant('form');
    const id = crypto.randomUUID();
    const res = await post('/api/leads', t, form({ lead_id: id, name: 'Jane', email: 'jane@example.com', phone: '0412 345 678', message: 'Hi', url: '/contact', opt_in: 'false', additional_services: ['Finance', 'Trade-in'] }), urlencoded);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/success?lead_id=${id}`);
    const doc = JSON.parse((await leadsOf(t))[0]!.payload) as LeadDocument;
    expect(doc.payload).toMatchObject({ name: 'Jane', phone: '0412345678', opt_in: false, additional_services: ['Finance', 'Trade-in'] });
    expect(doc.userData).toMatchObject({ url: '/contact', user_agent: '' });
  });

  it('mints the lead id of a form rendered without one (shared pages carry none): the same page posted again is one lead', async () => {
    const t = await leadTenant('form-mint');
    const page = { name: 'Jane', email: 'jane@example.com', phone: '0412 345 678', message: 'Is it available?', url: '/contact', opt_in: 'false' };
    const shopper = { contentType: urlencoded.contentType, headers: { [CLIENT_IP_HEADER]: '203.0.113.21' } };
    const first = await post('/api/leads', t, form(page), shopper);
    expect(first.status).toBe(303);
    const id = new URL(first.headers.get('location')!, 'https://site.example').searchParams.get('lead_id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // Back, then submit again: the same lead, answered as the duplicate it is (the same /success page), nothing new stored.
    const again = await post('/api/leads', t, form(page), shopper);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/success?lead_id=${id}`);
    expect(await leadsOf(t)).toHaveLength(1);
    expect(await outboxOf(t)).toHaveLength(1);
  });

  it('makes two leads of two shoppers posting the same shared page', async () => {
    const t = await leadTenant('form-two');
    const page = (name: string) => form({ name, email: `${name.toLowerCase()}@example.com`, phone: '0412 345 678', message: 'Is it available?', url: '/contact' });
    const jane = await post('/api/leads', t, page('Jane'), { contentType: urlencoded.contentType, headers: { [CLIENT_IP_HEADER]: '203.0.113.22' } });
    const john = await post('/api/leads', t, page('John'), { contentType: urlencoded.contentType, headers: { [CLIENT_IP_HEADER]: '198.51.100.23' } });
    expect(jane.headers.get('location')).not.toBe(john.headers.get('location'));
    const rows = await leadsOf(t);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
  });

  it('sends the shopper back to the form page with ?lead_error=<code>, never to another site', async () => {
    const t = await leadTenant('form-err');
    const res = await post('/api/leads', t, form({ name: 'Jane', email: 'jane@example.com', phone: '0412345678', url: '/contact?x=1' }), urlencoded);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, 'https://site.example');
    expect(location.pathname).toBe('/contact');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('lead_error')).toBe('invalid');
    expect(location.searchParams.get('lead_error_fields')).toBe('message:required');
    expect(readFormError(location.searchParams, 'lead')?.message).toBe('Please fix the following errors: message: This is a required field.');
    const evil = await post('/api/leads', t, form({ name: 'Jane', url: 'https://evil.example//evil.example/x' }), urlencoded);
    expect(evil.headers.get('location')).toMatch(/^\/\?lead_error=/);
    // Issue 10.3: a non-web scheme in `url` kept its path ('x:\\\\evil.example' -> '\\\\evil.example?...', read as https://evil.example/).
    for (const url of ['x:\\\\evil.example', 'javascript:alert(1)']) {
      const odd = await post('/api/leads', t, form({ name: 'Jane', url }), urlencoded);
      expect(odd.headers.get('location')).toMatch(/^\/\?lead_error=invalid/);
    }
  });
});

describe('trade-in follow-ups and POST /api/miscellaneous (spec §7)', () => {
  it('keeps the valuation with its lead, then sends adjustments and offer accepted as follow-up leads, idempotently', async () => {
    const t = await leadTenant('tradein');
    const lead = leadBody({ payload: { category: 'Trade-In Valuation', car_id: undefined, car_type: undefined, message: undefined, rego: 'ABC123', regoState: 'NSW' } });
    expect((await post('/api/leads', t, lead)).status).toBe(201);

    const valuation = { offer_price: 14500, range_min: 13000, range_max: 16000 };
    const misc = await post('/api/miscellaneous', t, { lead_id: lead.lead_id, column_name: 'valuation', ...valuation });
    expect(misc.status).toBe(200);
    expect(await misc.json()).toEqual({ ok: true });
    expect(JSON.parse((await leadsOf(t))[0]!.valuation!)).toEqual(valuation);

    const adjustments = { id: lead.lead_id, adjustmentAnswers: { accident: 'no', service_history: true, tyres: 3 } };
    const adj = await post('/api/leads/valuation-adjustments', t, adjustments);
    expect(adj.status).toBe(201);
    const adjId = (await answer(adj)).lead_id!;
    // Same answers in another key order: the same follow-up.
    const again = await post('/api/leads/valuation-adjustments', t, { id: lead.lead_id, adjustmentAnswers: { tyres: 3, service_history: true, accident: 'no' } });
    expect(await answer(again)).toEqual({ lead_id: adjId, duplicate: true });

    const offer = { category: 'Trade-In Valuation', subcategory: '3. Offer Accepted', lead_id: lead.lead_id, form_completed: true, offer_accepted: true };
    const accepted = await post('/api/leads/offer-accepted', t, offer);
    expect(accepted.status).toBe(201);
    const offerId = (await answer(accepted)).lead_id!;
    expect((await post('/api/leads/offer-accepted', t, offer)).status).toBe(200);

    const rows = await leadsOf(t);
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(adjId)).toMatchObject({ parent_lead_id: lead.lead_id, subcategory: '2. Valuation Adjustments', merged_into: null });
    expect(byId.get(offerId)).toMatchObject({ parent_lead_id: lead.lead_id, subcategory: '3. Offer Accepted', event_id: 18 });
    const offerDoc = JSON.parse(byId.get(offerId)!.payload) as LeadDocument;
    expect(offerDoc).toMatchObject({ offer: { form_completed: true, offer_accepted: true }, valuation, payload: { subcategory: '3. Offer Accepted', rego: 'ABC123', name: 'Jane' } });
    expect(JSON.parse(byId.get(adjId)!.payload)).toMatchObject({ payload: { adjustmentAnswers: adjustments.adjustmentAnswers } });
    expect((await outboxOf(t)).map((o) => o.lead_id).sort()).toEqual([lead.lead_id, adjId, offerId].sort());
    expect((await eventsOf(t)).map((e) => e.event_id)).toEqual([22, 18]);
  });

  it("answers 404 for another tenant's or an unknown lead, 400 for a bad body", async () => {
    const a = await leadTenant('fu-a');
    const b = await leadTenant('fu-b');
    const lead = leadBody();
    await post('/api/leads', a, lead);
    const offer = { category: 'Trade-In Valuation', subcategory: '3. Offer Accepted', lead_id: lead.lead_id, form_completed: true, offer_accepted: true };
    expect((await post('/api/leads/offer-accepted', b, offer)).status).toBe(404);
    expect(await (await post('/api/miscellaneous', b, { lead_id: lead.lead_id, column_name: 'valuation' })).json()).toEqual({ error: 'Lead not found.' });
    const wrong = await post('/api/leads/offer-accepted', a, { ...offer, subcategory: '2. Something' });
    expect(wrong.status).toBe(400);
    expect((await answer(wrong)).fields).toHaveProperty('subcategory');
    const col = await post('/api/miscellaneous', a, { lead_id: lead.lead_id, column_name: 'payload' });
    expect(col.status).toBe(400);
    expect((await answer(col)).error).toMatch(/^Invalid request: column_name: /);
  });
});

describe('privacy and failures', () => {
  it('never writes lead PII to the console, even when storage fails (503, spec text)', async () => {
    const t = await leadTenant('pii');
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
    const secretish = leadBody({ payload: { name: 'Zebedee', last_name: 'Quagmire', email: 'zebedee.quagmire@example.com', phone: '0455 111 222', message: 'My secret message' } });
    await post('/api/leads', t, secretish);
    await post('/api/leads', t, { ...secretish, payload: { ...secretish.payload, postcode: 'bad' } });
    const brokenDb = { prepare: () => { throw new Error('D1 is down'); }, batch: () => Promise.reject(new Error('D1 is down')) } as unknown as D1Database;
    const failed = await post('/api/leads', t, leadBody({ payload: secretish.payload }), { env: { ...env, DB: brokenDb } });
    const logged = spies.flatMap((s) => s.mock.calls.flat().map(String)).join('\n');
    spies.forEach((s) => s.mockRestore());
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ error: 'Lead submission failed' });
    expect(logged).toMatch(/D1 is down/);
    for (const pii of ['Zebedee', 'Quagmire', 'zebedee.quagmire', '0455', '455111222', 'secret message']) expect(logged).not.toContain(pii);
  });
});
