/**
 * mf-search's slots inside workerd (contracts SLOTS.stockStrip and SLOTS.similarCars), through the deployed Worker's
 * fetch handler with the test tenant's stock in KV: the fragment protocol (status, head with this remote's
 * stylesheet, version, cache), what each renders, and the empty 404 for every param the contract refuses.
 * Also the built stylesheet the heads link: the rules the markup of issue 13 depends on.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER } from '@forecourt/contracts/fragments';
import { SimilarCarsIslandPropsSchema } from '@forecourt/contracts/islands';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import { designProblems } from '@forecourt/ui/design-check';
import manifest from '../dist/asset-manifest.json';
import { FAKE_TENANT, FINANCE_CARS, FINANCE_TENANT, RESERVED_CAR } from './test/fake-services.ts';
import { fetchWorker } from './test/worker.ts';

const get = (path: string, tenant: string = FAKE_TENANT) => fetchWorker(path, { headers: { [TENANT_HEADER]: tenant } });
const head = (res: Response) => decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
/** The JSON props script of an island container. */
const propsOf = (html: string, id: string) => JSON.parse(new RegExp(`<script type="application/json" data-island-props="${id}">([^<]*)</script>`).exec(html)![1]!) as unknown;
const cards = (html: string) => (html.match(/<article class="fs-card"/g) ?? []).length;

async function expectEmpty404(path: string, tenant?: string) {
  const res = await get(path, tenant);
  expect(res.status, path).toBe(404);
  expect(await res.text(), path).toBe('');
  expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
}

describe('slot stock-strip (a home page’s featured stock)', () => {
  it('new arrivals: the newest cars in stock as a server-rendered strip, with the stylesheet in the head, shared for a minute', async () => {
    const res = await get('/fragments/stock-strip?strip=new-arrivals');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get(VERSION_HEADER)).toBe(manifest.version);
    expect(head(res)).toMatchObject({ title: 'New arrivals', styles: manifest.css });
    const html = await res.text();
    // Nothing before the island (React writes a preload link before an eager photo only; a strip has none).
    expect(html).toMatch(/^<div id="fs-strip-new-arrivals" data-island="mf-search\/StockStrip" class="fc-island" data-island-when="visible"><section class="fc-section fs-strip" aria-labelledby="fs-strip-new-arrivals-h">/);
    expect(html).toContain('<h2 id="fs-strip-new-arrivals-h">New arrivals</h2>');
    expect(html).toContain('<a class="fc-section__more fs-strip__all" href="/search/new-used-and-demo-cars?sortBy=latest">View all<span class="fc-visually-hidden"> <!-- -->new arrivals</span></a>');
    expect(html).toContain('<ul id="fs-strip-new-arrivals-list" class="fs-strip__list" aria-label="New arrivals">');
    expect(cards(html)).toBe(2);
    expect(html).toContain(`href="/cars/${sampleCar.slug}"`);
    // Every photo lazy (issue 19: a strip is below a page's first screen; only the LCP picture loads at once); the
    // arrows come with hydration (none in the server HTML).
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    for (const img of images) expect(img).toContain('loading="lazy"');
    expect(html).not.toContain('rel="preload"');
    expect(html).not.toContain('fs-strip__arrow');
    // A paid online reservation shows on the card as in the search grid.
    expect(html).toContain('<p class="fs-card__tag" data-kind="reserved">Reserved</p>');
    expect(propsOf(html, 'fs-strip-new-arrivals')).toMatchObject({ id: 'fs-strip-new-arrivals', heading: 'New arrivals', viewAll: '/search/new-used-and-demo-cars?sortBy=latest', favourites: true });
  });

  it('specials: the reduced cars, to the specials search; a type strip: one stock type, to its page; heading and limit from the host', async () => {
    const specials = await (await get('/fragments/stock-strip?strip=specials')).text();
    expect(cards(specials)).toBe(2);
    expect(specials).toContain('href="/search/new-used-and-demo-cars?reduced=true&amp;sortBy=latest"');
    const used = await get('/fragments/stock-strip?strip=type&car_type=used&heading=Utes%20we%20love&limit=4');
    expect(head(used)).toMatchObject({ title: 'Utes we love' });
    const html = await used.text();
    expect(html).toContain('<h2 id="fs-strip-type-used-h">Utes we love</h2>');
    expect(html).toContain('href="/search/used-cars?sortBy=latest"');
    expect(cards(html)).toBe(2);
  });

  it('a brand or model strip (brand and model pages): that make (and model) only, headed by it, View all to its search page', async () => {
    const res = await get('/fragments/stock-strip?strip=new-arrivals&make=toyota&model=corolla');
    expect(res.status).toBe(200);
    expect(head(res)).toMatchObject({ title: 'Toyota Corolla in stock' });
    const html = await res.text();
    expect(cards(html)).toBe(2);
    expect(html).toContain('<h2 id="fs-strip-new-arrivals-toyota-corolla-h">Toyota Corolla in stock</h2>');
    expect(html).toContain('href="/search/toyota/corolla?sortBy=latest"');
    // A make or model the tenant has no stock or page for: an empty answer, never the unnarrowed stock.
    for (const query of ['make=toyota&model=camry', 'make=isuzu-ute', 'make=toyota&model=corolla&car_type=new']) {
      const empty = await get(`/fragments/stock-strip?strip=new-arrivals&${query}`);
      expect(empty.status, query).toBe(200);
      expect(await empty.text(), query).toBe('');
    }
    // A model without its make, or a make that is not a slug: the empty 404.
    await expectEmpty404('/fragments/stock-strip?strip=new-arrivals&model=corolla');
    await expectEmpty404('/fragments/stock-strip?strip=new-arrivals&make=%3Cscript%3E');
  });

  it('no car to show: an empty answer (the host shows no empty section), still shared', async () => {
    const res = await get('/fragments/stock-strip?strip=type&car_type=new');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('finance (the finance page’s Get Finance Now): 6 used cars in stock with more than one photo, newest first, to their pages', async () => {
    const res = await get('/fragments/stock-strip?strip=finance', FINANCE_TENANT);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(head(res)).toMatchObject({ title: 'Get Finance Now', styles: manifest.css });
    const html = await res.text();
    expect(html).toContain('<h2 id="fs-strip-finance-used-h">Get Finance Now</h2>');
    expect(html).toContain('href="/search/used-cars?sortBy=latest"');
    expect(cards(html)).toBe(6);
    const shown = FINANCE_CARS.filter((car) => html.includes(`href="/cars/${car.slug}"`)).map((car) => car.id);
    expect(shown).toEqual(['8001', '8002', '8003', '8004', '8005', '8006']);
    // Newest first on the page too.
    expect(html.indexOf('/cars/2021-mazda-cx-5-maxx-8001')).toBeLessThan(html.indexOf('/cars/2021-mazda-cx-5-maxx-8006'));
    // More cars on request: the seventh (two images, no photos_count) joins; one photo, new, sold and coming soon never do.
    const more = await (await get('/fragments/stock-strip?strip=finance&limit=12&heading=Drive%20away%20today', FINANCE_TENANT)).text();
    expect(FINANCE_CARS.filter((car) => more.includes(`href="/cars/${car.slug}"`)).map((car) => car.id)).toEqual(['8001', '8002', '8003', '8004', '8005', '8006', '8007']);
    expect(more).toContain('<h2 id="fs-strip-finance-used-h">Drive away today</h2>');
  });

  it('finance: the tenant’s own cars only; none qualifying is the empty answer; another stock type is the empty 404', async () => {
    // Test Motors' stock: sampleCar (two photos, used) and the reserved car; never Finance Motors' cars.
    const own = await (await get('/fragments/stock-strip?strip=finance')).text();
    expect(cards(own)).toBe(2);
    expect(FINANCE_CARS.some((car) => own.includes(`/cars/${car.slug}`))).toBe(false);
    const none = await get('/fragments/stock-strip?strip=finance', 'no-stock');
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('');
    expect(none.headers.get('cache-control')).toBe('public, max-age=60');
    await expectEmpty404('/fragments/stock-strip?strip=finance&car_type=new', FINANCE_TENANT);
  });

  it('params the contract refuses, or a type strip without its type: the empty 404', async () => {
    for (const query of ['', 'strip=bogus', 'strip=type', 'strip=new-arrivals&limit=3', 'strip=new-arrivals&limit=13', 'strip=specials&car_type=boat', `strip=specials&heading=${'x'.repeat(81)}`]) {
      await expectEmpty404(`/fragments/stock-strip?${query}`);
    }
  });
});

describe('slot similar-cars (the car page’s similar cars)', () => {
  it('the SimilarCars island with its heading and 6 placeholders, its props from the contract, the stylesheet in the head', async () => {
    const res = await get(`/fragments/similar-cars?slug=${sampleCar.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    // Its cards come from the tenant's stock: named by the stock tag, purged with the stock pages (issue 19).
    expect(res.headers.get('x-forecourt-cache-tags')).toBe(`stock:${FAKE_TENANT}`);
    expect(head(res)).toMatchObject({ title: 'Similar cars', styles: manifest.css });
    const html = await res.text();
    expect(html).toMatch(/^<div id="fs-similar-cars" data-island="mf-search\/SimilarCars" class="fc-island" data-island-when="visible"><section class="fsim"/);
    expect(html).toContain('>Similar cars</h2>');
    expect((html.match(/<li class="fsim-list__item fsim-ph">/g) ?? []).length).toBe(6);
    expect(v.parse(SimilarCarsIslandPropsSchema, propsOf(html, 'fs-similar-cars'))).toEqual({ source: { slug: sampleCar.slug } });
  });

  it('a sold or reserved car of the tenant has it too; an unknown, malformed or missing slug, or another tenant’s car: the empty 404', async () => {
    expect((await get(`/fragments/similar-cars?slug=${RESERVED_CAR.slug}`)).status).toBe(200);
    for (const query of ['', 'slug=', 'slug=no-such-car-1', 'slug=Not%20A%20Slug', `slug=${'a'.repeat(201)}`]) await expectEmpty404(`/fragments/similar-cars?${query}`);
    await expectEmpty404(`/fragments/similar-cars?slug=${sampleCar.slug}`, 'no-stock');
  });
});

describe('the stylesheet every fragment and slot links', () => {
  it('frames offer pictures whole (4:3, contained: issue 13, cut at the right edge) and card photos uncropped', async () => {
    const css = await (await get(manifest.css[0]!)).text();
    const rule = (selector: string) => new RegExp(`(?:^|\\})${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(rule('.fs-offer__media')).toMatch(/aspect-ratio:4\s*\/\s*3/);
    expect(rule('.fs-offer__media img')).toContain('object-fit:contain');
    expect(css).not.toMatch(/\.fs-offer[^{}]*img\{[^}]*object-fit:cover/);
    expect(rule('.fs-card .fs-card__image img')).toContain('object-fit:contain');
  });

  it('uses the design tokens only: no literal colour or font family', async () => {
    const css = await (await get(manifest.css[0]!)).text();
    // The built stylesheet, minified (which writes `transparent` as #0000: no colour of its own).
    expect(designProblems(css.replace(/#0000\b/g, 'transparent'))).toEqual([]);
  });
});

describe('slot quick-search (a home page’s "find your next car")', () => {
  it('a GET form to the search page offering the stock’s own makes, models, types and bodies with counts, shared for a minute', async () => {
    const res = await get('/fragments/quick-search');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(head(res)).toMatchObject({ title: 'Find your next car', styles: manifest.css });
    const html = await res.text();
    expect(html).toContain('<h2 id="fs-quick-search-title" class="fs-qs__title">Find your next car</h2>');
    const form = /<form [^>]*>/.exec(html)![0];
    for (const attr of ['action="/search/new-used-and-demo-cars"', 'method="get"', 'role="search"', 'aria-labelledby="fs-quick-search-title"']) expect(form).toContain(attr);
    expect(html).toMatch(/<input id="fc-home-q" type="search"[^>]*name="query"/);
    expect(html).toMatch(new RegExp(`<select id="fs-qs-model" name="make_model">.*<optgroup label="${sampleCar.make}"><option value="${sampleCar.make} ${sampleCar.model}">${sampleCar.model} \\(\\d+\\)</option>`));
    expect(html).toContain('<select id="fs-qs-price" name="price_max">');
    expect(html).toContain('<option value="30000">$30,000</option>');
  });

  it('lays out its own form: the linked stylesheet has the quick search rules (the host only places the card)', async () => {
    const html = await (await get('/fragments/quick-search')).text();
    expect(html).toContain('<form class="fs-qs"');
    expect(html).toContain('<div class="fs-qs__field fs-qs__field--wide">');
    expect(html).not.toContain('fc-field');
    const css = await (await get(manifest.css[0]!)).text();
    for (const selector of ['.fs-qs{', '.fs-qs__field{', '.fs-qs__field select,.fs-qs__field input{', '.fs-qs__submit{']) expect(css).toContain(selector);
  });

  it('takes a heading from the host; a heading the contract refuses is the empty 404', async () => {
    expect(head(await get('/fragments/quick-search?heading=Shop%20our%20yard'))).toMatchObject({ title: 'Shop our yard' });
    await expectEmpty404(`/fragments/quick-search?heading=${'x'.repeat(81)}`);
  });
});
