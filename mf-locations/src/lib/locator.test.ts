import { describe, expect, it, vi } from 'vitest';
import { parseSiteConfig, TENANT_HEADER } from '@forecourt/contracts/tenant';
import { GEOCODE_ERRORS, GEOCODE_QUERY_MAX, locatorQuery } from '@forecourt/contracts/internal';
import { NEAR_MAX_LENGTH, POSTCODE_ERROR, postcodeError } from './locator-texts.ts';
import { fakeRateLimiter } from '@forecourt/contracts/fixtures/rate-limit';
import { groupConfigInput, groupData } from '../test/group.ts';
import { cardContext, siteLocations } from './locations.ts';
import { toListLocation } from './list.ts';
import { brandOptions, byDistance, distanceText, filterLocator, LOCATOR_TEXTS, lookupPlace, readLocatorParams, readPoint, typeOptions } from './locator.ts';

const config = parseSiteConfig(groupConfigInput());
const data = groupData();
const all = siteLocations(config, data).map((l) => toListLocation(l, cardContext(config, data, new Date('2026-03-04T00:00:00Z'))));
const SPRINGWOOD = { lat: -27.6129, lng: 153.1296, label: 'Springwood QLD 4127', postcode: '4127', state: 'QLD', approximate: false };

describe('the locator box (spec §5 Postcode field, through contracts’ locatorQuery)', () => {
  it('a postcode is exactly 4 digits; a suburb is a name', () => {
    expect(locatorQuery(' 4127 ')).toEqual({ ok: true, kind: 'postcode', q: '4127' });
    expect(locatorQuery('412')).toEqual({ ok: false, error: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(locatorQuery('41270')).toEqual({ ok: false, error: GEOCODE_ERRORS.postcode });
    expect(locatorQuery('Springwood QLD')).toMatchObject({ ok: true, kind: 'suburb' });
    expect(locatorQuery('<script>')).toEqual({ ok: false, error: GEOCODE_ERRORS.suburb });
  });
});

describe('the island’s copies (locator-texts.ts: the island does not ship contracts’ internal.ts)', () => {
  it('equal contracts’ limit and text', () => {
    expect(NEAR_MAX_LENGTH).toBe(GEOCODE_QUERY_MAX);
    expect(POSTCODE_ERROR).toBe(GEOCODE_ERRORS.postcode);
  });
  it('postcodeError: digits that are not four (as locatorQuery says), nothing else', () => {
    for (const near of ['412', '41270', '4 1', ' 12 ']) expect(postcodeError(near), near).toBe(locatorQuery(near).ok ? null : POSTCODE_ERROR);
    for (const near of ['4127', ' 41 27 ', '', 'Springwood', 'x1']) expect(postcodeError(near), near).toBeNull();
  });
});

describe('readLocatorParams / readPoint', () => {
  it('reads near, type and brand, ignoring what is not one', () => {
    expect(readLocatorParams(new URLSearchParams('near=%20%20Springwood%20%20QLD&type=service&brand=Kia'))).toEqual({ near: 'Springwood QLD', type: 'service', brand: 'kia', point: null, pointRefused: false });
    expect(readLocatorParams(new URLSearchParams('type=boats&brand=%3Cx%3E'))).toMatchObject({ type: null, brand: null });
    expect(readLocatorParams(new URLSearchParams(`near=${'a'.repeat(100)}`)).near).toHaveLength(60);
  });

  it('lat/lng: numbers inside Australia’s box, else ignored (and said so)', () => {
    expect(readPoint('-27.613', '153.13')).toEqual({ lat: -27.613, lng: 153.13 });
    expect(readPoint('-42.88', '147.33')).toEqual({ lat: -42.88, lng: 147.33 }); // Hobart
    expect(readPoint('-12.46', '130.84')).toEqual({ lat: -12.46, lng: 130.84 }); // Darwin
    for (const [lat, lng] of [['51.5', '-0.12'], ['-41.29', '174.78'], ['abc', '153'], ['', ''], ['-27', 'Infinity'], ['1e3', '153'], ['-27.6', null]] as const) {
      expect(readPoint(lat, lng), `${lat},${lng}`).toBeNull();
    }
    expect(readLocatorParams(new URLSearchParams('lat=51.5&lng=-0.12'))).toMatchObject({ point: null, pointRefused: true });
    expect(readLocatorParams(new URLSearchParams('lat=-27.6&lng=153.1'))).toMatchObject({ point: { lat: -27.6, lng: 153.1 }, pointRefused: false });
  });
});

describe('byDistance and distanceText (spec §9 Haversine, 6371 km)', () => {
  it('nearest first from Springwood; a location without a position last, without a distance', () => {
    const noPoint = { ...all[4]!, id: 'nopoint', point: null };
    const sorted = byDistance([...all, noPoint], SPRINGWOOD);
    expect(sorted.map((l) => l.id)).toEqual(['hsv', 'hsa', 'hpa', 'hus', 'kia', 'fsa', 'fsv', 'nopoint']);
    expect(sorted.map((l) => l.distance)).toEqual([
      'Less than 0.1 km away', 'Less than 0.1 km away', 'Less than 0.1 km away', '3.6 km away', '11 km away', '722 km away', '722 km away', null,
    ]);
    expect(sorted[3]!.distanceKm).toBeCloseTo(3.6, 1);
  });

  it('one decimal under 10 km, whole km above with separators', () => {
    expect(distanceText(0.05)).toBe('Less than 0.1 km away');
    expect(distanceText(0.1)).toBe('0.1 km away');
    expect(distanceText(9.94)).toBe('9.9 km away');
    expect(distanceText(10.4)).toBe('10 km away');
    expect(distanceText(2783.6)).toBe('2,784 km away');
  });
});

describe('filters by type and brand', () => {
  it('keeps the locations of that type and that brand', () => {
    expect(filterLocator(all, { type: 'service', brand: null }).map((l) => l.id)).toEqual(['hsv', 'fsv']);
    expect(filterLocator(all, { type: null, brand: 'mazda' }).map((l) => l.id)).toEqual(['kia']);
    expect(filterLocator(all, { type: 'service', brand: 'hyundai' }).map((l) => l.id)).toEqual(['hsv']);
    expect(filterLocator(all, { type: 'parts', brand: 'ford' })).toEqual([]);
    expect(filterLocator(all, { type: null, brand: null })).toHaveLength(7);
  });

  it('offers the types and brands the tenant’s locations have', () => {
    expect(typeOptions(all)).toEqual([
      { value: 'sales', label: 'Sales' }, { value: 'used', label: 'Used cars' }, { value: 'service', label: 'Service' }, { value: 'parts', label: 'Parts' },
    ]);
    expect(brandOptions(all, data.manufacturers).map((o) => o.label)).toEqual(['Ford', 'Hyundai', 'Kia', 'Mazda']);
    expect(brandOptions([{ ...all[0]!, manufacturers: ['isuzu-ute'] }], [])).toEqual([{ value: 'isuzu-ute', label: 'Isuzu Ute' }]);
  });
});

describe('lookupPlace (edge-api’s geocoding port through the EDGE_API binding)', () => {
  const edgeAnswering = (res: () => Response | Promise<Response>) => {
    const calls: Array<{ url: string; tenant: string | null }> = [];
    return { calls, fetch: async (url: string, init?: RequestInit) => (calls.push({ url, tenant: new Headers(init?.headers).get(TENANT_HEADER) }), res()) };
  };
  const deps = (edge: ReturnType<typeof edgeAnswering>, limit = 100) => ({ edge, limiter: fakeRateLimiter(limit), tenant: 'group-motors', clientKey: '203.0.113.7' });
  const ask = (near: string) => ({ near, point: null, pointRefused: false });

  it('a place found: its point and label, asked for this tenant', async () => {
    const edge = edgeAnswering(() => Response.json(SPRINGWOOD));
    expect(await lookupPlace(ask('4127'), deps(edge))).toEqual({ kind: 'found', origin: { lat: -27.6129, lng: 153.1296 }, label: 'Springwood QLD 4127' });
    expect(edge.calls).toEqual([{ url: 'https://edge-api.internal/internal/geocode?q=4127', tenant: 'group-motors' }]);
  });

  it('a box outside the rule: its error, no lookup, no rate-limit count', async () => {
    const edge = edgeAnswering(() => Response.json(SPRINGWOOD));
    const d = deps(edge);
    expect(await lookupPlace(ask('412'), d)).toEqual({ kind: 'field-error', error: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(edge.calls).toEqual([]);
    expect(d.limiter.calls).toEqual([]);
  });

  it('404: spec §7’s “Invalid postcode” for a postcode, try-its-postcode for a suburb', async () => {
    const edge = edgeAnswering(() => Response.json({ error: GEOCODE_ERRORS.notFound }, { status: 404 }));
    expect(await lookupPlace(ask('0999'), deps(edge))).toEqual({ kind: 'field-error', error: 'Invalid postcode' });
    expect(await lookupPlace(ask('Atlantis'), deps(edge))).toEqual({ kind: 'field-error', error: GEOCODE_ERRORS.suburb });
  });

  it('400: edge-api’s text when it is a geocoding text, else the postcode rule', async () => {
    expect(await lookupPlace(ask('4127'), deps(edgeAnswering(() => Response.json({ error: GEOCODE_ERRORS.suburb }, { status: 400 }))))).toEqual({ kind: 'field-error', error: GEOCODE_ERRORS.suburb });
    expect(await lookupPlace(ask('4127'), deps(edgeAnswering(() => Response.json({ error: '<b>x</b>' }, { status: 400 }))))).toEqual({ kind: 'field-error', error: GEOCODE_ERRORS.postcode });
  });

  it('503, a broken answer or edge-api unreachable: the unavailable notice (the list stays)', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await lookupPlace(ask('4127'), deps(edgeAnswering(() => Response.json({ error: GEOCODE_ERRORS.unavailable }, { status: 503 }))))).toEqual({ kind: 'notice', message: GEOCODE_ERRORS.unavailable });
    expect(await lookupPlace(ask('4127'), deps(edgeAnswering(() => Response.json({ lat: 'x' }))))).toEqual({ kind: 'notice', message: GEOCODE_ERRORS.unavailable });
    expect(await lookupPlace(ask('4127'), deps(edgeAnswering(() => Promise.reject(new TypeError('connect failed')))))).toEqual({ kind: 'notice', message: GEOCODE_ERRORS.unavailable });
    // No shopper's query in the logs.
    expect(spy.mock.calls.flat().join(' ')).not.toContain('4127');
    spy.mockRestore();
  });

  it('rate-limited per tenant and client: past the limit a notice, no lookup', async () => {
    const edge = edgeAnswering(() => Response.json(SPRINGWOOD));
    const d = deps(edge, 2);
    for (let i = 0; i < 2; i++) expect((await lookupPlace(ask('4127'), d)).kind).toBe('found');
    expect(await lookupPlace(ask('4127'), d)).toEqual({ kind: 'notice', message: LOCATOR_TEXTS.rateLimited });
    expect(d.limiter.calls).toEqual(['group-motors:203.0.113.7', 'group-motors:203.0.113.7', 'group-motors:203.0.113.7']);
    expect(edge.calls).toHaveLength(2);
    expect(await lookupPlace(ask('4127'), deps(edgeAnswering(() => Response.json({ error: 'Too many' }, { status: 429 }))))).toEqual({ kind: 'notice', message: LOCATOR_TEXTS.rateLimited });
  });

  it('without a client address: no shared “unknown” bucket, no limit (the shell always sends the address)', async () => {
    const edge = edgeAnswering(() => Response.json(SPRINGWOOD));
    const d = { ...deps(edge, 1), clientKey: null };
    for (let i = 0; i < 3; i++) expect((await lookupPlace(ask('4127'), d)).kind).toBe('found');
    expect(d.limiter.calls).toEqual([]);
    expect(edge.calls).toHaveLength(3);
  });

  it('a browser position: no lookup; outside Australia: a notice; nothing asked: none', async () => {
    const edge = edgeAnswering(() => Response.json(SPRINGWOOD));
    expect(await lookupPlace({ near: '', point: { lat: -27.6, lng: 153.1 }, pointRefused: false }, deps(edge))).toEqual({ kind: 'found', origin: { lat: -27.6, lng: 153.1 }, label: 'your location' });
    expect(await lookupPlace({ near: '', point: null, pointRefused: true }, deps(edge))).toEqual({ kind: 'notice', message: LOCATOR_TEXTS.pointOutside });
    expect(await lookupPlace({ near: '', point: null, pointRefused: false }, deps(edge))).toEqual({ kind: 'none' });
    expect(edge.calls).toEqual([]);
  });
});
