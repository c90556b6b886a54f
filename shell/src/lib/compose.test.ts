import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDocumentCache, composeDocument, documentCacheStats, fillSlots, markCurrentNavLink, withRenderLeadId, type ComposeOptions } from './compose.ts';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { notFoundBlock, siteHeader } from './document.ts';
import { encodeFragmentHead, type FragmentHead } from '@forecourt/contracts/fragments';
import { testEnv } from '../test/env.ts';
import { demoTenant, manifestPins } from '../test/tenants.ts';

const encoder = new TextEncoder();
const assets = { entry: null, css: [] };

/** A fragment body: `chunks` then either the end or (endless) a new chunk every 5 ms; records a cancel. */
function fragmentBody(chunks: string[], { endless = false } = {}) {
  const state = { cancelled: false, pulls: 0 };
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      state.pulls++;
      if (i < chunks.length) return c.enqueue(encoder.encode(chunks[i++]!));
      if (!endless) return c.close();
      await new Promise((r) => setTimeout(r, 5));
      c.enqueue(encoder.encode('<p>more</p>'));
    },
    cancel: () => void (state.cancelled = true),
  });
  return { body, state };
}

type Answer = () => Response;
function setup(opts: { page?: Answer; account?: Answer; method?: string; path?: string; tenant?: ReturnType<typeof demoTenant> }) {
  const calls = { page: 0, account: 0 };
  const html = { 'content-type': 'text/html; charset=utf-8' };
  const env = testEnv({
    VEHICLE: { fetch: async () => (calls.page++, (opts.page ?? (() => new Response('<p>car</p>', { headers: html })))()) },
    ACCOUNT: { fetch: async () => (calls.account++, (opts.account ?? (() => new Response('<a href="/sign-in">Sign in</a>', { headers: html })))()) },
    FRAGMENT_TIMEOUT_MS: '2000',
  });
  const pending: Array<Promise<unknown>> = [];
  const options: ComposeOptions = {
    env,
    request: new Request(`https://dealer.test${opts.path ?? '/cars/x-1'}`, { method: opts.method ?? 'GET' }),
    tenant: opts.tenant ?? demoTenant('harbourside-toyota'),
    pins: manifestPins(opts.tenant ?? demoTenant('harbourside-toyota')),
    assets,
    page: { kind: 'remote', remote: 'mf-vehicle', page: 'vehicle', params: { slug: 'x-1' } },
    waitUntil: (p) => pending.push(p),
  };
  return { options, calls, pending };
}
const htmlAnswer = (body: BodyInit | null, status = 200) => () => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

afterEach(() => vi.restoreAllMocks());

describe('composeDocument streaming', () => {
  it('streams head, header, the fragment and footer', async () => {
    const { body } = fragmentBody(['<p id="a">', 'car</p>']);
    const { options, pending } = setup({ page: htmlAnswer(body) });
    const res = await composeDocument(options);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('<p id="a">car</p>');
    expect(text.indexOf('<header')).toBeLessThan(text.indexOf('id="a"'));
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
    await Promise.all(pending);
  });

  it('HEAD: same status and headers, no body, the fragment body cancelled and no account slot fetched', async () => {
    const { body, state } = fragmentBody(['<p>car</p>'], { endless: true });
    const { options, calls, pending } = setup({ page: htmlAnswer(body), method: 'HEAD' });
    const res = await composeDocument(options);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(state.cancelled).toBe(true);
    expect(calls.account).toBe(0);
    expect(pending).toEqual([]);
    // Status is still the page's: a remote's empty 404 is a 404 for HEAD too.
    const notFound = setup({ page: htmlAnswer(null, 404), method: 'HEAD' });
    expect((await composeDocument(notFound.options)).status).toBe(404);
  });

  it('a shopper who goes away cancels the fragment reader; the stream ends without a rejection', async () => {
    const { body, state } = fragmentBody(['<p>first</p>'], { endless: true });
    const { options, pending } = setup({ page: htmlAnswer(body) });
    const res = await composeDocument(options);
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel(new Error('client gone'));
    expect(pending).toHaveLength(1);
    await expect(pending[0]).resolves.toBeUndefined();
    expect(state.cancelled).toBe(true);
    const pulls = state.pulls;
    await new Promise((r) => setTimeout(r, 30));
    expect(state.pulls).toBe(pulls);
  });

  it('a fragment that breaks mid-stream ends with the fallback block and the footer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let n = 0;
    const body = new ReadableStream<Uint8Array>({ pull: (c) => (n++ === 0 ? c.enqueue(encoder.encode('<p id="partial">x</p>')) : c.error(new Error('boom'))) });
    const { options, pending } = setup({ page: htmlAnswer(body) });
    const text = await (await composeDocument(options)).text();
    expect(text.indexOf('temporarily unavailable')).toBeGreaterThan(text.indexOf('id="partial"'));
    expect(text).toContain('</footer>');
    await expect(Promise.all(pending)).resolves.toBeDefined();
  });

  it("cancels the account slot's body when it answers other than 200, and shows no slot", async () => {
    const slot = fragmentBody(['<p>account error</p>'], { endless: true });
    const { options } = setup({ account: htmlAnswer(slot.body, 403) });
    const text = await (await composeDocument(options)).text();
    expect(slot.state.cancelled).toBe(true);
    expect(text).not.toContain('account error');
    expect(text).toContain('<div class="fc-header__account"></div>');
  });
});

describe('composeDocument fragment answers (protocol P1, P2)', () => {
  it("an empty 404 renders the shell's not-found block inside the page, status 404", async () => {
    const tenant = demoTenant('harbourside-toyota');
    const { options } = setup({ page: htmlAnswer(null, 404), tenant });
    const res = await composeDocument(options);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).toContain(String(await notFoundBlock()));
    expect(text).toContain(`<title>Page not found | ${tenant.config.name}</title>`);
    expect(text).toContain('<meta name="robots" content="noindex">');
    expect(text).toContain('</footer>');
  });

  it('a 404 with a body shows that body', async () => {
    const { options } = setup({ page: htmlAnswer('<h1>Car sold</h1>', 404) });
    const res = await composeDocument(options);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Car sold</h1>');
  });

  it('a JSON answer is never pasted: fallback block, 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { options } = setup({ page: () => Response.json({ error: '<secret>' }) });
    const res = await composeDocument(options);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).toContain('This section is temporarily unavailable');
    expect(text).not.toContain('secret');
  });
});

describe('aria-current on the header nav (cached chrome)', () => {
  it('marks only the link to the current path, per request', async () => {
    const tenant = demoTenant('harbourside-toyota');
    const header = String(await siteHeader(tenant, ''));
    const hrefs = [...header.matchAll(/<a class="fc-nav__link" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    const target = hrefs.find((h) => h !== '/')!;
    expect(markCurrentNavLink(header, '/')).toContain('<a class="fc-nav__link" href="/" aria-current="page">');
    const marked = markCurrentNavLink(header, target);
    expect(marked).toContain(`<a class="fc-nav__link" href="${target}" aria-current="page">`);
    expect(marked.match(/aria-current/g)).toHaveLength(hrefs.filter((h) => h === target).length + [...header.matchAll(new RegExp(`<a class="fc-dropdown__link" href="${target}"`, 'g'))].length);
    // Trailing slash on the request still matches; the logo link to "/" is not a nav link.
    expect(markCurrentNavLink(header, `${target}/`)).toBe(marked);
    expect(markCurrentNavLink(header, '/no-such-page')).toBe(header);

    // Through compose: two requests on one cached chrome, each marked for its own path only.
    const sub = [...header.matchAll(/<a class="fc-dropdown__link" href="([^"]+)"/g)].map((m) => m[1]!)[0]!;
    const first = await (await composeDocument(setup({ tenant, path: sub }).options)).text();
    const second = await (await composeDocument(setup({ tenant, path: '/cars/x-1' }).options)).text();
    expect(first).toContain(`<a class="fc-dropdown__link" href="${sub}" aria-current="page">`);
    expect(second.slice(0, second.indexOf('</header>'))).not.toContain('aria-current');
  });
});

describe('document cache (shareable pages)', () => {
  const shared = (body: string, maxAge: number) => () =>
    new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': `public, max-age=${maxAge}` } });
  // Each case uses its own path and slug: the fragment cache of fragments.ts is per isolate too.
  let n = 0;
  const path = () => `/cars/doc-${++n}-${Math.random().toString(36).slice(2)}`;
  const setupAt = (opts: Parameters<typeof setup>[0] & { path: string }) => {
    const s = setup(opts);
    s.options.page = { kind: 'remote', remote: 'mf-vehicle', page: 'vehicle', params: { slug: opts.path.slice(6) } };
    return s;
  };

  it('answers a repeat of the same URL from the whole-document cache, byte for byte, until a part expires', async () => {
    clearDocumentCache();
    const p = path();
    const tenant = demoTenant('harbourside-toyota');
    const first = setupAt({ page: shared('<p>car</p>', 30), account: shared('<a>saved</a>', 60), path: p, tenant });
    const a = await (await composeDocument(first.options)).text();
    await Promise.all(first.pending);
    expect(documentCacheStats().entries).toBe(1);
    const again = setupAt({ page: shared('<p>changed</p>', 30), account: shared('<a>saved</a>', 60), path: p, tenant });
    const res = await composeDocument(again.options);
    expect(await res.text()).toBe(a);
    // A browser may keep it but asks again each time: a purge shows on the very next request.
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('x-forecourt-cache')).toBe('isolate');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(documentCacheStats().hits).toBe(1);
    expect(again.calls).toEqual({ page: 0, account: 0 });
    // The page part's 30 s are over: the document is composed again (from a fresh fragment).
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    const later = setupAt({ page: shared('<p>changed</p>', 30), account: shared('<a>saved</a>', 60), path: p, tenant });
    expect(await (await composeDocument(later.options)).text()).toContain('<p>changed</p>');
    expect(later.calls.page).toBe(1);
  });

  it('never keeps a document with a private part, a non-200 page, a broken stream, or for another config', async () => {
    clearDocumentCache();
    const tenant = demoTenant('harbourside-toyota');
    const privatePage = setupAt({ page: htmlAnswer('<p>mine</p>'), account: shared('<a>saved</a>', 60), path: path(), tenant });
    await (await composeDocument(privatePage.options)).text();
    // Another tenant: this isolate's fragment cache already holds harbourside's shareable slot.
    const privateSlot = setupAt({ page: shared('<p>car</p>', 30), account: htmlAnswer('<a>Hi Sam</a>'), path: path(), tenant: demoTenant('outback-used-cars') });
    await (await composeDocument(privateSlot.options)).text();
    const broken = new ReadableStream<Uint8Array>({
      pull(c) {
        c.error(new Error('remote died'));
      },
    });
    const brokenPage = setupAt({ page: () => new Response(broken, { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=30' } }), account: shared('<a>saved</a>', 60), path: path(), tenant });
    await (await composeDocument(brokenPage.options)).text();
    await Promise.all([...privatePage.pending, ...privateSlot.pending, ...brokenPage.pending]);
    expect(documentCacheStats().entries).toBe(0);
    // Same URL, a reloaded config object: the same config (same digest) is still answered from the isolate; a changed
    // one is composed again.
    const p = path();
    const one = setupAt({ page: shared('<p>car</p>', 30), account: shared('<a>saved</a>', 60), path: p, tenant });
    await (await composeDocument(one.options)).text();
    await Promise.all(one.pending);
    const reloaded = setupAt({ page: shared('<p>car</p>', 30), account: shared('<a>saved</a>', 60), path: p, tenant: demoTenant('harbourside-toyota') });
    await (await composeDocument(reloaded.options)).text();
    expect(documentCacheStats().hits).toBe(1);
    const changed = setupAt({ page: shared('<p>car</p>', 30), account: shared('<a>saved</a>', 60), path: p, tenant: demoTenant('harbourside-toyota', (c) => ({ ...c, name: 'Harbourside Renamed' })) });
    const text = await (await composeDocument(changed.options)).text();
    expect(text).toContain('Harbourside Renamed');
    expect(documentCacheStats().hits).toBe(1);
  });
});

describe('fragment slots (another remote inside the page)', () => {
  const slotHead = (slots: FragmentHead['slots']) => encodeFragmentHead({ title: 'A car', styles: ['/_mf/mf-vehicle/1.0.0/assets/v.css'], slots });
  function slotSetup(finance: () => Response, opts: { pageCache?: string; path?: string } = {}) {
    const s = setup({
      page: () =>
        new Response('<p>car</p><fc-slot id="finance-calculator"></fc-slot><p>end</p>', {
          headers: { 'content-type': 'text/html; charset=utf-8', 'x-forecourt-head': slotHead([{ id: 'finance-calculator', remote: 'mf-finance', page: 'finance-calculator', params: { price: '30000', car_id: '7' } }]), 'cache-control': opts.pageCache ?? 'private, no-store' },
        }),
      path: opts.path ?? `/cars/slot-${Math.random().toString(36).slice(2)}`,
    });
    const calls: Request[] = [];
    s.options.env.FINANCE = { fetch: async (url: string, init: RequestInit) => (calls.push(new Request(url, init)), finance()) };
    s.options.page = { kind: 'remote', remote: 'mf-vehicle', page: 'vehicle', params: { slug: s.options.request.url.split('/').pop()! } };
    return { ...s, calls };
  }

  it("puts the slot fragment's body at the marker and links its stylesheets; the slot is asked with its params and the tenant", async () => {
    const { options, calls } = slotSetup(() => new Response('<div id="calc">$136 / week</div>', { headers: { 'content-type': 'text/html', 'x-forecourt-head': encodeFragmentHead({ title: 'x', styles: ['/_mf/mf-finance/1.0.0/assets/f.css'] }) } }));
    const res = await composeDocument(options);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toContain('<p>car</p><div id="calc">$136 / week</div><p>end</p>');
    expect(text).not.toContain('<fc-slot');
    expect(text).toContain('href="/_mf/mf-finance/1.0.0/assets/f.css"');
    expect(text).toContain('href="/_mf/mf-vehicle/1.0.0/assets/v.css"');
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/fragments/finance-calculator');
    expect(Object.fromEntries(url.searchParams)).toEqual({ price: '30000', car_id: '7' });
    expect(calls[0]!.headers.get('x-forecourt-tenant')).toBe('harbourside-toyota');
  });

  it("a failing slot leaves nothing at the marker and the page still answers 200; '$&' in a slot is inserted literally", async () => {
    const failed = slotSetup(() => new Response('boom', { status: 500, headers: { 'content-type': 'text/html' } }));
    const text = await (await composeDocument(failed.options)).text();
    expect(text).toContain('<p>car</p><p>end</p>');
    const literal = slotSetup(() => new Response('<b>$& $1</b>', { headers: { 'content-type': 'text/html' } }));
    expect(await (await composeDocument(literal.options)).text()).toContain('<p>car</p><b>$& $1</b><p>end</p>');
  });

  it("a lead form's per-render token becomes one fresh lead id per slot and render; such a page is never shared or kept", async () => {
    clearDocumentCache();
    const form = `<input type="hidden" name="lead_id" value="${LEAD_ID_RENDER_TOKEN}"/><script>{"leadId":"${LEAD_ID_RENDER_TOKEN}"}</script>`;
    const ids: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const { options, pending } = slotSetup(() => new Response(form, { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' } }), { pageCache: 'public, max-age=30' });
      const res = await composeDocument(options);
      const text = await res.text();
      await Promise.all(pending);
      expect(text).not.toContain(LEAD_ID_RENDER_TOKEN);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const hidden = text.match(/name="lead_id" value="([0-9a-f-]{36})"/)![1]!;
      const props = text.match(/"leadId":"([0-9a-f-]{36})"/)![1]!;
      ids.push([hidden, props]);
    }
    // The hidden field and the island's props carry the same id; the next render gets another.
    expect(ids[0]![0]).toBe(ids[0]![1]);
    expect(ids[0]![0]).not.toBe(ids[1]![0]);
    expect(documentCacheStats().entries).toBe(0);
    expect(withRenderLeadId('<p>no form</p>')).toBe('<p>no form</p>');
  });

  it('a shareable page with a private slot is answered private and never kept whole', async () => {
    clearDocumentCache();
    const { options, pending } = slotSetup(() => new Response('<div>mine</div>', { headers: { 'content-type': 'text/html' } }), { pageCache: 'public, max-age=30' });
    const res = await composeDocument(options);
    await res.text();
    await Promise.all(pending);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(documentCacheStats().entries).toBe(0);
  });
});

describe('slots in pages the shell renders itself', () => {
  it("fills a shell page's slot marker from the named remote", async () => {
    const s = setup({});
    const calls: string[] = [];
    s.options.env.ACCOUNT = {
      fetch: async (url: string) => {
        calls.push(url);
        return new URL(url).pathname.endsWith('/lead-form')
          ? new Response('<form id="f">form</form>', { headers: { 'content-type': 'text/html' } })
          : new Response('<a>saved</a>', { headers: { 'content-type': 'text/html' } });
      },
    };
    s.options.page = { kind: 'shell', status: 200, head: { title: 'Careers', slots: [{ id: 'lead-form', remote: 'mf-account', page: 'lead-form', params: { form: 'careers', id: 'fa-lead-form' } }] }, body: '<h1>Careers</h1><fc-slot id="lead-form"></fc-slot>' };
    const text = await (await composeDocument(s.options)).text();
    expect(text).toContain('<h1>Careers</h1><form id="f">form</form>');
    expect(calls.some((u) => u.includes('/fragments/lead-form?form=careers&id=fa-lead-form'))).toBe(true);
  });
});

describe('fillSlots (one pass over the page body)', () => {
  const marker = (id: string) => `<fc-slot id="${id}"></fc-slot>`;
  const slot = (id: string, html: string) => ({ slot: { id }, html });

  it('puts each slot at its marker, once; a repeated marker stays, a missing one leaves its slot out', () => {
    const body = `<p>a</p>${marker('finance')}<p>b</p>${marker('trade')}${marker('finance')}`;
    expect(fillSlots(body, [slot('finance', '<i>F</i>'), slot('trade', '<i>T</i>'), slot('absent', '<i>X</i>')])).toBe(`<p>a</p><i>F</i><p>b</p><i>T</i>${marker('finance')}`);
    // Two slots with one id take the first and the second occurrence, in order.
    expect(fillSlots(`${marker('a')}-${marker('a')}`, [slot('a', '1'), slot('a', '2')])).toBe('1-2');
    expect(fillSlots('<p>none</p>', [])).toBe('<p>none</p>');
  });

  it("inserts a slot's HTML literally: '$&' and '$1' stay, and a marker inside a slot's HTML is not filled", () => {
    expect(fillSlots(`<p>${marker('x')}</p>`, [slot('x', '<b>$& $1 $$</b>')])).toBe('<p><b>$& $1 $$</b></p>');
    expect(fillSlots(`${marker('x')}${marker('y')}`, [slot('x', marker('y')), slot('y', 'Y')])).toBe(`${marker('y')}Y`);
    // Regular-expression characters in an id are matched literally.
    expect(fillSlots(`${marker('a.b')}${marker('aXb')}`, [slot('a.b', '1')])).toBe(`1${marker('aXb')}`);
  });

  it('gives each slot carrying the per-render lead token a fresh id', () => {
    const filled = fillSlots(`${marker('a')}${marker('b')}`, [slot('a', `<input value="${LEAD_ID_RENDER_TOKEN}">`), slot('b', `<input value="${LEAD_ID_RENDER_TOKEN}">`)]);
    const ids = [...filled.matchAll(/value="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(filled).not.toContain(LEAD_ID_RENDER_TOKEN);
  });

  it('scans the body once, however many slots (no copy of the body per slot, no pattern run over it)', () => {
    const replace = vi.spyOn(String.prototype, 'replace');
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    const ids = Array.from({ length: 8 }, (_, i) => `s${i}`);
    const body = ids.map((id) => `<p>${'x'.repeat(1000)}</p>${marker(id)}`).join('');
    const out = fillSlots(body, ids.map((id) => slot(id, `<i>${id}</i>`)));
    const onBody = (calls: { mock: { contexts: unknown[] } }) => calls.mock.contexts.filter((ctx) => String(ctx) === body).length;
    const replaced = onBody(replace);
    const searched = onBody(indexOf);
    replace.mockRestore();
    indexOf.mockRestore();
    for (const id of ids) expect(out).toContain(`<i>${id}</i>`);
    expect(replaced).toBe(0);
    // Each marker found once and its end once, then one search finding no more: forward only.
    expect(searched).toBe(2 * ids.length + 1);
  });

  it('a marker-like text that is not a marker is left as it is, and the markers after it are still filled', () => {
    const body = `<fc-slot id="a" class="x"></fc-slot>${'<fc-slot id="'}${'z'.repeat(50)}${marker('b')}${marker('a')}`;
    expect(fillSlots(body, [slot('a', 'A'), slot('b', 'B')])).toBe(`<fc-slot id="a" class="x"></fc-slot><fc-slot id="${'z'.repeat(50)}BA`);
  });
});
