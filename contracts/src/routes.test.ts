import { describe, expect, it } from 'vitest';
import { PAGES, ROUTES, requiresSignIn, resolveRoute, routeEnabled, signInPath, type RouteOwner } from './routes.ts';

type Expect = [path: string, remote: RouteOwner, page: string, params?: Record<string, string>];

// Every route of spec §2, in the spec's order.
const SPEC_ROUTES: Record<string, Expect[]> = {
  search: [
    ['/search/new-used-and-demo-cars', 'mf-search', 'search', { segments: 'new-used-and-demo-cars' }],
    ['/search/used-cars', 'mf-search', 'search', { segments: 'used-cars' }],
    ['/search/new-and-demo-cars', 'mf-search', 'search', { segments: 'new-and-demo-cars' }],
    ['/search/new-cars', 'mf-search', 'search', { segments: 'new-cars' }],
    ['/search/demo-cars', 'mf-search', 'search', { segments: 'demo-cars' }],
    ['/search/toyota', 'mf-search', 'search', { segments: 'toyota' }],
    ['/search/toyota/corolla', 'mf-search', 'search', { segments: 'toyota/corolla' }],
    ['/search/suv', 'mf-search', 'search', { segments: 'suv' }],
    ['/search/brisbane-city-toyota', 'mf-search', 'search', { segments: 'brisbane-city-toyota' }],
    ['/search/used-cars/toyota/corolla', 'mf-search', 'search', { segments: 'used-cars/toyota/corolla' }],
    ['/search', 'mf-search', 'search', { segments: '' }],
  ],
  vehicle: [
    ['/cars/2021-toyota-corolla-ascent-sport-12345', 'mf-vehicle', 'vehicle', { slug: '2021-toyota-corolla-ascent-sport-12345' }],
    ['/cars/2021-toyota-corolla-ascent-sport-12345/checkout', 'mf-vehicle', 'checkout', { slug: '2021-toyota-corolla-ascent-sport-12345' }],
    ['/cars/2021-toyota-corolla-ascent-sport-12345/buy-online', 'mf-vehicle', 'buy-online', { slug: '2021-toyota-corolla-ascent-sport-12345' }],
    ['/checkout-journey?car_id=2021-toyota-corolla', 'mf-vehicle', 'checkout-journey', {}],
    ['/cars/trade-in?car_id=123', 'mf-vehicle', 'trade-in', {}],
    ['/print?car_id=2021-toyota-corolla', 'mf-vehicle', 'print', {}],
    ['/success', 'shell', 'success', {}],
  ],
  finance: [
    ['/finance', 'mf-finance', 'finance', {}],
    ['/finance-enquiry', 'mf-finance', 'finance-enquiry', {}],
    ['/apply-for-finance', 'mf-finance', 'apply-for-finance', {}],
    ['/personalised/finance?car_id=123', 'mf-finance', 'personalised-finance', {}],
    ['/finance?preferredDealership=x&vehiclePriceBudget=30000&car_id=1&car_type=used&vin=ABC#finance-form', 'mf-finance', 'finance', {}],
  ],
  contact: [
    ['/contact', 'mf-locations', 'contact', {}],
    ['/contact-us/toyota-springwood', 'mf-locations', 'contact', { slug: 'toyota-springwood' }],
    ['/our-location/toyota-springwood', 'mf-locations', 'location', { slug: 'toyota-springwood' }],
    ['/locations/toyota-springwood', 'mf-locations', 'location', { slug: 'toyota-springwood' }],
    ['/locations/springwood-motor-group', 'mf-locations', 'location', { slug: 'springwood-motor-group' }],
    ['/dealer-locator', 'mf-locations', 'dealer-locator', {}],
  ],
  service: [
    ['/service', 'mf-locations', 'service', {}],
    ['/vehicle-parts-and-accessories', 'mf-locations', 'parts', {}],
    ['/parts/search', 'mf-search', 'parts-search', {}],
    ['/capped-price-servicing', 'shell', 'content', { slug: 'capped-price-servicing' }],
    ['/warranty', 'shell', 'content', { slug: 'warranty' }],
    ['/roadside-assist', 'shell', 'content', { slug: 'roadside-assist' }],
  ],
  other: [
    ['/trade-in', 'mf-vehicle', 'trade-in', {}],
    ['/sell-my-car', 'mf-vehicle', 'trade-in', { journey: 'sell-my-car' }],
    ['/sell-your-car', 'mf-vehicle', 'trade-in', { journey: 'sell-my-car', path: '/sell-your-car' }],
    ['/book-test-drive/', 'mf-vehicle', 'test-drive', {}],
    ['/special-offers', 'mf-search', 'offers', {}],
    ['/offers/42', 'mf-search', 'offer', { id: '42' }],
    ['/offers/toyota/42', 'mf-search', 'offer', { manufacturerSlug: 'toyota', id: '42' }],
    ['/spin-to-win', 'shell', 'spin-to-win', {}],
    ['/online-payment', 'mf-vehicle', 'online-payment', {}],
    ['/mymotorama', 'mf-account', 'my-garage', { garage: 'mymotorama' }],
    ['/mybigboxcars', 'mf-account', 'my-garage', { garage: 'mybigboxcars' }],
    ['/myblinkr', 'mf-account', 'my-garage', { garage: 'myblinkr' }],
    ['/myservco', 'mf-account', 'my-garage', { garage: 'myservco' }],
    ['/my-garage', 'mf-account', 'my-garage', { garage: 'my-garage' }],
    ['/privacy-policy', 'shell', 'content', { slug: 'privacy-policy' }],
    ['/terms-and-conditions', 'shell', 'content', { slug: 'terms-and-conditions' }],
    ['/about-us', 'shell', 'content', { slug: 'about-us' }],
    ['/careers', 'shell', 'content', { slug: 'careers' }],
    ['/fleet', 'shell', 'content', { slug: 'fleet' }],
    ['/brands', 'shell', 'brands', {}],
    ['/finance-and-insurance', 'shell', 'content', { slug: 'finance-and-insurance' }],
    ['/twg-cars', 'shell', 'content', { slug: 'twg-cars' }],
    ['/twg-rental', 'shell', 'content', { slug: 'twg-rental' }],
    ['/twg-tyres', 'shell', 'content', { slug: 'twg-tyres' }],
    ['/neotek', 'shell', 'content', { slug: 'neotek' }],
    ['/4x4-outdoor', 'shell', 'content', { slug: '4x4-outdoor' }],
    ['/models/mu-x', 'shell', 'model', { model: 'mu-x' }],
    ['/models/d-max', 'shell', 'model', { model: 'd-max' }],
    ['/toyota/overview', 'shell', 'brand', { brand: 'toyota' }],
    ['/corolla', 'shell', 'content', { slug: 'corolla' }],
    ['/value-my-car-terms-and-conditions', 'shell', 'content', { slug: 'value-my-car-terms-and-conditions' }],
    ['/pages/value-my-car-terms-and-conditions', 'shell', 'content', { slug: 'value-my-car-terms-and-conditions' }],
  ],
  'sign-in and account': [
    ['/sign-in?type=watchlist&redirect=/cars/x&back=/cars/x', 'mf-account', 'sign-in', {}],
    ['/watchlist', 'mf-account', 'watchlist', {}],
    ['/', 'shell', 'home', {}],
  ],
};

describe('resolveRoute: every route of spec §2', () => {
  for (const [group, cases] of Object.entries(SPEC_ROUTES)) {
    describe(group, () => {
      it.each(cases)('%s -> %s %s', (path, remote, page, params) => {
        const r = resolveRoute(path);
        expect(r).not.toBeNull();
        expect({ remote: r!.remote, page: r!.page }).toEqual({ remote, page });
        if (params) expect(r!.params).toEqual(params);
      });
    });
  }
});

describe('resolveRoute: matching rules', () => {
  it('returns null for unknown multi-segment paths', () => {
    for (const p of ['/foo/bar', '/foo/bar/baz', '/cars/x/y/z', '/api/search', '/fragments/search', '/_mf/mf-search/1/remoteEntry.js', '/toyota/overview/extra']) {
      expect(resolveRoute(p), p).toBeNull();
    }
  });

  it('sends a single unknown slug to the shell content page, but not files or reserved words', () => {
    expect(resolveRoute('/hilux')).toMatchObject({ remote: 'shell', page: 'content', params: { slug: 'hilux' } });
    expect(resolveRoute('/robots.txt')).toBeNull();
    expect(resolveRoute('/favicon.ico')).toBeNull();
    expect(resolveRoute('/Some Page')).toBeNull();
    expect(resolveRoute('/cars')).toBeNull();
    expect(resolveRoute('/offers')).toBeNull();
    expect(resolveRoute('/cars/overview')).toMatchObject({ page: 'vehicle', params: { slug: 'overview' } });
    expect(resolveRoute('/parts/overview')).toBeNull();
    expect(resolveRoute('/search/overview')).toMatchObject({ remote: 'mf-search', params: { segments: 'overview' } });
  });

  it('prefers fixed words over slugs', () => {
    expect(resolveRoute('/cars/trade-in')).toMatchObject({ page: 'trade-in', params: {} });
    expect(resolveRoute('/finance')?.page).toBe('finance');
    expect(resolveRoute('/locations')?.page).toBe('locations');
  });

  it('ignores trailing and repeated slashes, query and hash; fixed words are case-insensitive, params keep case', () => {
    expect(resolveRoute('/finance/')?.page).toBe('finance');
    expect(resolveRoute('//cars//abc/')).toMatchObject({ page: 'vehicle', params: { slug: 'abc' } });
    expect(resolveRoute('/Finance')?.page).toBe('finance');
    expect(resolveRoute('/search/Toyota/Corolla?page=2#x')?.params).toEqual({ segments: 'Toyota/Corolla' });
    expect(resolveRoute('')?.page).toBe('home');
  });

  it('decodes params and rejects bad encodings and dot segments', () => {
    expect(resolveRoute('/search/land%20rover')?.params).toEqual({ segments: 'land rover' });
    expect(resolveRoute('/cars/%E0%A4%A')).toBeNull();
    expect(resolveRoute('/cars/..')).toBeNull();
    expect(resolveRoute('/cars/a%2Fb')).toBeNull();
  });

  it('carries gates and features', () => {
    expect(resolveRoute('/online-payment')?.gate).toBe('always');
    expect(resolveRoute('/my-garage')?.gate).toBe('always');
    expect(resolveRoute('/cars/x/checkout')).toMatchObject({ gate: 'gated_checkout', feature: 'reserve_online' });
    expect(resolveRoute('/cars/x/buy-online')?.feature).toBe('buy_online');
    expect(resolveRoute('/personalised/finance')?.gate).toBe('gated_personalised_finance');
    expect(resolveRoute('/spin-to-win')?.gate).toBe('gated_spin_to_win');
    expect(resolveRoute('/trade-in')?.gate).toBeUndefined();
    expect(resolveRoute('/sell-my-car')?.gate).toBeUndefined();
  });
});

describe('route helpers', () => {
  it('requiresSignIn follows spec §6', () => {
    expect(requiresSignIn({ gate: 'always' }, {})).toBe(true);
    expect(requiresSignIn({ gate: 'gated_checkout' }, { gated_checkout: false })).toBe(false);
    expect(requiresSignIn({ gate: 'gated_checkout' }, { gated_checkout: true })).toBe(true);
    expect(requiresSignIn({}, { gated_checkout: true })).toBe(false);
  });

  it('routeEnabled needs the route feature flag', () => {
    expect(routeEnabled(resolveRoute('/cars/x/buy-online')!, { buy_online: false })).toBe(false);
    expect(routeEnabled(resolveRoute('/cars/x/buy-online')!, { buy_online: true })).toBe(true);
    expect(routeEnabled(resolveRoute('/cars/x')!, {})).toBe(true);
  });


  it('every route names a page its owner declares, and every declared page has a route', () => {
    for (const r of ROUTES) expect(PAGES[r.remote] as readonly string[], r.pattern).toContain(r.page);
    for (const [remote, pages] of Object.entries(PAGES)) {
      for (const page of pages) expect(ROUTES.some((r) => r.remote === remote && r.page === page), `${remote}/${page}`).toBe(true);
    }
  });

  it('signInPath builds the sign-in link of spec §2', () => {
    const url = new URL(signInPath('watchlist', '/cars/abc'), 'http://x');
    expect(url.pathname).toBe('/sign-in');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'watchlist', redirect: '/cars/abc', back: '/cars/abc' });
    expect(resolveRoute(url.pathname)?.page).toBe('sign-in');
  });
});
