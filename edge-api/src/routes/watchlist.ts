/**
 * The server watchlist of a signed-in shopper (spec §4 Watchlist toggle, §6, §7) and the contact check of spec §7:
 *   POST /api/watchlist/save-car    JSON { phone_number, car_id } -> 200 { success: true } | 400 | 401 | 403 | 404 | 409 | 429 | 503
 *   POST /api/watchlist/remove-car  JSON { phone_number, car_id } -> 200 { success: true } | 400 | 401 | 403 | 404 | 429
 *   GET  /api/watchlist             -> 200 { ids } (newest first) | 401 | 404
 *   GET  /api/check-if-contact-exists?phone_number= -> 200 { exists } for a phone the caller has proven | 400 | 401 | 403 | 429
 * Watchlist refusals are `{ success: false, error }` (spec §8: the page alerts the error text). The shopper is the
 * session's, never the body's phone: the body's phone must be the session's (403 otherwise). D1 `watchlist` rows are
 * per tenant and user id. Logs name the tenant and the error only, never a phone.
 * Without JavaScript, save-car and remove-car also take the plain form (urlencoded `car_id`, `redirect`, optional
 * `phone_number`): a 303 back to `redirect` with `?account_done=saved|removed` or `?account_error=<code>`; signed out, a
 * Save is kept in a 15-minute cookie (contracts WATCHLIST_SAVE_COOKIE) and the shopper sent to sign-in, whose verify
 * saves the car (savePendingCar).
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { AccountFormError } from '@forecourt/contracts/account';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import {
  CHECK_CONTACT_API, CheckContactQuerySchema, WATCHLIST_API, WatchlistChangeRequestSchema,
  type ContactExistsResponse, type WatchlistChangeResponse, type WatchlistIdsResponse,
} from '@forecourt/contracts/api';
import { IdSchema } from '@forecourt/contracts/entities/common';
import { fetchCarById } from '@forecourt/contracts/internal';
import { SESSION_COOKIE, signInPath } from '@forecourt/contracts/routes';
import type { SessionUser } from '@forecourt/contracts/sign-in';
import { formRedirect, isFormRequest, outcomePath, readWatchlistSaveCookie, watchlistSaveCookie } from '../account/forms.ts';
import { isKnownDevice, otpHashKey } from '../auth/code.ts';
import { KNOWN_DEVICE_COOKIE } from '../auth/cookies.ts';
import { findSession } from '../auth/session.ts';
import { describeError, readBody } from '../leads/http.ts';
import { INVALID_PHONE_MESSAGE, normaliseLeadPhone } from '../leads/phone.ts';
import { clientIp, hitRateLimits, type RateLimitRule } from '../leads/rate-limit.ts';
import { pagePath } from '../leads/rules.ts';
import { UNKNOWN_ERROR, jsonError } from '../lib/http.ts';
import type { AppEnv } from '../types.ts';

const MINUTE = 60_000;

/**
 * Watchlist changes per site and address: a shopper clicking through a results page saves and removes a few cars a
 * minute; a script is held back before it makes many lookups in mf-search.
 */
export const WATCHLIST_RATE_LIMIT: RateLimitRule = { name: 'watchlist-ip', limit: 60, windowMs: MINUTE };
/** Contact checks per site and address, every request counted (answered or refused): the page asks once or twice. */
export const CHECK_CONTACT_RATE_LIMIT: RateLimitRule = { name: 'check-contact-ip', limit: 20, windowMs: 10 * MINUTE };

export const WATCHLIST_MESSAGES = {
  notSignedIn: 'Not signed in.',
  otherPhone: 'The phone number must be the one you signed in with.',
  off: 'Not found.',
  noSuchCar: 'No such car.',
  sold: 'This car is sold and cannot be saved.',
  tooMany: 'Too many requests. Please try again later.',
  invalid: 'Invalid request: phone_number and car_id are required.',
} as const;

/** 401/403 of the contact check: the same words whatever the phone, so the refusal says nothing about it. */
export const CHECK_CONTACT_MESSAGES = {
  notSignedIn: 'Sign in to check this phone number.',
  otherPhone: 'You can only check the phone number you signed in with.',
} as const;

export type WatchlistRoutesOptions = { now?: () => number };

const path = (full: string) => full.replace(/^\/api/, '');

/** A watchlist refusal in the shape of spec §7's answer (`success` false) with the text the page alerts. */
const refuse = (c: Context<AppEnv>, status: ContentfulStatusCode, error: string) => c.json<WatchlistChangeResponse>({ success: false, error }, status);

/** The saved car ids of a user on a site, newest first (ties by id, so the order is stable). */
export async function listWatchlist(db: D1Database, tenant: string, userId: string): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT car_id FROM watchlist WHERE tenant = ? AND user_id = ? ORDER BY created_at DESC, car_id DESC')
    .bind(tenant, userId)
    .all<{ car_id: string }>();
  return results.map((r) => r.car_id);
}

/** Whether the user has saved the car on this site. */
const isSaved = async (db: D1Database, tenant: string, userId: string, carId: string) =>
  (await db.prepare('SELECT 1 AS one FROM watchlist WHERE tenant = ? AND user_id = ? AND car_id = ?').bind(tenant, userId, carId).first<number>('one')) === 1;

/** A save's outcome: saved (now or before), not a car of this site's stock, sold and not saved before, or the stock did not answer. */
export type SaveOutcome = 'saved' | 'no-car' | 'sold' | 'failed';

/**
 * Saves a car for a user with spec §4's rules, the one place every save goes through (the JSON and plain forms, and
 * the save a sign-in completes): a car saved before stays saved (no lookup, no event, sold or not); a new save names a
 * car of this site's stock (mf-search `fetchCarById`) that is not sold, and writes the row and analytics 39 once.
 * D1 failures throw; a failed stock lookup is 'failed' (logged with the tenant only).
 */
export async function saveToWatchlist(env: AppEnv['Bindings'], tenant: string, userId: string, carId: string, at: number, page: string): Promise<SaveOutcome> {
  const db = env.DB;
  if (await isSaved(db, tenant, userId, carId)) return 'saved';
  let car;
  try {
    car = env.SEARCH ? await fetchCarById(env.SEARCH, tenant, carId) : null;
  } catch (err) {
    console.error(`edge-api watchlist: car lookup failed for tenant ${tenant}: ${describeError(err)}`);
    return 'failed';
  }
  if (!car || car.id !== carId) return 'no-car';
  if (car.status === 'sold' || car.sold === true) return 'sold';
  // changes() is the watchlist insert just above (same batch, one transaction): a repeat records no second event 39.
  await db.batch([
    db.prepare('INSERT INTO watchlist (tenant, user_id, car_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, user_id, car_id) DO NOTHING')
      .bind(tenant, userId, carId, at),
    db.prepare(
      `INSERT INTO analytics_events (tenant, event_id, page, car_id, meta, created_at)
       SELECT ?1, ?2, ?3, ?4, json_object('source', 'watchlist'), ?5 WHERE changes() = 1`,
    ).bind(tenant, ANALYTICS_EVENTS.SAVE_FAVOURITE, page, carId, at),
  ]);
  return 'saved';
}

/**
 * Completes a signed-out Save after sign-in (auth.ts, on a verified code): the car of the pending-save cookie is saved
 * for the new session's user with saveToWatchlist's rules. Never throws: a sign-in never fails for it. Null when there
 * is nothing to save (no usable cookie, the site's watchlist off); otherwise the outcome as a form code.
 */
export async function savePendingCar(c: Context<AppEnv>, user: SessionUser, cookieValue: string | undefined, at: number, page: string): Promise<{ done: 'saved' } | { error: AccountFormError } | null> {
  const carId = readWatchlistSaveCookie(cookieValue);
  if (!carId || !c.get('siteConfig').features.watchlist) return null;
  try {
    const outcome = await saveToWatchlist(c.env, c.get('tenant'), user.id, carId, at, page);
    return outcome === 'saved' ? { done: 'saved' } : { error: outcome };
  } catch (err) {
    console.error(`edge-api watchlist: pending save not completed for tenant ${c.get('tenant')}: ${describeError(err)}`);
    return { error: 'failed' };
  }
}

export function createWatchlistRoutes(options: WatchlistRoutesOptions = {}) {
  const now = () => (options.now ?? Date.now)();

  /** The signed-in shopper of this tenant, or null (no cookie, a forged or expired one, another tenant's). */
  const sessionUser = (c: Context<AppEnv>, at: number): Promise<SessionUser | null> => findSession(c.env.DB, c.get('tenant'), getCookie(c, SESSION_COOKIE), at);

  /**
   * The checks both changes share: the switch, the session, the body, the phone and the address's allowance. Answers
   * the shopper and car, or the refusal to send.
   */
  async function change(c: Context<AppEnv>, at: number): Promise<{ user: SessionUser; carId: string } | { refusal: Response }> {
    if (!c.get('siteConfig').features.watchlist) return { refusal: refuse(c, 404, WATCHLIST_MESSAGES.off) };
    const user = await sessionUser(c, at);
    if (!user) return { refusal: refuse(c, 401, WATCHLIST_MESSAGES.notSignedIn) };
    const body = await readBody(c);
    if (!body.ok) return { refusal: refuse(c, body.status, body.error) };
    const parsed = v.safeParse(WatchlistChangeRequestSchema, body.kind === 'json' ? body.value : null);
    if (!parsed.success) return { refusal: refuse(c, 400, WATCHLIST_MESSAGES.invalid) };
    const phone = normaliseLeadPhone(parsed.output.phone_number);
    if (!phone) return { refusal: refuse(c, 400, `Invalid request: phone_number: ${INVALID_PHONE_MESSAGE}`) };
    if (phone !== user.phone) return { refusal: refuse(c, 403, WATCHLIST_MESSAGES.otherPhone) };
    const limited = await hitRateLimits(c.env.DB, c.get('tenant'), [[WATCHLIST_RATE_LIMIT, clientIp(c.req.raw.headers)]], at);
    if (!limited.ok) {
      c.header('retry-after', String(limited.retryAfterSeconds));
      return { refusal: refuse(c, 429, WATCHLIST_MESSAGES.tooMany) };
    }
    return { user, carId: parsed.output.car_id };
  }

  /**
   * The plain Save / Remove form (no JavaScript): the same checks and rules as JSON, answered by a 303 to the form's
   * `redirect` with `account_done` or `account_error`. Signed out, a Save waits in the pending-save cookie while the
   * shopper signs in (`/sign-in?type=watchlist&redirect=`); a Remove just goes to sign-in.
   */
  async function formChange(c: Context<AppEnv>, kind: 'save' | 'remove'): Promise<Response> {
    const at = now();
    const form = new URLSearchParams(await c.req.text());
    const redirect = formRedirect(form);
    const fail = (error: AccountFormError) => c.redirect(outcomePath(redirect, { error }), 303);
    if (!c.get('siteConfig').features.watchlist) return fail('failed');
    const car = v.safeParse(IdSchema, form.get('car_id')?.trim() ?? '');
    const user = await sessionUser(c, at);
    if (!user) {
      if (kind === 'save' && car.success) c.header('set-cookie', watchlistSaveCookie(car.output), { append: true });
      return c.redirect(signInPath('watchlist', redirect), 303);
    }
    if (!car.success) return fail('invalid');
    // The page may send the phone (spec §7's body); the shopper is the session's all the same, so it must be theirs.
    const given = form.get('phone_number')?.trim();
    if (given) {
      const phone = normaliseLeadPhone(given);
      if (!phone) return fail('invalid');
      if (phone !== user.phone) return fail('other-phone');
    }
    const limited = await hitRateLimits(c.env.DB, c.get('tenant'), [[WATCHLIST_RATE_LIMIT, clientIp(c.req.raw.headers)]], at);
    if (!limited.ok) {
      c.header('retry-after', String(limited.retryAfterSeconds));
      return fail('too-many');
    }
    if (kind === 'remove') {
      await c.env.DB.prepare('DELETE FROM watchlist WHERE tenant = ? AND user_id = ? AND car_id = ?').bind(c.get('tenant'), user.id, car.output).run();
      return c.redirect(outcomePath(redirect, { done: 'removed' }), 303);
    }
    const outcome = await saveToWatchlist(c.env, c.get('tenant'), user.id, car.output, at, pagePath(c.req.header('referer') ?? redirect));
    return outcome === 'saved' ? c.redirect(outcomePath(redirect, { done: 'saved' }), 303) : fail(outcome);
  }

  return new Hono<AppEnv>()
    .post(path(WATCHLIST_API.save), async (c) => {
      if (isFormRequest(c.req.raw.headers)) return formChange(c, 'save');
      const at = now();
      const checked = await change(c, at);
      if ('refusal' in checked) return checked.refusal;
      // A new save names a car of this site's stock that is still for sale (spec §4: a sold car cannot be newly saved).
      const outcome = await saveToWatchlist(c.env, c.get('tenant'), checked.user.id, checked.carId, at, pagePath(c.req.header('referer') ?? '/'));
      switch (outcome) {
        case 'saved': return c.json<WatchlistChangeResponse>({ success: true }, 200);
        case 'no-car': return refuse(c, 404, WATCHLIST_MESSAGES.noSuchCar);
        case 'sold': return refuse(c, 409, WATCHLIST_MESSAGES.sold);
        case 'failed': return refuse(c, 503, UNKNOWN_ERROR);
      }
    })
    .post(path(WATCHLIST_API.remove), async (c) => {
      if (isFormRequest(c.req.raw.headers)) return formChange(c, 'remove');
      const checked = await change(c, now());
      if ('refusal' in checked) return checked.refusal;
      // Removing a car that is not saved is the same outcome: not in the list.
      await c.env.DB.prepare('DELETE FROM watchlist WHERE tenant = ? AND user_id = ? AND car_id = ?').bind(c.get('tenant'), checked.user.id, checked.carId).run();
      return c.json<WatchlistChangeResponse>({ success: true }, 200);
    })
    .get(path(WATCHLIST_API.list), async (c) => {
      if (!c.get('siteConfig').features.watchlist) return refuse(c, 404, WATCHLIST_MESSAGES.off);
      const user = await sessionUser(c, now());
      if (!user) return refuse(c, 401, WATCHLIST_MESSAGES.notSignedIn);
      return c.json<WatchlistIdsResponse>({ ids: await listWatchlist(c.env.DB, c.get('tenant'), user.id) }, 200);
    })
    .get(path(CHECK_CONTACT_API), async (c) => {
      const at = now();
      const tenant = c.get('tenant');
      // Every request counts, refused ones too: probing other phones is held back like asking about one's own.
      const limited = await hitRateLimits(c.env.DB, tenant, [[CHECK_CONTACT_RATE_LIMIT, clientIp(c.req.raw.headers)]], at);
      if (!limited.ok) {
        c.header('retry-after', String(limited.retryAfterSeconds));
        return jsonError(c, 429, WATCHLIST_MESSAGES.tooMany);
      }
      const parsed = v.safeParse(CheckContactQuerySchema, { phone_number: c.req.query('phone_number') });
      const phone = parsed.success ? normaliseLeadPhone(parsed.output.phone_number) : null;
      if (!phone) return jsonError(c, 400, `Invalid request: phone_number: ${INVALID_PHONE_MESSAGE}`);
      const user = await sessionUser(c, at);
      // The session's own phone: its account exists (the session is one of its users).
      if (user && user.phone === phone) return c.json<ContactExistsResponse>({ exists: true }, 200);
      // A phone this browser verified on this site (the known-device cookie): it may learn whether the account is still there.
      if (await isKnownDevice(otpHashKey(c.env), tenant, phone, getCookie(c, KNOWN_DEVICE_COOKIE), at)) {
        const row = await c.env.DB.prepare('SELECT 1 AS one FROM users WHERE tenant = ? AND phone = ?').bind(tenant, phone).first<number>('one');
        return c.json<ContactExistsResponse>({ exists: row === 1 }, 200);
      }
      // Any other phone: refused with the same words whether or not it has an account.
      return user ? jsonError(c, 403, CHECK_CONTACT_MESSAGES.otherPhone) : jsonError(c, 401, CHECK_CONTACT_MESSAGES.notSignedIn);
    });
}

/** The routes as edge-api mounts them: `app.route('/api', watchlistRoutes)`. */
export const watchlistRoutes = createWatchlistRoutes();
