/**
 * The plain (no-JavaScript) forms of the shopper's area and the watchlist: what a urlencoded body means, and where its
 * 303 goes. Every answer goes back to the form's same-site `redirect` (contracts safeRedirectPath) with
 * `?account_done=<code>` or `?account_error=<code>` (contracts ACCOUNT_DONE / ACCOUNT_FORM_ERRORS: the page shows the
 * catalogue's text, never text from the URL), merged into the query the page already had.
 */
import { ACCOUNT_DONE_PARAM, ACCOUNT_ERROR_PARAM, WATCHLIST_SAVE_COOKIE, WATCHLIST_SAVE_TTL_MS, type AccountDone, type AccountFormError } from '@forecourt/contracts/account';
import { IdSchema } from '@forecourt/contracts/entities/common';
import { safeRedirectPath, withQueryParams } from '@forecourt/contracts/redirects';
import * as v from 'valibot';

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** Whether a request's body is a plain form (urlencoded): its answers are 303s, not JSON. */
export const isFormRequest = (headers: Headers) => FORM_TYPE.test(headers.get('content-type') ?? '');

/**
 * A checkbox or a hidden field as a boolean: the LAST value sent wins, so a form may send a hidden `name=0` before the
 * checkbox `name=1` (an unticked box sends nothing). '1', 'on', 'true', 'yes' are true, anything else false; undefined
 * when the form has no such field.
 * @example formBool(new URLSearchParams('sms_alerts=0&sms_alerts=1'), 'sms_alerts') // true
 */
export function formBool(form: URLSearchParams, name: string): boolean | undefined {
  const values = form.getAll(name);
  if (values.length === 0) return undefined;
  return ['1', 'on', 'true', 'yes'].includes(values.at(-1)!.trim().toLowerCase());
}

/** The form's fields that are present, as strings (absent fields stay absent: "leave unchanged"). */
export function formFields(form: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => form.has(n)).map((n) => [n, form.get(n)!]));
}

/** Where a form's answer goes: its same-site `redirect`, else '/'. */
export const formRedirect = (form: URLSearchParams) => safeRedirectPath(form.get('redirect'));

/**
 * The redirect with the outcome's code set (and the other outcome's code removed, so an earlier error does not linger).
 * @example outcomePath('/my-garage?tab=searches', { done: 'search' }) // '/my-garage?tab=searches&account_done=search'
 */
export function outcomePath(redirect: string, outcome: { done: AccountDone } | { error: AccountFormError }): string {
  return withQueryParams(redirect, 'done' in outcome
    ? { [ACCOUNT_DONE_PARAM]: outcome.done, [ACCOUNT_ERROR_PARAM]: null }
    : { [ACCOUNT_ERROR_PARAM]: outcome.error, [ACCOUNT_DONE_PARAM]: null });
}

// The signed-out Save of the plain form (contracts WATCHLIST_SAVE_COOKIE) ----------------------------------------

export const WATCHLIST_SAVE_MAX_AGE_S = Math.floor(WATCHLIST_SAVE_TTL_MS / 1000);

const cookie = (value: string, maxAge: number) => `${WATCHLIST_SAVE_COOKIE}=${value}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${maxAge}`;

/** Set-Cookie of the car a signed-out shopper asked to save (its id, URI-encoded), for 15 minutes. */
export const watchlistSaveCookie = (carId: string) => cookie(encodeURIComponent(carId), WATCHLIST_SAVE_MAX_AGE_S);
export const clearWatchlistSaveCookie = () => cookie('', 0);

/** The car id a pending-save cookie holds, or null when it holds nothing usable. */
export function readWatchlistSaveCookie(value: string | undefined): string | null {
  if (!value) return null;
  let id: string;
  try {
    id = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  return v.is(IdSchema, id) ? id : null;
}
