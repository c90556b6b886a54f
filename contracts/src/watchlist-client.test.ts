import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './browser-storage.ts';
import {
  changeWatchlist, PENDING_SAVE_KEY, PENDING_SAVE_TTL_MS, readPendingSave, readWatchlistCache, refreshWatchlist, resumePendingSave,
  showWatchlistToggle, toggleReducer, writeWatchlistCache, type ToastRequest, type WatchlistDeps,
} from './watchlist-client.ts';

class MemoryStore {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

type Call = { url: string; body: unknown };
/** A fake edge-api: a session (or none), a list, and what save/remove answer. */
function setup(opts: { phone?: string | null; ids?: string[]; change?: { status: number; body: unknown } | 'network'; cached?: boolean } = {}) {
  const calls: Call[] = [];
  const toasts: ToastRequest[] = [];
  const alerts: string[] = [];
  const went: string[] = [];
  const events: unknown[] = [];
  const target = new EventTarget();
  target.addEventListener('watchlist.changed.v1', (e) => events.push((e as CustomEvent).detail));
  const local = new MemoryStore();
  const session = new MemoryStore();
  const phone = opts.phone === undefined ? '0412345678' : opts.phone;
  if (opts.cached && phone) writeWatchlistCache(local, { phone, ids: opts.ids ?? [] });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const deps: WatchlistDeps = {
    fetch: (async (input: string, init?: RequestInit) => {
      calls.push({ url: input, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (input === '/api/auth/session') return phone ? json(200, { user: { id: 'u1', phone } }) : json(401, { error: 'Not signed in.' });
      if (input === '/api/watchlist') return json(200, { ids: opts.ids ?? [] });
      if (opts.change === 'network') throw new TypeError('Failed to fetch');
      const change = opts.change ?? { status: 200, body: { success: true } };
      return json(change.status, change.body);
    }) as typeof fetch,
    local,
    session,
    here: () => '/search/used?make=toyota',
    go: (href) => went.push(href),
    alert: (m) => alerts.push(m),
    toast: (t) => toasts.push(t),
    now: () => 1_000_000,
    target,
  };
  return { deps, calls, toasts, alerts, went, events, local, session };
}
const car = { id: 'car-1', name: '2021 Toyota Corolla' };

describe('toggleReducer (optimistic, disabled while loading, undone on failure)', () => {
  it('flips at once and is busy; done keeps it; failed undoes it', () => {
    const clicked = toggleReducer({ saved: false, busy: false }, { type: 'click' });
    expect(clicked).toEqual({ saved: true, busy: true });
    expect(toggleReducer(clicked, { type: 'done' })).toEqual({ saved: true, busy: false });
    expect(toggleReducer(clicked, { type: 'failed' })).toEqual({ saved: false, busy: false });
  });
  it('ignores a click and a sync while busy', () => {
    const busy = { saved: true, busy: true };
    expect(toggleReducer(busy, { type: 'click' })).toBe(busy);
    expect(toggleReducer(busy, { type: 'sync', saved: false })).toBe(busy);
    expect(toggleReducer({ saved: true, busy: false }, { type: 'sync', saved: false })).toEqual({ saved: false, busy: false });
  });
  it('a failure that arrives when not busy changes nothing', () => {
    const idle = { saved: true, busy: false };
    expect(toggleReducer(idle, { type: 'failed' })).toBe(idle);
  });
});

describe('showWatchlistToggle (spec §4: a sold car cannot be newly saved)', () => {
  it('hides Save on a sold car unless it is already saved', () => {
    expect(showWatchlistToggle(true, false)).toBe(true);
    expect(showWatchlistToggle(false, false)).toBe(false);
    expect(showWatchlistToggle(false, true)).toBe(true);
  });
});

describe('changeWatchlist', () => {
  it('saves with the session phone, caches the list, announces the change and shows the spec toast', async () => {
    const t = setup({ cached: true, ids: ['car-9'] });
    expect(await changeWatchlist(car, true, t.deps)).toBe('saved');
    expect(t.calls).toEqual([{ url: '/api/watchlist/save-car', body: { phone_number: '0412345678', car_id: 'car-1' } }]);
    expect(readWatchlistCache(t.local)).toEqual({ phone: '0412345678', ids: ['car-1', 'car-9'] });
    expect(t.events).toEqual([{ ids: ['car-1', 'car-9'], change: { action: 'save', car_id: 'car-1', success: true } }]);
    expect(t.toasts).toEqual([{ title: 'Car Saved In Watchlist', description: '2021 Toyota Corolla is now available in your watchlist', action: { label: 'View List', href: '/watchlist' } }]);
    expect(t.alerts).toEqual([]);
  });

  it('removes, with the Car Removed toast', async () => {
    const t = setup({ cached: true, ids: ['car-1', 'car-9'] });
    expect(await changeWatchlist(car, false, t.deps)).toBe('removed');
    expect(t.calls[0]!.url).toBe('/api/watchlist/remove-car');
    expect(readWatchlistCache(t.local)?.ids).toEqual(['car-9']);
    expect(t.toasts[0]).toMatchObject({ title: 'Car Removed', description: '2021 Toyota Corolla is no longer in your watchlist' });
  });

  it('a refusal: the error text in an alert, no toast, the change reported as failed (spec §8)', async () => {
    const t = setup({ cached: true, change: { status: 409, body: { success: false, error: 'This car is sold and cannot be saved.' } } });
    expect(await changeWatchlist(car, true, t.deps)).toBe('failed');
    expect(t.alerts).toEqual(['This car is sold and cannot be saved.']);
    expect(t.toasts).toEqual([]);
    expect(t.events).toEqual([{ ids: [], change: { action: 'save', car_id: 'car-1', success: false } }]);
  });

  it('a network failure alerts the generic text', async () => {
    const t = setup({ cached: true, change: 'network' });
    expect(await changeWatchlist(car, true, t.deps)).toBe('failed');
    expect(t.alerts).toEqual(['An unknown error occurred.']);
  });

  it('signed out: remembers the car for this tab and goes to sign-in with type=watchlist and the way back', async () => {
    const t = setup({ phone: null });
    expect(await changeWatchlist(car, true, t.deps)).toBe('sign-in');
    expect(t.went).toEqual(['/sign-in?type=watchlist&redirect=%2Fsearch%2Fused%3Fmake%3Dtoyota&back=%2Fsearch%2Fused%3Fmake%3Dtoyota']);
    expect(readPendingSave(t.session, 1_000_000)).toEqual({ id: 'car-1', name: '2021 Toyota Corolla', at: 1_000_000 });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/auth/session']);
  });

  it('an ended session (401) forgets the cache and goes to sign-in for a save', async () => {
    const t = setup({ cached: true, change: { status: 401, body: { success: false, error: 'Not signed in.' } } });
    expect(await changeWatchlist(car, true, t.deps)).toBe('sign-in');
    expect(readWatchlistCache(t.local)).toBeNull();
    expect(t.alerts).toEqual([]);
  });

  it('without a cache it asks edge-api for the session and the list first', async () => {
    const t = setup({ ids: ['car-7'] });
    expect(await changeWatchlist(car, true, t.deps)).toBe('saved');
    expect(t.calls.map((c) => c.url)).toEqual(['/api/auth/session', '/api/watchlist', '/api/watchlist/save-car']);
    expect(readWatchlistCache(t.local)?.ids).toEqual(['car-1', 'car-7']);
  });
});

describe('resumePendingSave (back from sign-in)', () => {
  it('saves the remembered car once, with its toast', async () => {
    const t = setup();
    t.session.setItem(PENDING_SAVE_KEY, JSON.stringify({ id: 'car-1', name: '2021 Toyota Corolla', at: 999_000 }));
    expect(await resumePendingSave(t.deps)).toBe('saved');
    expect(t.toasts).toHaveLength(1);
    expect(t.session.getItem(PENDING_SAVE_KEY)).toBeNull();
    expect(await resumePendingSave(t.deps)).toBeNull();
  });
  it('still signed out: drops it without a second trip to sign-in', async () => {
    const t = setup({ phone: null });
    t.session.setItem(PENDING_SAVE_KEY, JSON.stringify({ id: 'car-1', name: 'x', at: 999_000 }));
    expect(await resumePendingSave(t.deps)).toBeNull();
    expect(t.went).toEqual([]);
  });
  it('already saved on the server: nothing sent', async () => {
    const t = setup({ ids: ['car-1'] });
    t.session.setItem(PENDING_SAVE_KEY, JSON.stringify({ id: 'car-1', name: 'x', at: 999_000 }));
    expect(await resumePendingSave(t.deps)).toBe('saved');
    expect(t.calls.map((c) => c.url)).not.toContain('/api/watchlist/save-car');
  });
  it('an old or malformed entry is ignored', () => {
    const t = setup();
    t.session.setItem(PENDING_SAVE_KEY, JSON.stringify({ id: 'car-1', name: 'x', at: 1_000_000 - PENDING_SAVE_TTL_MS - 1 }));
    expect(readPendingSave(t.session, 1_000_000)).toBeNull();
    t.session.setItem(PENDING_SAVE_KEY, '{not json');
    expect(readPendingSave(t.session, 1_000_000)).toBeNull();
  });
});

describe('refreshWatchlist', () => {
  it('signed out clears a stale cache', async () => {
    const t = setup({ phone: null });
    t.local.setItem(STORAGE_KEYS.watchlist, JSON.stringify({ phone: '0499999999', ids: ['x'] }));
    expect(await refreshWatchlist(t.deps)).toBeNull();
    expect(readWatchlistCache(t.local)).toBeNull();
    expect(t.events).toEqual([{ ids: [] }]);
  });
  it('a corrupt cache reads as none', () => {
    const t = setup();
    t.local.setItem(STORAGE_KEYS.watchlist, '[1,2');
    expect(readWatchlistCache(t.local)).toBeNull();
  });
});
