import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { WATCHLIST_SAVE_COOKIE } from '@forecourt/contracts/account';
import { signInPath } from '@forecourt/contracts/routes';
import { Hono } from 'hono';
import app from '../index.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import type { AppEnv } from '../types.ts';
import { listSentSms } from '../ports/sms/embedded.ts';
import { eventsOf } from '../leads/test-helpers.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { CHECK_CONTACT_MESSAGES, CHECK_CONTACT_RATE_LIMIT, WATCHLIST_MESSAGES, WATCHLIST_RATE_LIMIT, createWatchlistRoutes } from './watchlist.ts';

const SAVE = '/api/watchlist/save-car';
const REMOVE = '/api/watchlist/remove-car';
const LIST = '/api/watchlist';
const CHECK = '/api/check-if-contact-exists';

/** mf-search as the SEARCH binding sees it: three cars in every tenant's stock, one of them sold. */
const CARS: Record<string, object> = {
  'car-1': { ...sampleCar, id: 'car-1', slug: '2021-toyota-corolla-1' },
  'car-2': { ...sampleCar, id: 'car-2', slug: '2022-mazda-cx-5-2' },
  'car-sold': { ...sampleCar, id: 'car-sold', slug: '2019-kia-rio-3', status: 'sold', sold: true },
};
const lookups: string[] = [];
const stock = {
  ...env,
  SEARCH: {
    fetch: async (input: string) => {
      const id = new URL(input).searchParams.get('id') ?? '';
      lookups.push(id);
      const car = CARS[id];
      return car ? Response.json({ car }) : Response.json({ error: 'No such car.' }, { status: 404 });
    },
  },
};

type Handler = { request: typeof app.request };
type Req = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; bindings?: object; handler?: Handler };

/** The routes at one fixed instant (as index.ts mounts them): a rate-limit window cannot end in the middle of a test. */
const frozen = (): Handler => {
  const at = Date.now();
  return new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createWatchlistRoutes({ now: () => at }));
};

async function call(tenant: string, path: string, req: Req = {}): Promise<Response> {
  const headers = tenantHeaders(tenant, { 'content-type': 'application/json', ...req.headers, ...(req.cookie ? { cookie: req.cookie } : {}) });
  const method = req.method ?? (req.body === undefined ? 'GET' : 'POST');
  return (req.handler ?? app).request(`https://${tenant}.example.com.au${path}`, { method, headers, ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }) }, req.bindings ?? stock);
}

/** A mobile number of its own per sign-in: the platform spaces codes to one phone across all sites. */
const newPhone = () => `0412${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')}`;

/** Signs a phone in through /api/auth/otp + /verify: the session cookie and the known-device cookie. */
async function signIn(tenant: string, phone: string): Promise<{ cookie: string; device: string }> {
  expect((await call(tenant, '/api/auth/otp', { body: { phone }, bindings: env })).status).toBe(200);
  const [sms] = await listSentSms(env.DB, tenant, phone);
  const verified = await call(tenant, '/api/auth/verify', { body: { phone, token: sms!.body.slice(0, 6), type: 'sms' }, bindings: env });
  expect(verified.status).toBe(200);
  const cookies = verified.headers.getAll('set-cookie');
  const pick = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))!.split(';')[0]!;
  return { cookie: pick('__Host-fc_session'), device: pick('__Host-fc_known_device') };
}

async function shopper(prefix: string, features: Record<string, boolean> = {}) {
  const tenant = uniqueTenant(prefix);
  await putTenant(tenant, siteConfigInput(tenant, { features } as never));
  const phone = newPhone();
  return { tenant, phone, ...(await signIn(tenant, phone)) };
}

const ip = (n: number) => ({ [CLIENT_IP_HEADER]: `203.0.113.${n}` });
const ids = async (tenant: string, cookie: string) => (await (await call(tenant, LIST, { cookie })).json<{ ids: string[] }>()).ids;
const saves = async (tenant: string) => (await eventsOf(tenant)).filter((e) => e.event_id === ANALYTICS_EVENTS.SAVE_FAVOURITE);
const rows = (tenant: string) => env.DB.prepare('SELECT car_id FROM watchlist WHERE tenant = ?').bind(tenant).all<{ car_id: string }>().then((r) => r.results.map((x) => x.car_id));

describe('POST /api/watchlist/save-car, /remove-car and GET /api/watchlist (spec §4 Watchlist toggle, §7)', () => {
  it('saves, lists newest first, removes: a round trip of the session shopper, the body phone in any written form', async () => {
    const { tenant, phone, cookie } = await shopper('wl-trip');
    expect(await ids(tenant, cookie)).toEqual([]);
    const first = await call(tenant, SAVE, { cookie, body: { phone_number: phone, car_id: 'car-1' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ success: true });
    // '+61 412 ...' is the same phone as '0412...' (the leads' normalisation).
    const spaced = `+61 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    expect((await call(tenant, SAVE, { cookie, body: { phone_number: spaced, car_id: 'car-2' } })).status).toBe(200);
    const list = await call(tenant, LIST, { cookie });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ ids: ['car-2', 'car-1'] });

    const removed = await call(tenant, REMOVE, { cookie, body: { phone_number: phone, car_id: 'car-2' } });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true });
    expect(await ids(tenant, cookie)).toEqual(['car-1']);
    // Removing what is not saved is the same outcome.
    expect((await call(tenant, REMOVE, { cookie, body: { phone_number: phone, car_id: 'car-2' } })).status).toBe(200);
    expect(await rows(tenant)).toEqual(['car-1']);
  });

  it('a repeated save is one row and one event 39 (with the car and the page); a save after a remove counts again', async () => {
    const { tenant, phone, cookie } = await shopper('wl-idem');
    const body = { phone_number: phone, car_id: 'car-1' };
    const page = { referer: `https://${tenant}.example.com.au/cars/2021-toyota-corolla-1?x=1` };
    for (let i = 0; i < 3; i++) expect((await call(tenant, SAVE, { cookie, body, headers: page })).status).toBe(200);
    expect(await rows(tenant)).toEqual(['car-1']);
    const events = await saves(tenant);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_id: 39, page: '/cars/2021-toyota-corolla-1', car_id: 'car-1' });
    expect((await call(tenant, REMOVE, { cookie, body })).status).toBe(200);
    expect(await saves(tenant)).toHaveLength(1);
    expect((await call(tenant, SAVE, { cookie, body })).status).toBe(200);
    expect(await saves(tenant)).toHaveLength(2);
    // Simultaneous saves of one car (a double click): one row, one event.
    const twice = { phone_number: phone, car_id: 'car-2' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(tenant, SAVE, { cookie, body: twice })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await saves(tenant)).filter((e) => e.car_id === 'car-2')).toHaveLength(1);
  });

  it('401 signed out, with a forged cookie, or with a session of another tenant: nothing written', async () => {
    const { tenant, phone, cookie } = await shopper('wl-401');
    const other = await shopper('wl-401-other');
    const body = { phone_number: phone, car_id: 'car-1' };
    const forged = `__Host-fc_session=${'A'.repeat(43)}`;
    for (const c of [undefined, forged, other.cookie, 'garbage=1']) {
      for (const path of [SAVE, REMOVE]) {
        const res = await call(tenant, path, { cookie: c, body });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ success: false, error: WATCHLIST_MESSAGES.notSignedIn });
      }
      expect((await call(tenant, LIST, { cookie: c })).status).toBe(401);
    }
    // The other tenant's shopper saving there with their own session: it does not show here, nor this one's there.
    expect((await call(other.tenant, SAVE, { cookie: other.cookie, body: { phone_number: other.phone, car_id: 'car-2' } })).status).toBe(200);
    expect((await call(tenant, SAVE, { cookie, body })).status).toBe(200);
    expect(await ids(tenant, cookie)).toEqual(['car-1']);
    expect(await ids(other.tenant, other.cookie)).toEqual(['car-2']);
    expect(await rows(tenant)).toEqual(['car-1']);
  });

  it('403 when the body names another phone than the session; 400 for a bad body', async () => {
    const { tenant, phone, cookie } = await shopper('wl-403');
    for (const path of [SAVE, REMOVE]) {
      const res = await call(tenant, path, { cookie, body: { phone_number: '0498765432', car_id: 'car-1' } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, error: WATCHLIST_MESSAGES.otherPhone });
    }
    for (const body of [{ phone_number: phone }, { car_id: 'car-1' }, { phone_number: phone, car_id: '' }, { phone_number: 'abc', car_id: 'car-1' }, { phone_number: '0412', car_id: 'car-1' }, []]) {
      const res = await call(tenant, SAVE, { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/Invalid/) });
    }
    expect(await rows(tenant)).toEqual([]);
    expect(await saves(tenant)).toEqual([]);
  });

  it('404 on a site with the watchlist switched off, signed in or not', async () => {
    const { tenant, phone, cookie } = await shopper('wl-off', { watchlist: false });
    for (const path of [SAVE, REMOVE]) {
      const res = await call(tenant, path, { cookie, body: { phone_number: phone, car_id: 'car-1' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false });
    }
    expect((await call(tenant, LIST, { cookie })).status).toBe(404);
    expect(await rows(tenant)).toEqual([]);
  });

  it('refuses a car not in stock (404) and a sold car not yet saved (409); a saved car that sold stays saveable and removable', async () => {
    const { tenant, phone, cookie } = await shopper('wl-car');
    const unknown = await call(tenant, SAVE, { cookie, body: { phone_number: phone, car_id: 'car-404' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: 'No such car.' });
    // The default SEARCH of these tests knows no car at all.
    expect((await call(tenant, SAVE, { cookie, body: { phone_number: phone, car_id: 'car-1' }, bindings: env })).status).toBe(404);
    const sold = await call(tenant, SAVE, { cookie, body: { phone_number: phone, car_id: 'car-sold' } });
    expect(sold.status).toBe(409);
    expect(await sold.json()).toEqual({ success: false, error: 'This car is sold and cannot be saved.' });
    expect(await rows(tenant)).toEqual([]);
    expect(await saves(tenant)).toEqual([]);

    // Saved while for sale (a row written then), sold since: saving again is still a success, and no new lookup or event.
    await env.DB.prepare('INSERT INTO watchlist (tenant, user_id, car_id, created_at) SELECT tenant, id, ?, ? FROM users WHERE tenant = ?').bind('car-sold', Date.now(), tenant).run();
    lookups.length = 0;
    expect(await (await call(tenant, SAVE, { cookie, body: { phone_number: phone, car_id: 'car-sold' } })).json()).toEqual({ success: true });
    expect(lookups).toEqual([]);
    expect(await saves(tenant)).toEqual([]);
    expect((await call(tenant, REMOVE, { cookie, body: { phone_number: phone, car_id: 'car-sold' } })).status).toBe(200);
    expect(await rows(tenant)).toEqual([]);
  });

  it(`limits each address to ${WATCHLIST_RATE_LIMIT.limit} changes a minute per site (429 with Retry-After)`, async () => {
    const { tenant, phone, cookie } = await shopper('wl-limit');
    const body = { phone_number: phone, car_id: 'car-1' };
    const handler = frozen();
    for (let i = 0; i < WATCHLIST_RATE_LIMIT.limit; i++) {
      expect((await call(tenant, i % 2 ? REMOVE : SAVE, { cookie, body, headers: ip(1), handler })).status).toBe(200);
    }
    const limited = await call(tenant, SAVE, { cookie, body, headers: ip(1), handler });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ success: false, error: WATCHLIST_MESSAGES.tooMany });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await call(tenant, SAVE, { cookie, body, headers: ip(2), handler })).status).toBe(200);
  });
});

describe('GET /api/check-if-contact-exists (spec §7, answers only for a phone the caller has proven)', () => {
  const check = (tenant: string, phone: string, req: Req = {}) => call(tenant, `${CHECK}?phone_number=${encodeURIComponent(phone)}`, req);

  it('answers for the session phone and for a phone this browser verified; refuses any other phone the same way', async () => {
    const { tenant, phone, cookie, device } = await shopper('cc-own');
    const res = await check(tenant, phone, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: true });
    expect(await (await check(tenant, `+61${phone.slice(1)}`, { cookie })).json()).toEqual({ exists: true });
    // Signed out, the browser that verified the phone may still ask about it.
    expect(await (await check(tenant, phone, { cookie: device })).json()).toEqual({ exists: true });

    // Another shopper of the site (an account exists) and a phone nobody used: the same refusal, signed in or out.
    const other = newPhone();
    await signIn(tenant, other);
    const stranger = newPhone();
    for (const [req, status, error] of [[{ cookie }, 403, CHECK_CONTACT_MESSAGES.otherPhone], [{ cookie: device }, 401, CHECK_CONTACT_MESSAGES.notSignedIn], [{}, 401, CHECK_CONTACT_MESSAGES.notSignedIn]] as const) {
      const answers = await Promise.all([check(tenant, other, req), check(tenant, stranger, req)]);
      for (const a of answers) {
        expect(a.status).toBe(status);
        expect(await a.json()).toEqual({ error });
      }
    }
    // Another site's session or device cookie proves nothing here.
    const elsewhere = await shopper('cc-elsewhere');
    expect((await check(tenant, elsewhere.phone, { cookie: elsewhere.cookie })).status).toBe(401);
    expect((await check(tenant, elsewhere.phone, { cookie: elsewhere.device })).status).toBe(401);
    expect((await check(tenant, 'nope')).status).toBe(400);
  });

  it('a verified browser learns that its phone no longer has an account', async () => {
    const { tenant, phone, device } = await shopper('cc-gone');
    await env.DB.prepare('DELETE FROM users WHERE tenant = ? AND phone = ?').bind(tenant, phone).run();
    expect(await (await check(tenant, phone, { cookie: device })).json()).toEqual({ exists: false });
  });

  it(`limits each address to ${CHECK_CONTACT_RATE_LIMIT.limit} checks per window, refused ones counted`, async () => {
    const { tenant, phone, cookie } = await shopper('cc-limit');
    const handler = frozen();
    for (let i = 0; i < CHECK_CONTACT_RATE_LIMIT.limit; i++) {
      expect((await check(tenant, i % 2 ? phone : newPhone(), { cookie: i % 2 ? cookie : undefined, headers: ip(9), handler })).status).toBe(i % 2 ? 200 : 401);
    }
    const limited = await check(tenant, phone, { cookie, headers: ip(9), handler });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: WATCHLIST_MESSAGES.tooMany });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(tenant, phone, { cookie, headers: ip(10), handler })).status).toBe(200);
  });
});

describe('save-car and remove-car without JavaScript (plain form, 303s)', () => {
  const PAGE = '/cars/2021-toyota-corolla-1?ref=home';
  /** The form posted as the page's button does (urlencoded, no JSON). */
  const post = (tenant: string, path: string, form: Record<string, string>, req: Req = {}) => {
    const headers = tenantHeaders(tenant, { 'content-type': 'application/x-www-form-urlencoded', ...req.headers, ...(req.cookie ? { cookie: req.cookie } : {}) });
    return (req.handler ?? app).request(`https://${tenant}.example.com.au${path}`, { method: 'POST', headers, body: new URLSearchParams(form).toString() }, req.bindings ?? stock);
  };
  const where = (res: Response) => res.headers.get('location');

  it('saves and removes for the session shopper, back to the page with account_done (merged into its query), event 39 once', async () => {
    const { tenant, phone, cookie } = await shopper('wl-form');
    const saved = await post(tenant, SAVE, { car_id: 'car-1', redirect: `${PAGE}&account_error=sold` }, { cookie, headers: { referer: `https://${tenant}.example.com.au${PAGE}` } });
    expect(saved.status).toBe(303);
    expect(where(saved)).toBe(`${PAGE}&account_done=saved`);
    expect(await rows(tenant)).toEqual(['car-1']);
    // Again, and with the page's phone field (the session's phone in another written form): the same outcome, no second event.
    expect(where(await post(tenant, SAVE, { car_id: 'car-1', phone_number: `+61${phone.slice(1)}`, redirect: PAGE }, { cookie }))).toBe(`${PAGE}&account_done=saved`);
    expect(await saves(tenant)).toMatchObject([{ event_id: 39, page: '/cars/2021-toyota-corolla-1', car_id: 'car-1' }]);

    const removed = await post(tenant, REMOVE, { car_id: 'car-1', redirect: '/watchlist' }, { cookie });
    expect(removed.status).toBe(303);
    expect(where(removed)).toBe('/watchlist?account_done=removed');
    expect(await rows(tenant)).toEqual([]);
    // An off-site redirect comes back to the home page.
    expect(where(await post(tenant, REMOVE, { car_id: 'car-1', redirect: 'https://evil.example/' }, { cookie }))).toBe('/?account_done=removed');
  });

  it('answers refusals with their codes and writes nothing', async () => {
    const { tenant, cookie } = await shopper('wl-form-bad');
    const cases: Array<[Record<string, string>, string]> = [
      [{ car_id: 'car-sold' }, 'sold'],
      [{ car_id: 'car-404' }, 'no-car'],
      [{ car_id: '' }, 'invalid'],
      [{ car_id: 'car-1', phone_number: '0498765432' }, 'other-phone'],
      [{ car_id: 'car-1', phone_number: 'abc' }, 'invalid'],
    ];
    for (const [fields, code] of cases) {
      const res = await post(tenant, SAVE, { ...fields, redirect: '/search?account_done=saved' }, { cookie });
      expect(res.status).toBe(303);
      expect(where(res), JSON.stringify(fields)).toBe(`/search?account_error=${code}`);
    }
    expect(await rows(tenant)).toEqual([]);
    expect(await saves(tenant)).toEqual([]);
    const off = await shopper('wl-form-off', { watchlist: false });
    expect(where(await post(off.tenant, SAVE, { car_id: 'car-1', redirect: '/search' }, { cookie: off.cookie }))).toBe('/search?account_error=failed');
    expect(await rows(off.tenant)).toEqual([]);
  });

  it('signed out (or another tenant’s session): Save keeps the car in a 15-minute cookie and goes to sign-in; Remove just goes to sign-in', async () => {
    const { tenant } = await shopper('wl-form-anon');
    const other = await shopper('wl-form-anon-other');
    for (const cookie of [undefined, other.cookie]) {
      const res = await post(tenant, SAVE, { car_id: 'car-1', redirect: PAGE }, { cookie });
      expect(res.status).toBe(303);
      expect(where(res)).toBe(signInPath('watchlist', PAGE));
      expect(res.headers.getAll('set-cookie')).toEqual([`${WATCHLIST_SAVE_COOKIE}=car-1; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=900`]);
    }
    const remove = await post(tenant, REMOVE, { car_id: 'car-1', redirect: PAGE });
    expect(where(remove)).toBe(signInPath('watchlist', PAGE));
    expect(remove.headers.getAll('set-cookie')).toEqual([]);
    // A car id that is not one is not kept.
    expect((await post(tenant, SAVE, { car_id: '', redirect: PAGE })).headers.getAll('set-cookie')).toEqual([]);
    expect(await rows(tenant)).toEqual([]);
  });

  it('JSON callers keep spec §7’s answers (401 JSON signed out, no cookie)', async () => {
    const { tenant, phone } = await shopper('wl-form-json');
    const res = await call(tenant, SAVE, { body: { phone_number: phone, car_id: 'car-1' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: WATCHLIST_MESSAGES.notSignedIn });
    expect(res.headers.getAll('set-cookie')).toEqual([]);
  });

  it(`counts form changes against ${WATCHLIST_RATE_LIMIT.name} too (account_error=too-many)`, async () => {
    const { tenant, cookie } = await shopper('wl-form-limit');
    const handler = frozen();
    for (let i = 0; i < WATCHLIST_RATE_LIMIT.limit; i++) {
      expect(where(await post(tenant, i % 2 ? REMOVE : SAVE, { car_id: 'car-1', redirect: '/watchlist' }, { cookie, headers: ip(3), handler }))).toMatch(/account_done/);
    }
    const limited = await post(tenant, SAVE, { car_id: 'car-2', redirect: '/watchlist' }, { cookie, headers: ip(3), handler });
    expect(where(limited)).toBe('/watchlist?account_error=too-many');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
