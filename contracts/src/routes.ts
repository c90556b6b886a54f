/**
 * The route table: every route of spec §2 mapped to the remote that renders it and its page (fragment) name.
 * The shell matches a request path here, then fetches `GET /fragments/<page>` from the owning remote
 * (ARCHITECTURE.md "Contracts between parts"). Query strings are not part of matching: pages read them.
 *
 * Matching order (first match wins, the order of ROUTES):
 *  1. fixed paths (`/`, `/finance`, `/cars/trade-in`, ...), so a fixed word never becomes a slug;
 *  2. `/search/*segments`: everything under /search goes to mf-search with the raw segments;
 *  3. patterns with parameters (`/cars/:slug`, `/offers/:manufacturerSlug/:id`, `/:brand/overview`);
 *  4. `/:slug`: one unknown lowercase-slug segment is the shell's content / model-slug page (spec §2 `/{model-slug}`).
 * `:brand` and the final `:slug` must be lowercase slugs and not a word the table reserves (`cars`, `search`,
 * `offers`...), so `/cars` or `/parts/overview` do not become content or brand pages by accident.
 * Any other path resolves to null (the shell answers 404).
 */
import type { FeatureFlags, RemoteName } from './tenant.ts';

export type RouteOwner = 'shell' | RemoteName;

/** Pages (fragments) each owner renders. */
export const PAGES = {
  shell: ['home', 'content', 'model', 'brand', 'brands', 'success', 'spin-to-win', 'accessibility', 'blog', 'blog-post'],
  'mf-search': ['search', 'offers', 'offer', 'parts-search'],
  'mf-vehicle': ['vehicle', 'checkout', 'buy-online', 'checkout-journey', 'trade-in', 'print', 'test-drive', 'online-payment'],
  'mf-locations': ['contact', 'location', 'locations', 'dealer-locator', 'service', 'parts'],
  'mf-finance': ['finance', 'finance-enquiry', 'apply-for-finance', 'personalised-finance'],
  'mf-account': ['sign-in', 'watchlist', 'my-garage', 'alerts-stop'],
} as const satisfies Record<RouteOwner, readonly string[]>;

export type PageOf<R extends RouteOwner> = (typeof PAGES)[R][number];
export type AnyPage = { [R in RouteOwner]: PageOf<R> }[RouteOwner];

/** Sign-in gate (spec §6): always, or when the named feature flag is on for the tenant. */
export type RouteGate = 'always' | 'gated_checkout' | 'gated_personalised_finance' | 'gated_spin_to_win';

export type RouteDef = {
  [R in RouteOwner]: {
    /** `/fixed/:param/*rest`; `:param` takes one segment, `*rest` the remaining ones (possibly none). */
    pattern: string;
    remote: R;
    page: PageOf<R>;
    /** Fixed params added when the route matches. */
    params?: Readonly<Record<string, string>>;
    /** The route exists only when this tenant feature flag is on (otherwise 404). */
    feature?: keyof FeatureFlags;
    gate?: RouteGate;
    /** Query parameters the page reads (documentation for link builders). */
    query?: readonly string[];
  };
}[RouteOwner];

export type ResolvedRoute = {
  remote: RouteOwner;
  page: AnyPage;
  params: Record<string, string>;
  pattern: string;
  feature?: keyof FeatureFlags;
  gate?: RouteGate;
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FINANCE_QUERY = ['car_id', 'vin', 'nvic', 'year', 'preferredDealership', 'car_type', 'vehiclePriceBudget', 'price', 'loanTerm', 'selfAssessedCreditScore', 'credit_score', 'whoIsHelping'] as const;

const content = (slug: string): RouteDef => ({ pattern: `/${slug}`, remote: 'shell', page: 'content', params: { slug } });
const garage = (slug: string): RouteDef => ({ pattern: `/${slug}`, remote: 'mf-account', page: 'my-garage', params: { garage: slug }, gate: 'always' });
/**
 * The trade-in / sell-my-car journey pages' query (issue 18): the car traded toward, the journey id edge-api sends back
 * (`journey`), the manual form's switch (`manual=1`), the form-error codes of its no-JavaScript forms, the manual
 * form's free text (`free=1`, "My car isn't listed") and its list refinement without JavaScript (`refine=1` with the
 * journey's `id` and the picks so far: `make`, `model`, `year`).
 */
const TRADE_IN_QUERY = ['car_id', 'journey', 'manual', 'free', 'trade_in_error', 'trade_in_error_fields', 'refine', 'id', 'make', 'model', 'year'] as const;
/** `_journey` names the Sell My Car journey; `_path` tells the page which of its paths it is (`/sell-your-car` stays itself). */
const tradeIn = (pattern: string, journey?: 'sell-my-car'): RouteDef => ({
  pattern, remote: 'mf-vehicle', page: 'trade-in', query: TRADE_IN_QUERY, ...(journey ? { params: { journey, ...(pattern === '/sell-my-car' ? {} : { path: pattern }) } } : {}),
});

/** Content pages of spec §2 "Other" and "Service and parts" that the shell renders from tenant content. */
export const CONTENT_PAGES = [
  'privacy-policy', 'terms-and-conditions', 'about-us', 'careers', 'fleet', 'finance-and-insurance',
  'twg-cars', 'twg-rental', 'twg-tyres', 'neotek', '4x4-outdoor',
  'capped-price-servicing', 'warranty', 'roadside-assist', 'value-my-car-terms-and-conditions',
] as const;

/** My Garage's default route (every tenant answers it): where a page with no garage path of its own links. */
export const MY_GARAGE_PATH = '/my-garage';
/** my-garage pages (spec §2 Other); always behind sign-in (spec §6). */
export const MY_GARAGE_PAGES = ['mymotorama', 'mybigboxcars', 'myblinkr', 'myservco', 'my-garage'] as const;

export const ROUTES: readonly RouteDef[] = [
  // 1. fixed paths
  { pattern: '/', remote: 'shell', page: 'home' },
  { pattern: '/cars/trade-in', remote: 'mf-vehicle', page: 'trade-in', query: TRADE_IN_QUERY },
  { pattern: '/checkout-journey', remote: 'mf-vehicle', page: 'checkout-journey', query: ['car_id'], gate: 'gated_checkout' },
  { pattern: '/print', remote: 'mf-vehicle', page: 'print', query: ['car_id'] },
  { pattern: '/success', remote: 'shell', page: 'success' },
  { pattern: '/finance', remote: 'mf-finance', page: 'finance', query: FINANCE_QUERY },
  { pattern: '/finance-enquiry', remote: 'mf-finance', page: 'finance-enquiry', query: FINANCE_QUERY },
  { pattern: '/apply-for-finance', remote: 'mf-finance', page: 'apply-for-finance', query: FINANCE_QUERY },
  { pattern: '/personalised/finance', remote: 'mf-finance', page: 'personalised-finance', query: FINANCE_QUERY, gate: 'gated_personalised_finance' },
  { pattern: '/contact', remote: 'mf-locations', page: 'contact' },
  { pattern: '/locations', remote: 'mf-locations', page: 'locations', query: ['locationQuery', 'tab'] },
  { pattern: '/dealer-locator', remote: 'mf-locations', page: 'dealer-locator', query: ['near', 'type', 'brand', 'lat', 'lng', 'locationQuery', 'tab'] },
  { pattern: '/service', remote: 'mf-locations', page: 'service' },
  { pattern: '/vehicle-parts-and-accessories', remote: 'mf-locations', page: 'parts' },
  { pattern: '/parts/search', remote: 'mf-search', page: 'parts-search', query: ['query', 'q', 'category', 'price_min', 'price_max', 'sortBy', 'page', 'enquire'] },
  tradeIn('/trade-in'),
  // The same page as trade-in, as the Sell My Car journey (mf-vehicle reads `_journey`).
  tradeIn('/sell-my-car', 'sell-my-car'),
  tradeIn('/sell-your-car', 'sell-my-car'),
  { pattern: '/book-test-drive', remote: 'mf-vehicle', page: 'test-drive', query: ['car_id'] },
  { pattern: '/special-offers', remote: 'mf-search', page: 'offers' },
  { pattern: '/spin-to-win', remote: 'shell', page: 'spin-to-win', gate: 'gated_spin_to_win' },
  { pattern: '/online-payment', remote: 'mf-vehicle', page: 'online-payment', gate: 'always', query: ['car_id'] },
  ...MY_GARAGE_PAGES.map(garage),
  { pattern: '/brands', remote: 'shell', page: 'brands' },
  /** The site's accessibility statement (linked from every footer). */
  { pattern: '/accessibility', remote: 'shell', page: 'accessibility' },
  /** The tenant's blog (content posts) and one post. */
  { pattern: '/blog', remote: 'shell', page: 'blog' },
  { pattern: '/blog/:slug', remote: 'shell', page: 'blog-post' },
  ...CONTENT_PAGES.map(content),
  {
    pattern: '/pages/value-my-car-terms-and-conditions', remote: 'shell', page: 'content',
    params: { slug: 'value-my-car-terms-and-conditions' }, feature: 'value_my_car_terms_under_pages',
  },
  { pattern: '/sign-in', remote: 'mf-account', page: 'sign-in', query: ['type', 'redirect', 'back'] },
  { pattern: '/watchlist', remote: 'mf-account', page: 'watchlist' },
  /** An alert's opt-out link (contracts/src/account.ts ALERTS_STOP_PATH): confirm, then no more texts. */
  { pattern: '/alerts/stop', remote: 'mf-account', page: 'alerts-stop', query: ['t'] },

  // 2. search: everything under /search (including /search itself); mf-search resolves make/model/body/location/type
  //    from the raw segments, so no finer pattern may come before it
  { pattern: '/search/*segments', remote: 'mf-search', page: 'search' },

  // 3. patterns with parameters
  { pattern: '/cars/:slug', remote: 'mf-vehicle', page: 'vehicle' },
  { pattern: '/cars/:slug/checkout', remote: 'mf-vehicle', page: 'checkout', feature: 'reserve_online', gate: 'gated_checkout' },
  { pattern: '/cars/:slug/buy-online', remote: 'mf-vehicle', page: 'buy-online', feature: 'buy_online', gate: 'gated_checkout' },
  { pattern: '/contact-us/:slug', remote: 'mf-locations', page: 'contact' },
  { pattern: '/our-location/:slug', remote: 'mf-locations', page: 'location', query: ['type'] },
  { pattern: '/locations/:slug', remote: 'mf-locations', page: 'location', query: ['type'] },
  { pattern: '/offers/:id', remote: 'mf-search', page: 'offer' },
  { pattern: '/offers/:manufacturerSlug/:id', remote: 'mf-search', page: 'offer' },
  { pattern: '/models/:model', remote: 'shell', page: 'model' },
  { pattern: '/:brand/overview', remote: 'shell', page: 'brand' },

  // 4. one unknown slug: content page or model landing page (`/{model-slug}`)
  { pattern: '/:slug', remote: 'shell', page: 'content' },
];

/** First segments of the table's multi-segment routes: never a brand or content slug. */
const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(
  ROUTES.map((r) => r.pattern.split('/').filter(Boolean)).filter((p) => p.length > 1 && !p[0]!.startsWith(':')).map((p) => p[0]!),
);

type Compiled = { def: RouteDef; parts: readonly string[] };
const compiled: readonly Compiled[] = ROUTES.map((def) => ({ def, parts: def.pattern.split('/').filter(Boolean) }));

/** Splits a path into decoded segments; null when a segment is not valid percent-encoding or is a dot segment. */
function splitPath(pathname: string): string[] | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const out: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (seg === '.' || seg === '..' || seg.includes('/')) return null;
    out.push(seg);
  }
  return out;
}

function match(parts: readonly string[], segs: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.startsWith('*')) {
      params[part.slice(1)] = segs.slice(i).join('/');
      return params;
    }
    const seg = segs[i];
    if (seg === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = seg;
    else if (part !== seg.toLowerCase()) return null;
  }
  return parts.length === segs.length ? params : null;
}

/**
 * Resolves a request path to its owner, page and params (see the matching order above).
 * Trailing and repeated slashes are ignored; fixed words match case-insensitively; params keep their case.
 * @example resolveRoute('/cars/2021-toyota-corolla-123') // { remote: 'mf-vehicle', page: 'vehicle', params: { slug: '2021-toyota-corolla-123' }, ... }
 * @example resolveRoute('/search/toyota/corolla') // { remote: 'mf-search', page: 'search', params: { segments: 'toyota/corolla' }, ... }
 */
export function resolveRoute(pathname: string): ResolvedRoute | null {
  const segs = splitPath(pathname);
  if (!segs) return null;
  for (const { def, parts } of compiled) {
    const params = match(parts, segs);
    if (!params) continue;
    // Top-level params only take real slugs that are not reserved, so `/robots.txt` or `/cars` stay unknown.
    const top = def.pattern === '/:slug' ? params.slug : def.pattern === '/:brand/overview' ? params.brand : undefined;
    if (top !== undefined && (!SLUG.test(top) || RESERVED_SEGMENTS.has(top))) continue;
    const resolved: ResolvedRoute = { remote: def.remote, page: def.page, params: { ...params, ...def.params }, pattern: def.pattern };
    if (def.feature) resolved.feature = def.feature;
    if (def.gate) resolved.gate = def.gate;
    return resolved;
  }
  return null;
}

/** True when a visitor must be signed in for this route on a tenant with these flags (spec §6). */
export function requiresSignIn(route: Pick<ResolvedRoute, 'gate'>, features: Partial<Pick<FeatureFlags, Exclude<RouteGate, 'always'>>>): boolean {
  if (!route.gate) return false;
  return route.gate === 'always' ? true : features[route.gate] === true;
}

/** True when the route is switched on for a tenant (routes with a `feature` need that flag). */
export function routeEnabled(route: Pick<ResolvedRoute, 'feature'>, features: Partial<FeatureFlags>): boolean {
  return !route.feature || features[route.feature] === true;
}

/**
 * The sign-in session cookie (set by edge-api on verify). The shell's gate sends shoppers without one to sign-in and
 * checks one on a gated page with edge-api (`GET /api/auth/session`); the gated action itself is still authorised by
 * the Worker that owns it (edge-api `findSession`).
 */
export const SESSION_COOKIE = '__Host-fc_session';

/**
 * Sign-in link that returns to `redirect` after sign-in (spec §2 Sign-in: `/sign-in?type=&redirect=&back=`).
 * @example signInPath('watchlist', '/cars/abc') // '/sign-in?type=watchlist&redirect=%2Fcars%2Fabc&back=%2Fcars%2Fabc'
 */
export function signInPath(type: string, redirect: string, back: string = redirect): string {
  const q = new URLSearchParams({ type, redirect, back });
  return `/sign-in?${q.toString()}`;
}
