/**
 * The Workers behind the shell, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds them as miniflare service bindings; they run in Node). Each answers the fragment protocol (contracts) with
 * markup that names the remote, the page and the tenant header it was sent, so a test can see what the shell asked.
 */
import { fragmentResponse, slotMarker, type FragmentHead } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, type RemoteName } from '@forecourt/contracts/tenant';

/** The tenant the tests seed (src/test/worker-setup.ts) and the host that names it in KV (`host:<hostname>`). */
export const FAKE_TENANT = 'test-motors';
export const FAKE_HOST = 'test-motors.example.com.au';
/** The stylesheet each fake remote names in its fragment head. */
export const fakeStylesheet = (remote: RemoteName) => `/_mf/${remote}/0.1.0/assets/fake.css`;
/** The page whose fragment fails (mf-search answers it with a 500): the shell must fall back, never break the page. */
export const FAILING_PAGE = 'search';

/** The markup a fake remote answers for a page: `<section data-fake="<remote>/<page>" data-tenant="<tenant header>">`. */
export const fakeMarkup = (remote: RemoteName, page: string, tenant: string | null) =>
  `<section data-fake="${remote}/${page}" data-tenant="${tenant ?? ''}"><h1>${remote} ${page}</h1></section>`;

function fakeRemote(remote: RemoteName) {
  return (request: Request): Response => {
    const url = new URL(request.url);
    const tenant = request.headers.get(TENANT_HEADER);
    // Bundles the shell proxies under /_mf/: say which tenant header arrived (a browser's must never get through).
    if (url.pathname.startsWith(`/_mf/${remote}/`)) {
      return new Response(`export const remote = ${JSON.stringify(remote)}; export const tenantHeader = ${JSON.stringify(tenant)};`, { headers: { 'content-type': 'text/javascript' } });
    }
    if (url.pathname.startsWith('/api/')) return Response.json({ remote, tenant, method: request.method, path: url.pathname });
    const page = /^\/fragments\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
    if (!page) return Response.json({ error: 'Not found.' }, { status: 404 });
    if (remote === 'mf-search' && page === FAILING_PAGE) return Response.json({ error: 'down' }, { status: 500 });
    const head: FragmentHead = { title: `${remote} ${page}`, styles: [fakeStylesheet(remote)] };
    let body = fakeMarkup(remote, page, tenant);
    // The car page names a slot, as mf-vehicle's does: mf-finance's calculator goes where the marker is.
    if (remote === 'mf-vehicle' && page === 'vehicle') {
      head.slots = [{ id: 'finance-calculator', remote: 'mf-finance', page: 'finance-calculator', params: { car_id: url.searchParams.get('_slug') ?? '' } }];
      body = body.replace('</section>', `${slotMarker('finance-calculator')}</section>`);
    }
    return fragmentResponse(body, { head, version: '0.1.0' });
  };
}

/** edge-api: echoes what the shell forwarded to `/api/*`. */
const fakeEdgeApi = (request: Request): Response =>
  Response.json({ remote: 'edge-api', tenant: request.headers.get(TENANT_HEADER), method: request.method, path: new URL(request.url).pathname });

/** What vitest.workers.config.ts binds in place of wrangler.jsonc's `services`. */
export const serviceBindings = {
  SEARCH: fakeRemote('mf-search'),
  VEHICLE: fakeRemote('mf-vehicle'),
  LOCATIONS: fakeRemote('mf-locations'),
  FINANCE: fakeRemote('mf-finance'),
  ACCOUNT: fakeRemote('mf-account'),
  EDGE_API: fakeEdgeApi,
};
