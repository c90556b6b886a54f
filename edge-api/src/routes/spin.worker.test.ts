import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { kvContentKey, type SpinCampaign } from '@forecourt/contracts/content';
import { SPIN_ERROR_TEXTS, SPIN_LEAD_CATEGORY, campaignDatesText, type SpinAnswer, type SpinStatus } from '@forecourt/contracts/spin';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import app from '../index.ts';
import { relayOutbox } from '../outbox/index.ts';
import { listCrmInbox } from '../ports/crm/embedded.ts';
import { listSentSms } from '../ports/sms/embedded.ts';
import type { SpinDocument } from '../leads/store.ts';
import { outboxOf } from '../leads/test-helpers.ts';
import { scopedHash } from '../leads/rate-limit.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';

const HOST = 'https://spin.example.com.au';

/** A campaign open today; `prizes` decide what can be drawn. */
const campaign = (overrides: Partial<SpinCampaign> = {}): SpinCampaign => ({
  id: 'summer-spin',
  title: 'Summer Spin to Win',
  starts: '2020-01-01',
  ends: '2099-12-31',
  terms_href: '/spin-to-win-terms',
  prizes: [
    { id: 'fuel-card', label: '$50 fuel card', weight: 1, win: true, claim: 'Bring this phone to the service desk.' },
    // Weight 0: never drawn, so these tests know the outcome.
    { id: 'no-luck', label: 'Better luck next time', weight: 0, win: false },
  ],
  ...overrides,
});
const onlyMiss = campaign({ prizes: [{ id: 'fuel-card', label: '$50 fuel card', weight: 0, win: true }, { id: 'no-luck', label: 'Better luck next time', weight: 5, win: false }] });

async function spinTenant(prefix: string, spin: SpinCampaign | null = campaign()): Promise<string> {
  const slug = uniqueTenant(prefix);
  await putTenant(slug);
  if (spin) await env.CONFIG.put(kvContentKey(slug), JSON.stringify({ spin }));
  return slug;
}

type Req = { method?: string; body?: unknown; form?: Record<string, string>; cookie?: string; headers?: Record<string, string> };
async function call(tenant: string, req: Req = {}, path = '/api/spin-to-win'): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = tenantHeaders(tenant, { ...req.headers, ...(req.cookie ? { cookie: req.cookie } : {}) });
  let body: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form).toString();
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const res = await app.request(`${HOST}${path}`, { method: req.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const spin = (tenant: string, cookie?: string, body: unknown = { campaign_id: 'summer-spin' }, headers?: Record<string, string>) =>
  call(tenant, { body, ...(cookie ? { cookie } : {}), ...(headers ? { headers } : {}) });

/** A mobile number of its own per sign-in: the platform spaces codes to one phone across all sites. */
const newPhone = () => `0412${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')}`;

/** A real session of a phone on a tenant, made through the sign-in endpoints. */
async function signIn(tenant: string, phone = newPhone(), profile: Record<string, string> = {}): Promise<string> {
  expect((await call(tenant, { body: { phone, ...profile } }, '/api/auth/otp')).status).toBe(200);
  const local = phone.replace(/\s+/g, '');
  const [sms] = await listSentSms(env.DB, tenant, local);
  const verified = await call(tenant, { body: { phone: local, token: sms!.body.slice(0, 6), type: 'sms' } }, '/api/auth/verify');
  expect(verified.status).toBe(200);
  return verified.headers.getAll('set-cookie').find((c) => c.startsWith('__Host-fc_session='))!.split(';')[0]!;
}

const spinsOf = (tenant: string) => env.DB.prepare('SELECT campaign_id, phone_hash, prize_id, prize_label, won, lead_id FROM spins WHERE tenant = ? ORDER BY rowid').bind(tenant).all().then((r) => r.results);
const leadsOf = (tenant: string) => env.DB.prepare('SELECT id, category, subcategory, payload, contact_phone FROM leads WHERE tenant = ?').bind(tenant).all<{ id: string; category: string; subcategory: string; payload: string; contact_phone: string }>().then((r) => r.results);

describe('POST /api/spin-to-win (issue 14: one spin per signed-in phone, drawn on the server)', () => {
  it('refuses a shopper who is not signed in (401), and a cookie that names no session', async () => {
    const t = await spinTenant('spin-anon');
    const res = await spin(t);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: SPIN_ERROR_TEXTS.sign_in });
    expect((await spin(t, `__Host-fc_session=${'a'.repeat(43)}`)).status).toBe(401);
    expect((await call(t)).status).toBe(401);
    expect(await spinsOf(t)).toEqual([]);
  });

  it('is a 404 on a tenant without a campaign', async () => {
    const t = await spinTenant('spin-none', null);
    const cookie = await signIn(t);
    const res = await spin(t, cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: SPIN_ERROR_TEXTS.no_campaign });
    expect((await call(t, { cookie })).status).toBe(404);
  });

  it('draws once, records the win, sends it to the CRM as a lead; the second try is refused with the same outcome', async () => {
    const t = await spinTenant('spin-once');
    const phone = newPhone();
    const cookie = await signIn(t, phone, { first_name: 'Jo', last_name: 'Spinner', email: 'Jo@Example.com' });
    expect(await (await call(t, { cookie })).json()).toEqual({ campaign_id: 'summer-spin', prize: null });

    const first = await spin(t, cookie);
    expect(first.status).toBe(201);
    const answer = (await first.json()) as SpinAnswer;
    expect(answer).toEqual({
      campaign_id: 'summer-spin', already_spun: false, lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      prize: { id: 'fuel-card', label: '$50 fuel card', win: true, claim: 'Bring this phone to the service desk.' },
    });
    // No contact details in the spin: the phone as SHA-256 of tenant and phone.
    expect(await spinsOf(t)).toEqual([{ campaign_id: 'summer-spin', phone_hash: await scopedHash(t, phone), prize_id: 'fuel-card', prize_label: '$50 fuel card', won: 1, lead_id: answer.lead_id }]);

    // The lead: the session's contact, the prize as subcategory, delivered by the outbox's fast path.
    const [lead] = await leadsOf(t);
    expect(lead).toMatchObject({ id: answer.lead_id, category: SPIN_LEAD_CATEGORY, subcategory: '$50 fuel card', contact_phone: phone });
    const doc = JSON.parse(lead!.payload) as SpinDocument;
    expect(doc.payload).toMatchObject({ category: SPIN_LEAD_CATEGORY, phone, name: 'Jo', last_name: 'Spinner', email: 'jo@example.com' });
    expect(doc.spin).toMatchObject({ campaign_id: 'summer-spin', prize_id: 'fuel-card', claim: 'Bring this phone to the service desk.' });
    expect(await outboxOf(t)).toEqual([{ lead_id: answer.lead_id, target: 'crm', state: 'delivered' }]);
    const inbox = await listCrmInbox(env.DB, t);
    expect(inbox.map((r) => r.lead_id)).toEqual([answer.lead_id]);
    expect(JSON.parse(inbox[0]!.payload)).toMatchObject({ category: SPIN_LEAD_CATEGORY, subcategory: '$50 fuel card' });

    // The winner is texted the prize and how to claim it (the embedded SMS port's outbox), once.
    const [text] = await listSentSms(env.DB, t, phone);
    expect(text!.body).toBe('Test Motors: you won $50 fuel card in Summer Spin to Win. Bring this phone to the service desk.');

    const second = await spin(t, cookie);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ ...answer, already_spun: true, error: 'You have already spun the wheel for this promotion.' });
    expect(await spinsOf(t)).toHaveLength(1);
    expect(await leadsOf(t)).toHaveLength(1);
    expect(await (await call(t, { cookie })).json()).toEqual({ campaign_id: 'summer-spin', prize: answer.prize, lead_id: answer.lead_id });
    expect((await listSentSms(env.DB, t, phone)).filter((m) => m.body.includes('you won'))).toHaveLength(1);
  });

  it('never draws twice for two simultaneous requests of one phone: one row, one lead, both answers the same prize', async () => {
    const t = await spinTenant('spin-race', campaign({ prizes: [
      { id: 'fuel-card', label: '$50 fuel card', weight: 1, win: true },
      { id: 'service', label: 'Free service', weight: 1, win: true },
      { id: 'no-luck', label: 'Better luck next time', weight: 1, win: false },
    ] }));
    const cookie = await signIn(t);
    const answers = await Promise.all([spin(t, cookie), spin(t, cookie), spin(t, cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as SpinAnswer[];
    expect(new Set(bodies.map((b) => b.prize.id)).size).toBe(1);
    const rows = await spinsOf(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ prize_id: bodies[0]!.prize.id });
    await relayOutbox(env, { now: Date.now() + 1000 });
    const won = bodies[0]!.prize.win;
    expect(await leadsOf(t)).toHaveLength(won ? 1 : 0);
    expect(await listCrmInbox(env.DB, t)).toHaveLength(won ? 1 : 0);
  });

  it('gives away no more of a prize than its quantity (the terms’ prize pool): once all are won, it is not drawn', async () => {
    const t = await spinTenant('spin-pool', campaign({ prizes: [
      { id: 'voucher', label: '$500 voucher', weight: 1_000_000, win: true, quantity: 2 },
      { id: 'no-luck', label: 'Better luck next time', weight: 1, win: false },
    ] }));
    // Both vouchers already won by other phones.
    for (const n of [1, 2]) {
      await env.DB.prepare('INSERT INTO spins (tenant, campaign_id, phone_hash, prize_id, prize_label, won, lead_id, created_at) VALUES (?, ?, ?, ?, ?, 1, NULL, ?)')
        .bind(t, 'summer-spin', await scopedHash(t, `04000000${n}0`), 'voucher', '$500 voucher', Date.now())
        .run();
    }
    const res = await spin(t, await signIn(t));
    expect(res.status).toBe(201);
    expect(((await res.json()) as SpinAnswer).prize).toMatchObject({ id: 'no-luck', win: false });
    const counts = await env.DB.prepare('SELECT prize_id, COUNT(*) AS n FROM spins WHERE tenant = ? GROUP BY prize_id ORDER BY prize_id').bind(t).all();
    expect(counts.results).toEqual([{ prize_id: 'no-luck', n: 1 }, { prize_id: 'voucher', n: 2 }]);
  });

  it('records a miss without a lead; another phone spins for itself', async () => {
    const t = await spinTenant('spin-miss', onlyMiss);
    const [one, two] = [newPhone(), newPhone()];
    const a = await spin(t, await signIn(t, one));
    expect(a.status).toBe(201);
    expect(await a.json()).toEqual({ campaign_id: 'summer-spin', already_spun: false, prize: { id: 'no-luck', label: 'Better luck next time', win: false } });
    const b = await spin(t, await signIn(t, two));
    expect(b.status).toBe(201);
    expect((await spinsOf(t)).map((r) => r.phone_hash)).toEqual([await scopedHash(t, one), await scopedHash(t, two)]);
    expect(await leadsOf(t)).toEqual([]);
    expect(await outboxOf(t)).toEqual([]);
    // A miss is not texted (only the sign-in code went to the phone).
    expect((await listSentSms(env.DB, t, one)).map((m) => m.body)).toEqual([expect.stringMatching(/^\d{6} is your /)]);
  });

  it("does not let another tenant's session spin here", async () => {
    const here = await spinTenant('spin-here');
    const elsewhere = await spinTenant('spin-elsewhere');
    const cookie = await signIn(elsewhere);
    expect((await spin(here, cookie)).status).toBe(401);
    expect(await spinsOf(here)).toEqual([]);
  });

  it("refuses outside the campaign's dates with the dates, and a page showing another campaign", async () => {
    const ended = await spinTenant('spin-ended', campaign({ starts: '2020-01-01', ends: '2020-12-31' }));
    const res = await spin(ended, await signIn(ended));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: campaignDatesText({ starts: '2020-01-01', ends: '2020-12-31' }, 'ended') });
    const upcoming = await spinTenant('spin-upcoming', campaign({ starts: '2098-01-01', ends: '2099-01-01' }));
    const early = await spin(upcoming, await signIn(upcoming));
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toMatch(/^This promotion has not started yet\. It runs from 1 January 2098/);
    const t = await spinTenant('spin-changed');
    const cookie = await signIn(t);
    const changed = await spin(t, cookie, { campaign_id: 'last-year' });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toEqual({ error: SPIN_ERROR_TEXTS.changed });
    expect((await spin(t, cookie, { phone: '0499999999' })).status).toBe(400);
    expect((await spin(t, cookie, 'not json' as unknown)).status).toBe(400);
    expect(await spinsOf(ended)).toEqual([]);
  });

  it('limits spins per address', async () => {
    const t = await spinTenant('spin-limit', onlyMiss);
    const ip = { [CLIENT_IP_HEADER]: '203.0.113.9' };
    let last: Response | null = null;
    for (let i = 0; i < 21; i++) last = await spin(t, await signIn(t), undefined, ip);
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await last!.json()).toEqual({ error: SPIN_ERROR_TEXTS.rate_limited });
    expect(await spinsOf(t)).toHaveLength(20);
  });

  it('works without JavaScript: 303 back to the page with the prize, sign-in when signed out, the refusal as a code', async () => {
    const t = await spinTenant('spin-form');
    const anonymous = await call(t, { form: { campaign_id: 'summer-spin' } });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/sign-in?type=spin-to-win&redirect=%2Fspin-to-win&back=%2Fspin-to-win');
    const cookie = await signIn(t);
    const first = await call(t, { form: { campaign_id: 'summer-spin' }, cookie });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/spin-to-win?spin=fuel-card');
    const again = await call(t, { form: { campaign_id: 'summer-spin' }, cookie });
    expect(again.headers.get('location')).toBe('/spin-to-win?spin=fuel-card&spin_error=already_spun');
    const stale = await spinTenant('spin-form-stale');
    const other = await call(stale, { form: { campaign_id: 'old-one' }, cookie: await signIn(stale) });
    expect(other.headers.get('location')).toBe('/spin-to-win?spin_error=changed');
    expect(await leadsOf(t)).toHaveLength(1);
  });

  it('answers the status of a spin whose lead was lost, and writes that lead on the next try', async () => {
    const t = await spinTenant('spin-repair');
    const cookie = await signIn(t);
    const first = (await (await spin(t, cookie)).json()) as SpinAnswer;
    // As if the Worker died between the spin and its lead.
    await env.DB.batch([
      env.DB.prepare('DELETE FROM lead_outbox WHERE tenant = ?').bind(t),
      env.DB.prepare('DELETE FROM crm_inbox WHERE tenant = ?').bind(t),
      env.DB.prepare('DELETE FROM leads WHERE tenant = ?').bind(t),
    ]);
    const again = await spin(t, cookie);
    expect(again.status).toBe(409);
    expect(((await again.json()) as SpinAnswer).prize.id).toBe(first.prize.id);
    expect((await leadsOf(t)).map((l) => l.id)).toEqual([first.lead_id]);
    expect(await outboxOf(t)).toEqual([{ lead_id: first.lead_id, target: 'crm', state: 'delivered' }]);
    const status = (await (await call(t, { cookie })).json()) as SpinStatus;
    expect(status.prize?.id).toBe(first.prize.id);
  });
});
