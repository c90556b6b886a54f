/**
 * YouX (ports/youx, the platform's one YouX port):
 * - `POST /api/youx/create-customer` (below, createYouxApiRoutes): the finance application's final submit.
 * - Internal only (the shell never proxies `/internal/*`): `POST /internal/youx/quote` (contracts INTERNAL.quickQuote),
 * the YouX quick quote for mf-finance's `POST /api/finance/quote`, which checks the tenant's feature, limits each
 * shopper and validates the request before it asks. edge-api owns the provider and its one rate card (ports/youx).
 * 200 FinanceQuickQuoteResponse | 400 a body outside the contract | 502 `{ error: 'Failed to get YouX quick quote' }`.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { FinanceCreateCustomerAnswerSchema, FinanceCreateCustomerRequestSchema, FinanceQuickQuoteRequestSchema, LEAD_CATEGORIES, YOUX_API } from '@forecourt/contracts/api';
import { INTERNAL } from '@forecourt/contracts/internal';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { findSession } from '../auth/session.ts';
import { LEAD_FAILED_MESSAGE, canonicalJson, derivedId, describeError, executionCtxOf, readBody } from '../leads/http.ts';
import { INVALID_PHONE_MESSAGE, normaliseLeadPhone } from '../leads/phone.ts';
import { LEAD_RATE_LIMIT_MESSAGE, clientIp, hitRateLimits, scopedHash, type RateLimitRule } from '../leads/rate-limit.ts';
import { pagePath } from '../leads/rules.ts';
import type { LeadDocument } from '../leads/store.ts';
import { storeLead, type LeadContext } from '../leads/submit.ts';
import { validateLeadRequest } from '../leads/validation.ts';
import { jsonError } from '../lib/http.ts';
import { formatIssues } from '../lib/validate.ts';
import { CREATE_CUSTOMER_FAILED, QUICK_QUOTE_FAILED, QuickQuoteError, type YouxPort } from '../ports/youx/port.ts';
import { selectYoux } from '../ports/youx/select.ts';
import type { AppEnv } from '../types.ts';

export function createYouxInternalRoutes(port: (env: AppEnv['Bindings']) => YouxPort = selectYoux) {
  return new Hono<AppEnv>().post(INTERNAL.quickQuote.path, async (c) => {
    c.header('cache-control', 'no-store');
    const parsed = v.safeParse(FinanceQuickQuoteRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success) return jsonError(c, 400, 'Invalid quote request.');
    try {
      return c.json(await port(c.env).quickQuote(c.get('tenant'), parsed.output), 200);
    } catch (error) {
      // spec §8: the calculator ignores a failed quote; the reason stays in the logs (no personal data in a quote).
      console.warn(`edge-api youx: quick quote failed for ${c.get('tenant')}: ${error instanceof QuickQuoteError ? error.reason : error instanceof Error ? error.message : 'error'}`);
      return jsonError(c, 502, QUICK_QUOTE_FAILED);
    }
  });
}

export const youxInternalRoutes = createYouxInternalRoutes();

// POST /api/youx/create-customer ---------------------------------------------------------------------------------

/**
 * Finance applications per address and site: each needs its own signed-in phone and sends the shopper's details to
 * a paid provider, so a handful covers a household (or a retry after a failure), while a script with many sessions
 * is held back. Only well-formed, signed-in requests of the session's phone are counted.
 */
export const YOUX_CUSTOMER_RATE_LIMIT: RateLimitRule = { name: 'youx-customer-ip', limit: 5, windowMs: 10 * 60_000 };
/** 401: the application needs the session of the phone it names (the shopper verified it by a code first). */
export const NOT_SIGNED_IN_MESSAGE = 'Not signed in.';
/** 403: the customer (or the lead) names another phone than the signed-in one. */
export const OTHER_PHONE_MESSAGE = 'The phone number must be the one you signed in with.';
/** 400: the lead of a finance application is a Finance Enquiry (analytics event 9), never another category. */
export const FINANCE_CATEGORY_MESSAGE = `Invalid request: additionalData.payload.category: must be '${LEAD_CATEGORIES.FINANCE}'.`;

export type YouxApiOptions = {
  /** The YouX port (tests inject a failing one); selectYoux by env by default. */
  port?: (env: AppEnv['Bindings']) => YouxPort;
  now?: () => number;
};

/**
 * The shopper's site origin, for the local adapter's redirect to `/success`: the address the request came to when the
 * shell passed it on (it keeps the shopper's URL); for a Worker-to-Worker call (`https://edge-api.internal/...`, e.g.
 * mf-finance on the shopper's behalf) the shopper's forwarded `Origin` when it is one of the tenant's hosts (or its
 * local `<slug>.localhost`), else the tenant's `site_url`, else its first host. Never an origin the tenant does not own.
 */
export function siteOriginOf(requestUrl: string, headers: Headers, site: Pick<SiteConfig, 'slug' | 'hosts' | 'site_url'>): string {
  const own = new URL(requestUrl);
  if (!own.hostname.endsWith('.internal')) return own.origin;
  const forwarded = headers.get('origin');
  if (forwarded) {
    try {
      const origin = new URL(forwarded);
      if (/^https?:$/.test(origin.protocol) && (site.hosts.includes(origin.hostname) || origin.hostname === `${site.slug}.localhost`)) return origin.origin;
    } catch {
      // Not a URL: ignored.
    }
  }
  if (site.site_url) return new URL(site.site_url).origin;
  return site.hosts[0] ? `https://${site.hosts[0]}` : own.origin;
}

/** The lead's field errors named from the request's root (`additionalData.payload.phone: Invalid phone number.`). */
const leadFieldsText = (fields: Record<string, string>) =>
  Object.entries(fields).map(([field, text]) => `additionalData.${field.startsWith('userData') || field === 'body' ? field : `payload.${field}`}: ${text}`).join('; ');

/**
 * `POST /api/youx/create-customer` (spec §7, contracts YOUX_API.createCustomer / INTERNAL.createCustomer): the finance
 * application's final submit, from the browser through the shell or from mf-finance over the EDGE_API binding with the
 * shopper's cookie and address headers. With the session of the phone the customer names, it records the lead
 * (`additionalData`, always a Finance Enquiry, analytics event 9; idempotent by `lead_id`) through the lead outbox AND
 * asks YouX to create the customer, in parallel, so the dealer gets the lead even when YouX fails (spec §4 Finance
 * popup journey). 404 where the site has no `finance_preapproval`. Answers: 200 `{ redirectUrl }`; 400 a body outside the contract; 401 'Not signed in.'; 403 another
 * phone; 415 not JSON; 429 + Retry-After; 503 'Lead submission failed' (nothing recorded: retry the same lead_id);
 * 502 'Failed to create YouX customer' (the lead IS recorded). Logs name the tenant and the reason only.
 */
export function createYouxApiRoutes(options: YouxApiOptions = {}) {
  const port = options.port ?? selectYoux;
  const now = () => (options.now ?? Date.now)();
  return new Hono<AppEnv>().post(YOUX_API.createCustomer.replace(/^\/api/, ''), async (c) => {
    c.header('cache-control', 'no-store');
    const tenant = c.get('tenant');
    // Only a site that runs the instant pre-approval creates YouX customers (a paid call, in the dealer's name).
    if (!c.get('siteConfig').features.finance_preapproval) return jsonError(c, 404, 'Not found.');
    const body = await readBody(c);
    if (!body.ok) return jsonError(c, body.status, body.error);
    const input = body.kind === 'json' ? body.value : null;
    const parsed = v.safeParse(FinanceCreateCustomerRequestSchema, input);
    if (!parsed.success) return jsonError(c, 400, `Invalid request: ${formatIssues(parsed.issues, FinanceCreateCustomerRequestSchema)}`);
    const { data, lead_id: clientLeadId } = parsed.output;

    const user = await findSession(c.env.DB, tenant, getCookie(c, SESSION_COOKIE), now());
    if (!user) return jsonError(c, 401, NOT_SIGNED_IN_MESSAGE);
    const customerPhone = normaliseLeadPhone(data.phoneNumber);
    if (!customerPhone) return jsonError(c, 400, `Invalid request: data.phoneNumber: ${INVALID_PHONE_MESSAGE}`);
    if (customerPhone !== user.phone) return jsonError(c, 403, OTHER_PHONE_MESSAGE);

    // The lead as POST /api/leads validates it for this site (required fields, phone), as a Finance Enquiry: a form
    // that names no category gets it, one that names another is refused (it would be counted as another event).
    const raw = input as { additionalData: { payload: Record<string, unknown>; userData: unknown } };
    const rawPayload = raw.additionalData.payload;
    const category = typeof rawPayload.category === 'string' ? rawPayload.category.trim() : '';
    if (category !== '' && category !== LEAD_CATEGORIES.FINANCE) return jsonError(c, 400, FINANCE_CATEGORY_MESSAGE);
    const hasPostcode = typeof rawPayload.postcode === 'string' && rawPayload.postcode.trim() !== '';
    // Without a client id, an identical retry is still one lead: the id derives from the request and the phone.
    const leadId = clientLeadId?.toLowerCase() ?? (await derivedId('youx-create-customer', tenant, user.phone, canonicalJson(input)));
    const valid = validateLeadRequest({
      payload: { ...rawPayload, category: LEAD_CATEGORIES.FINANCE, ...(hasPostcode ? {} : { postcode: data.postCode }) },
      userData: raw.additionalData.userData,
      lead_id: leadId,
    }, c.get('siteConfig'));
    if (!valid.ok) return c.json({ error: `Invalid request: ${Object.keys(valid.fields).length > 0 ? leadFieldsText(valid.fields) : valid.error}`, fields: valid.fields }, 400);
    if (valid.contactPhone !== user.phone) return jsonError(c, 403, OTHER_PHONE_MESSAGE);

    const at = now();
    const ip = clientIp(c.req.raw.headers);
    const limited = await hitRateLimits(c.env.DB, tenant, [[YOUX_CUSTOMER_RATE_LIMIT, ip]], at);
    if (!limited.ok) {
      c.header('retry-after', String(limited.retryAfterSeconds));
      return jsonError(c, 429, LEAD_RATE_LIMIT_MESSAGE);
    }

    const leadContext: LeadContext = { env: c.env, ctx: executionCtxOf(c), tenant, site: c.get('siteConfig'), headers: c.req.raw.headers, now: at };
    const doc: LeadDocument = {
      lead_id: valid.leadId,
      category: valid.payload.category,
      subcategory: valid.payload.subcategory ?? null,
      payload: valid.payload,
      userData: valid.userData,
      parent_lead_id: null,
      // A verified phone's session stands in for the bot check of POST /api/leads.
      flagged: false,
      spam_reason: null,
      received_at: at,
    };
    const [lead, customer] = await Promise.allSettled([
      (async () => storeLead(leadContext, {
        tenant,
        doc,
        carId: valid.carId,
        contactPhone: valid.contactPhone,
        contactEmail: valid.contactEmail,
        ipHash: ip ? await scopedHash(tenant, ip) : null,
        eventId: ANALYTICS_EVENTS.FINANCE_ENQUIRY,
        page: pagePath(valid.userData.url),
      }))(),
      (async () => port(c.env).createCustomer({
        tenant,
        data,
        additionalData: { payload: valid.payload, userData: valid.userData },
        leadId: valid.leadId,
        siteUrl: siteOriginOf(c.req.url, c.req.raw.headers, c.get('siteConfig')),
      }))(),
    ]);
    if (lead.status === 'rejected') {
      console.error(`edge-api youx: finance application's lead not recorded for tenant ${tenant}: ${describeError(lead.reason)}`);
      return jsonError(c, 503, LEAD_FAILED_MESSAGE);
    }
    const answer = customer.status === 'fulfilled' ? v.safeParse(FinanceCreateCustomerAnswerSchema, customer.value) : null;
    if (!answer?.success) {
      const reason = customer.status === 'rejected'
        ? (customer.reason instanceof QuickQuoteError ? customer.reason.reason : describeError(customer.reason))
        : 'answered without a redirect URL';
      console.warn(`edge-api youx: customer not created for tenant ${tenant} (the lead is recorded): ${reason}`);
      return jsonError(c, 502, CREATE_CUSTOMER_FAILED);
    }
    return c.json({ redirectUrl: answer.output.redirectUrl }, 200);
  });
}

/** The browser API as edge-api mounts it: `app.route('/api', youxApiRoutes)`. */
export const youxApiRoutes = createYouxApiRoutes();
