/**
 * The search results page (first version) through the shell, on the composed platform (dev/platform.mjs):
 * stock-type pages per tenant, paging, sorting, hostile query values, the island props and `/api/search/view`.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { startPlatform } from '../../dev/platform.mjs';

type Platform = { url: URL; dispose(): Promise<void> };
type Res = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
type Card = { id: string; slug: string; path: string; title: string; chips: string[]; price: { kind: string; amount?: number; text: string }; status: string };
type View = {
  pathname: string;
  heading: string;
  refinements: { query: string; page: number; sortBy: string; filters: Record<string, string[]>; ranges: Record<string, unknown> };
  sortOptions: Array<{ value: string; label: string }>;
  cards: Card[];
  count: number;
  page: number;
  pages: number;
};

const PAGE_SIZE = 21;
const SLUGS = ['harbourside-toyota', 'southern-cross-motor-group', 'outback-used-cars'] as const;
/** Stock-type pages of spec §2 and the type chip each card may show. */
const TYPE_PAGES: Record<string, string[]> = {
  'new-used-and-demo-cars': ['New', 'Used', 'Demo'],
  'used-cars': ['Used'],
  'new-cars': ['New'],
  'demo-cars': ['Demo'],
  'new-and-demo-cars': ['New', 'Demo'],
};
const USED_ONLY = 'outback-used-cars';

/** GET through the platform with a Host header (Node's fetch ignores `host`; *.localhost is not resolved by Node). */
function get(origin: URL, host: string, path: string): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = request({ host: origin.hostname, port: origin.port, path, method: 'GET', headers: { host } }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on('data', (c: Uint8Array) => chunks.push(c));
      res.on('end', () => {
        const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let at = 0;
        for (const c of chunks) (out.set(c, at), (at += c.length));
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: new TextDecoder().decode(out) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let platform: Platform;
const page = (slug: string, path: string) => get(platform.url, `${slug}.localhost`, path);
const hs = (path: string) => page('harbourside-toyota', path);

/** The results island's props as the browser reads them: the script text up to the first `</script>`. */
function islandView(html: string): View {
  const open = '<script type="application/json" data-island-props="fs-results">';
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const text = html.slice(start + open.length, html.indexOf('</script>', start));
  expect(text).not.toMatch(/<\/?script/i);
  expect(text).not.toContain('<');
  return (JSON.parse(text) as { view: View }).view;
}

const cardCount = (html: string) => (html.match(/<article class="fs-card"/g) ?? []).length;
const typeChips = (html: string) => [...html.matchAll(/<ul class="fs-card__chips"[^>]*><li>([^<]*)<\/li>/g)].map((m) => m[1]!);
const countText = (n: number) => `${new Intl.NumberFormat('en-AU').format(n)} ${n === 1 ? 'vehicle' : 'vehicles'} found`;

/** A full page of min(21, remaining) cards, unless sold runs were collapsed (spec §4), which leaves a sold card. */
function expectFullPage(view: View) {
  const expected = Math.max(0, Math.min(PAGE_SIZE, view.count - (view.page - 1) * PAGE_SIZE));
  if (view.cards.some((c) => c.status === 'sold')) {
    expect(view.cards.length).toBeGreaterThan(0);
    expect(view.cards.length).toBeLessThanOrEqual(expected);
  } else expect(view.cards.length).toBe(expected);
}

/** Cards priced plainly (kind 'price' shows the sort key itself; offers show the offer price). */
const plainPrices = (view: View) => view.cards.filter((c) => c.price.kind === 'price').map((c) => c.price.amount!);

beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error' });
});

afterAll(async () => {
  await platform?.dispose();
});

describe.each(SLUGS)('stock-type pages of %s', (slug) => {
  it.each(Object.keys(TYPE_PAGES))('/search/%s renders a first page of cards of the right car types', async (type) => {
    const res = await page(slug, `/search/${type}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    const view = islandView(res.body);
    expect(view.pathname).toBe(`/search/${type}`);
    expect(view.page).toBe(1);
    expect(view.pages).toBe(Math.ceil(view.count / PAGE_SIZE));
    expectFullPage(view);
    expect(cardCount(res.body)).toBe(view.cards.length);
    expect(res.body).toContain(countText(view.count));
    expect(res.body).toContain(`<h1>${view.heading}</h1>`);

    const chips = typeChips(res.body);
    expect(chips).toHaveLength(view.cards.length);
    for (const chip of chips) expect(TYPE_PAGES[type]).toContain(chip);
    if (slug === USED_ONLY) {
      for (const chip of chips) expect(chip).toBe('Used');
      if (!TYPE_PAGES[type]!.includes('Used')) {
        expect(view.count).toBe(0);
        expect(res.body).toContain('No results found for your search at this time.');
      }
    } else {
      // The demo tenants with new stock have more than a page of each type, so page 1 is full (see expectFullPage).
      expect(view.count).toBeGreaterThan(PAGE_SIZE);
    }
  });

  it('type pages add up: all = new + used + demo, new-and-demo = new + demo', async () => {
    const counts: Record<string, number> = {};
    for (const type of Object.keys(TYPE_PAGES)) {
      const res = await page(slug, `/api/search/view?path=/search/${type}`);
      expect(res.status).toBe(200);
      counts[type] = (JSON.parse(res.body) as View).count;
    }
    expect(counts['new-used-and-demo-cars']).toBe(counts['new-cars']! + counts['used-cars']! + counts['demo-cars']!);
    expect(counts['new-and-demo-cars']).toBe(counts['new-cars']! + counts['demo-cars']!);
    expect(counts['used-cars']).toBeGreaterThan(PAGE_SIZE);
    if (slug === USED_ONLY) expect(counts['new-used-and-demo-cars']).toBe(counts['used-cars']);
    else expect(counts['new-cars']).toBeGreaterThan(0);
  });
});

describe('body type tiles (spec §2 "body type with logos")', () => {
  it('every tile shows a drawing the platform serves as a well-formed, script-free SVG', async () => {
    const html = (await page('southern-cross-motor-group', '/search/new-used-and-demo-cars')).body;
    const tiles = [...html.matchAll(/<a class="fs-item fs-body"[^>]*><img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(tiles.length).toBeGreaterThan(5);
    for (const src of new Set(tiles)) {
      expect(src).toMatch(/^\/_mf\/mf-search\/[^/]+\/body\/[a-z0-9-]+\.svg$/);
      const res = await page('southern-cross-motor-group', src);
      expect(res.status, src).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 48 24"[^>]*>[\s\S]*<\/svg>\s*$/);
      expect(res.body).not.toMatch(/<script|\son\w+=|href=/i);
    }
  });
});

describe('/api/search/compare', () => {
  it("answers the same rows for each visible car of this tenant, in the asked order; others are 'missing'", async () => {
    const view = (JSON.parse((await hs('/api/search/view?path=/search/used-cars')).body) as View).cards;
    const [a, b] = [view[0]!, view[1]!];
    const other = (JSON.parse((await page('outback-used-cars', '/api/search/view?path=/search/used-cars')).body) as View).cards[0]!;
    const res = await hs(`/api/search/compare?slug=${b.slug}&slug=${a.slug}&slug=${other.slug}&slug=no-such-car`);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as { cars: Array<{ slug: string; rows: Array<[string, string]>; price: string; path: string }>; missing: string[] };
    expect(body.cars.map((c) => c.slug)).toEqual([b.slug, a.slug]);
    expect(body.missing).toEqual([other.slug, 'no-such-car']);
    expect(body.cars[0]!.rows.map(([l]) => l)).toEqual(body.cars[1]!.rows.map(([l]) => l));
    expect(body.cars[0]!.path).toBe(b.path);
    expect(body.cars[0]!.price).toBe(b.price.text);
  });
  it('refuses no slug, more than 4, or a malformed one (400 with a clear error)', async () => {
    for (const q of ['', '?slug=a&slug=b&slug=c&slug=d&slug=e', '?slug=%3Cscript%3E']) {
      const res = await hs(`/api/search/compare${q}`);
      expect(res.status, q).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: 'Give 1 to 4 car slugs to compare.' });
    }
  });
});

describe('paging and sorting', () => {
  it('?page=2 shows the next cards, none of page 1', async () => {
    const [one, two] = await Promise.all([hs('/search/used-cars'), hs('/search/used-cars?page=2')]);
    expect(two.status).toBe(200);
    const v1 = islandView(one.body);
    const v2 = islandView(two.body);
    expect(v2.page).toBe(2);
    expect(v2.refinements.page).toBe(2);
    expectFullPage(v2);
    const ids = new Set(v1.cards.map((c) => c.id));
    expect(v2.cards.some((c) => ids.has(c.id))).toBe(false);
    expect(two.body).toContain('rel="prev"');
    expect(two.body).toContain('href="/search/used-cars?page=3"');
  });

  it('walking every page shows each car once', async () => {
    const first = JSON.parse((await hs('/api/search/view?path=/search/used-cars&sortBy=price_desc')).body) as View;
    const seen = new Set(first.cards.map((c) => c.id));
    let total = first.cards.length;
    for (let p = 2; p <= first.pages; p++) {
      const view = JSON.parse((await hs(`/api/search/view?path=/search/used-cars&sortBy=price_desc&page=${p}`)).body) as View;
      expect(view.page).toBe(p);
      for (const card of view.cards) seen.add(card.id);
      total += view.cards.length;
    }
    expect(seen.size).toBe(total);
    expect(total).toBeLessThanOrEqual(first.count);
    // Only collapsed sold runs (spec §4) may leave a car out of the walk.
    expect(total).toBeGreaterThan(first.count * 0.9);
  });

  it('sortBy=price_asc and price_desc order the cards by price', async () => {
    const [asc, desc] = await Promise.all([hs('/search/used-cars?sortBy=price_asc'), hs('/search/used-cars?sortBy=price_desc')]);
    expect(asc.status).toBe(200);
    expect(desc.status).toBe(200);
    const a = islandView(asc.body);
    const d = islandView(desc.body);
    expect(a.refinements.sortBy).toBe('price_asc');
    expect(d.refinements.sortBy).toBe('price_desc');
    expect(asc.body).toMatch(/<option value="price_asc" selected="">/);
    const ap = plainPrices(a);
    const dp = plainPrices(d);
    expect(ap.length).toBeGreaterThan(5);
    expect(dp.length).toBeGreaterThan(5);
    expect(ap).toEqual([...ap].sort((x, y) => x - y));
    expect(dp).toEqual([...dp].sort((x, y) => y - x));
    expect(ap[0]!).toBeLessThan(dp[0]!);
    expect(Math.max(...ap)).toBeLessThanOrEqual(Math.min(...dp));
  });

  it("a sort the tenant does not offer falls back to the default", async () => {
    // harbourside-toyota offers relevance, latest, price_desc, price_asc (no km_asc).
    const view = islandView((await hs('/search/used-cars?sortBy=km_asc')).body);
    expect(view.sortOptions.map((o) => o.value)).not.toContain('km_asc');
    expect(view.refinements.sortBy).toBe('relevance');
  });

  it('a page beyond the last shows the last page (no contradictory empty page)', async () => {
    const res = await hs('/search/used-cars?page=999');
    expect(res.status).toBe(200);
    const view = islandView(res.body);
    expect(view.count).toBeGreaterThan(0);
    expect(view.page).toBe(view.pages);
    expect(view.cards.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('No results found for your search at this time.');
    expect(res.body).toContain('<footer class="fc-footer">');
  });
});

describe('/internal/car (the vehicle page read model, over the service binding)', () => {
  type Mf = { getWorker(name: string): Promise<{ fetch(url: string, init?: RequestInit): Promise<Response> }> };
  const internal = async (tenant: string, query: string) => {
    const worker = await (platform as unknown as { mf: Mf }).mf.getWorker('forecourt-mf-search');
    return worker.fetch(`https://mf-search.internal/internal/car${query}`, { headers: { 'x-forecourt-tenant': tenant } });
  };
  it("answers this tenant's visible car by slug as the Car contract; another tenant's slug or junk is not found", async () => {
    const card = (JSON.parse((await hs('/api/search/view?path=/search/used-cars')).body) as View).cards[0]!;
    const res = await internal('harbourside-toyota', `?slug=${card.slug}`);
    expect(res.status).toBe(200);
    const { car } = (await res.json()) as { car: { id: string; slug: string; make: string } };
    expect(car).toMatchObject({ id: card.id, slug: card.slug });
    expect((await internal('outback-used-cars', `?slug=${card.slug}`)).status).toBe(404);
    expect((await internal('harbourside-toyota', '?slug=%3Cscript%3E')).status).toBe(400);
    expect((await internal('harbourside-toyota', '')).status).toBe(400);
  });
  it('the shell never proxies /internal/* to a browser', async () => {
    const res = await hs('/internal/car?slug=x');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('"car"');
  });
});

describe('special offers (spec §9 offers searches)', () => {
  it("each offer with a make and model links to its stock, with the count that search page finds", async () => {
    const res = await hs('/special-offers');
    expect(res.status).toBe(200);
    const links = [...res.body.matchAll(/<a class="fc-btn fc-btn--ghost" href="(\/search\/toyota\/[a-z0-9-]+)">View ([\d,]+) in stock/g)].map((m) => [m[1]!, Number(m[2]!.replace(/,/g, ''))] as const);
    expect(links.length).toBeGreaterThan(0);
    for (const [href, n] of links) {
      const view = islandView((await hs(href)).body);
      expect(view.count, href).toBe(n);
    }
  });
});

describe('a facet fixed by the path', () => {
  it('/search/toyota?make=mazda: the query cannot re-refine the make (only Toyotas, Mazda not selected)', async () => {
    const res = await page('southern-cross-motor-group', '/search/toyota?make=mazda');
    expect(res.status).toBe(200);
    const view = islandView(res.body);
    expect(view.refinements.filters.make).toBeUndefined();
    expect(view.cards.length).toBeGreaterThan(0);
    expect(view.cards.every((c) => c.title.includes(' Toyota '))).toBe(true);
    const selected = (view as unknown as { facets: { makes: { items: Array<{ label: string; selected: boolean }> } } }).facets.makes.items.filter((m) => m.selected).map((m) => m.label);
    expect(selected).toEqual(['Toyota']);
  });
});

describe('hostile query values', () => {
  // Long, yet within the shell's query limits (contracts QUERY_LIMITS; a longer query is a 414 before any remote runs).
  const LONG = 'corolla '.repeat(380);
  const XSS = '"><img src=x onerror=alert(1)>';
  const CLOSE = '</script><script>alert(1)</script><!--';
  const cases: Array<[string, string, (view: View) => void]> = [
    ['page=-1', 'page=-1', (v) => expect(v.page).toBe(1)],
    ['page=abc', 'page=abc', (v) => expect(v.page).toBe(1)],
    ['page=1e9', 'page=1000000000', (v) => expect(v.page).toBe(1)],
    ['sortBy=<script>', `sortBy=${encodeURIComponent('<script>alert(1)</script>')}`, (v) => expect(v.refinements.sortBy).toBe('relevance')],
    ['price_min=abc', 'price_min=abc&price_max=', (v) => expect(v.refinements.ranges).toEqual({})],
    ['very long query', `query=${encodeURIComponent(LONG)}`, (v) => expect(v.refinements.query).toBe(LONG.trim().slice(0, 200))],
    ['query with markup', `query=${encodeURIComponent(XSS)}`, (v) => expect(v.refinements.query).toBe(XSS)],
    ['query closing the script', `query=${encodeURIComponent(CLOSE)}`, (v) => expect(v.refinements.query).toBe(CLOSE)],
    ['filter with markup', `make=${encodeURIComponent('<img src=x onerror=alert(1)>')}`, (v) => expect(v.refinements.filters.make).toEqual(['<img src=x onerror=alert(1)>'])],
    ['repeated and empty keys', 'sortBy=&sortBy=price_asc&page=&page=2&query=', (v) => expect(v.page).toBe(1)],
  ];

  it.each(cases)('%s: 200, no unescaped HTML, valid island props', async (_name, qs, check) => {
    const res = await hs(`/search/used-cars?${qs}`);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('onerror=alert(1)>');
    check(islandView(res.body));

    const api = await hs(`/api/search/view?path=/search/used-cars&${qs}`);
    expect(api.status).toBe(200);
    check(JSON.parse(api.body) as View);
  });
});

describe('/api/search/view', () => {
  it('answers the view as JSON: cards, count, page, pages, refinements', async () => {
    const res = await hs('/api/search/view?path=/search/new-used-and-demo-cars&sortBy=latest&page=2');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const view = JSON.parse(res.body) as View;
    expect(view).toMatchObject({ pathname: '/search/new-used-and-demo-cars', page: 2, refinements: { sortBy: 'latest', page: 2, query: '' } });
    expect(view.pages).toBe(Math.ceil(view.count / PAGE_SIZE));
    expect(view.sortOptions.map((o) => o.value)).toEqual(['relevance', 'latest', 'price_desc', 'price_asc']);
    expectFullPage(view);
    for (const card of view.cards) {
      expect(card.path).toBe(`/cars/${card.slug}`);
      expect(typeof card.title).toBe('string');
      expect(card.chips.length).toBeGreaterThan(0);
      expect(['New', 'Used', 'Demo']).toContain(card.chips[0]);
      expect(typeof card.price.text).toBe('string');
    }
    // The same view the page server-renders.
    const html = await hs('/search/new-used-and-demo-cars?sortBy=latest&page=2');
    expect(islandView(html.body).cards.map((c) => c.id)).toEqual(view.cards.map((c) => c.id));
  });

  it.each(['/search/no-such-page', '/search/', '', '/cars/anything', '/search/used-cars/../new-cars'])('answers 400 for path=%j', async (path) => {
    const res = await hs(`/api/search/view?path=${encodeURIComponent(path)}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Unknown search page.' });
  });

  it('the used-only tenant has no new or demo cars whatever the page asks', async () => {
    for (const path of ['/search/new-cars', '/search/demo-cars', '/search/new-and-demo-cars']) {
      const view = JSON.parse((await page(USED_ONLY, `/api/search/view?path=${path}`)).body) as View;
      expect(view.count).toBe(0);
      expect(view.cards).toEqual([]);
    }
    const all = JSON.parse((await page(USED_ONLY, '/api/search/view?path=/search/new-used-and-demo-cars&sortBy=price_desc&car_type=new')).body) as View;
    expect(all.count).toBe(0);
  });
});
