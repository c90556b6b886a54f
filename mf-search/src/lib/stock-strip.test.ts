import { describe, expect, it } from 'vitest';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { readSlotParams } from '@forecourt/contracts/slots';
import { resolveStrip, STOCK_STRIP_DEFAULT_LIMIT, stripId, stripPathSegments, stripRequest, stripScope, stripViewAll } from './stock-strip.ts';

const strip = (query: string) => {
  const params = readSlotParams('stockStrip', new URLSearchParams(query));
  return params.success ? resolveStrip(params.output) : null;
};

describe('stock strips (contracts SLOTS.stockStrip)', () => {
  it('new arrivals: the newest in stock, 8 by default, headed by default, to the all-stock page newest first', () => {
    const s = strip('strip=new-arrivals')!;
    expect(s).toEqual({ strip: 'new-arrivals', carType: null, heading: 'New arrivals', limit: STOCK_STRIP_DEFAULT_LIMIT });
    expect(stripRequest(s)).toEqual({ query: '', page: 1, sortBy: 'latest', hitsPerPage: 8, filters: {}, ranges: {}, facets: [] });
    expect(stripViewAll(s, siteConfig('t'))).toBe('/search/new-used-and-demo-cars?sortBy=latest');
    expect(stripId(s)).toBe('fs-strip-new-arrivals');
  });
  it('specials: the reduced cars, to the specials search; a used-only site’s all-stock page is its used cars', () => {
    const s = strip('strip=specials&limit=12')!;
    expect(stripRequest(s)).toMatchObject({ reduced: true, hitsPerPage: 12, sortBy: 'latest' });
    expect(stripViewAll(s, siteConfig('t'))).toBe('/search/new-used-and-demo-cars?reduced=true&sortBy=latest');
    expect(stripViewAll(s, siteConfig('t', { search: { used_only: true } }))).toBe('/search/used-cars?reduced=true&sortBy=latest');
  });
  it('a type strip: one stock type, headed by its page, to its page; no latest sort where the tenant does not offer it', () => {
    const s = strip('strip=type&car_type=demo&heading=%20Demo%20deals%20')!;
    expect(s).toMatchObject({ carType: 'demo', heading: 'Demo deals' });
    expect(stripRequest(s).filters).toEqual({ car_type: ['demo'] });
    expect(stripViewAll(s, siteConfig('t', { search: { sort_options: ['relevance', 'price_asc'] } }))).toBe('/search/demo-cars');
    expect(strip('strip=type&car_type=used')!.heading).toBe('Used cars');
    expect(stripId(strip('strip=type&car_type=new')!)).toBe('fs-strip-type-new');
    // Any strip may be narrowed to a type.
    expect(stripRequest(strip('strip=new-arrivals&car_type=used')!).filters).toEqual({ car_type: ['used'] });
  });
  it('a type strip without its type shows nothing; a strip is in stock only, whatever the site shows', () => {
    expect(strip('strip=type')).toBeNull();
    const scope = stripScope(siteConfig('t'), 1_000);
    expect(scope).toMatchObject({ tenant: 't', in_stock_only: true, now: 1_000 });
  });
  it('a brand or model strip: narrowed to the make (and model) search page, View all goes there', () => {
    const params = readSlotParams('stockStrip', new URLSearchParams('strip=new-arrivals&make=isuzu-ute&model=d-max&car_type=new'));
    expect(params.success && stripPathSegments(params.output)).toBe('isuzu-ute/d-max');
    const s = strip('strip=new-arrivals&make=isuzu-ute&model=d-max&car_type=new')!;
    s.path = { pathname: '/search/isuzu-ute/d-max', heading: 'Isuzu D-Max', filters: { make: ['Isuzu'], model: ['D-Max'] } };
    expect(stripRequest(s).filters).toEqual({ make: ['Isuzu'], model: ['D-Max'], car_type: ['new'] });
    expect(stripViewAll(s, siteConfig('t'))).toBe('/search/isuzu-ute/d-max?car_type=new&sortBy=latest');
    expect(stripId(s)).toBe('fs-strip-new-arrivals-new-isuzu-ute-d-max');
    // A model without its make names nothing; a strip without a make is not narrowed.
    expect(strip('strip=new-arrivals&model=d-max')).toBeNull();
    const plain = readSlotParams('stockStrip', new URLSearchParams('strip=specials'));
    expect(plain.success && stripPathSegments(plain.output)).toBeNull();
    // Slugs only: anything else is refused by the contract.
    expect(readSlotParams('stockStrip', new URLSearchParams('strip=new-arrivals&make=Isuzu UTE')).success).toBe(false);
  });
});
