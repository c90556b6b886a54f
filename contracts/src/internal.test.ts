import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleCar } from './fixtures/car.ts';
import { CarQuerySchema, callInternal, fetchCar, fetchCarById, INTERNAL, INTERNAL_CALLERS, InternalAnswerError, internalUrl, type ServiceBinding } from './internal.ts';
import { TENANT_HEADER } from './tenant.ts';

type Seen = { url: URL; headers: Headers; signal: AbortSignal | null | undefined };

/** A service binding answering `answer` and recording what it was asked. */
function binding(answer: () => Response | Promise<Response>): ServiceBinding & { seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    fetch: async (input, init) => {
      seen.push({ url: new URL(input), headers: new Headers(init?.headers), signal: init?.signal });
      return answer();
    },
  };
}

describe('internal endpoints registry', () => {
  it('every endpoint has one owner and a path under /internal or /api', () => {
    for (const [name, endpoint] of Object.entries(INTERNAL)) {
      expect(['mf-search', 'edge-api'], name).toContain(endpoint.owner);
      expect(endpoint.path, name).toMatch(/^\/(internal|api)\/[a-z/:-]+$/);
    }
  });

  it('builds the owner URL with the query and path params encoded', () => {
    expect(internalUrl('car', { query: { slug: 'a-b' } })).toBe('https://mf-search.internal/internal/car?slug=a-b');
    expect(internalUrl('payment', { params: { id: 'pi/1?x' } })).toBe('https://edge-api.internal/api/payments/intents/pi%2F1%3Fx');
    expect(internalUrl('delivery', { query: { postcode: '4000', origin: '4127' } })).toBe('https://edge-api.internal/internal/delivery?postcode=4000&origin=4127');
    expect(internalUrl('sitemap')).toBe('https://mf-search.internal/internal/sitemap');
  });
});

describe('callInternal', () => {
  it('sets the tenant header (over any header the caller passes), extra headers and the timeout; checks the answer', async () => {
    const edge = binding(() => Response.json({ reserved: ['1'], extra: true }));
    const answer = await callInternal(edge, 'reservedCars', { tenant: 'test-motors', query: { car_ids: '1,2' }, headers: { cookie: 'a=b', [TENANT_HEADER]: 'other' }, timeoutMs: 500 });
    expect(answer).toMatchObject({ ok: true, status: 200, data: { reserved: ['1'] } });
    expect(answer.ok && answer.headers.get('content-type')).toMatch(/json/);
    expect(edge.seen[0]!.headers.get(TENANT_HEADER)).toBe('test-motors');
    expect(edge.seen[0]!.headers.get('cookie')).toBe('a=b');
    expect(edge.seen[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(edge.seen[0]!.url.searchParams.get('car_ids')).toBe('1,2');
  });

  it('a non-2xx answer is its status, with its JSON `{ error }` and Retry-After when it has them; a 2xx outside the contract throws', async () => {
    expect(await callInternal(binding(() => new Response('nope', { status: 404 })), 'delivery', { tenant: 't', query: { postcode: '4000', origin: '4127' } })).toEqual({ ok: false, status: 404 });
    const refused = () => Response.json({ error: 'Too many verification attempts. Please try again later.', fields: {} }, { status: 429, headers: { 'retry-after': '60' } });
    expect(await callInternal(binding(refused), 'session', { tenant: 't' })).toEqual({ ok: false, status: 429, error: 'Too many verification attempts. Please try again later.', retryAfter: 60 });
    expect(await callInternal(binding(() => Response.json({ error: 7 }, { status: 400 })), 'session', { tenant: 't' })).toEqual({ ok: false, status: 400 });
    expect(await callInternal(binding(() => new Response('{bad', { status: 502, headers: { 'content-type': 'application/json' } })), 'session', { tenant: 't' })).toEqual({ ok: false, status: 502 });
    await expect(callInternal(binding(() => Response.json({ reserved: [1] })), 'reservedCars', { tenant: 't' })).rejects.toBeInstanceOf(InternalAnswerError);
    await expect(callInternal(binding(() => { throw new Error('down'); }), 'sitemap', { tenant: 't' })).rejects.toThrow('down');
  });
});

describe('fetchCar (the one car lookup)', () => {
  it('the car for a known slug; null for an unknown one (404), a refused one (400) or a string that is no slug (not asked)', async () => {
    const search = binding(() => Response.json({ car: sampleCar }));
    expect((await fetchCar(search, 'test-motors', sampleCar.slug))?.id).toBe(sampleCar.id);
    expect(search.seen[0]!.url.pathname).toBe('/internal/car');
    expect(await fetchCar(binding(() => new Response(null, { status: 404 })), 't', 'gone-car')).toBeNull();
    expect(await fetchCar(binding(() => new Response(null, { status: 400 })), 't', 'x')).toBeNull();
    const never = binding(() => Response.json({ car: sampleCar }));
    for (const slug of ['', 'Not A Slug', 'a'.repeat(201)]) expect(await fetchCar(never, 't', slug), slug).toBeNull();
    expect(never.seen).toHaveLength(0);
  });

  it('throws when mf-search fails or sends a car that breaks the contract (a critical page fails, a write refuses)', async () => {
    await expect(fetchCar(binding(() => new Response(null, { status: 503 })), 't', 'a-car')).rejects.toThrow('mf-search answered 503 for a car');
    await expect(fetchCar(binding(() => Response.json({ car: { id: 1 } })), 't', 'a-car')).rejects.toBeInstanceOf(InternalAnswerError);
  });
});

describe('fetchCarById (finance links carry the id)', () => {
  it('asks `?id=` only; null for an unknown id (404), a refused one (400) or a string that is no id (not asked)', async () => {
    const search = binding(() => Response.json({ car: sampleCar }));
    expect((await fetchCarById(search, 'test-motors', sampleCar.id, 500))?.slug).toBe(sampleCar.slug);
    expect(search.seen[0]!.url.pathname).toBe('/internal/car');
    expect([...search.seen[0]!.url.searchParams]).toEqual([['id', sampleCar.id]]);
    expect(search.seen[0]!.headers.get(TENANT_HEADER)).toBe('test-motors');
    expect(search.seen[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(await fetchCarById(binding(() => new Response(null, { status: 404 })), 't', 'gone')).toBeNull();
    expect(await fetchCarById(binding(() => new Response(null, { status: 400 })), 't', 'x')).toBeNull();
    const never = binding(() => Response.json({ car: sampleCar }));
    for (const id of ['', 'a'.repeat(101)]) expect(await fetchCarById(never, 't', id), id).toBeNull();
    expect(never.seen).toHaveLength(0);
  });

  it('throws when mf-search fails or breaks the contract', async () => {
    await expect(fetchCarById(binding(() => new Response(null, { status: 502 })), 't', '42')).rejects.toThrow('mf-search answered 502 for a car');
    await expect(fetchCarById(binding(() => Response.json({ car: { id: 1 } })), 't', '42')).rejects.toBeInstanceOf(InternalAnswerError);
  });

  it('the car query names exactly one of slug and id', () => {
    expect(v.is(CarQuerySchema, { slug: 'a-car' })).toBe(true);
    expect(v.is(CarQuerySchema, { id: 'Stock #42/ä' })).toBe(true);
    expect(v.is(CarQuerySchema, { slug: 'a-car', id: '42' })).toBe(false);
    expect(v.is(CarQuerySchema, {})).toBe(false);
    expect(v.is(CarQuerySchema, { id: '' })).toBe(false);
    expect(internalUrl('car', { query: { id: 'a b/1' } })).toBe('https://mf-search.internal/internal/car?id=a+b%2F1');
  });
});

describe('INTERNAL_CALLERS', () => {
  /** Who really calls what: `callInternal(<binding>, '<name>'`, `fetchCar(` or `fetchCarById(` (car) and `loadReservedIds(` (reservedCars). */
  function scanCallers(): Record<string, string[]> {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const found: Record<string, Set<string>> = {};
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === 'test' || e.name === 'node_modules' ? [] : files(full);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
      });
    for (const part of ['shell', 'mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account', 'edge-api']) {
      for (const file of files(path.join(root, part, 'src'))) {
        const text = readFileSync(file, 'utf8');
        const names = [...text.matchAll(/callInternal\([^,]+,\s*'([A-Za-z]+)'/g)].map((m) => m[1]!);
        if (/\bfetchCar(?:ById)?\(/.test(text)) names.push('car');
        if (/\bloadReservedIds\(/.test(text)) names.push('reservedCars');
        for (const name of names) (found[name] ??= new Set()).add(part);
      }
    }
    return Object.fromEntries(Object.entries(found).map(([name, parts]) => [name, [...parts].sort()]));
  }

  it('names exactly the parts whose code calls each endpoint', () => {
    const declared = Object.fromEntries(Object.entries(INTERNAL_CALLERS).map(([name, parts]) => [name, [...parts].sort()]));
    expect(scanCallers()).toEqual(declared);
  });
});
