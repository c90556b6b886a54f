/**
 * The opt-out of alert texts (issue 16: "every message carries an opt-out link; opt-out works without sign-in via a
 * signed link"):
 *   POST /api/alerts/opt-out  JSON OptOutRequest `{ t }` -> 200 `{ ok: true }` | 400 `{ error }` | 429
 *                              or mf-account's plain form (`t`, same-site `redirect`) -> 303 to the redirect with
 *                              `?account_done=opted-out` or `?account_error=link`
 * The token (alerts/token.ts) names the user and is signed for this tenant: a tampered, expired or other tenant's token
 * changes nothing. A valid one turns the account's `sms_alerts` off and cancels its pending alerts; no session needed.
 * Every request counts against a per-address limit (tokens cannot be guessed, but a script is held back anyway).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ACCOUNT_API, ACCOUNT_DONE_PARAM, ACCOUNT_ERROR_PARAM, ACCOUNT_FORM_ERRORS, ALERTS_STOP_PATH, OptOutRequestSchema } from '@forecourt/contracts/account';
import { safeRedirectPath, withQueryParams } from '@forecourt/contracts/redirects';
import { alertLinkKey, verifyOptOut } from '../alerts/token.ts';
import { describeError, readBody } from '../leads/http.ts';
import { clientIp, hitRateLimits, type RateLimitRule } from '../leads/rate-limit.ts';
import { UNKNOWN_ERROR, jsonError } from '../lib/http.ts';
import type { AppEnv } from '../types.ts';

/** Opt-outs per site and address: a shopper taps the link once or twice. */
export const OPT_OUT_RATE_LIMIT: RateLimitRule = { name: 'alerts-opt-out-ip', limit: 20, windowMs: 10 * 60_000 };

export const OPT_OUT_MESSAGES = {
  link: ACCOUNT_FORM_ERRORS.link,
  invalid: 'Invalid request: t is required.',
  tooMany: 'Too many requests. Please try again later.',
} as const;

export type AlertRoutesOptions = { now?: () => number };

const path = (full: string) => full.replace(/^\/api/, '');

/** Turns a user's alerts off and cancels what was waiting to be texted (one batch). */
export async function optOutUser(db: D1Database, tenant: string, userId: string, now: number): Promise<boolean> {
  const [user] = await db.batch([
    db.prepare('UPDATE users SET sms_alerts = 0, updated_at = ? WHERE tenant = ? AND id = ?').bind(now, tenant, userId),
    db.prepare("UPDATE alert_outbox SET status = 'cancelled' WHERE tenant = ? AND user_id = ? AND status = 'pending'").bind(tenant, userId),
  ]);
  return (user?.meta.changes ?? 0) > 0;
}

export function createAlertRoutes(options: AlertRoutesOptions = {}) {
  const now = () => (options.now ?? Date.now)();
  return new Hono<AppEnv>().post(path(ACCOUNT_API.optOut), async (c) => {
    const at = now();
    const tenant = c.get('tenant');
    const body = await readBody(c, { form: true });
    const form = body.ok && body.kind === 'form' ? body.form : null;
    const redirect = safeRedirectPath(form?.get('redirect') ?? ALERTS_STOP_PATH);
    const answer = (outcome: 'done' | 'link', status: 200 | 400 = outcome === 'done' ? 200 : 400) =>
      form
        ? c.redirect(withQueryParams(redirect, outcome === 'done' ? { t: null, [ACCOUNT_DONE_PARAM]: 'opted-out', [ACCOUNT_ERROR_PARAM]: null } : { [ACCOUNT_ERROR_PARAM]: 'link', [ACCOUNT_DONE_PARAM]: null }), 303)
        : outcome === 'done'
          ? c.json({ ok: true as const }, 200)
          : jsonError(c, status, OPT_OUT_MESSAGES.link);

    const limited = await hitRateLimits(c.env.DB, tenant, [[OPT_OUT_RATE_LIMIT, clientIp(c.req.raw.headers)]], at);
    if (!limited.ok) {
      c.header('retry-after', String(limited.retryAfterSeconds));
      return jsonError(c, 429, OPT_OUT_MESSAGES.tooMany);
    }
    if (!body.ok) return jsonError(c, body.status, body.error);
    const parsed = v.safeParse(OptOutRequestSchema, body.kind === 'form' ? { t: body.form.get('t') ?? '' } : body.value);
    if (!parsed.success) return form ? answer('link') : jsonError(c, 400, OPT_OUT_MESSAGES.invalid);

    let userId: string | null;
    try {
      userId = await verifyOptOut(alertLinkKey(c.env), tenant, parsed.output.t, at);
    } catch (error) {
      console.error(`edge-api alerts opt-out: tenant ${tenant}: ${describeError(error)}`);
      return jsonError(c, 503, UNKNOWN_ERROR);
    }
    if (!userId) return answer('link');
    // A valid token of a user deleted since ("delete my data") has nothing left to text: the same answer, done.
    await optOutUser(c.env.DB, tenant, userId, at);
    return answer('done');
  });
}

/** The route as edge-api mounts it: `app.route('/api', alertRoutes)`. */
export const alertRoutes = createAlertRoutes();
