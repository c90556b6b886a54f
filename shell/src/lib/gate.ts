import { safeRedirectPath } from '@forecourt/contracts/redirects';
import { requiresSignIn, signInPath, type ResolvedRoute } from '@forecourt/contracts/routes';
import { callInternal, type ServiceBinding } from '@forecourt/contracts/internal';
import type { FeatureFlags } from '@forecourt/contracts/tenant';

/** How long a gated page waits on edge-api's session check before it lets the owning Worker decide. */
export const SESSION_CHECK_TIMEOUT_MS = 1_500;

/**
 * Whether a session cookie is a live session of this tenant (edge-api `GET /api/auth/session`): false on a 401 (forged,
 * expired, signed out or another tenant's), true on a 200, null when edge-api cannot say (error, timeout). Asked only
 * for gated pages, so an expired session goes to sign-in before the shopper fills in a form the API would refuse.
 */
export async function sessionIsLive(edge: ServiceBinding, tenant: string, cookieHeader: string, timeoutMs = SESSION_CHECK_TIMEOUT_MS): Promise<boolean | null> {
  try {
    const answer = await callInternal(edge, 'session', { tenant, headers: { cookie: cookieHeader }, timeoutMs });
    return answer.ok ? true : answer.status === 401 ? false : null;
  } catch {
    return null;
  }
}

/**
 * The way back after sign-in: this site's path and query, with leading slashes (and backslashes, which browsers
 * read as slashes) collapsed to one, so the shopper asking for `//my-garage` comes back to `/my-garage`; then through
 * contracts' one redirect check (`safeRedirectPath`), so only a same-site path can ever come back (anything else, e.g.
 * a path too long to be a page, is `/`).
 */
export function returnPath(url: URL): string {
  return safeRedirectPath('/' + (url.pathname + url.search).replace(/^[/\\]+/, ''));
}

/**
 * Sign-in gate (spec §6): where to send an anonymous shopper, or null to render the page.
 * Spec §4 "Gated checkout with no car slug does nothing": the checkout journey without a `car_id` is not gated.
 */
export function signInRedirect(route: Pick<ResolvedRoute, 'gate' | 'page'>, features: FeatureFlags, signedIn: boolean, url: URL): string | null {
  if (signedIn || !requiresSignIn(route, features)) return null;
  if (route.page === 'checkout-journey' && !url.searchParams.get('car_id')) return null;
  const back = returnPath(url);
  return signInPath(route.page, back);
}
