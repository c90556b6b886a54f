import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@forecourt/contracts/constants';
import { dismissToast, showToast, TOAST_REGION_ID } from './toast.tsx';

/** Just enough of the DOM for the toast: elements with attributes, children, text and listeners; a body; lookup by id. */
class FakeElement {
  id = '';
  className = '';
  type = '';
  href = '';
  attrs = new Map<string, string>();
  children: FakeElement[] = [];
  listeners = new Map<string, Array<(event: { key?: string; relatedTarget?: unknown }) => void>>();
  #text = '';
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
  }
  append(...nodes: FakeElement[]) {
    this.children.push(...nodes);
  }
  replaceChildren(...nodes: FakeElement[]) {
    this.children = nodes;
  }
  get firstChild(): FakeElement | null {
    return this.children[0] ?? null;
  }
  set textContent(text: string) {
    this.#text = text;
  }
  get textContent(): string {
    return this.#text + this.children.map((c) => c.textContent).join(' ');
  }
  addEventListener(type: string, fn: (event: { key?: string; relatedTarget?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  fire(type: string, event: { key?: string; relatedTarget?: unknown } = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
  contains(node: unknown): boolean {
    return node === this || this.children.some((c) => c.contains(node));
  }
  find(className: string): FakeElement | null {
    if (this.className === className) return this;
    for (const c of this.children) {
      const found = c.find(className);
      if (found) return found;
    }
    return null;
  }
}

function fakeDocument() {
  const body = new FakeElement('body');
  return {
    body,
    createElement: (tag: string) => new FakeElement(tag),
    getElementById: (id: string) => body.children.find((c) => c.id === id) ?? null,
  } as unknown as Document & { body: FakeElement };
}

const saved = { title: 'Car Saved In Watchlist', description: '2021 Toyota Corolla is now available in your watchlist', action: { label: 'View List', href: '/watchlist' } };
const removed = { title: 'Car Removed', description: '2021 Toyota Corolla is no longer in your watchlist', action: { label: 'View List', href: '/watchlist' } };

describe('showToast (spec §9: 3 s, one at a time)', () => {
  let doc: ReturnType<typeof fakeDocument>;
  const region = () => doc.getElementById(TOAST_REGION_ID) as unknown as FakeElement;
  beforeEach(() => {
    vi.useFakeTimers();
    doc = fakeDocument();
  });
  afterEach(() => vi.useRealTimers());

  it('draws into one polite status region, its content a moment after the region first appears (so it is announced)', () => {
    showToast(saved, doc);
    expect(region().attrs.get('role')).toBe('status');
    expect(region().attrs.get('aria-live')).toBe('polite');
    expect(region().children).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(region().find('fc-toast__title')!.textContent).toBe('Car Saved In Watchlist');
    expect(region().find('fc-toast__description')!.textContent).toBe('2021 Toyota Corolla is now available in your watchlist');
    const action = region().find('fc-toast__action')!;
    expect([action.textContent, action.href]).toEqual(['View List', '/watchlist']);
    expect(region().find('fc-toast__close')!.attrs.get('aria-label')).toBe('Dismiss');
  });

  it('shows one toast at a time: a new one replaces the one showing, in the same region', () => {
    showToast(saved, doc);
    vi.advanceTimersByTime(50);
    showToast(removed, doc);
    expect(doc.body.children.filter((c) => c.id === TOAST_REGION_ID)).toHaveLength(1);
    expect(region().children).toHaveLength(1);
    expect(region().find('fc-toast__title')!.textContent).toBe('Car Removed');
  });

  it(`goes after ${TOAST_MS} ms, counted again from the newest toast`, () => {
    showToast(saved, doc);
    vi.advanceTimersByTime(50 + TOAST_MS - 100);
    showToast(removed, doc);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(region().children).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(region().children).toHaveLength(0);
  });

  it('waits while the pointer or focus is on it (WCAG 2.2.1), then gives it the full time again', () => {
    showToast(saved, doc);
    vi.advanceTimersByTime(50);
    region().fire('focusin');
    vi.advanceTimersByTime(TOAST_MS * 5);
    expect(region().children).toHaveLength(1);
    region().fire('focusout', { relatedTarget: null });
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(region().children).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(region().children).toHaveLength(0);
  });

  it('closes with ×, with Escape, and with dismissToast', () => {
    showToast(saved, doc);
    vi.advanceTimersByTime(50);
    region().find('fc-toast__close')!.fire('click');
    expect(region().children).toHaveLength(0);
    showToast(saved, doc);
    region().fire('keydown', { key: 'Escape' });
    expect(region().children).toHaveLength(0);
    showToast(removed, doc);
    dismissToast(doc);
    expect(region().children).toHaveLength(0);
  });
});
