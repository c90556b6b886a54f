/**
 * The Workers behind the shell, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds them as miniflare service bindings; they run in Node). Each answers the fragment protocol (contracts) with
 * markup that names the remote, the page and the tenant header it was sent, so a test can see what the shell asked.
 */
import { fragmentResponse, slotMarker, type FragmentHead } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, type RemoteName } from '@forecourt/contracts/tenant';
import { VERSION_OVERRIDES_HEADER, type RemoteReleases } from '@forecourt/contracts/releases';

/** The tenant the tests seed (src/test/worker-setup.ts) and the host that names it in KV (`host:<hostname>`). */
export const FAKE_TENANT = 'test-motors';
export const FAKE_HOST = 'test-motors.example.com.au';
/** The stylesheet each fake remote names in its fragment head. */
export const fakeStylesheet = (remote: RemoteName) => `/_mf/${remote}/0.1.0/assets/fake.css`;
/** The page whose fragment fails (mf-search answers it with a 500): the shell must fall back, never break the page. */
export const FAILING_PAGE = 'search';

/**
 * The canary: a second tenant pinned to mf-search 0.2.0, and the release registry naming both versions of mf-search
 * with their Worker version ids (the fakes say which override they were sent).
 */
export const CANARY_TENANT = 'canary-motors';
export const CANARY_HOST = 'canary-motors.example.com.au';
export const STABLE_ID = '11111111-1111-4111-8111-111111111111';
export const CANARY_ID = '22222222-2222-4222-8222-222222222222';
export const RELEASES: RemoteReleases = {
  'mf-search': { stable: '0.1.0', versions: [{ version: '0.1.0', worker_version_id: STABLE_ID }, { version: '0.2.0', worker_version_id: CANARY_ID }] },
};

/**
 * The markup a fake remote answers for a page: `<section data-fake="<remote>/<page>" data-tenant="<tenant header>">`,
 * with `data-override="<version overrides header>"` when the shell sent one.
 */
export const fakeMarkup = (remote: RemoteName, page: string, tenant: string | null, override?: string | null) =>
  `<section data-fake="${remote}/${page}" data-tenant="${tenant ?? ''}"${override ? ` data-override='${override}'` : ''}><h1>${remote} ${page}</h1></section>`;

function fakeRemote(remote: RemoteName) {
  return (request: Request): Response => {
    const url = new URL(request.url);
    const tenant = request.headers.get(TENANT_HEADER);
    const override = request.headers.get(VERSION_OVERRIDES_HEADER);
    // Bundles the shell proxies under /_mf/: say which tenant header and version override arrived (a browser's must
    // never get through).
    if (url.pathname.startsWith(`/_mf/${remote}/`)) {
      return new Response(`export const remote = ${JSON.stringify(remote)}; export const tenantHeader = ${JSON.stringify(tenant)};${override ? ` export const override = ${JSON.stringify(override)};` : ''}`, { headers: { 'content-type': 'text/javascript' } });
    }
    if (url.pathname.startsWith('/api/')) return Response.json({ remote, tenant, method: request.method, path: url.pathname, ...(override ? { override } : {}) });
    const page = /^\/fragments\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
    if (!page) return Response.json({ error: 'Not found.' }, { status: 404 });
    if (remote === 'mf-search' && page === FAILING_PAGE) return Response.json({ error: 'down' }, { status: 500 });
    const head: FragmentHead = { title: `${remote} ${page}`, styles: [fakeStylesheet(remote)] };
    let body = fakeMarkup(remote, page, tenant, override);
    // The car page names a slot, as mf-vehicle's does: mf-finance's calculator goes where the marker is.
    if (remote === 'mf-vehicle' && page === 'vehicle') {
      head.slots = [{ id: 'finance-calculator', remote: 'mf-finance', page: 'finance-calculator', params: { car_id: url.searchParams.get('_slug') ?? '' } }];
      body = body.replace('</section>', `${slotMarker('finance-calculator')}</section>`);
    }
    return fragmentResponse(body, { head, version: override?.includes(CANARY_ID) ? '0.2.0' : '0.1.0' });
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
