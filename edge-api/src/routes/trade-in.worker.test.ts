import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { FIELD_ERROR_TEXTS, readFormError } from '@forecourt/contracts/form-errors';
import { callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import { TRADE_IN_MESSAGES, TradeInAnswerSchema, TradeInJourneyStateSchema, type TradeInJourneyState } from '@forecourt/contracts/trade-in';
import type { AppEnv } from '../types.ts';
import edgeApi from '../index.ts';
import { onError } from '../lib/http.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { eventsOf, leadsOf, outboxOf } from '../leads/test-helpers.ts';
import type { LeadDocument } from '../leads/store.ts';
import { listSentSms } from '../ports/sms/embedded.ts';
import { HttpValuation } from '../ports/valuation/http.ts';
import { createFakeAutograbValuations } from '../ports/valuation/testing.ts';
import { HttpRegoLookup } from '../ports/rego-lookup/http.ts';
import { createFakeAutograbRegos } from '../ports/rego-lookup/testing.ts';
import { DELETE_EXPIRED_JOURNEYS_SQL, deleteExpiredJourneys, JOURNEY_TTL_MS } from '../trade-in/store.ts';
import { RATE_LIMITS, hitRateLimits } from '../leads/rate-limit.ts';
import { createTradeInRoutes, type TradeInRoutesOptions } from './trade-in.ts';

const GOOD = { accident_history: 'none', service_history: 'full', finance_owing: 'yes', keys: '2', paint: 'good', interior: 'excellent', tyres: 'good', modifications: 'none' };
const CONTACT = { name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678' };

async function tenant(prefix: string, tradeIn: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const slug = uniqueTenant(prefix);
  await putTenant(slug, siteConfigInput(slug, { trade_in: tradeIn, ...extra } as never));
  return slug;
}

type Req = { ip?: string; form?: boolean; cookie?: string };
/** Through edge-api as deployed (src/index.ts, wrangler.jsonc's embedded adapters), as the shell calls it. */
async function call(method: 'GET' | 'POST', path: string, slug: string, body?: Record<string, unknown>, req: Req = {}, app: { request: typeof edgeApi.request } = edgeApi) {
  const headers: Record<string, string> = tenantHeaders(slug, { [CLIENT_IP_HEADER]: req.ip ?? '203.0.113.7', 'user-agent': 'vitest' });
  if (req.cookie) headers.cookie = req.cookie;
  let payload: string | undefined;
  if (body) {
    headers['content-type'] = req.form ? 'application/x-www-form-urlencoded' : 'application/json';
    payload = req.form ? new URLSearchParams(Object.entries(body).map(([k, x]): [string, string] => [k, String(x)])).toString() : JSON.stringify(body);
  }
  const ctx = createExecutionContext();
  const res = await app.request(path, { method, headers, body: payload, redirect: 'manual' }, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const post = (path: string, slug: string, body: Record<string, unknown>, req: Req = {}) => call('POST', path, slug, body, req);
type Answer = { journey?: TradeInJourneyState; error?: string; fields?: Record<string, string> };
const json = async (res: Response) => {
  const body = await res.json<Answer>();
  expect(v.safeParse(TradeInAnswerSchema, body).success, JSON.stringify(body)).toBe(true);
  if (body.journey) expect(v.safeParse(TradeInJourneyStateSchema, body.journey).success).toBe(true);
  return body;
};
const location = (res: Response) => new URL(res.headers.get('location') ?? '', 'https://site.invalid');
const paths = (id: string) => ({
  journey: `/api/trade-in/journeys/${id}`,
  condition: `/api/trade-in/journeys/${id}/condition`,
  contact: `/api/trade-in/journeys/${id}/contact`,
  verify: `/api/trade-in/journeys/${id}/verify`,
  accept: `/api/trade-in/journeys/${id}/accept`,
});

/** Steps 1-2 by JSON: a journey with the rego's car and good answers. */
async function toContact(slug: string, rego = 'ABC123', odometer = 45_000, journey: 'trade-in' | 'sell-my-car' = 'trade-in', app?: { request: typeof edgeApi.request }) {
  const start = await call('POST', '/api/trade-in/journeys', slug, { journey, rego, regoState: 'QLD' }, {}, app);
  const { journey: state } = await json(start);
  const id = state!.id;
  const cond = await call('POST', paths(id).condition, slug, { odometer, answers: GOOD }, {}, app);
  expect(cond.status).toBe(200);
  return id;
}

describe('POST /api/trade-in/journeys (step 1 by rego)', () => {
  it('looks the rego up and starts a journey: 201 { journey } at the condition step, the rego masked, kept for this tenant only', async () => {
    const a = await tenant('ti-start');
    const b = await tenant('ti-other');
    const res = await post('/api/trade-in/journeys', a, { journey: 'trade-in', car_id: 'car-42', rego: 'abc 123', regoState: 'QLD' });
    expect(res.status).toBe(201);
    const { journey } = await json(res);
    expect(journey).toMatchObject({ journey: 'trade-in', step: 'condition', car_id: 'car-42', rego_masked: 'ABC•••', regoState: 'QLD', lead_id: null, offer: null, phone_masked: null });
    expect(journey!.vehicle).toMatchObject({ source: 'rego' });
    expect(journey!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(journey!.expires_at) - Date.now()).toBeGreaterThan(JOURNEY_TTL_MS - 60_000);
    const got = await call('GET', paths(journey!.id).journey, a);
    expect(got.status).toBe(200);
    expect((await json(got)).journey).toEqual(journey);
    // Another tenant does not know it (and cannot write it).
    expect((await call('GET', paths(journey!.id).journey, b)).status).toBe(404);
    expect((await post(paths(journey!.id).condition, b, { odometer: 1, answers: GOOD })).status).toBe(404);
    const row = await env.DB.prepare('SELECT tenant, rego, rego_state FROM trade_in_journeys WHERE id = ?').bind(journey!.id).first();
    expect(row).toEqual({ tenant: a, rego: 'ABC123', rego_state: 'QLD' });
  });

  it('answers the plain form with 303 to its return page (own query kept) plus journey=<id>', async () => {
    const a = await tenant('ti-form');
    const res = await post('/api/trade-in/journeys', a, { journey: 'trade-in', car_id: 'car-7', rego: 'DEF456', regoState: 'NSW', return: '/cars/trade-in?car_id=car-7&trade_in_error=invalid' }, { form: true });
    expect(res.status).toBe(303);
    const to = location(res);
    expect(to.pathname).toBe('/cars/trade-in');
    expect(to.searchParams.get('car_id')).toBe('car-7');
    expect(to.searchParams.get('trade_in_error')).toBeNull();
    const id = to.searchParams.get('journey')!;
    expect((await json(await call('GET', paths(id).journey, a))).journey).toMatchObject({ step: 'condition', car_id: 'car-7', regoState: 'NSW' });
    // Only a journey page of this site comes back; anything else is the kind's own page.
    // A full URL names its path on this site (as a lead form's `url` does), never another host.
    expect(location(await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'DEF456', regoState: 'NSW', return: 'https://evil.example/trade-in?x=1' }, { form: true, ip: '198.51.100.1' })).href).toMatch(/^https:\/\/site\.invalid\/trade-in\?x=1&journey=/);
    for (const bad of ['//evil.example/trade-in', '/contact', 'javascript:alert(1)', '/trade-in-x']) {
      const r = await post('/api/trade-in/journeys', a, { journey: 'sell-my-car', rego: 'DEF456', regoState: 'NSW', return: bad }, { form: true, ip: `198.51.100.${bad.length}` });
      expect(location(r).pathname, bad).toBe('/sell-my-car');
      expect(location(r).origin).toBe('https://site.invalid');
    }
    expect(location(await post('/api/trade-in/journeys', a, { journey: 'sell-my-car', rego: 'DEF456', regoState: 'NSW', return: '/sell-your-car' }, { form: true, ip: '198.51.100.99' })).pathname).toBe('/sell-your-car');
  });

  it("goes on without a car when the rego is not found (X...) or the lookup fails (ZZ...): the manual path, never a dead end", async () => {
    const a = await tenant('ti-notfound');
    const res = await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'XYZ999', regoState: 'VIC' });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.error).toBe(TRADE_IN_MESSAGES.rego_not_found);
    expect(body.journey).toMatchObject({ step: 'vehicle', vehicle: null, rego_masked: 'XYZ•••' });
    const form = await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'ZZ0001', regoState: 'VIC', return: '/trade-in' }, { form: true });
    const to = location(form);
    expect(to.searchParams.get('trade_in_error')).toBe('lookup_unavailable');
    expect(readFormError(to.searchParams, 'tradeIn')?.message).toBe(TRADE_IN_MESSAGES.lookup_unavailable);
    const id = to.searchParams.get('journey')!;
    // The car by hand continues that journey (its rego kept for the dealer).
    const manual = await post('/api/trade-in/vehicle', a, { id, journey: 'trade-in', year: '2020', make: 'Toyota', model: 'HiLux', badge: 'SR5' });
    expect(manual.status).toBe(200);
    expect((await json(manual)).journey).toMatchObject({ id, step: 'condition', rego_masked: 'ZZ0•••', vehicle: { year: 2020, make: 'Toyota', model: 'HiLux', badge: 'SR5', source: 'manual' } });
  });

  it('refuses bad input with 400 in the house wording, or the form’s codes', async () => {
    const a = await tenant('ti-bad');
    const res = await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'ABC-12345678', regoState: 'XX' });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error).toBe('Please fix the following errors: rego: Invalid registration.; regoState: Please choose a state.');
    expect(body.fields).toEqual({ rego: 'Invalid registration.', regoState: 'Please choose a state.' });
    const missing = await json(await post('/api/trade-in/journeys', a, { journey: 'trade-in' }));
    expect(missing.fields).toEqual({ rego: 'This is a required field.', regoState: 'This is a required field.' });
    const form = await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: '', regoState: '', return: '/trade-in' }, { form: true });
    const to = location(form);
    expect(to.searchParams.get('journey')).toBeNull();
    expect(readFormError(to.searchParams, 'tradeIn')).toMatchObject({ code: 'invalid', fields: { rego: 'This is a required field.', regoState: 'Please choose a state.' } });
    expect((await call('POST', '/api/trade-in/journeys', a, undefined)).status).toBe(415);
    // Nothing was counted or stored for refused input.
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM trade_in_journeys WHERE tenant = ?').bind(a).first<{ n: number }>())!.n).toBe(0);
  });

  it('limits lookups per address (10 in 10 minutes) with 429 and retry-after; another address still looks up', async () => {
    const a = await tenant('ti-limit');
    for (let i = 0; i < 10; i++) expect((await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: `LIM${i}`, regoState: 'QLD' }, { ip: '192.0.2.50' })).status).toBe(201);
    const refused = await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'LIM10', regoState: 'QLD' }, { ip: '192.0.2.50' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toEqual({ error: 'Too many lookups. Please try again later.' });
    const form = await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'LIM11', regoState: 'QLD', return: '/trade-in' }, { ip: '192.0.2.50', form: true });
    expect(location(form).searchParams.get('trade_in_error')).toBe('too_many_lookups');
    expect((await post('/api/trade-in/journeys', a, { journey: 'trade-in', rego: 'LIM12', regoState: 'QLD' }, { ip: '192.0.2.51' })).status).toBe(201);
    // Entering the car by hand costs no lookup: never limited by it.
    expect((await post('/api/trade-in/vehicle', a, { journey: 'trade-in', year: 2021, make: 'Mazda', model: 'CX-5' }, { ip: '192.0.2.50' })).status).toBe(201);
  });
});

describe('steps 1 by hand and 2', () => {
  it('starts by hand, corrects the car ("not my car"), takes the condition by JSON and by form, and refuses in the house wording', async () => {
    const a = await tenant('ti-steps');
    const started = await post('/api/trade-in/vehicle', a, { journey: 'sell-my-car', year: 2021, make: 'Mazda', model: 'CX-5', badge: '' });
    expect(started.status).toBe(201);
    const id = (await json(started)).journey!.id;
    expect((await json(await call('GET', paths(id).journey, a))).journey).toMatchObject({ journey: 'sell-my-car', step: 'condition', rego_masked: null, vehicle: { make: 'Mazda', source: 'manual' } });
    const bad = await post('/api/trade-in/vehicle', a, { id, journey: 'sell-my-car', year: 'old', make: '', model: 'CX-5' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toEqual({ year: 'Please choose a year.', make: 'This is a required field.' });
    expect((await post('/api/trade-in/vehicle', a, { id: 'A'.repeat(22), journey: 'trade-in', year: 2021, make: 'Mazda', model: 'CX-5' })).status).toBe(404);

    const badCondition = await post(paths(id).condition, a, { odometer: 'lots', answers: { ...GOOD, keys: undefined, paint: 'shiny' } });
    expect(badCondition.status).toBe(400);
    expect((await json(badCondition)).fields).toEqual({ odometer: 'Please enter the odometer reading in km.', 'answers.keys': 'Please choose an answer.', 'answers.paint': 'Please choose an answer.' });
    const formFields = { odometer: '52,300', return: '/sell-my-car', ...Object.fromEntries(Object.entries(GOOD).map(([k, x]) => [`answers.${k}`, x])) };
    const viaForm = await post(paths(id).condition, a, { ...formFields, 'answers.keys': '' }, { form: true });
    expect(readFormError(location(viaForm).searchParams, 'tradeIn')?.fields).toEqual({ 'answers.keys': 'Please choose an answer.' });
    expect(location(viaForm).searchParams.get('journey')).toBe(id);
    const ok = await post(paths(id).condition, a, formFields, { form: true });
    expect(location(ok).pathname).toBe('/sell-my-car');
    expect(location(ok).searchParams.get('journey')).toBe(id);
    expect((await json(await call('GET', paths(id).journey, a))).journey).toMatchObject({ step: 'contact', odometer: 52_300, answers: GOOD });
  });

  it('answers an id of the wrong shape or an expired journey as unknown (404), and purges expired ones', async () => {
    const a = await tenant('ti-gone');
    expect((await call('GET', '/api/trade-in/journeys/not-a-journey', a)).status).toBe(404);
    const form = await post('/api/trade-in/journeys/short/accept', a, { accept: 'yes', return: '/trade-in' }, { form: true });
    expect(location(form).searchParams.get('trade_in_error')).toBe('journey_expired');
    const id = await toContact(a);
    await env.DB.prepare('UPDATE trade_in_journeys SET expires_at = ? WHERE tenant = ? AND id = ?').bind(Date.now() - 1, a, id).run();
    const res = await call('GET', paths(id).journey, a);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: TRADE_IN_MESSAGES.journey_expired });
    expect(await deleteExpiredJourneys(env.DB)).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare('SELECT id FROM trade_in_journeys WHERE tenant = ?').bind(a).all().then((r) => r.results)).toEqual([]);
  });
});

describe('the whole journey to an accepted offer', () => {
  it('stores the lead (1. Contact Details), the offer and its adjustments follow-up, then 3. Offer Accepted with event 18 once', async () => {
    const a = await tenant('ti-full', { max_age_years: 10, max_km: 100_000 });
    const id = await toContact(a, 'ABC123', 45_000, 'trade-in');
    const badContact = await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), name: '', email: 'nope', phone: '12' });
    expect(badContact.status).toBe(400);
    expect((await json(badContact)).fields).toMatchObject({ name: 'This is a required field.', email: 'Invalid email address.' });
    // Accepting before an offer is a step out of order.
    expect((await post(paths(id).accept, a, { accept: 'yes' })).status).toBe(409);

    const leadId = crypto.randomUUID();
    const contact = await post(paths(id).contact, a, { lead_id: leadId, ...CONTACT, url: '/cars/trade-in?car_id=car-1' });
    expect(contact.status).toBe(200);
    const { journey } = await json(contact);
    expect(journey).toMatchObject({ step: 'offer', lead_id: leadId, phone_masked: null, offer: { kind: 'estimate', provider: 'embedded' } });
    const offer = journey!.offer as { low: number; high: number; valid_until: string };
    expect(offer.low).toBeGreaterThan(1000);
    expect(offer.high).toBeGreaterThan(offer.low);
    // Valid 7 days counting today: its last day is today + 6 in the tenant's zone.
    expect(Date.parse(offer.valid_until) - Date.now()).toBeGreaterThan(5 * 86_400_000);
    expect(Date.parse(offer.valid_until) - Date.now()).toBeLessThan(7 * 86_400_000);
    // The public state carries no contact details.
    expect(JSON.stringify(journey)).not.toContain('jane');
    expect(JSON.stringify(journey)).not.toContain('ABC123');

    // A resubmitted contact form (same lead_id) is the same lead, the same offer.
    expect((await json(await post(paths(id).contact, a, { lead_id: leadId, ...CONTACT }))).journey).toEqual(journey);

    const accept = await post(paths(id).accept, a, { accept: 'yes' });
    expect(accept.status).toBe(200);
    const accepted = (await json(accept)).journey!;
    expect(accepted).toMatchObject({ step: 'accepted' });
    expect(accepted.accepted_at).not.toBeNull();
    // Retried: the same answer, nothing recorded twice.
    expect((await json(await post(paths(id).accept, a, { accept: 'yes' }))).journey).toEqual(accepted);

    const rows = await leadsOf(a);
    expect(rows.map((r) => r.subcategory)).toEqual(['1. Contact Details', '2. Valuation Adjustments', '3. Offer Accepted']);
    const [lead, adjustments, acceptedLead] = rows;
    expect(lead).toMatchObject({ id: leadId, category: 'Trade-In Valuation', contact_phone: '0412345678', parent_lead_id: null });
    const doc = JSON.parse(lead!.payload) as LeadDocument;
    expect(doc.payload).toMatchObject({ rego: 'ABC123', regoState: 'QLD', 'Vehicle Make': journey!.vehicle!.make, 'Vehicle Model': journey!.vehicle!.model, adjustmentAnswers: { ...GOOD, odometer: 45_000 } });
    expect(doc.payload.message).toContain('Registration: ABC123 (QLD).');
    expect(doc.payload.message).toContain('Odometer: 45,000 km.');
    expect(doc.payload.message).toContain('Is there finance owing on the car: Yes');
    expect(doc.userData?.url).toMatch(/\/cars\/trade-in\?car_id=car-1$/);
    expect(JSON.parse(lead!.valuation!)).toMatchObject({ source: 'trade-in', offer: journey!.offer, odometer: 45_000 });
    expect(adjustments).toMatchObject({ parent_lead_id: leadId, category: 'Trade-In Valuation', event_id: null });
    expect(JSON.parse(adjustments!.payload)).toMatchObject({ valuation: journey!.offer, payload: { subcategory: '2. Valuation Adjustments', adjustmentAnswers: { ...GOOD, odometer: 45_000 } } });
    expect(acceptedLead).toMatchObject({ parent_lead_id: leadId, event_id: 18 });
    expect(JSON.parse(acceptedLead!.payload)).toMatchObject({ offer: { form_completed: true, offer_accepted: true }, valuation: { offer: journey!.offer } });
    // Each in the CRM outbox exactly once; analytics: the lead's event and 18, once each.
    expect((await outboxOf(a)).map((o) => o.lead_id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await eventsOf(a)).filter((e) => e.event_id === 18)).toHaveLength(1);
  });

  it('works by plain forms end to end (303 each step), sell-my-car', async () => {
    const a = await tenant('ti-forms');
    const start = await post('/api/trade-in/journeys', a, { journey: 'sell-my-car', rego: 'FRM123', regoState: 'WA', return: '/sell-my-car' }, { form: true });
    const id = location(start).searchParams.get('journey')!;
    const cond = await post(paths(id).condition, a, { odometer: '30000', return: '/sell-my-car', ...Object.fromEntries(Object.entries(GOOD).map(([k, x]) => [`answers.${k}`, x])) }, { form: true });
    expect(location(cond).searchParams.get('journey')).toBe(id);
    const leadId = crypto.randomUUID();
    const contact = await post(paths(id).contact, a, { lead_id: leadId, ...CONTACT, opt_in: 'on', return: '/sell-my-car' }, { form: true });
    expect(contact.status).toBe(303);
    expect(location(contact).search).toBe(`?journey=${id}`);
    const accept = await post(paths(id).accept, a, { accept: 'yes', return: '/sell-my-car' }, { form: true });
    expect(location(accept).search).toBe(`?journey=${id}`);
    expect((await json(await call('GET', paths(id).journey, a))).journey!.step).toBe('accepted');
    const rows = await leadsOf(a);
    expect(rows.map((r) => [r.category, r.subcategory])).toEqual([['Sell My Car', '1. Contact Details'], ['Sell My Car', '2. Valuation Adjustments'], ['Sell My Car', '3. Offer Accepted']]);
    expect((await eventsOf(a)).filter((e) => e.event_id === 18)).toHaveLength(1);
  });

  it('is read by mf-vehicle over the binding (INTERNAL.tradeInJourney)', async () => {
    const a = await tenant('ti-internal');
    const id = await toContact(a);
    const binding: ServiceBinding = { fetch: (input, init) => Promise.resolve(edgeApi.request(input, init, env)) };
    const answer = await callInternal(binding, 'tradeInJourney', { tenant: a, params: { id } });
    expect(answer.ok && answer.data.journey.step).toBe('contact');
  });
});

describe('offers without an estimate (never a dead end)', () => {
  it('over the age or km limit: none with the promised call, nothing to accept', async () => {
    const a = await tenant('ti-limits', { max_age_years: 7, max_km: 100_000 });
    const old = await toContact(a, 'OLD123');
    const offer = (await json(await post(paths(old).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT }))).journey!.offer;
    expect(offer).toMatchObject({ kind: 'none', reason: 'over_age' });
    expect(Date.parse((offer as { contact_by: string }).contact_by)).toBeGreaterThan(Date.now() - 60_000);
    const accept = await post(paths(old).accept, a, { accept: 'yes' });
    expect(accept.status).toBe(409);
    expect(await json(accept)).toEqual({ error: TRADE_IN_MESSAGES.no_offer });
    const far = await toContact(a, 'KMS123', 100_001);
    expect((await json(await post(paths(far).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT, email: 'j2@example.com', phone: '0412000111' }))).journey!.offer).toMatchObject({ kind: 'none', reason: 'over_km' });
    // Each is still the dealer's lead, with the offer saved.
    const leads = (await leadsOf(a)).filter((r) => r.subcategory === '1. Contact Details');
    expect(leads).toHaveLength(2);
    expect(leads.map((r) => JSON.parse(r.valuation!).offer.reason).sort()).toEqual(['over_age', 'over_km']);
  });

  it("no match (NM...) and a failing provider (VF..., or AutoGrab answering 500) give 'no_match' and 'unavailable'", async () => {
    const a = await tenant('ti-fail');
    const logged = vi.spyOn(console, 'error');
    const nm = await toContact(a, 'NM1234');
    expect((await json(await post(paths(nm).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT }))).journey!.offer).toMatchObject({ kind: 'none', reason: 'no_match' });
    const vf = await toContact(a, 'VF1234');
    expect((await json(await post(paths(vf).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT, phone: '0412000222', email: 'v@example.com' }))).journey!.offer).toMatchObject({ kind: 'none', reason: 'unavailable' });

    // The http adapters on a fake AutoGrab in-process (workerd cannot reach a Node server).
    const regos = createFakeAutograbRegos({ apiKey: 'k', registrations: [{ rego: 'AG1', state: 'QLD', vehicle: { id: 'ag-1', title: '2022 Kia Cerato', year: 2022, make: 'Kia', model: 'Cerato' } }] });
    const values = createFakeAutograbValuations({ apiKey: 'k', vehicles: [{ id: 'ag-1', year: 2022, make: 'Kia', model: 'Cerato', badge: 'S', title: '2022 Kia Cerato S', trade: 19_000 }] });
    const options: TradeInRoutesOptions = {
      regoLookup: () => new HttpRegoLookup({ apiKey: 'k', apiUrl: 'https://ag.example', fetch: regos.fetch }),
      valuation: () => new HttpValuation({ apiKey: 'k', apiUrl: 'https://ag.example', fetch: values.fetch }),
    };
    const app = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createTradeInRoutes(options));
    app.onError(onError);
    const viaAg = async (vehicleValue: 'ok' | 'fail') => {
      const id = await toContact(a, 'AG1', 45_000, 'trade-in', app);
      if (vehicleValue === 'fail') values.overrideNext(() => Response.json({ error: true, message: 'down' }, { status: 500 }));
      return (await json(await call('POST', paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT, phone: `0412${Math.floor(Math.random() * 900000 + 100000)}`, email: `${crypto.randomUUID()}@example.com` }, {}, app))).journey!.offer;
    };
    expect(await viaAg('ok')).toMatchObject({ kind: 'estimate', provider: 'autograb' });
    expect(await viaAg('fail')).toMatchObject({ kind: 'none', reason: 'unavailable' });
    // The failures are logged by name only: no rego, phone, email or journey id.
    const text = logged.mock.calls.flat().join(' ');
    expect(text).toContain('ValuationUnavailableError');
    for (const secret of ['VF1234', 'AG1', '0412', 'example.com', vf]) expect(text).not.toContain(secret);
    logged.mockRestore();
  });

  it("answers 'offer expired' for an estimate past its last day", async () => {
    const a = await tenant('ti-expiry', { estimate_valid_days: 7 });
    let clock = Date.now();
    const app = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createTradeInRoutes({ now: () => clock }));
    app.onError(onError);
    const id = await toContact(a, 'EXP123', 45_000, 'trade-in', app);
    await call('POST', paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT }, {}, app);
    // spec §9 'valid 7 days' counts the day of the offer: the same time 7 days later is the 8th day, expired.
    clock += 7 * 86_400_000;
    const res = await call('POST', paths(id).accept, a, { accept: 'yes', return: '/trade-in' }, { form: true }, app);
    expect(location(res).searchParams.get('trade_in_error')).toBe('offer_expired');
    expect(location(res).searchParams.get('journey')).toBe(id);
    expect((await eventsOf(a)).filter((e) => e.event_id === 18)).toEqual([]);
  });
});

describe('trade_in.verify_phone: the texted code before the offer', () => {
  it('texts the sign-in code (read back from the embedded SMS outbox), refuses a wrong one, then makes the offer and signs the shopper in', async () => {
    const a = await tenant('ti-verify', { max_age_years: 7, verify_phone: true }, { name: 'Outback Test Cars' });
    const id = await toContact(a);
    const leadId = crypto.randomUUID();
    const contact = await post(paths(id).contact, a, { lead_id: leadId, ...CONTACT });
    expect(contact.status).toBe(200);
    expect((await json(contact)).journey).toMatchObject({ step: 'verify', lead_id: leadId, offer: null, phone_masked: '04•• ••• 678' });
    // The lead exists already (the shopper who stops here is still the dealer's lead); no offer, no adjustments yet.
    expect((await leadsOf(a)).map((r) => r.subcategory)).toEqual(['1. Contact Details']);
    const [sms] = await listSentSms(env.DB, a, '0412345678');
    expect(sms!.body).toMatch(/^\d{6} is your Outback Test Cars code\. It expires in 10 minutes\.$/);
    const code = sms!.body.slice(0, 6);
    expect((await post(paths(id).accept, a, { accept: 'yes' })).status).toBe(409);

    const wrong = await post(paths(id).verify, a, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ error: 'The verification code is invalid. Please try again.', fields: { code: 'The verification code is invalid. Please try again.' } });
    const badShape = await post(paths(id).verify, a, { code: '12' });
    expect((await json(badShape)).fields).toEqual({ code: 'The code is 6 digits.' });
    const wrongForm = await post(paths(id).verify, a, { code: code === '000000' ? '111111' : '000000', return: '/trade-in' }, { form: true });
    expect(location(wrongForm).searchParams.get('trade_in_error')).toBe('invalid_code');

    const right = await post(paths(id).verify, a, { code });
    expect(right.status).toBe(200);
    expect((await json(right)).journey).toMatchObject({ step: 'offer', phone_masked: null, offer: { kind: 'estimate' } });
    expect(right.headers.get('set-cookie') ?? '').toMatch(/(^|, )__Host-fc_session=/);
    expect((await leadsOf(a)).map((r) => r.subcategory)).toEqual(['1. Contact Details', '2. Valuation Adjustments']);
    expect((await post(paths(id).accept, a, { accept: 'yes' })).status).toBe(200);
  });

  it('resends a code under the sign-in cool-down', async () => {
    const a = await tenant('ti-resend', { verify_phone: true });
    const id = await toContact(a);
    await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT });
    const again = await post(paths(id).verify, a, { resend: 'yes' });
    expect(again.status).toBe(429);
    expect(await json(again)).toEqual({ error: 'Too many verification attempts. Please try again later.' });
    expect(await listSentSms(env.DB, a, '0412345678')).toHaveLength(1);
  });
});

describe('GET /api/trade-in/taxonomy', () => {
  it('answers the lists for entering a car by hand', async () => {
    const a = await tenant('ti-tax');
    const all = await (await call('GET', '/api/trade-in/taxonomy', a)).json<{ makes: string[]; models: string[] }>();
    expect(all.makes).toContain('Toyota');
    expect(all.models).toEqual([]);
    const res = await call('GET', '/api/trade-in/taxonomy?make=Toyota&model=Corolla&year=2022', a);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toMatchObject({ badges: ['Ascent Sport Hybrid', 'SX Hybrid', 'ZR Hybrid'] });
    expect((await call('GET', '/api/trade-in/taxonomy?year=22', a)).status).toBe(400);
  });
});

describe('review fixes (issue 18)', () => {
  it('verify_phone: refuses a phone the sign-in would not text (landline, 1300, international) before any lead or SMS', async () => {
    const a = await tenant('ti-sms-phone', { verify_phone: true });
    const id = await toContact(a);
    for (const phone of ['(07) 3123 4567', '1300 123 456', '+44 7700 900123', '+61 2 9876 5432']) {
      const res = await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT, phone });
      expect(res.status, phone).toBe(400);
      expect((await json(res)).fields, phone).toEqual({ phone: FIELD_ERROR_TEXTS.sms_phone });
    }
    const form = await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT, phone: '1300 123 456', return: '/trade-in' }, { form: true });
    expect(readFormError(location(form).searchParams, 'tradeIn')?.fields).toEqual({ phone: FIELD_ERROR_TEXTS.sms_phone });
    expect(location(form).searchParams.get('trade_in_error_fields')).toBe('phone:sms_phone');
    expect(await leadsOf(a)).toEqual([]);
    expect((await json(await call('GET', paths(id).journey, a))).journey!.step).toBe('contact');
    // Without verify_phone a landline is a fine lead (the lead form's own rules).
    const b = await tenant('ti-sms-phone-off');
    const other = await toContact(b);
    expect((await post(paths(other).contact, b, { lead_id: crypto.randomUUID(), ...CONTACT, phone: '(07) 3123 4567' })).status).toBe(200);
  });

  it("verify_phone: the journey's code obeys the sign-in's address limits (one send path)", async () => {
    const a = await tenant('ti-otp-ip', { verify_phone: true });
    const id = await toContact(a);
    const ip = '192.0.2.77';
    for (let i = 0; i < RATE_LIMITS.otpIp.limit; i++) await hitRateLimits(env.DB, a, [[RATE_LIMITS.otpIp, ip]]);
    const res = await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT }, { ip });
    expect(res.status).toBe(429);
    expect(await json(res)).toEqual({ error: 'Too many verification attempts. Please try again later.' });
    expect(await listSentSms(env.DB, a, '0412345678')).toEqual([]);
  });

  it("stores and delivers '2. Valuation Adjustments' once: concurrent contact posts and retries of a no-estimate car", async () => {
    const a = await tenant('ti-once', { max_age_years: 7 });
    // Each request its own millisecond: a no-estimate offer made twice would differ (contact_by is `now`).
    let clock = Date.now();
    const app = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createTradeInRoutes({ now: () => (clock += 7) }));
    app.onError(onError);
    const id = await toContact(a, 'OLD123', 45_000, 'trade-in', app);
    const leadId = crypto.randomUUID();
    const [one, two] = await Promise.all([
      call('POST', paths(id).contact, a, { lead_id: leadId, ...CONTACT }, {}, app),
      call('POST', paths(id).contact, a, { lead_id: leadId, ...CONTACT }, {}, app),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const shown = [(await json(one)).journey!.offer, (await json(two)).journey!.offer];
    expect(shown[0]).toMatchObject({ kind: 'none', reason: 'over_age' });
    expect(shown[1]).toEqual(shown[0]);
    // A retry (same lead) and a second contact post with another lead_id: the journey as it is, 200.
    const retry = await call('POST', paths(id).contact, a, { lead_id: leadId, ...CONTACT }, {}, app);
    expect((await json(retry)).journey!.offer).toEqual(shown[0]);
    const again = await call('POST', paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT }, {}, app);
    expect(again.status).toBe(200);
    expect((await json(again)).journey).toMatchObject({ lead_id: leadId, offer: shown[0] });
    // A follow-up lost after the offer was stored (a failed write): the next post writes it, once.
    const rows = await leadsOf(a);
    expect(rows.map((r) => r.subcategory)).toEqual(['1. Contact Details', '2. Valuation Adjustments']);
    const adjustments = rows[1]!;
    expect(JSON.parse(adjustments.payload)).toMatchObject({ valuation: shown[0] });
    expect(JSON.parse(rows[0]!.valuation!)).toMatchObject({ offer: shown[0] });
    await env.DB.prepare('DELETE FROM lead_outbox WHERE tenant = ? AND lead_id = ?').bind(a, adjustments.id).run();
    await env.DB.prepare('DELETE FROM leads WHERE tenant = ? AND id = ?').bind(a, adjustments.id).run();
    await call('POST', paths(id).contact, a, { lead_id: leadId, ...CONTACT }, {}, app);
    await call('POST', paths(id).contact, a, { lead_id: leadId, ...CONTACT }, {}, app);
    const after = await leadsOf(a);
    expect(after.filter((r) => r.subcategory === '2. Valuation Adjustments').map((r) => r.id)).toEqual([adjustments.id]);
    expect((await outboxOf(a)).filter((o) => o.lead_id === adjustments.id)).toHaveLength(1);
  });

  it('verify_phone: a verified journey asks no code again (409, no sign-in) and its offer step retries a failed offer', async () => {
    const a = await tenant('ti-verified', { verify_phone: true });
    const id = await toContact(a);
    await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT });
    const code = (await listSentSms(env.DB, a, '0412345678'))[0]!.body.slice(0, 6);
    // The follow-up after the right code fails (this address is out of lead submissions): the code is spent all the same.
    const ip = '192.0.2.88';
    for (let i = 0; i < RATE_LIMITS.leadIp.limit; i++) await hitRateLimits(env.DB, a, [[RATE_LIMITS.leadIp, ip]]);
    const right = await post(paths(id).verify, a, { code }, { ip });
    expect(right.status).toBe(429);
    const state = (await json(await call('GET', paths(id).journey, a))).journey!;
    expect(state.step).toBe('offer');
    expect(state.phone_masked).toBeNull();
    // No code is accepted any more, right or wrong; nobody is signed in by it.
    for (const again of [code, code === '000000' ? '111111' : '000000']) {
      const res = await post(paths(id).verify, a, { code: again });
      expect(res.status).toBe(409);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // The offer step's post (accept) first writes what the failed attempt left out (the follow-up, once), then accepts.
    const retried = await post(paths(id).accept, a, { accept: 'yes' });
    expect(retried.status).toBe(200);
    expect((await leadsOf(a)).map((r) => r.subcategory)).toEqual(['1. Contact Details', '2. Valuation Adjustments', '3. Offer Accepted']);
  });

  it('accepts only with accept=yes: an empty POST accepts nothing', async () => {
    const a = await tenant('ti-accept-empty');
    const id = await toContact(a);
    await post(paths(id).contact, a, { lead_id: crypto.randomUUID(), ...CONTACT });
    const empty = await post(paths(id).accept, a, {});
    expect(empty.status).toBe(400);
    expect((await json(empty)).fields).toEqual({ accept: 'This is a required field.' });
    expect((await json(await call('GET', paths(id).journey, a))).journey!.step).toBe('offer');
    expect((await eventsOf(a)).filter((e) => e.event_id === 18)).toEqual([]);
  });

  it('limits journeys started by hand per address (30 in 10 minutes) with 429 in the house wording', async () => {
    const a = await tenant('ti-start-limit');
    const ip = '192.0.2.60';
    for (let i = 0; i < 30; i++) expect((await post('/api/trade-in/vehicle', a, { journey: 'trade-in', year: 2021, make: 'Mazda', model: 'CX-5' }, { ip })).status).toBe(201);
    const refused = await post('/api/trade-in/vehicle', a, { journey: 'trade-in', year: 2021, make: 'Mazda', model: 'CX-5' }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toEqual({ error: 'Too many submissions. Please try again later.' });
    const form = await post('/api/trade-in/vehicle', a, { journey: 'trade-in', year: 2021, make: 'Mazda', model: 'CX-5', return: '/trade-in' }, { ip, form: true });
    expect(location(form).searchParams.get('trade_in_error')).toBe('rate_limited');
    expect((await post('/api/trade-in/vehicle', a, { journey: 'trade-in', year: 2021, make: 'Mazda', model: 'CX-5' }, { ip: '192.0.2.61' })).status).toBe(201);
  });

  it('deletes expired journeys of every tenant by the (tenant, expires_at) index, never a table scan', async () => {
    const a = await tenant('ti-purge-a');
    const b = await tenant('ti-purge-b');
    const ids = [await toContact(a), await toContact(a), await toContact(b)];
    await env.DB.prepare(`UPDATE trade_in_journeys SET expires_at = ? WHERE id IN (?, ?)`).bind(Date.now() - 1, ids[0], ids[2]).run();
    expect(await deleteExpiredJourneys(env.DB)).toBeGreaterThanOrEqual(2);
    expect((await env.DB.prepare('SELECT id FROM trade_in_journeys WHERE tenant IN (?, ?)').bind(a, b).all<{ id: string }>()).results.map((r) => r.id)).toEqual([ids[1]]);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${DELETE_EXPIRED_JOURNEYS_SQL}`).bind(Date.now()).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.some((d) => /trade_in_journeys USING (COVERING )?INDEX trade_in_journeys_tenant_expires \(tenant=\? AND expires_at<\?\)/.test(d)), details.join(' | ')).toBe(true);
    expect(details.filter((d) => /^SCAN trade_in_journeys\b/.test(d) && !/INDEX/.test(d)), details.join(' | ')).toEqual([]);
  });

  it('logs route patterns, never a journey id, when a read fails', async () => {
    const a = await tenant('ti-logs');
    const id = await toContact(a);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...env, DB: { prepare: () => { throw new Error('D1 down'); } } } as unknown as typeof env;
    const app = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createTradeInRoutes());
    app.onError(onError);
    const res = await app.request(paths(id).journey, { headers: tenantHeaders(a) }, broken, createExecutionContext());
    expect(res.status).toBe(503);
    // Any route failing unexpectedly: the app's onError names the pattern.
    const failing = new Hono<AppEnv>().get('/api/trade-in/journeys/:id/boom', () => { throw new Error('boom'); });
    failing.onError(onError);
    expect((await failing.request(`${paths(id).journey}/boom`, {}, env)).status).toBe(500);
    const text = logged.mock.calls.flat().map(String).join(' ');
    expect(text).toContain('/api/trade-in/journeys/:id');
    expect(text).toContain('GET /api/trade-in/journeys/:id/boom failed');
    expect(text).not.toContain(id);
    logged.mockRestore();
  });
});
