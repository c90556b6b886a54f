/**
 * The Worker mf-finance calls, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds it as a miniflare service binding; it runs in Node). Answers follow the contracts' INTERNAL endpoints.
 */
import { INTERNAL } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';

/** What the fake edge-api's YouX port quotes, for any tenant that sends its header. */
export const FAKE_QUOTE = { weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 };

/** edge-api: `POST /internal/youx/quote` (INTERNAL.quickQuote) answers FAKE_QUOTE, a code is sent; anything else is a 404. */
export function fakeEdgeApi(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname === INTERNAL.quickQuote.path && request.method === 'POST' && request.headers.get(TENANT_HEADER)) return Response.json(FAKE_QUOTE);
  // The pre-approval's code: sent.
  if (url.pathname === INTERNAL.sendCode.path && request.method === 'POST' && request.headers.get(TENANT_HEADER)) return Response.json({ ok: true, expires_in: 600 });
  return Response.json({ error: 'Not found.' }, { status: 404 });
}

/** mf-search: INTERNAL.car by id knows no car here (the finance page then shows the steps); anything else a 404. */
export function fakeSearch(): Response {
  return Response.json({ error: 'No such car.' }, { status: 404 });
}

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = { EDGE_API: fakeEdgeApi, SEARCH: fakeSearch };
