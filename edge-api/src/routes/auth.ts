/**
 * One-time-code sign-in (spec §6 Users, §7 One-time-code sign-in, §8 texts, §9 OTP 6 digits). Paths: contracts SIGN_IN_API.
 *   POST /api/auth/otp       JSON SendCodeRequest or the no-JS form -> 200 { ok, expires_in } | 303 | 400 | 429 { error, retry_after } | 503
 *   POST /api/auth/verify    JSON VerifyCodeRequest or the no-JS form -> 200 { user } + session and known-device cookies | 303 | 400 | 429
 *                            (a Save made signed out, kept in contracts WATCHLIST_SAVE_COOKIE, is completed and the cookie cleared)
 *   POST /api/auth/sign-out  -> 200 { ok: true } | 303 '/', the session row deleted and the cookie cleared
 *   GET  /api/auth/session   -> 200 { user } | 401 { error }
 * Logs name the tenant and the error only, never a phone or a code.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { OTP_TTL_MS, PENDING_PHONE_COOKIE, SIGN_IN_API, SIGN_IN_MESSAGES, safeRedirectPath, type SendCodeResponse, type SessionResponse } from '@forecourt/contracts/sign-in';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import { WATCHLIST_SAVE_COOKIE } from '@forecourt/contracts/account';
import { clearWatchlistSaveCookie, outcomePath } from '../account/forms.ts';
import { pagePath } from '../leads/rules.ts';
import { savePendingCar } from './watchlist.ts';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { describeError, readBody } from '../leads/http.ts';
import { knownDeviceToken, otpHashKey } from '../auth/code.ts';
import { sendOneTimeCode } from '../auth/send-code.ts';
import { KNOWN_DEVICE_COOKIE, clearPendingPhoneCookie, clearSessionCookie, knownDeviceCookie, pendingPhoneCookie, sessionCookie } from '../auth/cookies.ts';
import { formToken, signInLocation, signInReturn } from '../auth/form.ts';
import { verifyCode } from '../auth/otp.ts';
import { parseSendCode, parseVerifyCode, sendCodeFormFields } from '../auth/requests.ts';
import { deleteSession, lookupSession, touchSession } from '../auth/session.ts';

export const NOT_SIGNED_IN_MESSAGE = 'Not signed in.';

const path = (full: string) => full.replace(/^\/api/, '');
const setCookie = (c: Context, value: string) => c.header('set-cookie', value, { append: true });
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

type Failure = { status: 400 | 429 | 503; error: string; fields?: Record<string, string>; retryAfter?: number };

export type AuthRoutesOptions = { now?: () => number };

export function createAuthRoutes(options: AuthRoutesOptions = {}) {
  // Read at each call (not captured), so a test's clock applies.
  const now = options.now ?? (() => Date.now());

  return new Hono<AppEnv>()
    .post(path(SIGN_IN_API.sendCode), async (c) => {
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const form = body.kind === 'form' ? body.form : null;
      const fail = (f: Failure) => {
        if (f.retryAfter) c.header('retry-after', String(f.retryAfter));
        if (form) return c.redirect(signInLocation(signInReturn(form), { error: f.error }), 303);
        return c.json({
          error: f.error,
          ...(f.fields && Object.keys(f.fields).length > 0 ? { fields: f.fields } : {}),
          ...(f.status === 429 && f.retryAfter ? { retry_after: f.retryAfter } : {}),
        }, f.status);
      };
      // A malformed request is refused before anything is counted: it never uses up an address's allowance.
      const parsed = parseSendCode(form ? sendCodeFormFields(form) : body.kind === 'json' ? body.value : null);
      if (!parsed.ok) return fail({ status: 400, error: parsed.error, fields: parsed.fields });
      const { phone, profile } = parsed.value;
      const tenant = c.get('tenant');
      const sent = await sendOneTimeCode({
        env: c.env, tenant, siteName: c.get('siteConfig').name, phone, profile, headers: c.req.raw.headers,
        knownDeviceCookie: getCookie(c, KNOWN_DEVICE_COOKIE), now: now(), caller: SIGN_IN_API.sendCode,
      });
      if (!sent.ok) return fail({ status: sent.status, error: sent.error, ...(sent.fields ? { fields: sent.fields } : {}), ...(sent.retryAfter ? { retryAfter: sent.retryAfter } : {}) });

      if (form) {
        setCookie(c, pendingPhoneCookie(phone));
        return c.redirect(signInLocation(signInReturn(form), { step: 'code' }), 303);
      }
      return c.json<SendCodeResponse>({ ok: true, expires_in: Math.round(OTP_TTL_MS / 1000) }, 200);
    })
    .post(path(SIGN_IN_API.verify), async (c) => {
      const body = await readBody(c, { form: true });
      if (!body.ok) return jsonError(c, body.status, body.error);
      const form = body.kind === 'form' ? body.form : null;
      const fail = (f: Failure, step: 'code' | null = 'code') => {
        if (f.retryAfter) c.header('retry-after', String(f.retryAfter));
        if (form) return c.redirect(signInLocation(signInReturn(form), { ...(step ? { step } : {}), error: f.error }), 303);
        return c.json({ error: f.error, ...(f.fields && Object.keys(f.fields).length > 0 ? { fields: f.fields } : {}) }, f.status);
      };
      const tenant = c.get('tenant');
      let input: unknown = body.kind === 'json' ? body.value : null;
      if (form) {
        const phone = form.get('phone')?.trim() || getCookie(c, PENDING_PHONE_COOKIE);
        // Without a phone (its cookie lasts as long as the code) there is no code to verify: back to the first step.
        if (!phone) return fail({ status: 400, error: SIGN_IN_MESSAGES.invalidCode }, null);
        input = { phone, token: formToken(form) };
      }
      const parsed = parseVerifyCode(input);
      if (!parsed.ok) return fail({ status: 400, error: form ? Object.values(parsed.fields)[0] ?? parsed.error : parsed.error, fields: parsed.fields });

      let outcome;
      let device: string | null = null;
      try {
        const key = otpHashKey(c.env);
        const at = now();
        outcome = await verifyCode(c.env.DB, key, tenant, parsed.value.phone, parsed.value.token, at);
        if (outcome.ok) {
          // A shopper signing in again (or as another phone) leaves no older session of this browser behind.
          await deleteSession(c.env.DB, tenant, getCookie(c, SESSION_COOKIE));
          // This browser has proven the phone here: its next codes skip the back-off (README "Sign-in" > "Limits").
          device = await knownDeviceToken(key, tenant, parsed.value.phone, at);
        }
      } catch (err) {
        console.error(`edge-api ${SIGN_IN_API.verify} failed for tenant ${tenant}: ${describeError(err)}`);
        return fail({ status: 503, error: SIGN_IN_MESSAGES.unknownVerification, retryAfter: 5 });
      }
      if (!outcome.ok) {
        return outcome.reason === 'too-many'
          ? fail({ status: 429, error: SIGN_IN_MESSAGES.tooManyAttempts })
          : fail({ status: 400, error: SIGN_IN_MESSAGES.invalidCode });
      }
      setCookie(c, sessionCookie(outcome.token));
      setCookie(c, clearPendingPhoneCookie());
      if (device) setCookie(c, knownDeviceCookie(device));
      const redirect = form ? safeRedirectPath(form.get('redirect')) : null;
      // A Save the shopper made signed out (the plain form) is done now, for this session's user; it never fails the sign-in.
      const pendingSave = getCookie(c, WATCHLIST_SAVE_COOKIE);
      let saved: Awaited<ReturnType<typeof savePendingCar>> = null;
      if (pendingSave !== undefined) {
        setCookie(c, clearWatchlistSaveCookie());
        saved = await savePendingCar(c, outcome.user, pendingSave, now(), pagePath(redirect ?? c.req.header('referer') ?? '/'));
      }
      if (redirect !== null) return c.redirect(saved ? outcomePath(redirect, saved) : redirect, 303);
      return c.json<SessionResponse>({ user: outcome.user }, 200);
    })
    .post(path(SIGN_IN_API.signOut), async (c) => {
      const isForm = FORM_TYPE.test(c.req.header('content-type') ?? '');
      try {
        await deleteSession(c.env.DB, c.get('tenant'), getCookie(c, SESSION_COOKIE));
      } catch (err) {
        // The cookie is cleared all the same: this browser is signed out; the row expires on its own.
        console.error(`edge-api ${SIGN_IN_API.signOut}: session row not deleted for tenant ${c.get('tenant')}: ${describeError(err)}`);
      }
      setCookie(c, clearSessionCookie());
      if (isForm) {
        const form = new URLSearchParams(await c.req.text().catch(() => ''));
        return c.redirect(safeRedirectPath(form.get('redirect')), 303);
      }
      return c.json({ ok: true as const }, 200);
    })
    .get(path(SIGN_IN_API.session), async (c) => {
      c.header('cache-control', 'no-store');
      const tenant = c.get('tenant');
      const token = getCookie(c, SESSION_COOKIE);
      const at = now();
      const session = await lookupSession(c.env.DB, tenant, token, at);
      if (!session) {
        // A cookie that names no live session here is dead weight: clear it.
        if (token !== undefined) setCookie(c, clearSessionCookie());
        return jsonError(c, 401, NOT_SIGNED_IN_MESSAGE);
      }
      await touchSession(c.env.DB, tenant, session, at);
      return c.json<SessionResponse>({ user: session.user }, 200);
    });
}

export const authRoutes = createAuthRoutes();
