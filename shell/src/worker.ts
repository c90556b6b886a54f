import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import { env, WorkerEntrypoint } from 'cloudflare:workers';
import { requiresSignIn, resolveRoute, routeEnabled, SESSION_COOKIE, type ResolvedRoute } from '@forecourt/contracts/routes';
import { getCookie } from 'hono/cookie';
import { QUERY_LIMITS, queryWithinLimits } from '@forecourt/contracts/http';
import { REMOTE_NAMES, TENANT_HEADER, type RemoteName } from '@forecourt/contracts/tenant';
import assetManifest from '../dist/asset-manifest.json';
import type { Env } from './env.ts';
import { createShellApp } from './lib/app-router.ts';
import { composeDocument } from './lib/compose.ts';
import type { ShellAssets } from './lib/document.ts';
import { apiOwnerOf } from '@forecourt/contracts/api-owners';
import { sessionIsLive, signInRedirect } from './lib/gate.ts';
import { isCrossSiteWrite, withoutInternalHeaders } from './lib/proxy.ts';
import { brandPage, brandsPage } from './lib/brand-pages.ts';
import { accessibilityPage, homePage, notFoundPage, successPage } from './lib/pages.ts';
import { blogIndexPage, blogPostPage, contentPage, contentPathFor } from './lib/content-pages.ts';
import { remoteVersionsPage } from './lib/remote-versions-page.ts';
import { spinToWinPage, type SpinPageOptions } from './lib/spin-to-win.ts';
import { allStable, applyOverride, assetPin, pinsFor, remoteBinding, type ShellPins } from './lib/remote-versions.ts';
import { securityHeaders, withHeaderPolicy } from './lib/security.ts';
import { CONFIG_CACHE_SECONDS, releasesFor, resolveTenant, withTenantContent, type ResolvedTenant, type Tenant } from './lib/tenant.ts';
import { robotsTxt, sitemapXml } from './lib/seo.ts';
import { fastDocument, pageCacheStats } from './lib/page-cache.ts';
import { fragmentCacheStats } from './lib/fragments.ts';
import { handlePurge } from './lib/purge.ts';
import { warmUp, warmUpShell } from './warm-up.ts';
import { warmUpWanted } from '@forecourt/contracts/warm-up';

type AppEnv = { Bindings: Env; Variables: { tenant: ResolvedTenant; pins: ShellPins; route: ResolvedRoute | null } };

/** The wrangler var CONFIG_CACHE_SECONDS (how long configs and the release registry are reused per isolate). */
const cacheSeconds = (env: Env) => {
  const n = Number(env.CONFIG_CACHE_SECONDS ?? CONFIG_CACHE_SECONDS);
  return Number.isFinite(n) && n >= 0 ? n : CONFIG_CACHE_SECONDS;
};

const assets = { entry: assetManifest.entry as string | null, css: assetManifest.css as string[], fonts: (assetManifest as { fonts?: ShellAssets['fonts'] }).fonts };

// TrieRouter alone, given every route as this module loads: nothing is built on the first request (app-router.ts).
const app = createShellApp<AppEnv>();
// Per-isolate caches share loads between requests (host lookups, tenant configs): each runs to completion even if the
// request that started it ends early (contracts shared-load.ts).
app.use('*', anchorSharedLoads());

// Static assets need no tenant: the shell's own client, and each remote's versioned bundle (same-origin), from the
// Worker version that built it (the registry's override for that version: a canary's bundle lives only in its version).
app.get('/_shell/*', (c) => c.env.ASSETS.fetch(new Request(c.req.raw, { headers: withoutInternalHeaders(c.req.raw.headers) })));
app.get('/_mf/:remote/:version/*', async (c) => {
  const remote = c.req.param('remote') as RemoteName;
  if (!REMOTE_NAMES.includes(remote)) return c.notFound();
  const pin = assetPin(await releasesFor(c.env.CONFIG, cacheSeconds(c.env)), remote, c.req.param('version'));
  if (!pin) return c.notFound();
  const headers = applyOverride(withoutInternalHeaders(c.req.raw.headers), remote, pin);
  return remoteBinding(c.env, remote).fetch(new Request(c.req.raw, { headers }));
});
// Local runs only (DEV_PAGES): what each remote version's fragments did in this isolate (canary against stable).
app.get('/_forecourt/remote-versions', (c) => (c.env.DEV_PAGES === 'on' ? remoteVersionsPage(c.req.raw) : c.notFound()));
// Local runs only (DEV_PAGES): what this isolate's page cache holds and how it answered (the bench reads it).
app.get('/_forecourt/page-cache', (c) => (c.env.DEV_PAGES === 'on' ? c.json({ ...pageCacheStats(), fragments: fragmentCacheStats() }, 200, { 'cache-control': 'no-store' }) : c.notFound()));
// The demo's pictures and clip exist in local runs only: dev/platform.mjs binds the demo Worker (demo/src/worker.ts)
// as DEMO. A deployed shell has no such binding, so these paths are 404 and no demo code ships with it.
app.get('/demo-img/*', (c) => demoMedia(c.env, c.req.raw) ?? c.notFound());
app.get('/demo-video/*', (c) => demoMedia(c.env, c.req.raw) ?? c.notFound());
// Car pictures at a width (contracts images.ts): Cloudflare Image Resizing answers `/cdn-cgi/image/*` on a deployed zone
// before the Worker; local runs bind a resizer (dev/image-resizer.mjs) as IMAGE_RESIZER. Without it these are 404.
// A browser that gives up on a picture (a page left mid-load) is not a shell error: 502 without the error log.
app.get('/cdn-cgi/image/*', (c) =>
  c.env.IMAGE_RESIZER
    ? c.env.IMAGE_RESIZER.fetch(new Request(c.req.raw, { headers: withoutInternalHeaders(c.req.raw.headers) })).catch(() => new Response('Image resizer unavailable', { status: 502 }))
    : c.notFound(),
);

// Everything else belongs to a tenant: resolve it from the Host, or answer a plain 404 that leaks nothing.
app.use('*', async (c, next) => {
  // The URL's host is the Host the shopper asked for (request.url carries it on Workers).
  const url = new URL(c.req.url);
  // The page's route, resolved once here for the page handler below (the API needs none).
  const route = url.pathname.startsWith('/api/') ? null : resolveRoute(url.pathname);
  c.set('route', route);
  // Only the pages the shell renders itself and the sitemap show the tenant's content (pages, posts, promotions): for
  // them its read starts beside the config's; a search, car or other remote's page never reads it (tenant.ts).
  const prefetchContent = url.pathname === '/sitemap.xml' || route?.remote === 'shell';
  const tenant = await resolveTenant(c.env.CONFIG, url.host, { localHosts: c.env.LOCAL_HOSTS === 'on', cacheSeconds: cacheSeconds(c.env), prefetchContent });
  if (!tenant) {
    return c.html(statusPage('Not found', 'There is no site at this address.'), 404, securityHeaders());
  }
  c.set('tenant', tenant);
  // The version of each remote this request runs, fixed once: every fragment, slot and API call of it agrees.
  c.set('pins', pinsFor(tenant.config, tenant.releases));
  await next();
});

app.get('/robots.txt', (c) => c.text(robotsTxt(c.var.tenant, new URL(c.req.url))));
app.get('/sitemap.xml', async (c) => {
  const body = await sitemapXml(await withTenantContent(c.env.CONFIG, c.var.tenant, { cacheSeconds: cacheSeconds(c.env) }), new URL(c.req.url), c.env);
  return c.body(body, 200, { 'content-type': 'application/xml; charset=utf-8' });
});

// API calls go to the owning Worker with the tenant set server-side (a browser can never choose it).
app.all('/api/*', async (c) => {
  if (isCrossSiteWrite(c.req.raw)) return c.json({ error: 'Cross-site requests are not allowed.' }, 403);
  const path = c.req.path;
  const owner = apiOwnerOf(path);
  const headers = withoutInternalHeaders(c.req.raw.headers);
  headers.set(TENANT_HEADER, c.var.tenant.config.slug);
  // A remote's API runs the version the tenant's pages run (its islands call their own version's API).
  if (owner !== 'edge-api') applyOverride(headers, owner, c.var.pins[owner]);
  const binding = owner === 'edge-api' ? c.env.EDGE_API : remoteBinding(c.env, owner);
  const init: RequestInit = { method: c.req.method, headers, redirect: 'manual' };
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') init.body = c.req.raw.body;
  return binding.fetch(new Request(c.req.url, init));
});

app.get('*', async (c) => {
  const tenant = c.var.tenant;
  const url = new URL(c.req.url);
  const route = c.var.route;
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  const compose = (page: Parameters<typeof composeDocument>[0]['page'], earlyHitUntil?: number) =>
    composeDocument({ env: c.env, request: c.req.raw, tenant, pins: c.var.pins, assets, page, waitUntil, earlyHitUntil });
  if (!route || !routeEnabled(route, tenant.config.features)) return compose({ kind: 'shell', ...(await notFoundPage(tenant)) });
  // Sign-in gate (spec §6): anonymous shoppers go to sign-in and come back here afterwards. On a gated page a session
  // cookie is checked with edge-api (a dead one goes to sign-in too); when edge-api cannot say, the owning Worker's API
  // still refuses the gated action.
  let signedIn = Boolean(getCookie(c, SESSION_COOKIE));
  if (signedIn && requiresSignIn(route, tenant.config.features)) {
    signedIn = (await sessionIsLive(c.env.EDGE_API, tenant.config.slug, c.req.header('cookie') ?? '')) !== false;
  }
  const signIn = signInRedirect(route, tenant.config.features, signedIn, url);
  if (signIn) return c.redirect(signIn, 302);
  if (route.remote === 'shell') {
    const withContent = await withTenantContent(c.env.CONFIG, tenant, { cacheSeconds: cacheSeconds(c.env) });
    return compose({ kind: 'shell', ...(await shellPage(withContent, route.page, route.params, url.searchParams, { origin: url.origin, pattern: route.pattern, spin: { edge: c.env.EDGE_API, cookie: c.req.header('cookie') ?? '', signedIn } })) });
  }
  // The URL alone decides this answer while the tenant's reads stand (no sign-in gate, no canary whose breaker can
  // switch versions): a kept document may then be answered by the early hit check next time (see `fetch` below).
  const earlyHitUntil = c.req.method === 'GET' && !requiresSignIn(route, tenant.config.features) && allStable(c.var.pins) ? (tenant.freshUntil ?? 0) : 0;
  return compose({ kind: 'remote', remote: route.remote, page: route.page, params: route.params }, earlyHitUntil);
});

// Pages are read, never written: any other method is a 405 naming the ones that work (not a bare 404).
app.all('*', (c) => c.html(statusPage('Method not allowed', 'This address can only be read.'), 405, { allow: 'GET, HEAD', ...securityHeaders() }));

/** Pages the shell renders itself (route table owner 'shell'). A content path the tenant has no content for is a 404. */
function shellPage(tenant: Tenant, page: string, params: Record<string, string>, query: URLSearchParams, request: { origin: string; pattern: string; spin?: Pick<SpinPageOptions, 'edge' | 'cookie' | 'signedIn'> }) {
  const { origin } = request;
  switch (page) {
    case 'home':
      return homePage(tenant);
    case 'brands':
      return brandsPage(tenant);
    case 'brand':
      return brandPage(tenant, params.brand ?? '');
    case 'success':
      return successPage(tenant);
    case 'accessibility':
      return accessibilityPage(tenant);
    case 'blog':
      return blogIndexPage(tenant, { origin });
    case 'blog-post':
      return blogPostPage(tenant, params.slug ?? '', { origin });
    case 'model':
      return contentPage(tenant, `/models/${params.model ?? ''}`, query, { origin });
    case 'spin-to-win':
      // The shopper's own spin is asked of edge-api with their cookie (spin-to-win.ts): the page is never shared.
      return spinToWinPage(tenant, { query, origin, ...request.spin });
    default:
      return contentPage(tenant, contentPathFor(tenant, request.pattern, params.slug ?? ''), query, { origin });
  }
}

app.onError((error, c) => {
  console.error('shell error', error.message);
  return c.html(statusPage('Something went wrong', 'Please try again in a moment.'), 500, securityHeaders());
});

/** The demo Worker's answer to a demo media path (byte ranges included), or null where it does not run. */
function demoMedia(env: Env, request: Request): Promise<Response> | null {
  if (!env.DEMO) return null;
  return env.DEMO.fetch(new Request(request, { headers: withoutInternalHeaders(request.headers) }));
}

/** A plain page for an answer given before any tenant is known (it names no tenant). */
function statusPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}

export type AppType = typeof app;

/**
 * The shell's purge port (contracts page-cache.ts): `POST /purge` with a PurgeRequestSchema body drops the tenant's
 * pages carrying those tags from this isolate's layers and the shared Cache API entries it knows (src/lib/purge.ts).
 * A named entrypoint: reachable only over a service binding that names it (`{ service, entrypoint: 'PageCache' }`),
 * never from the internet.
 */
export class PageCache extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    return handlePurge(request);
  }
}

/**
 * The Worker: the query limits first (a request's cost cannot grow with the size of its query: 414 before any
 * routing), then the early hit check (a GET of a URL whose last answer was a kept document, still valid: its bytes
 * with precomputed headers, before Hono, tenant resolution, pins and keys; page-cache.ts `fastDocument`), then the
 * app, then the platform's one header policy on every answer, whoever made it.
 */
export default {
  async fetch(request, env, ctx) {
    const queryStart = request.url.indexOf('?');
    if (queryStart >= 0 && !queryWithinLimits(request.url.slice(queryStart + 1).replace(/#.*$/, ''))) {
      const text = `The address is too long: at most ${QUERY_LIMITS.maxParams} query parameters and ${QUERY_LIMITS.maxLength} characters.`;
      return withHeaderPolicy(new Response(statusPage('Address too long', text), { status: 414, headers: { 'content-type': 'text/html; charset=utf-8', ...securityHeaders() } }));
    }
    if (request.method === 'GET') {
      const early = fastDocument(request.url, Date.now());
      if (early) return early;
    }
    return withHeaderPolicy(await app.fetch(request, env, ctx));
  },
} satisfies ExportedHandler<Env>;

// At module start, before any request: a made-up tenant's host, config, route, keys, head, header, footer and home page
// made, so the first shopper's page runs warm code (warm-up.ts; issue 19, cold start).
if (warmUpWanted(env)) void warmUp.start(() => warmUpShell({ assets }));
