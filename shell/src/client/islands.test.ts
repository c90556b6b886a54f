import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountIsland } from './island-host.ts';
import { hasStored, ISLAND_MODE_ATTR, readIsland, whenTriggered } from './islands.ts';

const fakeEl = (attrs: Record<string, string>) => ({ getAttribute: (name: string) => attrs[name] ?? null }) as unknown as Element;

describe('mountIsland', () => {
  it('hydrates an island by default (its server HTML is the same component)', () => {
    const render = vi.fn();
    const react = { createRoot: vi.fn(() => ({ render })), hydrateRoot: vi.fn() };
    const element = createElement('p', null, 'x');
    const el = fakeEl({ 'data-island': 'mf-search/SortSelect' });
    expect(mountIsland(el, element, 'hydrate', react)).toBe('hydrate');
    expect(react.hydrateRoot).toHaveBeenCalledWith(el, element);
    expect(react.createRoot).not.toHaveBeenCalled();
  });

  it('replaces the server HTML with createRoot in client mode (no hydration, so no mismatch)', () => {
    const render = vi.fn();
    const react = { createRoot: vi.fn(() => ({ render })), hydrateRoot: vi.fn() };
    const element = createElement('p', null, 'x');
    const el = fakeEl({ 'data-island': 'mf-account/LeadForm', [ISLAND_MODE_ATTR]: 'client' });
    expect(mountIsland(el, element, 'client', react)).toBe('client');
    expect(react.createRoot).toHaveBeenCalledWith(el);
    expect(render).toHaveBeenCalledWith(element);
    expect(react.hydrateRoot).not.toHaveBeenCalled();
  });

  it('client mode: reads the stand-in, then renders at once (flushSync), so its fields are there when mount returns', () => {
    const order: string[] = [];
    const react = {
      createRoot: vi.fn(() => ({ render: () => order.push('render') })),
      hydrateRoot: vi.fn(),
      flushSync: (fn: () => void) => {
        order.push('flushSync');
        fn();
        order.push('flushed');
      },
    };
    mountIsland(fakeEl({}), createElement('p', null, 'x'), 'client', react, () => order.push('beforeReplace'));
    expect(order).toEqual(['beforeReplace', 'flushSync', 'render', 'flushed']);
  });

  it('reads the mode from the markup: client mode, and any other value as hydrate', () => {
    const doc = { querySelector: () => ({ textContent: '{"view":{"n":1}}' }) };
    const read = (attrs: Record<string, string>) => readIsland(fakeEl({ 'data-island': 'mf-account/LeadForm', ...attrs }) as HTMLElement, doc);
    expect(read({ [ISLAND_MODE_ATTR]: 'client' })).toEqual({ spec: 'mf-account/LeadForm', props: { view: { n: 1 } }, mode: 'client' });
    expect(read({ [ISLAND_MODE_ATTR]: 'server' }).mode).toBe('hydrate');
    expect(read({}).mode).toBe('hydrate');
  });
});

describe('island load triggers', () => {
  it('hasStored: a value that is not empty and not an empty list; storage that throws counts as nothing', () => {
    const storage = (v: string | null) => ({ getItem: () => v });
    expect(hasStored(storage('[{"id":"1"}]'), 'k')).toBe(true);
    expect(hasStored(storage('[]'), 'k')).toBe(false);
    expect(hasStored(storage(' '), 'k')).toBe(false);
    expect(hasStored(storage(null), 'k')).toBe(false);
    expect(hasStored(null, 'k')).toBe(false);
    expect(hasStored({ getItem: () => { throw new Error('SecurityError'); } }, 'k')).toBe(false);
  });

  it('waits for the first named event or for the island to near the viewport, then stops listening', async () => {
    const win = new EventTarget() as unknown as Window & typeof globalThis;
    let observed: ((entries: Array<{ isIntersecting: boolean }>) => void) | null = null;
    const disconnect = vi.fn();
    (win as unknown as Record<string, unknown>).IntersectionObserver = class {
      constructor(cb: typeof observed, opts: { rootMargin: string }) {
        observed = cb;
        expect(opts.rootMargin).toBe('500px');
      }
      observe() {}
      disconnect = disconnect;
    };
    const el = fakeEl({});
    let done = false;
    const p = whenTriggered(el, [{ kind: 'event', name: 'favourites.changed.v1' }], win).then(() => (done = true));
    win.dispatchEvent(new Event('compare.changed.v1'));
    await Promise.resolve();
    expect(done).toBe(false);
    win.dispatchEvent(new Event('favourites.changed.v1'));
    await p;
    expect(done).toBe(true);

    const seen = whenTriggered(el, [{ kind: 'visible' }, { kind: 'event', name: 'x.v1' }], win);
    observed!([{ isIntersecting: false }]);
    observed!([{ isIntersecting: true }]);
    await seen;
    expect(disconnect).toHaveBeenCalled();
  });

  it('interaction: resolves on the first pointer or focus inside the island, then stops listening', async () => {
    const listeners = new Map<string, () => void>();
    const removed: string[] = [];
    const el = {
      getAttribute: () => null,
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => removed.push(type),
    } as unknown as Element;
    let done = false;
    const p = whenTriggered(el, [{ kind: 'interaction' }], {} as Window & typeof globalThis).then(() => (done = true));
    expect([...listeners.keys()].sort()).toEqual(['focusin', 'pointerdown', 'pointerover', 'touchstart']);
    await Promise.resolve();
    expect(done).toBe(false);
    listeners.get('focusin')!();
    await p;
    expect(done).toBe(true);
    expect(removed.sort()).toEqual(['focusin', 'pointerdown', 'pointerover', 'touchstart']);
  });
});
