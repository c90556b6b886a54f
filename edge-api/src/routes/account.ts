/**
 * The signed-in shopper's own area (issue 16; README "Account"): contracts ACCOUNT_API except the alerts' opt-out.
 *   GET  /api/me                         -> 200 AccountSummary | 401
 *   POST /api/me/profile                 ProfileUpdate -> 200 { ok: true } | 400 | 401 | 429
 *   POST /api/me/saved-searches          SaveSearchRequest -> 200 { ok: true, id } | 400 | 401 | 409 (limit) | 429
 *   POST /api/me/saved-searches/change   { id, alerts? } -> 200 { ok: true } | 400 | 401 | 404 (not the shopper's) | 429
 *   GET  /api/me/export                  -> 200 JSON attachment (my-data-<site>.json) | 401 | 429
 *   POST /api/me/delete                  { confirm: 'delete' } -> 200 { ok: true } + session cookie cleared | 400 | 401 | 429
 * The shopper is the session's user of this tenant (a forged cookie or another tenant's session is 401). Writes take
 * JSON (`{ ok: true }` / `{ error }`) or mf-account's plain forms (urlencoded with a same-site `redirect`): a 303 back
 * there with `?account_done=<code>` or `?account_error=<code>` (contracts ACCOUNT_DONE / ACCOUNT_FORM_ERRORS), and
 * signed out a 303 to sign-in. Every answer is `cache-control: no-store`. Logs name the tenant and the error only.
 */
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import {
  ACCOUNT_API, ACCOUNT_FORM_ERRORS, ChangeSearchRequestSchema, DeleteDataRequestSchema, ProfileUpdateSchema, SaveSearchRequestSchema,
  type AccountDone, type AccountFormError, type AccountSummary,
} from '@forecourt/contracts/account';
import { SESSION_COOKIE, signInPath } from '@forecourt/contracts/routes';
import type { SessionUser } from '@forecourt/contracts/sign-in';
import { formBool, formFields, formRedirect, outcomePath } from '../account/forms.ts';
import {
  changeSavedSearch, deleteAccount, exportData, findUser, listEnquiries, listReservations, listSavedSearches, saveSearch, sessionUserOf,
  updateProfile, type UserRow,
} from '../account/store.ts';
import { contactKey, otpHashKey } from '../auth/code.ts';
import { clearSessionCookie } from '../auth/cookies.ts';
import { findSession } from '../auth/session.ts';
import { describeError, readBody } from '../leads/http.ts';
import { clientIp, hitRateLimits, type RateLimitRule } from '../leads/rate-limit.ts';
import { UNKNOWN_ERROR } from '../lib/http.ts';
import { formatIssues, issueField } from '../lib/validate.ts';
import type { AppEnv } from '../types.ts';
import { listWatchlist } from './watchlist.ts';

const MINUTE = 60_000;

/** Account changes per site and address: a shopper edits a few things a visit; a script with stolen cookies is held back. */
export const ACCOUNT_RATE_LIMIT: RateLimitRule = { name: 'account-ip', limit: 30, windowMs: 10 * MINUTE };
/** "Download my data" per site and address: each reads every table about the shopper. */
export const ACCOUNT_EXPORT_RATE_LIMIT: RateLimitRule = { name: 'account-export-ip', limit: 10, windowMs: 10 * MINUTE };

export const ACCOUNT_MESSAGES = {
  notSignedIn: 'Not signed in.',
  tooMany: 'Too many requests. Please try again later.',
  noSearch: ACCOUNT_FORM_ERRORS['no-search'],
  limit: ACCOUNT_FORM_ERRORS.limit,
  confirm: ACCOUNT_FORM_ERRORS.confirm,
} as const;

/** The label of a search saved without one. */
export const DEFAULT_SEARCH_LABEL = 'Saved search';

export type AccountRoutesOptions = { now?: () => number };

const path = (full: string) => full.replace(/^\/api/, '');

/** What a write's handler decides: done (with the form's success code), or refused (status, text and form code). */
type Outcome = { done: AccountDone; id?: string } | { status: ContentfulStatusCode; error: string; code: AccountFormError };
const refused = (status: ContentfulStatusCode, code: AccountFormError, error: string = ACCOUNT_FORM_ERRORS[code]): Outcome => ({ status, error, code });

/**
 * One write endpoint: its body schema, what its plain form's fields mean, and what it does for the signed-in user with
 * the parsed input. `after` runs on success before the answer (e.g. clearing the session cookie).
 */
type Write<S extends v.GenericSchema> = {
  schema: S;
  fromForm: (form: URLSearchParams) => Record<string, unknown>;
  run: (c: Context<AppEnv>, user: SessionUser, input: v.InferOutput<S>, at: number) => Promise<Outcome>;
  after?: (c: Context<AppEnv>) => void;
};

/** A refused body's form code and text: a catalogue entry where one fits the field (email, confirm), else 'invalid' naming the fields. */
function invalidInput(issues: readonly v.BaseIssue<unknown>[], schema: v.GenericSchema): Outcome {
  const fields = new Set(issues.map((i) => issueField(i, schema)));
  if (fields.has('email')) return refused(400, 'email');
  if (fields.has('confirm')) return refused(400, 'confirm');
  return refused(400, 'invalid', `Invalid request: ${formatIssues(issues, schema)}`);
}

/** The keyed hash reservations carry of the shopper's phone (auth/code.ts contactKey); null without the secret. */
async function phoneKey(c: Context<AppEnv>, phone: string): Promise<string | null> {
  try {
    return await contactKey(otpHashKey(c.env), c.get('tenant'), phone);
  } catch {
    return null;
  }
}

export function createAccountRoutes(options: AccountRoutesOptions = {}) {
  const now = () => (options.now ?? Date.now)();
  const noStore = (c: Context<AppEnv>) => c.header('cache-control', 'no-store');
  const sessionUser = (c: Context<AppEnv>, at: number) => findSession(c.env.DB, c.get('tenant'), getCookie(c, SESSION_COOKIE), at);
  const notSignedIn = (c: Context<AppEnv>) => c.json({ error: ACCOUNT_MESSAGES.notSignedIn }, 401);

  /** Counts one request of the address against a rule; a refusal sets Retry-After. */
  async function allowed(c: Context<AppEnv>, rule: RateLimitRule, at: number): Promise<boolean> {
    const limited = await hitRateLimits(c.env.DB, c.get('tenant'), [[rule, clientIp(c.req.raw.headers)]], at);
    if (!limited.ok) c.header('retry-after', String(limited.retryAfterSeconds));
    return limited.ok;
  }

  /**
   * The steps every write shares: the body (JSON or the plain form), the session, the input, the address's allowance,
   * then the write; the answer as JSON or as the form's 303.
   */
  const write = <S extends v.GenericSchema>(w: Write<S>) => async (c: Context<AppEnv>) => {
    noStore(c);
    const at = now();
    const body = await readBody(c, { form: true });
    if (!body.ok) return c.json({ error: body.error }, body.status);
    const form = body.kind === 'form' ? body.form : null;
    const redirect = form ? formRedirect(form) : '/';
    const answer = (outcome: Outcome) => {
      if ('done' in outcome) {
        w.after?.(c);
        return form ? c.redirect(outcomePath(redirect, { done: outcome.done }), 303) : c.json({ ok: true as const, ...(outcome.id ? { id: outcome.id } : {}) }, 200);
      }
      return form ? c.redirect(outcomePath(redirect, { error: outcome.code }), 303) : c.json({ error: outcome.error }, outcome.status);
    };

    const user = await sessionUser(c, at);
    if (!user) return form ? c.redirect(signInPath('my-garage', redirect), 303) : notSignedIn(c);
    const raw = form ? w.fromForm(form) : body.kind === 'json' ? body.value : null;
    // An array is an object to valibot: refused here, so `[]` is not an empty update.
    const parsed = v.safeParse(w.schema, Array.isArray(raw) ? null : raw);
    if (!parsed.success) return answer(invalidInput(parsed.issues, w.schema));
    if (!(await allowed(c, ACCOUNT_RATE_LIMIT, at))) return answer(refused(429, 'too-many', ACCOUNT_MESSAGES.tooMany));
    try {
      return answer(await w.run(c, user, parsed.output, at));
    } catch (err) {
      console.error(`edge-api ${new URL(c.req.url).pathname} failed for tenant ${c.get('tenant')}: ${describeError(err)}`);
      return answer(refused(503, 'failed', UNKNOWN_ERROR));
    }
  };

  /** The signed-in user's row (fresh: names, email and the alerts preference), or null (no session, or deleted meanwhile). */
  async function signedInRow(c: Context<AppEnv>, at: number): Promise<UserRow | null> {
    const user = await sessionUser(c, at);
    return user ? findUser(c.env.DB, c.get('tenant'), user.id) : null;
  }

  return new Hono<AppEnv>()
    .get(path(ACCOUNT_API.summary), async (c) => {
      noStore(c);
      const row = await signedInRow(c, now());
      if (!row) return notSignedIn(c);
      const tenant = c.get('tenant');
      const db = c.env.DB;
      const [watchlist, savedSearches, reservations, enquiries] = await Promise.all([
        c.get('siteConfig').features.watchlist ? listWatchlist(db, tenant, row.id) : Promise.resolve([]),
        listSavedSearches(db, tenant, row.id),
        listReservations(db, tenant, row.phone, await phoneKey(c, row.phone)),
        listEnquiries(db, tenant, row.phone),
      ]);
      return c.json<AccountSummary>({
        user: sessionUserOf(row),
        preferences: { sms_alerts: row.sms_alerts === 1 },
        watchlist,
        saved_searches: savedSearches,
        reservations,
        enquiries,
      }, 200);
    })
    .post(path(ACCOUNT_API.profile), write({
      schema: ProfileUpdateSchema,
      fromForm: (form) => {
        const alerts = formBool(form, 'sms_alerts');
        return { ...formFields(form, ['first_name', 'last_name', 'email']), ...(alerts === undefined ? {} : { sms_alerts: alerts }) };
      },
      run: async (c, user, input, at) => {
        await updateProfile(c.env.DB, c.get('tenant'), user.id, input, at);
        return { done: 'profile' };
      },
    }))
    .post(path(ACCOUNT_API.saveSearch), write({
      schema: SaveSearchRequestSchema,
      fromForm: (form) => {
        const alerts = formBool(form, 'alerts');
        return { ...formFields(form, ['url', 'label']), ...(alerts === undefined ? {} : { alerts }) };
      },
      run: async (c, user, input, at) => {
        const saved = await saveSearch(c.env.DB, c.get('tenant'), user.id, { url: input.url, label: input.label || DEFAULT_SEARCH_LABEL, alerts: input.alerts ?? true }, at);
        return saved ? { done: 'search', id: saved.id } : refused(409, 'limit');
      },
    }))
    .post(path(ACCOUNT_API.changeSearch), write({
      schema: ChangeSearchRequestSchema,
      fromForm: (form) => {
        const alerts = formBool(form, 'alerts');
        return { ...formFields(form, ['id']), ...(alerts === undefined ? {} : { alerts }) };
      },
      run: async (c, user, input) => {
        const changed = await changeSavedSearch(c.env.DB, c.get('tenant'), user.id, input.id, input.alerts);
        if (!changed) return refused(404, 'no-search');
        return { done: input.alerts === undefined ? 'search-removed' : 'search-alerts' };
      },
    }))
    .get(path(ACCOUNT_API.exportData), async (c) => {
      noStore(c);
      const at = now();
      const row = await signedInRow(c, at);
      if (!row) return notSignedIn(c);
      if (!(await allowed(c, ACCOUNT_EXPORT_RATE_LIMIT, at))) return c.json({ error: ACCOUNT_MESSAGES.tooMany }, 429);
      const tenant = c.get('tenant');
      const data = await exportData(c.env.DB, tenant, row, at, await phoneKey(c, row.phone));
      // The tenant is a slug (lowercase letters, digits, dashes): safe in the header as it is.
      c.header('content-disposition', `attachment; filename="my-data-${tenant}.json"`);
      return c.body(JSON.stringify(data, null, 2), 200, { 'content-type': 'application/json; charset=utf-8' });
    })
    .post(path(ACCOUNT_API.deleteData), write({
      schema: DeleteDataRequestSchema,
      fromForm: (form) => ({ confirm: form.get('confirm')?.trim().toLowerCase() ?? '' }),
      run: async (c, user) => {
        await deleteAccount(c.env.DB, c.get('tenant'), user);
        return { done: 'deleted' };
      },
      // The session row went with the user: the browser's cookie names nothing any more.
      after: (c) => c.header('set-cookie', clearSessionCookie(), { append: true }),
    }));
}

/** The routes as edge-api mounts them: `app.route('/api', accountRoutes)`. */
export const accountRoutes = createAccountRoutes();
