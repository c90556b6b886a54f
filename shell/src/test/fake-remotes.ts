/**
 * The Workers behind the shell, faked at the service-binding boundary for its Worker tests (vitest.workers.config.ts
 * binds them as miniflare service bindings; they run in Node). Each answers the fragment protocol (contracts) with
 * markup that names the remote, the page and the tenant header it was sent, so a test can see what the shell asked.
 */
import { fragmentResponse, slotMarker, type FragmentHead } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, type RemoteName } from '@forecourt/contracts/tenant';
import { VERSION_OVERRIDES_HEADER, type RemoteReleases } from '@forecourt/contracts/releases';
import { CACHE_TAGS_HEADER, pageCacheTags } from '@forecourt/contracts/page-cache';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';

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

/**
 * Shareable car pages (issue 19): a car whose slug starts with SHARED_CAR_PREFIX is answered `public, max-age=300` and
 * tagged `car:<tenant>:<slug>` by the fake mf-vehicle, its finance slot is shareable too, and the header slot is
 * shareable for a shopper without cookies, so the shell may keep the whole document. The slug's next word picks a
 * variant: `private` (the slot is private), `token` (the slot holds the per-render lead-id token), `gone` (404 with
 * a body), `down` (500). A test sets what a car page shows and reads how often it was fetched through the VEHICLE
 * binding: `POST /_test/car?slug=<slug>` with the text as body, `GET /_test/car?slug=<slug>` -> `{ text, fetches }`.
 */
export const SHARED_CAR_PREFIX = 'shared-';
const sharedCars = new Map<string, { text: string; fetches: number }>();
const sharedCar = (slug: string) => {
  let car = sharedCars.get(slug);
  if (!car) sharedCars.set(slug, (car = { text: 'Available', fetches: 0 }));
  return car;
};
const SHARED = 'public, max-age=300';

async function carControl(request: Request, url: URL): Promise<Response> {
  const car = sharedCar(url.searchParams.get('slug') ?? '');
  if (request.method === 'POST') car.text = await request.text();
  return Response.json(car);
}

function fakeRemote(remote: RemoteName) {
  return (request: Request): Response | Promise<Response> => {
    const url = new URL(request.url);
    if (remote === 'mf-vehicle' && url.pathname === '/_test/car') return carControl(request, url);
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
    const version = override?.includes(CANARY_ID) ? '0.2.0' : '0.1.0';
    const slug = (remote === 'mf-finance' ? url.searchParams.get('car_id') : url.searchParams.get('_slug')) ?? '';
    const shared = slug.startsWith(SHARED_CAR_PREFIX);
    const variant = slug.slice(SHARED_CAR_PREFIX.length).split('-')[0];
    // The car page names a slot, as mf-vehicle's does: mf-finance's calculator goes where the marker is.
    if (remote === 'mf-vehicle' && page === 'vehicle') {
      head.slots = [{ id: 'finance-calculator', remote: 'mf-finance', page: 'finance-calculator', params: { car_id: slug } }];
      body = body.replace('</section>', `${slotMarker('finance-calculator')}</section>`);
      if (shared) {
        const car = sharedCar(slug);
        car.fetches++;
        if (variant === 'down') return Response.json({ error: 'down' }, { status: 500 });
        body = body.replace('</section>', `<p data-car-text>${car.text}</p></section>`);
        const res = fragmentResponse(body, { head, version, cacheControl: SHARED, status: variant === 'gone' ? 404 : 200 });
        res.headers.set(CACHE_TAGS_HEADER, pageCacheTags.car(tenant ?? '', slug));
        return res;
      }
    }
    if (remote === 'mf-finance' && shared) {
      if (variant === 'token') body += `<input type="hidden" name="lead_id" value="${LEAD_ID_RENDER_TOKEN}">`;
      return fragmentResponse(body, { head, version, cacheControl: variant === 'private' ? 'private, no-store' : SHARED });
    }
    if (remote === 'mf-account' && page === 'header-account' && !request.headers.get('cookie')) return fragmentResponse(body, { head, version, cacheControl: SHARED });
    return fragmentResponse(body, { head, version });
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
