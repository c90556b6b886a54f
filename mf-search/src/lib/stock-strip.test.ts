import { describe, expect, it } from 'vitest';
import { FEATURED_FINANCE_CARS } from '@forecourt/contracts/constants';
import type { Car, CarImage } from '@forecourt/contracts/entities/car';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import type { SearchPort } from '@forecourt/contracts/search';
import { readSlotParams } from '@forecourt/contracts/slots';
import { createEmbeddedSearch } from '../engine/embedded.ts';
import { DAY_MS } from '../engine/visibility.ts';
import { FIXTURE_NOW, makeCar, scopeOf } from '../test/engine-fixtures.ts';
import { FINANCE_STRIP_SCAN, hasSeveralPhotos, resolveStrip, STOCK_STRIP_DEFAULT_LIMIT, stripCars, stripId, stripPathSegments, stripRequest, stripScope, stripViewAll } from './stock-strip.ts';

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

describe('the finance strip (the finance page\'s "Get Finance Now" cars, spec §2)', () => {
  const photos = (n: number): CarImage[] => Array.from({ length: n }, (_, i) => ({ image: { url: `/img/${i}.jpg`, thumb: { url: `/img/${i}-t.jpg` } } }));
  /** A car `days` old; used, in stock and with 3 photos unless told otherwise. */
  const car = (id: string, days: number, extra: Partial<Car> = {}): Car =>
    makeCar({ id, make: 'Mazda', model: 'CX-5', year: 2020, car_type: 'used', price: 25_000, km: 50_000, status: 'in_stock', created_at_timestamp: FIXTURE_NOW - days * DAY_MS, images: photos(3), photos_count: 3, ...extra });
  const finance = resolveStrip({ strip: 'finance' })!;
  const scope = { ...scopeOf('alpha'), in_stock_only: true };

  it('used cars, 6 by default (FEATURED_FINANCE_CARS), headed Get Finance Now, View all to the used cars newest first', () => {
    expect(finance).toEqual({ strip: 'finance', carType: 'used', heading: 'Get Finance Now', limit: FEATURED_FINANCE_CARS });
    expect(FEATURED_FINANCE_CARS).toBe(6);
    expect(stripRequest(finance)).toEqual({ query: '', page: 1, sortBy: 'latest', hitsPerPage: 6, filters: { car_type: ['used'] }, ranges: {}, facets: [] });
    expect(stripViewAll(finance, siteConfig('t'))).toBe('/search/used-cars?sortBy=latest');
    expect(stripId(finance)).toBe('fs-strip-finance-used');
    expect(resolveStrip({ strip: 'finance', car_type: 'used', limit: '4', heading: 'Drive it home' })).toMatchObject({ carType: 'used', limit: 4, heading: 'Drive it home' });
    // Another stock type names nothing.
    expect(resolveStrip({ strip: 'finance', car_type: 'new' })).toBeNull();
    expect(readSlotParams('stockStrip', new URLSearchParams('strip=finance')).success).toBe(true);
  });

  it('more than one photo: the feed\'s photos_count when it gives one, else its images', () => {
    expect(hasSeveralPhotos(car('x', 1))).toBe(true);
    expect(hasSeveralPhotos(car('x', 1, { photos_count: 1, images: photos(1) }))).toBe(false);
    expect(hasSeveralPhotos(car('x', 1, { photos_count: null, images: photos(2) }))).toBe(true);
    expect(hasSeveralPhotos(car('x', 1, { photos_count: null, images: photos(1) }))).toBe(false);
    expect(hasSeveralPhotos(car('x', 1, { photos_count: 0, images: [] }))).toBe(false);
  });

  it('selects used cars in stock with more than one photo, newest first; leaves out one photo, new and demo, sold, coming soon, other tenants', async () => {
    const alpha = [
      car('u1', 1),
      car('one-photo', 0.5, { photos_count: 1, images: photos(1) }),
      car('new', 0.2, { car_type: 'new' }),
      car('demo', 0.3, { car_type: 'demo' }),
      car('sold', 0.4, { status: 'sold', sold_date_timestamp: FIXTURE_NOW - DAY_MS }),
      car('coming', 0.6, { status: 'coming_soon' }),
      car('hidden', 0.7, { show_on_dealer_website: false }),
      car('u2', 2, { photos_count: null, images: photos(2) }),
      car('u3', 3),
    ];
    const engine = createEmbeddedSearch({ alpha, beta: [car('b1', 0.1)] });
    expect((await stripCars(engine, scope, finance)).map((c) => c.id)).toEqual(['u1', 'u2', 'u3']);
    expect((await stripCars(engine, { ...scope, tenant: 'beta' }, finance)).map((c) => c.id)).toEqual(['b1']);
    // No car qualifies: nothing (the route then answers the empty fragment).
    expect(await stripCars(createEmbeddedSearch({ alpha: [alpha[1]!, alpha[2]!] }), scope, finance)).toEqual([]);
  });

  it('takes `limit` cars, looking past cars with one photo page by page, never beyond FINANCE_STRIP_SCAN', async () => {
    const { hitsPerPage, pages } = FINANCE_STRIP_SCAN;
    // The newest page holds only single-photo cars; the next holds the featured ones.
    const single = Array.from({ length: hitsPerPage }, (_, i) => car(`s${i}`, i / 1000, { photos_count: 1, images: photos(1) }));
    const featured = Array.from({ length: 8 }, (_, i) => car(`f${i}`, 1 + i));
    const engine = createEmbeddedSearch({ alpha: [...single, ...featured] });
    expect((await stripCars(engine, scope, finance)).map((c) => c.id)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5']);
    expect((await stripCars(engine, scope, { ...finance, limit: 12 })).map((c) => c.id)).toEqual(featured.map((c) => c.id));
    // Pages are asked for only while the strip is not full, and never past the scanned pages.
    const calls: number[] = [];
    const counting = (port: SearchPort): Pick<SearchPort, 'search'> => ({ search: (s, request) => (calls.push(request.page), port.search(s, request)) });
    await stripCars(counting(engine), scope, finance);
    expect(calls).toEqual([1, 2]);
    calls.length = 0;
    const deep = createEmbeddedSearch({ alpha: [...Array.from({ length: hitsPerPage * pages }, (_, i) => car(`d${i}`, i / 1000, { photos_count: 1, images: photos(1) })), car('late', 30)] });
    expect(await stripCars(counting(deep), scope, finance)).toEqual([]);
    expect(calls).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
  });

  it('the other strips are one search of `limit` cars, whatever their photos', async () => {
    const engine = createEmbeddedSearch({ alpha: [car('one', 1, { photos_count: 1, images: photos(1) }), car('none', 2, { photos_count: 0, images: [] })] });
    expect((await stripCars(engine, scope, resolveStrip({ strip: 'new-arrivals' })!)).map((c) => c.id)).toEqual(['one', 'none']);
  });
});
