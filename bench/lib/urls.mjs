/**
 * The URLs the benchmarks request: bench-stock car pages, distinct search URLs, and a crawl of each tenant's site for
 * the soak's mix of every page type. Built from the bench stock (demo/dist) and the running site's own links, so they
 * follow the code as it changes.
 */
import { join } from 'node:path';
import { ROOT } from '../../dev/workers.mjs';
import { get, tenantHost } from './load.mjs';

/** The demo's tenants (franchise, group, used specialist) and its bench stock, per tenant. */
export async function demoData() {
  const demo = await import(join(ROOT, 'demo/dist/index.mjs'));
  return { tenants: demo.demoTenants().map((t) => t.slug), stock: demo.demoStock({ scale: 'bench' }) };
}

/** A deterministic shuffle (the same order every run on the same stock). */
export function shuffled(items, seed = 19) {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `/cars/<slug>` of every in-stock car a tenant shows, shuffled: a different car per request for uncached runs. */
export function carPaths(stock, tenant) {
  return shuffled(stock[tenant].filter((c) => c.status === 'in_stock' && c.show_on_dealer_website !== false).map((c) => c.path));
}

/** The search sorts (contracts SORT_OPTIONS), spelled here so the bench needs no TypeScript. */
const SORTS = ['relevance', 'latest', 'price_desc', 'price_asc', 'subscription_price', 'km_asc'];

/**
 * Distinct URLs of the same search page (`base`, the whole stock): every sort x page 1..`pages`, shuffled. Each is a
 * real query (a cache keyed on the URL can never answer it from another), the page shape stays the same (full facets,
 * 21 cards), so a run through them measures rendering.
 */
export function searchVariants(base, pages) {
  const out = [];
  for (let page = 1; page <= pages; page++) for (const sort of SORTS) out.push(`${base}?sortBy=${sort}&page=${page}`);
  return shuffled(out);
}

/** A cursor over `paths` shared by every connection: `next()` answers the following path (wrapping; `wrapped` counts). */
export function cursor(paths) {
  let i = 0;
  const state = { wrapped: 0, used: 0, next: () => {
    const path = paths[i++];
    state.used++;
    if (i === paths.length) {
      i = 0;
      state.wrapped++;
    }
    return path;
  } };
  return state;
}

/** The kind of page a path is, for the soak's mix. */
export function pageKind(path) {
  if (path === '/') return 'home';
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/search/')) return 'search';
  if (path.startsWith('/cars/')) return 'car';
  if (/^\/(locations|our-location|contact|dealer-locator|service)/.test(path)) return 'locations';
  if (/finance/.test(path)) return 'finance';
  return 'content';
}

const NOT_PAGES = /^\/(_shell|_mf|demo-img|demo-video|cdn-cgi|_forecourt)\/|\.(js|css|svg|jpe?g|png|webp|avif|woff2?|ico|pdf|json|xml|txt)(\?|$)|^\/(sign-in|sign-out|alerts\/stop|online-payment|checkout|print)/;

/**
 * Same-site page links of a tenant's site, breadth first from its home and main search page (at most `limit` pages
 * fetched), each answered 200: the pages a shopper can reach (brand pages, locations, finance, content, filtered
 * searches, cars...). Answers `{ path, kind }[]`.
 */
export async function crawl(port, tenant, { limit = 120 } = {}) {
  const host = tenantHost(tenant);
  const seen = new Set(['/', '/search/new-used-and-demo-cars']);
  const queue = [...seen];
  const ok = [];
  while (queue.length && ok.length < limit) {
    const path = queue.shift();
    const res = await get(port, host, path).catch(() => null);
    if (!res || res.status !== 200 || !String(res.headers['content-type'] ?? '').includes('text/html')) continue;
    ok.push({ path, kind: pageKind(path) });
    for (const m of res.body.toString().matchAll(/href="(\/[^"#]*)"/g)) {
      const href = m[1].replace(/&amp;/g, '&');
      if (href.startsWith('//') || NOT_PAGES.test(href) || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return ok;
}

/** API GETs a page's islands make (kept only when they answer 200 for the tenant). */
export async function apiGets(port, tenant) {
  const host = tenantHost(tenant);
  const candidates = ['/api/health', '/api/trade-in/taxonomy', ...[1, 2, 3, 7].map((p) => `/api/search/view?path=/search/new-used-and-demo-cars&page=${p}`), '/api/search/view?path=/search/used-cars&sortBy=price_asc', '/api/search/view?path=/search/new-cars&page=2'];
  const ok = [];
  for (const path of candidates) if ((await get(port, host, path).catch(() => null))?.status === 200) ok.push({ path, kind: 'api' });
  return ok;
}
