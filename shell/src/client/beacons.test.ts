/**
 * Beacons (issue 19): the car page's view is counted at load by the light client, not when an island loads.
 */
import { describe, expect, it, vi } from 'vitest';
import { BEACON_ANSWERS_GLOBAL, beaconAnswer, type Beacon } from '@forecourt/contracts/islands';
import { parseBeacon, pushBounded, sendBeacons } from './beacons.ts';

const viewBeacon: Beacon = {
  send: [
    { path: '/api/cars/ranger-1/view.json?website_id=harbourside-toyota' },
    { path: '/api/analytics', method: 'POST', body: { event_id: 4, page: '/cars/ranger-1', car_id: 7 } },
  ],
  push: { key: 'forecourt:viewed', item: { id: 7, make: 'Ford' }, limit: 3, event: { name: 'viewed.changed.v1', field: 'viewed' } },
};

function page(beacons: Array<[string, unknown]>, visibility: DocumentVisibilityState = 'visible') {
  const store = new Map<string, string>([['forecourt:viewed', JSON.stringify([{ id: 1 }, { id: 7 }, { id: 2 }, { id: 3 }])]]);
  const doc = Object.assign(new EventTarget(), {
    visibilityState: visibility,
    querySelectorAll: () => beacons.map(([id, body]) => ({ getAttribute: () => id, textContent: typeof body === 'string' ? body : JSON.stringify(body) })),
  });
  const fetch = vi.fn(async (path: string, _init?: RequestInit) => ({ ok: true, json: async () => (path.includes('view.json') ? { views: 42 } : { ok: true }) }));
  const events: Array<{ type: string; detail: unknown }> = [];
  const win = Object.assign(new EventTarget(), {
    document: doc,
    fetch,
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) } as unknown as Storage,
  });
  win.addEventListener('viewed.changed.v1', (e) => events.push({ type: e.type, detail: (e as CustomEvent).detail }));
  return { win, doc, fetch, store, events };
}

describe('sendBeacons', () => {
  it('at load, without any island: counts the view, posts the analytics event, puts the car first in the bounded list', async () => {
    const { win, fetch, store, events } = page([['fv-view', viewBeacon]]);
    expect(sendBeacons(win as never)).toEqual(['fv-view']);
    expect(fetch.mock.calls.map(([path, init]) => [path, init?.method ?? 'GET', init?.keepalive])).toEqual([
      ['/api/cars/ranger-1/view.json?website_id=harbourside-toyota', 'GET', true],
      ['/api/analytics', 'POST', true],
    ]);
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toEqual({ event_id: 4, page: '/cars/ranger-1', car_id: 7 });
    const viewed = [{ id: 7, make: 'Ford' }, { id: 1 }, { id: 2 }];
    expect(JSON.parse(store.get('forecourt:viewed')!)).toEqual(viewed);
    expect(events).toEqual([{ type: 'viewed.changed.v1', detail: { viewed } }]);
    // The island reads the answer instead of counting again.
    await expect(beaconAnswer('fv-view', win)).resolves.toEqual({ views: 42 });
    // Once per page: a second scan sends nothing.
    expect(sendBeacons(win as never)).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a page opened in the background sends when it first becomes visible; its answer is waited for meanwhile', async () => {
    const { win, doc, fetch } = page([['fv-view', viewBeacon]], 'hidden');
    sendBeacons(win as never);
    expect(fetch).not.toHaveBeenCalled();
    const answer = beaconAnswer('fv-view', win);
    expect(answer).toBeInstanceOf(Promise);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).not.toHaveBeenCalled();
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(answer).resolves.toEqual({ views: 42 });
  });

  it('a failed request answers null; malformed or cross-origin beacons are not sent', async () => {
    const { win, fetch } = page([
      ['bad-json', '{'],
      ['other-origin', { send: [{ path: '//evil.example/x' }] }],
      ['full-url', { send: [{ path: 'https://evil.example/x' }] }],
      ['bad-key', { send: [], push: { key: 'token', item: { id: 1 }, limit: 3 } }],
      ['fv-view', { send: [{ path: '/api/cars/x/view.json' }] }],
    ]);
    fetch.mockRejectedValueOnce(new Error('offline'));
    expect(sendBeacons(win as never)).toEqual(['fv-view']);
    await expect(beaconAnswer('fv-view', win)).resolves.toBeNull();
    expect((win as unknown as Record<string, object>)[BEACON_ANSWERS_GLOBAL]).not.toHaveProperty('other-origin');
  });
});

describe('beacon parts', () => {
  it('parseBeacon keeps GET and POST requests and a bounded push; rejects other methods and limits', () => {
    expect(parseBeacon(JSON.stringify(viewBeacon))).toEqual({ ...viewBeacon, send: [{ ...viewBeacon.send[0], method: 'GET' }, viewBeacon.send[1]] });
    expect(parseBeacon(JSON.stringify({ send: [{ path: '/x', method: 'DELETE' }] }))).toBeNull();
    expect(parseBeacon(JSON.stringify({ send: [], push: { key: 'forecourt:viewed', item: { id: 1 }, limit: 1000 } }))).toBeNull();
  });

  it('pushBounded: first, deduplicated by id, cut to the limit; an unreadable list starts anew', () => {
    expect(pushBounded('[{"id":2},{"id":1},{"id":3}]', { id: 1 }, 2)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(pushBounded('not json', { id: 1 }, 2)).toEqual([{ id: 1 }]);
    expect(pushBounded(null, { id: 1 }, 2)).toEqual([{ id: 1 }]);
  });
});
