import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodedHeadCount, fetchFragment, FRAGMENT_HEAD_MEMO_CHARS, FRAGMENT_HEADS_MAX, fragmentQuery, isHtml, reportVersionSkew, sharedMaxAge } from './fragments.ts';
import { encodeFragmentHead } from '@forecourt/contracts/fragments';
import type { Env } from '../env.ts';
import { testEnv } from '../test/env.ts';
import { demoTenant, manifestPins } from '../test/tenants.ts';

describe('sharedMaxAge (which fragments the shell may keep)', () => {
  it('only public responses with a positive max-age', () => {
    expect(sharedMaxAge('public, max-age=60')).toBe(60);
    expect(sharedMaxAge('max-age=60, public')).toBe(60);
    expect(sharedMaxAge('private, no-store')).toBe(0);
    expect(sharedMaxAge('max-age=60')).toBe(0);
    expect(sharedMaxAge('public, no-store, max-age=60')).toBe(0);
    expect(sharedMaxAge('public')).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
  });
});

const tenant = demoTenant('harbourside-toyota');
const version = tenant.config.remotes['mf-search'];
type Call = { url: URL; init: RequestInit & { headers: Headers } };

/** mf-search answering `answer`; the body's cancellation is recorded. */
function remote(answer: () => Response) {
  const calls: Call[] = [];
  const env = testEnv({ SEARCH: { fetch: async (url: string, init: Call['init']) => (calls.push({ url: new URL(url), init }), answer()) }, FRAGMENT_TIMEOUT_MS: '1000' });
  return { env, calls };
}
const shopper = (path = '/search/used-cars', headers: Record<string, string> = {}) => new Request(`https://dealer.test${path}`, { headers });
const get = (env: Env, search = new URLSearchParams(), params: Record<string, string> = { segments: 'used-cars' }) =>
  fetchFragment({ env, remote: 'mf-search', page: 'search', search, params, tenant: tenant.config, pin: manifestPins(tenant)['mf-search'], request: shopper('/search/used-cars', { cookie: 'a=1', 'x-forecourt-tenant': 'evil' }) });
const html = (body: string | null, init: ResponseInit = {}) => new Response(body, { ...init, headers: { 'content-type': 'text/html; charset=utf-8', ...(init.headers as object) } });

/** A body that ends only when `end` is set (a remote still sending), recording whether the shell cancelled it. */
function cancellable(text: string, end = false) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      c.enqueue(new TextEncoder().encode(text));
      if (end) c.close();
    },
    cancel: () => void (state.cancelled = true),
  });
  return { body, state };
}

afterEach(() => vi.restoreAllMocks());

describe('fetchFragment request', () => {
  it('sends route params as _<name>, drops the shopper\'s own _-keys, and sends no x-forecourt-url', async () => {
    const { env, calls } = remote(() => html('<p>ok</p>'));
    await get(env, new URLSearchParams('_segments=new-cars&_id=9&sort=latest'));
    const { url, init } = calls[0]!;
    expect(url.pathname).toBe('/fragments/search');
    expect(url.searchParams.getAll('_segments')).toEqual(['used-cars']);
    expect(url.searchParams.has('_id')).toBe(false);
    expect(url.searchParams.get('sort')).toBe('latest');
    expect(init.headers.get('x-forecourt-tenant')).toBe('harbourside-toyota');
    expect(init.headers.get('x-forecourt-version')).toBe(version);
    expect(init.headers.get('cookie')).toBe('a=1');
    expect(init.headers.has('x-forecourt-url')).toBe(false);
    expect(init.redirect).toBe('manual');
  });
});

describe('fetchFragment answers (protocol P1, P2)', () => {
  it('pastes a text/html answer', async () => {
    const r = await get(remote(() => html('<p id="x">ok</p>')).env);
    expect(r.kind).toBe('ok');
    expect(r.ok && (await new Response(r.body).text())).toBe('<p id="x">ok</p>');
  });

  it('an empty 404 is the standard not found, whatever its content type', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await get(remote(() => new Response(null, { status: 404 })).env)).kind).toBe('not-found');
    expect((await get(remote(() => new Response('', { status: 404, headers: { 'content-type': 'application/json' } })).env)).kind).toBe('not-found');
  });

  it('a 404 with an HTML body shows that body with status 404', async () => {
    const r = await get(remote(() => html('<h1>No such car</h1>', { status: 404 })).env);
    expect(r).toMatchObject({ ok: true, kind: 'ok', status: 404 });
    expect(r.ok && (await new Response(r.body).text())).toBe('<h1>No such car</h1>');
  });

  it('anything that is not text/html, a redirect or a 5xx is a failure, and its body is cancelled', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers: Array<[string, (body: ReadableStream) => Response]> = [
      ['json 200', (b) => new Response(b, { headers: { 'content-type': 'application/json' } })],
      ['json 404', (b) => new Response(b, { status: 404, headers: { 'content-type': 'application/json' } })],
      ['no type', (b) => new Response(b, { headers: { 'content-type': '' } })],
      ['302', (b) => new Response(b, { status: 302, headers: { location: 'https://evil.test/', 'content-type': 'text/html' } })],
      ['500', (b) => new Response(b, { status: 500, headers: { 'content-type': 'text/html' } })],
    ];
    for (const [name, answer] of answers) {
      const { body, state } = cancellable('{"error":"x"}', name === 'json 404');
      const r = await get(remote(() => answer(body)).env);
      expect(r, name).toMatchObject({ ok: false, kind: 'failed', status: 503 });
      // The 404 was read to see whether it is empty; any other failure is cancelled unread.
      if (name !== 'json 404') expect(state.cancelled, name).toBe(true);
    }
    expect(errors).toHaveBeenCalled();
  });

  it('isHtml', () => {
    expect(isHtml('text/html')).toBe(true);
    expect(isHtml('Text/HTML; charset=utf-8')).toBe(true);
    expect(isHtml('text/htmlx')).toBe(false);
    expect(isHtml('application/json')).toBe(false);
    expect(isHtml(null)).toBe(false);
  });
});

describe('remote version skew (protocol P4)', () => {
  it('logs one error naming tenant, remote, the version asked for and the one served, and still renders', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await get(remote(() => html('<p>new code</p>', { headers: { 'x-forecourt-version': '9.9.9' } })).env);
    expect(r.kind).toBe('ok');
    expect(errors).toHaveBeenCalledTimes(1);
    const line = errors.mock.calls[0]!.join(' ');
    for (const part of ['harbourside-toyota', 'mf-search', `asked=${version}`, 'served=9.9.9']) expect(line).toContain(part);
  });

  it('says nothing when the versions match or the remote names none', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await get(remote(() => html('<p>ok</p>', { headers: { 'x-forecourt-version': version } })).env);
    await get(remote(() => html('<p>ok</p>')).env);
    expect(errors).not.toHaveBeenCalled();
    expect(reportVersionSkew(tenant.config, 'mf-search', { version, workerVersionId: null }, version, null)).toBe(false);
  });
});

describe('fragmentQuery', () => {
  it("sorts the shopper's parameters by name (repeated names in order), drops their _-keys and adds the route params as _-keys", () => {
    expect(fragmentQuery(new URLSearchParams('q=a b&make=toyota&make=mazda&_segments=fake'), { segments: 'used-cars' })).toBe('_segments=used-cars&make=toyota&make=mazda&q=a+b');
    expect(fragmentQuery(undefined, undefined)).toBe('');
  });
  it('drops tracking parameters (contracts TRACKING_PARAMS): an ad click asks the remote the same query', () => {
    const clicked = new URLSearchParams('utm_source=google&make=kia&UTM_Campaign=x&gclid=abc&fbclid=1&msclkid=2&dclid=3&gbraid=4&wbraid=5&_ga=6&mc_cid=7&mc_eid=8&utmost=keep');
    expect(fragmentQuery(clicked, { segments: 'used-cars' })).toBe(fragmentQuery(new URLSearchParams('utmost=keep&make=kia'), { segments: 'used-cars' }));
    expect(fragmentQuery(clicked, undefined)).toBe('make=kia&utmost=keep');
  });
  it('builds a large query in linear time (issue 10.2: appending to a URL one by one re-serialised it each time)', () => {
    // Counted, not timed. Node serialises a URL's query lazily, so the quadratic way (appending to a URL's
    // searchParams one by one, which workerd re-serialises on every append) is not even slow here. So the query is
    // built under a URL and URLSearchParams that re-serialise on every change, as workerd does, counting every
    // character serialised: built once, the query is serialised once (its own length); appended to a URL one by one
    // (or rebuilt from a string each time) it is serialised about n²/2 parameters' worth (2,400 times its length here).
    const { URL: RealURL, URLSearchParams: RealParams } = globalThis;
    let serialised = 0;
    class CountingParams extends RealParams {
      readonly write: ((search: string) => void) | undefined;
      constructor(init?: string, write?: (search: string) => void) {
        super(init);
        this.write = write;
      }
      override append(name: string, value: string) {
        super.append(name, value);
        this.write?.(this.toString());
      }
      override set(name: string, value: string) {
        super.set(name, value);
        this.write?.(this.toString());
      }
      override delete(name: string, value?: string) {
        super.delete(name, value);
        this.write?.(this.toString());
      }
      override sort() {
        super.sort();
        this.write?.(this.toString());
      }
      override toString() {
        const text = super.toString();
        serialised += text.length;
        return text;
      }
    }
    class EagerURL extends RealURL {
      #params: CountingParams | undefined;
      override get searchParams(): URLSearchParams {
        return (this.#params ??= new CountingParams(super.search, (search) => {
          super.search = search;
        }));
      }
      override get search() {
        return super.search;
      }
      override set search(value: string) {
        super.search = value;
        this.#params = undefined;
      }
    }
    const search = new URLSearchParams('&'.repeat(5000) + Array.from({ length: 5000 }, (_, i) => `a${i}=1`).join('&'));
    let query: string;
    globalThis.URL = EagerURL as typeof URL;
    globalThis.URLSearchParams = CountingParams as typeof URLSearchParams;
    try {
      query = fragmentQuery(search, { page: 'x' });
    } finally {
      globalThis.URL = RealURL;
      globalThis.URLSearchParams = RealParams;
    }
    expect(query.split('&')).toHaveLength(5001);
    expect(serialised).toBeGreaterThanOrEqual(query.length); // the counting sees the one serialisation...
    expect(serialised).toBeLessThanOrEqual(3 * query.length); // ...and a few at most, never one per parameter
  });
});

describe('fragment heads (decoded once per header value)', () => {
  const withHead = (title: string) => () => html('<p>ok</p>', { headers: { 'x-forecourt-head': encodeFragmentHead({ title }) } });

  it('the same head text gives the same decoded head without decoding it again; an invalid one is still null', async () => {
    const first = await get(remote(withHead('Finance calculator')).env);
    const second = await get(remote(withHead('Finance calculator')).env);
    expect(first.ok && first.head).toEqual({ title: 'Finance calculator' });
    expect(second.ok && second.head).toBe(first.ok && first.head);
    const bad = await get(remote(() => html('<p>ok</p>', { headers: { 'x-forecourt-head': '%7Bnot json' } })).env);
    expect(bad.ok && bad.head).toBeNull();
  });

  it(`at most ${FRAGMENT_HEADS_MAX} kept, each at most ${FRAGMENT_HEAD_MEMO_CHARS} characters (a longer head is decoded every time)`, async () => {
    for (let i = 0; i < FRAGMENT_HEADS_MAX + 10; i++) await get(remote(withHead(`Slot ${i}`)).env);
    expect(decodedHeadCount()).toBe(FRAGMENT_HEADS_MAX);
    // A valid head whose header is longer than the bound (a title of 300 two-byte letters, a description of 1,000).
    const long = () => html('<p>ok</p>', { headers: { 'x-forecourt-head': encodeFragmentHead({ title: 'é'.repeat(300), description: 'é'.repeat(1000) }) } });
    expect(encodeFragmentHead({ title: 'é'.repeat(300), description: 'é'.repeat(1000) }).length).toBeGreaterThan(FRAGMENT_HEAD_MEMO_CHARS);
    const a = await get(remote(long).env);
    const b = await get(remote(long).env);
    expect(a.ok && a.head?.title).toBe('é'.repeat(300));
    expect(b.ok && b.head).not.toBe(a.ok && a.head);
  });
});
