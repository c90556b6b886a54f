import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CONSUMERS, EVENT_NAMES, EVENT_PRODUCERS, EVENT_SCHEMAS, emit, on } from './events.ts';
import { PAGES } from './routes.ts';

const fav = { id: '1', name: '2021 Toyota Corolla', slug: '2021-toyota-corolla-1', make: 'Toyota', model: 'Corolla', primary_image_url: null };

afterEach(() => vi.restoreAllMocks());

describe('emit / on', () => {
  it('delivers a valid payload to typed handlers and unsubscribes', () => {
    const target = new EventTarget();
    const seen: number[] = [];
    const off = on('favourites.changed.v1', (p) => seen.push(p.favourites.length), target);
    expect(emit('favourites.changed.v1', { favourites: [fav], change: { action: 'add', id: '1' } }, target)).toBe(true);
    off();
    emit('favourites.changed.v1', { favourites: [] }, target);
    expect(seen).toEqual([1]);
  });

  it('does not dispatch an invalid payload and logs it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    const raw = vi.fn();
    target.addEventListener('watchlist.changed.v1', raw);
    // @ts-expect-error ids must be strings
    expect(emit('watchlist.changed.v1', { ids: [1] }, target)).toBe(false);
    expect(raw).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledOnce();
  });

  it('ignores events dispatched by hand with a bad detail', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget();
    const handler = vi.fn();
    on('compare.changed.v1', handler, target);
    target.dispatchEvent(new CustomEvent('compare.changed.v1', { detail: { cars: 'all' } }));
    target.dispatchEvent(new CustomEvent('compare.changed.v1', { detail: { cars: [fav] } }));
    expect(handler).toHaveBeenCalledOnce();
    expect(handler).toHaveBeenCalledWith({ cars: [fav] });
    expect(error).toHaveBeenCalledOnce();
  });

  it('passes parsed output (defaults applied) to handlers', () => {
    const target = new EventTarget();
    const handler = vi.fn();
    on('search.changed.v1', handler, target);
    emit('search.changed.v1', { path: '/search/used-cars', request: { filters: { car_type: ['used'] } }, count: 120 }, target);
    expect(handler.mock.calls[0]?.[0].request).toMatchObject({ page: 1, sortBy: 'relevance', hitsPerPage: 21 });
  });

  it('needs a target outside the browser', () => {
    expect(() => emit('viewed.changed.v1', { viewed: [] })).toThrow(/No window/);
  });
});

describe('event contract', () => {
  const parts = Object.keys(PAGES);
  const produced = new Set(Object.values(EVENT_PRODUCERS).flat());

  it('every part of the platform declares what it emits and consumes', () => {
    expect(Object.keys(EVENT_PRODUCERS).sort()).toEqual([...parts].sort());
    expect(Object.keys(EVENT_CONSUMERS).sort()).toEqual([...parts].sort());
  });

  it('every consumed event has a producer and a schema', () => {
    for (const [part, names] of Object.entries(EVENT_CONSUMERS)) {
      for (const name of names) {
        expect(produced.has(name), `${part} consumes ${name}, which nobody emits`).toBe(true);
        expect(EVENT_SCHEMAS[name], name).toBeDefined();
      }
    }
  });

  it('every schema is produced by someone and names are versioned', () => {
    for (const name of EVENT_NAMES) {
      expect(name).toMatch(/^[a-z]+(?:\.[a-z]+)+\.v\d+$/);
      expect(produced.has(name), `${name} has no producer`).toBe(true);
    }
  });

  it('favourites.changed.v1: mf-search produces it, mf-account consumes and produces it', () => {
    expect(EVENT_PRODUCERS['mf-search']).toContain('favourites.changed.v1');
    expect(EVENT_CONSUMERS['mf-account']).toContain('favourites.changed.v1');
    expect(EVENT_PRODUCERS['mf-account']).toContain('favourites.changed.v1');
  });
});
