/**
 * The shell client's island loading without React (issue 19): nothing is fetched before an island is due, the host
 * loads once, clicks made while an island loads are held and made again, typed text reaches the island. Node has no
 * DOM here: the elements are small EventTarget fakes with the few DOM methods the loader uses.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseIslandWhen } from '@forecourt/contracts/islands';
import { handOverTypedValues, holdClicks, hydrateIslands, isEngagement, ISLAND_HOST_READY, islandHostLoader, mountOne, readTypedValues, restoreTypedValues, scriptedControl, whenTriggered, type IslandHost, type IslandMount } from './islands.ts';

class FakeElement extends EventTarget {
  attrs = new Map<string, string>();
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  clicks = 0;
  disabled = false;
  constructor(
    public tagName: string,
    attrs: Record<string, string> = {},
  ) {
    super();
    for (const [k, v] of Object.entries(attrs)) this.attrs.set(k, v);
  }
  get id() {
    return this.attrs.get('id') ?? '';
  }
  get isConnected() {
    return true;
  }
  append(...kids: FakeElement[]) {
    for (const k of kids) {
      k.parent = this;
      this.children.push(k);
    }
    return this;
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
  }
  hasAttribute(name: string) {
    return this.attrs.has(name);
  }
  removeAttribute(name: string) {
    this.attrs.delete(name);
  }
  /** Enough of matches() for the loader's selectors. */
  matches(selector: string): boolean {
    return selector.split(',').some((part) => {
      const s = part.trim();
      if (s === ':disabled') return this.disabled;
      if (s === 'button') return this.tagName === 'BUTTON';
      if (s === '[role="button"]') return this.attrs.get('role') === 'button';
      if (s === 'a[aria-haspopup]') return this.tagName === 'A' && this.attrs.has('aria-haspopup');
      return false;
    });
  }
  closest(selector: string): FakeElement | null {
    for (let el: FakeElement | null = this; el; el = el.parent) if (el.matches(selector)) return el;
    return null;
  }
  contains(other: FakeElement): boolean {
    for (let el: FakeElement | null = other; el; el = el.parent) if (el === this) return true;
    return false;
  }
  querySelectorAll(): FakeElement[] {
    return [];
  }
  /** No props scripts in these tests: islands mount with `{}`. */
  querySelector(): null {
    return null;
  }
  /** Like the DOM's click(): a click event whose default (the native action) counts unless prevented. */
  click() {
    const event = new Event('click', { bubbles: true, cancelable: true });
    // Capture listeners on ancestors first (the island's hold), then the target.
    const path: FakeElement[] = [];
    for (let el: FakeElement | null = this; el; el = el.parent) path.unshift(el);
    let stopped = false;
    const stop = event.stopImmediatePropagation.bind(event);
    event.stopImmediatePropagation = () => {
      stopped = true;
      stop();
    };
    for (const el of path.slice(0, -1)) {
      if (stopped) break;
      (el as unknown as { capture?: (e: Event) => void }).capture?.call(el, Object.defineProperty(event, 'target', { value: this, configurable: true }));
    }
    if (!stopped && !event.defaultPrevented) this.clicks++;
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    const capture = typeof options === 'boolean' ? options : options?.capture;
    if (type === 'click' && capture) (this as unknown as { capture?: unknown }).capture = listener;
    super.addEventListener(type, listener, options);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
    const capture = typeof options === 'boolean' ? options : options?.capture;
    if (type === 'click' && capture) (this as unknown as { capture?: unknown }).capture = undefined;
    super.removeEventListener(type, listener, options);
  }
}

const asEl = (el: FakeElement) => el as unknown as HTMLElement;
const manualTimers = () => {
  const timers: Array<() => void> = [];
  return { timers, win: { setTimeout: ((fn: () => void) => timers.push(fn)) as unknown as Window['setTimeout'], clearTimeout: (() => {}) as Window['clearTimeout'] } };
};

describe('scriptedControl: the clicks that need the island', () => {
  const island = new FakeElement('DIV');
  const button = new FakeElement('BUTTON');
  const label = new FakeElement('SPAN');
  const link = new FakeElement('A', { href: '/cars/x' });
  const dialogLink = new FakeElement('A', { href: '/contact', 'aria-haspopup': 'dialog' });
  const off = new FakeElement('BUTTON');
  off.disabled = true;
  island.append(button.append(label), link, dialogLink, off);
  const outside = new FakeElement('BUTTON');

  it('a button (or something inside it) and a dialog link are held; plain links, disabled buttons and other parts are not', () => {
    expect(scriptedControl(label, asEl(island))).toBe(button);
    expect(scriptedControl(dialogLink, asEl(island))).toBe(dialogLink);
    expect(scriptedControl(link, asEl(island))).toBeNull();
    expect(scriptedControl(off, asEl(island))).toBeNull();
    expect(scriptedControl(outside, asEl(island))).toBeNull();
    expect(scriptedControl(null, asEl(island))).toBeNull();
  });
});

describe('holdClicks', () => {
  it('holds a click on a scripted control and clicks it again on release, once however often it was clicked', () => {
    const island = new FakeElement('DIV');
    const save = new FakeElement('BUTTON');
    const link = new FakeElement('A', { href: '/cars/x' });
    island.append(save, link);
    const { win } = manualTimers();
    const hold = holdClicks(asEl(island), 8000, win);
    save.click();
    save.click();
    link.click();
    expect(save.clicks).toBe(0);
    expect(link.clicks).toBe(1);
    expect(hold.held()).toEqual([save]);
    hold.release();
    expect(save.clicks).toBe(1);
    // Released: clicks pass as they are.
    save.click();
    expect(save.clicks).toBe(2);
    hold.release();
    expect(save.clicks).toBe(2);
  });

  it('lets held clicks through after the hold time (a slow or failed load never swallows a click)', () => {
    const island = new FakeElement('DIV');
    const save = new FakeElement('BUTTON');
    island.append(save);
    const { timers, win } = manualTimers();
    holdClicks(asEl(island), 8000, win);
    save.click();
    expect(save.clicks).toBe(0);
    timers[0]!();
    expect(save.clicks).toBe(1);
  });
});

describe('mountOne', () => {
  it('mounts through the host, marks the island hydrated, then replays the click held while it loaded', async () => {
    const island = new FakeElement('DIV', { id: 'fs-results', 'data-island': 'mf-search/SearchResults' });
    const save = new FakeElement('BUTTON');
    island.append(save);
    const order: string[] = [];
    let mounted!: () => void;
    const host: IslandHost = {
      mount: vi.fn(
        () =>
          new Promise<void>((resolve) => {
            mounted = () => {
              order.push('mount');
              resolve();
            };
          }),
      ),
    };
    save.click = ((click) =>
      function (this: FakeElement) {
        order.push(island.hasAttribute('data-hydrated') ? 'click after hydration' : 'click');
        click.call(this);
      })(save.click);
    const done = mountOne(asEl(island), async () => host, island);
    await Promise.resolve();
    save.click();
    expect(save.clicks).toBe(0);
    mounted();
    await done;
    expect(host.mount).toHaveBeenCalledWith(island, { spec: 'mf-search/SearchResults', props: {}, mode: 'hydrate' });
    expect(island.hasAttribute('data-hydrated')).toBe(true);
    expect(order).toEqual(['click', 'mount', 'click after hydration']);
    expect(save.clicks).toBe(1);
  });

  it('a failed load marks the island and lets the held click take its native course', async () => {
    const island = new FakeElement('DIV', { id: 'fv-fave', 'data-island': 'mf-vehicle/FaveButton' });
    const save = new FakeElement('BUTTON');
    island.append(save);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail!: (e: Error) => void;
    const done = mountOne(asEl(island), () => new Promise<IslandHost>((_, reject) => (fail = reject)), island);
    await Promise.resolve();
    save.click();
    fail(new Error('offline'));
    await done;
    expect(island.hasAttribute('data-hydrate-error')).toBe(true);
    expect(island.hasAttribute('data-hydrated')).toBe(false);
    expect(save.clicks).toBe(1);
    error.mockRestore();
  });

  it('does not hold clicks in a client-mode island (its stand-in forms work natively)', async () => {
    const island = new FakeElement('DIV', { id: 'f', 'data-island': 'mf-account/LeadForm', 'data-island-mode': 'client' });
    const submit = new FakeElement('BUTTON');
    island.append(submit);
    let mounted!: () => void;
    const done = mountOne(asEl(island), async () => ({ mount: () => new Promise<void>((r) => (mounted = r)) }), island);
    await Promise.resolve();
    submit.click();
    expect(submit.clicks).toBe(1);
    mounted();
    await done;
    expect(submit.clicks).toBe(1);
  });
});

describe('islandHostLoader', () => {
  it('loads the host once, on the first call, preloading its files; resolves when its entry hands the host over', async () => {
    const appended: Array<{ rel: string; href: string }> = [];
    const win = { document: { createElement: () => ({ rel: '', href: '' }), head: { append: (l: { rel: string; href: string }) => appended.push(l) } } } as unknown as Window & typeof globalThis;
    const host: IslandHost = { mount: async () => {} };
    const importer = vi.fn(async () => {
      // What island-host-entry.ts does once the MF runtime and React's share are ready.
      (win as unknown as Record<string, (h: IslandHost) => void>)[ISLAND_HOST_READY]!(host);
    });
    const load = islandHostLoader('/_shell/v/assets/islands.js', ['/_shell/v/assets/react-dom.js', '/_shell/v/remoteEntry.js'], win, importer);
    expect(importer).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(host);
    expect(b).toBe(host);
    expect(importer).toHaveBeenCalledOnce();
    expect(importer).toHaveBeenCalledWith('/_shell/v/assets/islands.js');
    expect(appended).toEqual([
      { rel: 'modulepreload', href: '/_shell/v/assets/react-dom.js' },
      { rel: 'modulepreload', href: '/_shell/v/remoteEntry.js' },
    ]);
  });

  it('rejects when the host cannot be imported', async () => {
    const win = { document: { createElement: () => ({}), head: { append() {} } } } as unknown as Window & typeof globalThis;
    await expect(islandHostLoader('/x.js', [], win, () => Promise.reject(new Error('404')))()).rejects.toThrow('404');
  });
});

describe('hydrateIslands', () => {
  it('loads nothing for islands that wait for a touch; mounts the others at once and counts them', async () => {
    const waiting = new FakeElement('DIV', { id: 'fs-results', 'data-island': 'mf-search/SearchResults', 'data-island-when': 'interaction' });
    const now = new FakeElement('DIV', { id: 'fa-x', 'data-island': 'mf-account/SavedCars' });
    const html = new FakeElement('HTML');
    const doc = { querySelectorAll: () => [waiting, now], querySelector: () => null, documentElement: html } as unknown as Document;
    const mount = vi.fn(async (_el: HTMLElement, _island: unknown) => {});
    const host = vi.fn(async () => ({ mount }));
    await hydrateIslands(host, doc, new EventTarget() as unknown as Window & typeof globalThis);
    expect(mount.mock.calls.map(([el]) => el)).toEqual([now]);
    expect(html.getAttribute('data-islands-ready')).toBe('1');
    expect(waiting.hasAttribute('data-island-waiting')).toBe(true);

    waiting.dispatchEvent(new Event('pointerover'));
    await vi.waitFor(() => expect(waiting.hasAttribute('data-hydrated')).toBe(true));
    expect(mount).toHaveBeenLastCalledWith(waiting, { spec: 'mf-search/SearchResults', props: {}, mode: 'hydrate' });
    expect(waiting.hasAttribute('data-island-waiting')).toBe(false);
  });

  it('a page whose islands all wait loads no host until the shopper uses the page', async () => {
    const island = new FakeElement('DIV', { id: 'fv-views', 'data-island': 'mf-vehicle/ViewCount', 'data-island-when': 'engaged' });
    const html = new FakeElement('HTML');
    const host = vi.fn(async () => ({ mount: async () => {} }));
    const win = new EventTarget() as unknown as Window & typeof globalThis;
    await hydrateIslands(host, { querySelectorAll: () => [island], querySelector: () => null, documentElement: html } as unknown as Document, win);
    expect(host).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('pointermove'));
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    expect(host).toHaveBeenCalledOnce();
    expect(html.getAttribute('data-islands-ready')).toBe('0');
  });
});

describe('whenTriggered: engaged and hash', () => {
  it('engaged: the first scroll, pointer, touch or key anywhere on the page; then it stops listening', async () => {
    const win = new EventTarget() as unknown as Window & typeof globalThis;
    const remove = vi.spyOn(win, 'removeEventListener');
    let done = false;
    const p = whenTriggered(new FakeElement('DIV') as unknown as Element, parseIslandWhen('engaged'), win).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    win.dispatchEvent(new Event('scroll'));
    await p;
    expect(done).toBe(true);
    expect(remove.mock.calls.map(([type]) => type).sort()).toEqual(['focusin', 'keydown', 'pointerdown', 'pointermove', 'scroll', 'touchstart', 'wheel']);
  });

  it("engaged: a pointermove with no movement (Chrome's after a layout change under a still pointer) is not the shopper", async () => {
    const win = new EventTarget() as unknown as Window & typeof globalThis;
    let done = false;
    const p = whenTriggered(new FakeElement('DIV') as unknown as Element, parseIslandWhen('engaged'), win).then(() => (done = true));
    const move = (x: number, y: number) => win.dispatchEvent(Object.assign(new Event('pointermove'), { movementX: x, movementY: y }));
    move(0, 0);
    move(0, 0);
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    move(0, 3);
    await p;
    expect(done).toBe(true);
    expect(isEngagement(Object.assign(new Event('pointermove'), { movementX: 2, movementY: 0 }))).toBe(true);
    expect(isEngagement(Object.assign(new Event('scroll'), { movementX: 0, movementY: 0 }))).toBe(true);
  });

  it('hash: at once when the address names the island, else on a later hashchange to one of its names', async () => {
    const el = new FakeElement('DIV') as unknown as Element;
    const at = (hash: string) => Object.assign(new EventTarget(), { location: { hash } }) as unknown as Window & typeof globalThis;
    await whenTriggered(el, parseIslandWhen('engaged hash:enquire'), at('#enquire'));

    const win = at('');
    let done = false;
    const p = whenTriggered(el, parseIslandWhen('engaged hash:enquire hash:contact'), win).then(() => (done = true));
    (win.location as { hash: string }).hash = '#finance';
    win.dispatchEvent(new Event('hashchange'));
    await Promise.resolve();
    expect(done).toBe(false);
    (win.location as { hash: string }).hash = '#contact';
    win.dispatchEvent(new Event('hashchange'));
    await p;
    expect(done).toBe(true);
  });
});

describe('handOverTypedValues', () => {
  /** A field whose `value` setter lives on its prototype (as in the DOM) and whose instance may carry a tracker. */
  class Proto extends EventTarget {
    #value = '';
    get value() {
      return this.#value;
    }
    set value(v: string) {
      this.#value = v;
    }
  }
  function field(tagName: string, type: string, serverValue: string, typed: string) {
    const f = Object.assign(new Proto(), { tagName, type, defaultValue: serverValue });
    f.value = typed;
    return f;
  }

  it('hands typed text to the island: an event to hydrate, the tracker reset to the server value, the typed text back, an event the island sees', () => {
    const query = field('INPUT', 'search', '', 'ranger');
    const price = field('INPUT', 'text', '20000', '20000');
    const box = field('INPUT', 'checkbox', 'on', 'on');
    // React's value tracker: an own `value` property recording what script sets.
    const tracked: string[] = [];
    Object.defineProperty(query, 'value', {
      configurable: true,
      get: () => Reflect.get(Proto.prototype, 'value', query),
      set: (v: string) => {
        tracked.push(v);
        Reflect.set(Proto.prototype, 'value', v, query);
      },
    });
    const seen: string[] = [];
    query.addEventListener('input', () => seen.push(`${query.value} (tracker ${tracked.at(-1) ?? 'none'})`));
    const island = { querySelectorAll: () => [query, price, box] } as unknown as Element;
    expect(handOverTypedValues(island)).toEqual([query]);
    expect(tracked).toEqual(['']);
    expect(query.value).toBe('ranger');
    expect(seen).toEqual(['ranger (tracker none)', 'ranger (tracker )']);
  });

  it('a select whose choice differs from the server markup gets a change event; an unchanged one nothing', () => {
    const select = (selectedIndex: number) => {
      const s = Object.assign(new EventTarget(), { tagName: 'SELECT', multiple: false, selectedIndex, options: [{ defaultSelected: false }, { defaultSelected: true }] });
      const events: string[] = [];
      s.addEventListener('change', () => events.push('change'));
      return { s, events };
    };
    const changed = select(0);
    const same = select(1);
    const island = { querySelectorAll: () => [changed.s, same.s] } as unknown as Element;
    expect(handOverTypedValues(island)).toEqual([changed.s]);
    expect(changed.events).toEqual(['change']);
    expect(same.events).toEqual([]);
  });
});

describe('a click before the island started loading (assistive technology: no pointer, key or focus first)', () => {
  const setup = (attrs: Record<string, string> = {}) => {
    const island = new FakeElement('DIV', { id: 'fv-enquire-open', 'data-island': 'mf-vehicle/DialogButton', 'data-island-when': 'engaged', ...attrs });
    const button = new FakeElement('BUTTON');
    const link = new FakeElement('A', { href: '/cars/x' });
    island.append(button, link);
    const html = new FakeElement('HTML');
    const doc = { querySelectorAll: () => [island], querySelector: () => null, documentElement: html } as unknown as Document;
    let mounted!: () => void;
    const mount = vi.fn((_el: HTMLElement, _island: IslandMount) => new Promise<void>((resolve) => (mounted = resolve)));
    const host = vi.fn(async () => ({ mount }));
    const { timers, win: timerWin } = manualTimers();
    const win = Object.assign(new EventTarget(), timerWin) as unknown as Window & typeof globalThis;
    return { island, button, link, doc, host, mount, win, timers, mount_: () => mounted() };
  };

  it('loads the island at once, holds the click on its button and makes it again once mounted', async () => {
    const { island, button, doc, host, mount, win, mount_ } = setup();
    await hydrateIslands(host, doc, win);
    expect(host).not.toHaveBeenCalled();
    button.click();
    expect(button.clicks).toBe(0);
    await vi.waitFor(() => expect(mount).toHaveBeenCalledOnce());
    button.click();
    expect(button.clicks).toBe(0);
    mount_();
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    expect(button.clicks).toBe(1);
  });

  it('a plain link goes through at once (and still loads the island); a held click is let through if loading never ends', async () => {
    const { link, button, doc, host, win, timers } = setup();
    await hydrateIslands(host, doc, win);
    link.click();
    expect(link.clicks).toBe(1);
    await vi.waitFor(() => expect(host).toHaveBeenCalledOnce());
    button.click();
    expect(button.clicks).toBe(0);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(button.clicks).toBe(1);
  });

  it('no click is held before anyone clicks: no timer runs while the island waits', async () => {
    const { doc, host, win, timers } = setup();
    await hydrateIslands(host, doc, win);
    expect(timers).toHaveLength(0);
  });

  it('a client-mode stand-in: the click goes through natively and loads the island', async () => {
    const { button, doc, host, win } = setup({ 'data-island-mode': 'client' });
    await hydrateIslands(host, doc, win);
    button.click();
    expect(button.clicks).toBe(1);
    await vi.waitFor(() => expect(host).toHaveBeenCalledOnce());
  });
});

describe('client-mode islands keep what the shopper typed and where the focus was', () => {
  class Proto extends EventTarget {
    #value = '';
    get value() {
      return this.#value;
    }
    set value(v: string) {
      this.#value = v;
    }
  }
  /** A field as React renders a controlled one: a tracker on the instance records what script sets through it. */
  function field(name: string, tagName = 'INPUT', type = 'text', value = '') {
    const f = Object.assign(new Proto(), { name, tagName, type, defaultValue: value, focus: vi.fn(), setSelectionRange: vi.fn(), tracked: [] as string[], events: [] as string[] });
    f.value = value;
    f.addEventListener('input', () => f.events.push(`input ${f.value}`));
    f.addEventListener('change', () => f.events.push(`change ${f.value}`));
    return f;
  }

  it('reads the stand-in right before it is replaced, fills the island\'s fields of the same name, focuses the same field', async () => {
    const standIn = { name: field('name'), email: field('email', 'INPUT', 'email'), message: field('message', 'TEXTAREA', 'textarea', 'Is it available?'), hidden: field('car_id', 'INPUT', 'hidden', '7') };
    const island = new FakeElement('DIV', { id: 'fa-lead', 'data-island': 'mf-account/LeadForm', 'data-island-mode': 'client' });
    let fields: Array<ReturnType<typeof field>> = Object.values(standIn);
    (island as unknown as { querySelectorAll: () => unknown[] }).querySelectorAll = () => fields;
    let active: unknown = null;
    Object.defineProperty(island, 'ownerDocument', { get: () => ({ activeElement: active }) });
    const own = { name: field('name'), email: field('email', 'INPUT', 'email'), message: field('message', 'TEXTAREA', 'textarea', 'Is it available?') };
    const host: IslandHost = {
      mount: vi.fn(async (_el, { mode, beforeReplace }: IslandMount) => {
        expect(mode).toBe('client');
        // The shopper went on typing while the island's code loaded: what counts is the stand-in just before it goes.
        standIn.email.value = 'sam@example.com';
        active = standIn.email;
        beforeReplace?.();
        fields = Object.values(own);
      }),
    };
    standIn.name.value = 'Sam';
    await mountOne(asEl(island), async () => host, island);
    expect(island.hasAttribute('data-hydrated')).toBe(true);
    expect(own.name.value).toBe('Sam');
    expect(own.name.events).toEqual(['input Sam']);
    expect(own.email.value).toBe('sam@example.com');
    expect(own.message.events).toEqual([]);
    expect(own.email.focus).toHaveBeenCalledOnce();
    expect(own.name.focus).not.toHaveBeenCalled();
  });

  it('readTypedValues / restoreTypedValues: names with their order, selects by change; unchanged fields untouched', () => {
    const a = [field('extra'), field('extra')];
    a[1]!.value = 'second';
    const stand = { querySelectorAll: () => a } as unknown as Element;
    const typed = readTypedValues(stand, a[1] as unknown as Element);
    expect(typed).toEqual({ fields: [{ name: 'extra', nth: 1, value: 'second' }], focused: { name: 'extra', nth: 1 } });
    const b = [field('extra'), field('extra')];
    const select = Object.assign(field('state', 'SELECT', 'select-one', 'NSW'), { options: [] });
    const filled = restoreTypedValues({ querySelectorAll: () => [...b, select] } as unknown as Element, { fields: [...typed.fields, { name: 'state', nth: 0, value: 'VIC' }], focused: typed.focused });
    expect(filled).toEqual([b[1], select]);
    expect(b[0]!.value).toBe('');
    expect(b[1]!.value).toBe('second');
    expect(select.events).toEqual(['change VIC']);
    expect(b[1]!.focus).toHaveBeenCalledOnce();
    expect(b[1]!.setSelectionRange).toHaveBeenCalledWith(6, 6);
  });

  it('the focused field missing from the island (a later step of a multi-step form): its first field takes the focus', () => {
    const own = [field('lead_id', 'INPUT', 'hidden', 'x'), field('name'), field('email', 'INPUT', 'email')];
    restoreTypedValues({ querySelectorAll: () => own } as unknown as Element, { fields: [{ name: 'message', nth: 0, value: 'Hi' }], focused: { name: 'message', nth: 0 } });
    expect(own[1]!.focus).toHaveBeenCalledOnce();
    expect(own[0]!.focus).not.toHaveBeenCalled();
    expect(own[2]!.focus).not.toHaveBeenCalled();
    // Nothing had the focus: nothing takes it.
    const again = [field('name')];
    restoreTypedValues({ querySelectorAll: () => again } as unknown as Element, { fields: [], focused: null });
    expect(again[0]!.focus).not.toHaveBeenCalled();
  });
});
