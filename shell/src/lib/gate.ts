import { requiresSignIn, signInPath, type ResolvedRoute } from '@forecourt/contracts/routes';
import type { FeatureFlags } from '@forecourt/contracts/tenant';

/**
 * The way back after sign-in: this site's path and query, with leading slashes (and backslashes, which browsers
 * read as slashes) collapsed to one, so `//evil.com` becomes `/evil.com` and no consumer can be made an open redirect.
 */
export function returnPath(url: URL): string {
  return '/' + (url.pathname + url.search).replace(/^[/\\]+/, '');
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
