import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReservedIds, markReserved } from './reservations.ts';

afterEach(() => vi.restoreAllMocks());

describe('reservations from edge-api', () => {
  it('asks edge-api with the tenant header for at most 100 ids and answers a Set', async () => {
    const calls: Array<{ url: string; tenant: string | null }> = [];
    const edge = {
      fetch: async (url: string, init: RequestInit) => {
        calls.push({ url, tenant: new Headers(init.headers).get('x-forecourt-tenant') });
        return Response.json({ reserved: ['2'] });
      },
    };
    const ids = Array.from({ length: 120 }, (_, i) => String(i));
    expect(await loadReservedIds(edge, 'test-motors', ids)).toEqual(new Set(['2']));
    expect(calls[0]!.tenant).toBe('test-motors');
    expect(new URL(calls[0]!.url).searchParams.get('car_ids')!.split(',')).toHaveLength(100);
    expect(await loadReservedIds(edge, 't', [])).toEqual(new Set());
  });
  it('null when edge-api is absent, fails, answers an error or junk (the page renders as it would without)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadReservedIds(undefined, 't', ['1'])).toBeNull();
    expect(await loadReservedIds({ fetch: async () => { throw new Error('down'); } }, 't', ['1'])).toBeNull();
    expect(await loadReservedIds({ fetch: async () => new Response('x', { status: 503 }) }, 't', ['1'])).toBeNull();
    expect(await loadReservedIds({ fetch: async () => Response.json({ reserved: [1] }) }, 't', ['1'])).toBeNull();
  });
  it("leaves out ids the lookup cannot take (edge-api would refuse the whole call); none left: no call at all", async () => {
    const asked: string[] = [];
    const edge = { fetch: async (url: string) => (asked.push(new URL(url).searchParams.get('car_ids')!), Response.json({ reserved: ['ok-1'] })) };
    expect(await loadReservedIds(edge, 't', ['ok-1', 'a b', 'x,y', 'ok-1'])).toEqual(new Set(['ok-1']));
    expect(asked).toEqual(['ok-1']);
    expect(await loadReservedIds(edge, 't', ['a b'])).toEqual(new Set());
    expect(asked).toHaveLength(1);
  });
  it('markReserved sets reserved on the listed cars only, keeping the feed flag', () => {
    const cars = [{ id: '1', reserved: false }, { id: '2', reserved: false }, { id: '3', reserved: true }];
    expect(markReserved(cars, new Set(['2']))).toEqual([{ id: '1', reserved: false }, { id: '2', reserved: true }, { id: '3', reserved: true }]);
    expect(markReserved(cars, null)).toEqual(cars);
  });
});

describe('the reservable rule (spec §4), one for the platform', async () => {
  const { isReservable, isTestDriveOnly, reservability } = await import('./entities/car.ts');
  const car = { status: 'in_stock', sold: false, reserved: false, tag: null } as const;
  it('in stock or coming soon, not sold, not reserved (feed or paid), no test-drive-only tag', () => {
    expect(reservability(car)).toBe('reservable');
    expect(reservability({ ...car, status: 'coming_soon' })).toBe('reservable');
    expect(reservability({ ...car, status: 'sold' })).toBe('sold');
    expect(reservability({ ...car, sold: true })).toBe('sold');
    expect(reservability({ ...car, reserved: true })).toBe('reserved');
    expect(reservability(car, true)).toBe('reserved');
    expect(reservability({ ...car, tag: 'Test Drive Only' })).toBe('test-drive-only');
    expect(isReservable(car)).toBe(true);
    expect(isReservable({ ...car, tag: ' test-drive  only ' })).toBe(false);
  });
  it('reads the tag in any case or spacing, and nothing else as test-drive only', () => {
    for (const tag of ['Test Drive Only', 'TEST DRIVE ONLY', ' test-drive-only ', 'test_drive_only']) expect(isTestDriveOnly({ tag }), tag).toBe(true);
    for (const tag of [null, '', 'Test Drive', 'Test Drive Only Today']) expect(isTestDriveOnly({ tag }), String(tag)).toBe(false);
  });
});
