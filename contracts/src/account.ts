/**
 * The signed-in shopper's own area (issue 16): my-garage's data, profile and contact preferences, saved searches,
 * "download my data" and "delete my data", and the opt-out of alerts. edge-api owns every endpoint (D1) under
 * `/api/me` (`/api/account` is mf-account's prefix) and `/api/alerts`; mf-account draws the pages (the watchlist, the
 * my-garage routes, `/alerts/stop`) and reads `GET /api/me` with the shopper's cookie forwarded (contracts INTERNAL
 * `account`). Every write takes JSON (`{ ok: true }` / `{ error }`) or the pages' plain form (urlencoded with a same-site
 * `redirect`, answered 303 back there with `?account_error=<code>` on a refusal), so the pages work without JavaScript.
 */
import * as v from 'valibot';
import { IdSchema } from './entities/common.ts';
import { SessionUserSchema } from './sign-in.ts';

/** edge-api's account endpoints (browser, through the shell's `/api/*` proxy). */
export const ACCOUNT_API = {
  /** GET -> 200 AccountSummary | 401 `{ error }` (no session). With the tenant's `watchlist` switch off, `watchlist` is []. */
  summary: '/api/me',
  /** POST ProfileUpdate -> 200 `{ ok: true }` | 400 | 401. */
  profile: '/api/me/profile',
  /** POST SaveSearchRequest -> 200 `{ ok: true, id }` (the same search saved twice is one) | 400 | 401 | 409 (limit). */
  saveSearch: '/api/me/saved-searches',
  /** POST `{ id, alerts? }`: `alerts` present switches that search's alerts; absent removes the search. */
  changeSearch: '/api/me/saved-searches/change',
  /** GET -> 200 JSON attachment (`content-disposition: attachment`) of everything held about the shopper on this site. */
  exportData: '/api/me/export',
  /** POST `{ confirm: 'delete' }` -> 200 `{ ok: true }` and the session cookie cleared | 400 | 401. */
  deleteData: '/api/me/delete',
  /** POST `{ t }` (the signed token of an alert's link) -> 200 `{ ok: true }` | 400 (bad or unknown token). No session needed. */
  optOut: '/api/alerts/opt-out',
} as const;

/** The most saved searches a shopper keeps on one site. */
export const MAX_SAVED_SEARCHES = 20;
/** The longest saved search URL (path and query) kept. */
export const MAX_SAVED_SEARCH_URL = 1000;

/** A saved search is a search page of the site: `/search...` with its refinements in the path and query. */
export const SavedSearchUrlSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_SAVED_SEARCH_URL),
  v.check((url) => /^\/search(?:[/?]|$)/.test(url) && !url.startsWith('//') && !/[\s\\]/.test(url), 'A search page of this site.'),
);

export const SaveSearchRequestSchema = v.object({
  url: SavedSearchUrlSchema,
  /** What the search page calls itself ('Used Toyota Corolla'); edge-api falls back to 'Saved search'. */
  label: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120))),
  /** Text me new cars matching it (only sent while the account's `sms_alerts` is on). Default true. */
  alerts: v.optional(v.boolean()),
});
export type SaveSearchRequest = v.InferOutput<typeof SaveSearchRequestSchema>;

export const ChangeSearchRequestSchema = v.object({ id: IdSchema, alerts: v.optional(v.boolean()) });

export const ProfileUpdateSchema = v.object({
  first_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  last_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.maxLength(254), v.email('Please enter a valid email address.'))])),
  /** Opt-in: text me when a saved car's price drops or it sells, and when new cars match a saved search. */
  sms_alerts: v.optional(v.boolean()),
});
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>;

export const DeleteDataRequestSchema = v.object({ confirm: v.literal('delete') });
export const OptOutRequestSchema = v.object({ t: v.pipe(v.string(), v.minLength(10), v.maxLength(400)) });

export const SavedSearchSchema = v.object({
  id: IdSchema,
  url: v.string(),
  label: v.string(),
  alerts: v.boolean(),
  created_at: v.number(),
});
export type SavedSearch = v.InferOutput<typeof SavedSearchSchema>;

/** A reservation the shopper paid on this site (payment state and refund; no processor ids). */
export const AccountReservationSchema = v.object({
  payment_id: v.string(),
  car_id: v.nullable(v.string()),
  car_slug: v.nullable(v.string()),
  amount_cents: v.number(),
  status: v.picklist(['requires_payment', 'paid', 'failed', 'refunded']),
  /** Why it was refunded ('already_reserved', 'dealer', ...), null when not refunded. */
  refund_reason: v.nullable(v.string()),
  created_at: v.number(),
  paid_at: v.nullable(v.number()),
  refunded_at: v.nullable(v.number()),
});
export type AccountReservation = v.InferOutput<typeof AccountReservationSchema>;

/** An enquiry sent with the shopper's phone on this site: what they sent, never the dealer's handling of it. */
export const AccountEnquirySchema = v.object({
  id: v.string(),
  created_at: v.number(),
  category: v.string(),
  subcategory: v.nullable(v.string()),
  car_id: v.nullable(v.string()),
});
export type AccountEnquiry = v.InferOutput<typeof AccountEnquirySchema>;

/** `GET /api/me`: the signed-in shopper's own data on this site (tenant-scoped). */
export const AccountSummarySchema = v.object({
  user: SessionUserSchema,
  preferences: v.object({ sms_alerts: v.boolean() }),
  /** Saved car ids, newest first. */
  watchlist: v.array(IdSchema),
  saved_searches: v.array(SavedSearchSchema),
  reservations: v.array(AccountReservationSchema),
  enquiries: v.array(AccountEnquirySchema),
});
export type AccountSummary = v.InferOutput<typeof AccountSummarySchema>;

export const AccountOkSchema = v.object({ ok: v.literal(true), id: v.optional(v.string()) });

/**
 * Refusals of the plain forms travel back as `?account_error=<code>`; the page shows this catalogue's text (never
 * text from the URL).
 */
export const ACCOUNT_FORM_ERRORS = {
  invalid: 'Please check the details and try again.',
  email: 'Please enter a valid email address.',
  limit: `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Remove one to save another.`,
  confirm: 'Tick the box to confirm you want your data deleted.',
  link: 'This link is not valid any more. Sign in to change your alerts.',
  'no-search': 'This saved search no longer exists.',
  /** The watchlist's plain Save / Remove forms (edge-api WATCHLIST_MESSAGES, the same words as the JSON answers). */
  'no-car': 'No such car.',
  sold: 'This car is sold and cannot be saved.',
  'other-phone': 'The phone number must be the one you signed in with.',
  'too-many': 'Too many requests. Please try again later.',
  failed: 'An error occurred when submitting this form',
} as const;
export type AccountFormError = keyof typeof ACCOUNT_FORM_ERRORS;
export const ACCOUNT_ERROR_PARAM = 'account_error';
/** What a plain form's success adds to the redirect (`?account_done=<what>`), shown as a status message. */
export const ACCOUNT_DONE_PARAM = 'account_done';
export const ACCOUNT_DONE = {
  profile: 'Your details are saved.',
  search: 'Search saved. Find it in My Garage.',
  'search-removed': 'Saved search removed.',
  'search-alerts': 'Alerts for this search are updated.',
  removed: 'Car removed from your watchlist.',
  saved: 'Car saved in your watchlist.',
  merged: 'The cars saved on this device are now in your watchlist.',
  'opted-out': "You won't get any more alerts from us by text.",
  deleted: 'Your account and saved data are deleted.',
  'signed-out': "You're signed out.",
} as const;
export type AccountDone = keyof typeof ACCOUNT_DONE;

/**
 * Without JavaScript an anonymous shopper's Save cannot wait in the page while they sign in: edge-api keeps the car id
 * in this short-lived cookie (HttpOnly, Secure, SameSite=Lax, Path=/, WATCHLIST_SAVE_TTL_MS) when the plain Save form
 * is posted signed out, and saves that car when the shopper's code is verified (then clears it).
 */
export const WATCHLIST_SAVE_COOKIE = '__Host-fc_watchlist_save';
/** How long a signed-out Save waits for the sign-in (15 minutes: a code lasts 10). */
export const WATCHLIST_SAVE_TTL_MS = 15 * 60 * 1000;

/** The text of an `account_error` code, or the generic one for anything else. */
export const accountFormError = (code: string | null | undefined): string | null =>
  code == null || code === '' ? null : (ACCOUNT_FORM_ERRORS as Record<string, string>)[code] ?? ACCOUNT_FORM_ERRORS.failed;
/** The text of an `account_done` code, or null. */
export const accountDone = (code: string | null | undefined): string | null =>
  code ? (ACCOUNT_DONE as Record<string, string>)[code] ?? null : null;

// Alerts ------------------------------------------------------------------

/** Alerts are not texted from 9 pm to 8 am in the tenant's time zone (held until 8 am). */
export const ALERT_QUIET_HOURS = { start: 21, end: 8 } as const;
/** At most this many alert messages per shopper per day per site (further alerts wait, combined, for the next day). */
export const ALERTS_PER_DAY = 1;
export const ALERT_KINDS = ['price_drop', 'sold', 'new_match'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The page an alert's opt-out link opens (mf-account), its token in `?t=`. */
export const ALERTS_STOP_PATH = '/alerts/stop';
