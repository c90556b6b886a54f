/**
 * The shell client's island loader, without React or the Module Federation runtime (issue 19: first-visit
 * JavaScript). It watches every island's load triggers (contracts ISLAND_WHEN_ATTR) and, when the first island of the
 * page is to mount, loads the island host (island-host.ts: React, react-dom/client, the MF runtime; ~100 KB gzip) once.
 * Until an island is mounted its server HTML works as it is (links, GET forms). A click inside a waiting island loads
 * it at once (a screen reader or voice control clicks with no pointer, key or focus first); a click on a control that
 * needs the island's script (a button, a dialog link), made before or while the island loads, is held and made again
 * once it is mounted, except in a client-mode island, whose no-JavaScript stand-in works natively. Text typed or chosen
 * in its fields meanwhile is handed to the island, and in a client-mode island the field that had focus has it again
 * in the island's version (the shopper loses neither). Beacons (beacons.ts) are sent at load, without any island.
 */
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';
import { ISLAND_MODE_ATTR, ISLAND_WHEN_ATTR, parseIslandWhen, type IslandTrigger } from '@forecourt/contracts/islands';
import { ISLAND_HOST_READY } from './island-host-ready.ts';

export { ISLAND_HOST_READY };

/** contracts' island mode: `client` islands are replaced with createRoot, not hydrated. */
export { ISLAND_MODE_ATTR };

/**
 * What the host needs to mount an island: `<remote>/<Module>`, its props (from its JSON script), its mode. In client
 * mode the host calls `beforeReplace` right before the island's version replaces the server HTML (its module is
 * loaded by then), so what the shopper typed until that moment is read from the stand-in.
 */
export type IslandMount = { spec: string; props: Record<string, unknown>; mode: 'hydrate' | 'client'; beforeReplace?: () => void };

/** Mounts islands; what the island host (island-host.ts) gives the client once React and the MF runtime are ready. */
export type IslandHost = { mount(el: HTMLElement, island: IslandMount): Promise<void> };

/** An island's name, props and mode, read from its markup (contracts ISLAND_ATTR, ISLAND_PROPS_ATTR, ISLAND_MODE_ATTR). */
export function readIsland(el: HTMLElement, doc: Pick<Document, 'querySelector'> = document): IslandMount {
  const id = typeof CSS === 'undefined' ? el.id : CSS.escape(el.id);
  const script = doc.querySelector(`script[${ISLAND_PROPS_ATTR}="${id}"]`);
  const props = script?.textContent ? (parseIslandProps(script.textContent) as Record<string, unknown>) : {};
  return { spec: el.getAttribute(ISLAND_ATTR) ?? '', props, mode: el.getAttribute(ISLAND_MODE_ATTR) === 'client' ? 'client' : 'hydrate' };
}

/**
 * Loads the island host once per page, on the first call: imports its build entry (the Module Federation plugin's
 * wrapper, which initialises the runtime and React's share first) and resolves when the entry hands the host over.
 * `preload` are the host's other files: fetched at once in parallel (modulepreload) instead of one import after another.
 */
export function islandHostLoader(url: string, preload: readonly string[] = [], win: Window & typeof globalThis = window, importer: (url: string) => Promise<unknown> = (u) => import(/* @vite-ignore */ u)): () => Promise<IslandHost> {
  let host: Promise<IslandHost> | null = null;
  return () =>
    (host ??= new Promise<IslandHost>((resolve, reject) => {
      (win as unknown as Record<string, unknown>)[ISLAND_HOST_READY] = resolve;
      const doc = win.document;
      for (const href of preload) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        doc.head.append(link);
      }
      importer(url).catch(reject);
    }));
}

/** Something is stored under the key: not missing, not empty, not an empty list (an island has something to show). */
export function hasStored(storage: Pick<Storage, 'getItem'> | null, key: string): boolean {
  try {
    const value = storage?.getItem(key);
    return value != null && value.trim() !== '' && value.trim() !== '[]';
  } catch {
    return false;
  }
}

function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** What counts as the shopper reaching for an island (`interaction` trigger), listened to on the island. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** What counts as a person using the page (`engaged` trigger), listened to on the window. */
export const ENGAGED_EVENTS = ['scroll', 'wheel', 'pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Whether an `engaged` event is a person's: when the layout under a pointer that has not moved changes (a picture or
 * the font arriving), Chrome sends a `pointermove` with no movement; that is the page moving, not the shopper.
 */
export const isEngagement = (event: Event): boolean =>
  event.type !== 'pointermove' || !((event as PointerEvent).movementX === 0 && (event as PointerEvent).movementY === 0);

/**
 * Resolves once one of the island's triggers holds (contracts ISLAND_WHEN_ATTR): at once for a stored key, else on
 * the first named event, when the island nears the viewport, when the shopper points at or focuses into it, when
 * the shopper first uses the page, or when the address's hash is one of its `hash:` names (now or later), or when
 * `also` resolves. Never resolves when no trigger can ever hold.
 */
export function whenTriggered(el: Element, triggers: IslandTrigger[], win: Window & typeof globalThis = globalThis as Window & typeof globalThis, also?: Promise<unknown>): Promise<void> {
  if (triggers.some((t) => t.kind === 'storage' && hasStored(storageOrNull(), t.key))) return Promise.resolve();
  const hashes = triggers.flatMap((t) => (t.kind === 'hash' ? [`#${t.name}`] : []));
  if (hashes.includes(win.location?.hash)) return Promise.resolve();
  return new Promise((resolve) => {
    const cleanups: Array<() => void> = [];
    const fire = () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      resolve();
    };
    // Another reason to load (a click inside the island, see hydrateIslands).
    void also?.then(fire);
    for (const t of triggers) {
      if (t.kind === 'event') {
        win.addEventListener(t.name, fire, { once: true });
        cleanups.push(() => win.removeEventListener(t.name, fire));
      } else if (t.kind === 'visible' && typeof win.IntersectionObserver === 'function') {
        const observer = new win.IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: '500px' });
        observer.observe(el);
        cleanups.push(() => observer.disconnect());
      } else if (t.kind === 'visible') fire();
      else if (t.kind === 'interaction') {
        // The first pointer, touch or focus inside the island (capture: before the control itself reacts).
        for (const type of INTERACTION_EVENTS) el.addEventListener(type, fire, { capture: true, once: true, passive: true });
        cleanups.push(() => INTERACTION_EVENTS.forEach((type) => el.removeEventListener(type, fire, { capture: true })));
      } else if (t.kind === 'hash' && t.name === hashes[0]?.slice(1)) {
        const onHash = () => hashes.includes(win.location.hash) && fire();
        win.addEventListener('hashchange', onHash);
        cleanups.push(() => win.removeEventListener('hashchange', onHash));
      } else if (t.kind === 'engaged') {
        const engaged = (event: Event) => isEngagement(event) && fire();
        for (const type of ENGAGED_EVENTS) win.addEventListener(type, engaged, { capture: true, passive: true });
        cleanups.push(() => ENGAGED_EVENTS.forEach((type) => win.removeEventListener(type, engaged, { capture: true })));
      }
    }
  });
}

/**
 * The control a click lands on whose action needs the island's script: a button (its own handler, or the island's
 * submit handler), a `role="button"`, a link that opens a dialog (`aria-haspopup`). Plain links, fields, labels and
 * `<summary>` work natively and are left alone; so is a disabled button.
 */
export function scriptedControl(target: EventTarget | null, island: Element): HTMLElement | null {
  const el = typeof (target as Element | null)?.closest === 'function' ? (target as Element).closest<HTMLElement>('button, [role="button"], a[aria-haspopup]') : null;
  if (!el || !island.contains(el)) return null;
  if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') return null;
  return el;
}

/** How long a held click waits for its island before it is let through as it is (a slow or failed load). */
export const HOLD_CLICKS_MS = 8000;

/**
 * From now until `release()`, clicks on the island's scripted controls are held (default prevented, not passed on)
 * and each control is clicked once again on release: after the island mounted, React hydrates at once on that click
 * and runs its handler; when mounting failed, the control's native action runs (a submit button submits its form, a
 * dialog link follows its href). A control clicked twice while waiting is clicked again once (a second impatient
 * click must not undo the first). `holdMs` after the first held click, the held clicks are let through whatever the
 * island's state (installed when the island is scanned, the hold costs nothing until someone clicks). `onClick` is
 * told of every click inside the island (held or not) first: a waiting island starts loading on it.
 */
export function holdClicks(island: Element, holdMs = HOLD_CLICKS_MS, win: Pick<Window, 'setTimeout' | 'clearTimeout'> = globalThis, onClick?: () => void): { release(): void; held(): readonly HTMLElement[] } {
  const held: HTMLElement[] = [];
  let timer: ReturnType<Window['setTimeout']> | undefined;
  const listener = (event: Event) => {
    onClick?.();
    const control = scriptedControl(event.target, island);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(control)) held.push(control);
    timer ??= win.setTimeout(release, holdMs);
  };
  island.addEventListener('click', listener, true);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (timer !== undefined) win.clearTimeout(timer);
    island.removeEventListener('click', listener, true);
    for (const control of held.splice(0)) if (control.isConnected) control.click();
  };
  return { release, held: () => held };
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const TEXT_LIKE = /^(text|search|email|tel|url|number|password)$/;

const isSelect = (field: Field): field is HTMLSelectElement => field.tagName === 'SELECT';

function changedField(field: Field): boolean {
  if (isSelect(field)) {
    const server = [...field.options].findIndex((o) => o.defaultSelected);
    return field.selectedIndex !== (server === -1 ? (field.multiple ? -1 : 0) : server);
  }
  if (field.tagName === 'INPUT' && !TEXT_LIKE.test((field as HTMLInputElement).type)) return false;
  return field.value !== field.defaultValue;
}

/** The element's own `value` setter (its prototype's), past the instance property React's value tracker adds. */
function nativeValueSetter(field: Field): ((this: Field, value: string) => void) | undefined {
  for (let proto = Object.getPrototypeOf(field) as object | null; proto; proto = Object.getPrototypeOf(proto)) {
    const set = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (set) return set as (this: Field, value: string) => void;
  }
  return undefined;
}

/**
 * Hands what the shopper typed or chose in the island's fields before it was mounted to the island: a controlled
 * field's state still holds the server's value, and its next render would put that back. For each changed field:
 * one `input` event makes React hydrate the island at once (a discrete event on a root still hydrating); then the
 * field's value is set to the server's through React's value tracker and back to the typed text past it, and a second
 * event lets the island's onChange see the typed text. A select gets a `change` event. Returns the fields handed over.
 */
export function handOverTypedValues(island: Element): Field[] {
  const fields = [...island.querySelectorAll<Field>('input, textarea, select')].filter(changedField);
  for (const field of fields) {
    if (isSelect(field)) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const typed = field.value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.value = field.defaultValue;
    nativeValueSetter(field)?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  return fields;
}

/**
 * Mounts one island through the host, holding clicks meanwhile (`hold`: the one installed when the island was scanned;
 * none for a client-mode island: its server HTML is a no-JavaScript stand-in whose forms work natively). Typed text
 * reaches the island: a hydrated island's fields get it through handOverTypedValues; a client-mode island's stand-in
 * is read right before it is replaced and its fields are filled and focused again (restoreTypedValues). A failure
 * leaves the server HTML in place (it works without JS).
 */
export async function mountOne(el: HTMLElement, host: () => Promise<IslandHost>, doc: Pick<Document, 'querySelector'> = document, hold: ReturnType<typeof holdClicks> | null = el.getAttribute(ISLAND_MODE_ATTR) === 'client' ? null : holdClicks(el)): Promise<void> {
  try {
    const island = readIsland(el, doc);
    const stand: { typed: TypedValues | null } = { typed: null };
    if (island.mode === 'client') island.beforeReplace = () => (stand.typed = readTypedValues(el));
    await (await host()).mount(el, island);
    el.setAttribute('data-hydrated', '');
    if (island.mode === 'client') {
      if (stand.typed) restoreTypedValues(el, stand.typed);
    } else handOverTypedValues(el);
  } catch (error) {
    // The server HTML stays usable (links and forms work without JavaScript).
    console.error(`island ${el.getAttribute(ISLAND_ATTR)} failed to hydrate`, error);
    el.setAttribute('data-hydrate-error', '');
  } finally {
    hold?.release();
  }
}

/** A client-mode island's stand-in as the shopper left it: its changed fields (by name) and the field with focus. */
export type TypedValues = { fields: Array<{ name: string; nth: number; value: string }>; focused: { name: string; nth: number } | null };

const FIELDS = 'input, textarea, select';
/** Which of the island's fields named `name` this one is (0 for the first): names repeat (radio groups, lists). */
const nthOfName = (all: Field[], field: Field) => all.filter((f) => f.name === field.name).indexOf(field);

/** Reads the changed text-like fields and selects of the stand-in (by name) and which of them has focus. */
export function readTypedValues(island: Element, active: Element | null = island.ownerDocument?.activeElement ?? null): TypedValues {
  const all = [...island.querySelectorAll<Field>(FIELDS)].filter((f) => f.name);
  const fields = all.filter(changedField).map((f) => ({ name: f.name, nth: nthOfName(all, f), value: f.value }));
  const focusedField = active && all.includes(active as Field) ? (active as Field) : null;
  return { fields, focused: focusedField ? { name: focusedField.name, nth: nthOfName(all, focusedField) } : null };
}

/**
 * Puts what the shopper typed into the island's own fields of the same name (set past React's value tracker, then an
 * `input` event, or `change` for a select, so a controlled field's onChange takes it) and moves focus back to the
 * field that had it, the caret at the end of its text (or to the island's first field when it has no such field).
 * Returns the fields filled.
 */
export function restoreTypedValues(island: Element, typed: TypedValues): Field[] {
  const all = [...island.querySelectorAll<Field>(FIELDS)].filter((f) => f.name);
  const find = (name: string, nth: number) => all.filter((f) => f.name === name)[nth] ?? null;
  const filled: Field[] = [];
  for (const { name, nth, value } of typed.fields) {
    const field = find(name, nth);
    if (!field || field.value === value) continue;
    if (field.tagName !== 'SELECT' && field.tagName !== 'TEXTAREA' && !TEXT_LIKE.test((field as HTMLInputElement).type)) continue;
    nativeValueSetter(field)?.call(field, value);
    field.dispatchEvent(new Event(isSelect(field) ? 'change' : 'input', { bubbles: true }));
    filled.push(field);
  }
  // The island may not show the field that had the focus (a multi-step form shows its first step, where the stand-in
  // showed every step's fields): its first field takes the focus then, rather than the page's body (a phone's keyboard
  // would close and a keyboard user would start again from the top of the page).
  const focus = typed.focused && (find(typed.focused.name, typed.focused.nth) ?? all.find((f) => f.type !== 'hidden') ?? null);
  if (focus) {
    focus.focus();
    try {
      if (!isSelect(focus)) focus.setSelectionRange(focus.value.length, focus.value.length);
    } catch {
      // Fields without a caret (email, number) keep the browser's.
    }
  }
  return filled;
}

/**
 * Hydrates every island: `data-island="mf-search/SearchResults"` -> loadRemote('mf_search/SearchResults') through
 * the island host. Islands with load triggers (`data-island-when`) wait for them, and no island code (nor React) is
 * fetched before one is due; `data-islands-ready` on <html> counts the islands mounted at once.
 */
export async function hydrateIslands(host: () => Promise<IslandHost>, doc: Document = document, win: Window & typeof globalThis = globalThis as Window & typeof globalThis): Promise<void> {
  const islands = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)];
  const now: HTMLElement[] = [];
  for (const el of islands) {
    const triggers = parseIslandWhen(el.getAttribute(ISLAND_WHEN_ATTR));
    if (!triggers.length) now.push(el);
    else {
      el.setAttribute('data-island-waiting', '');
      // A click inside the island loads it at once, and a click on a scripted control is held from now (assistive
      // technology clicks with no pointer, key or focus before it); a client-mode stand-in's clicks go through.
      let clicked!: () => void;
      const click = new Promise<void>((resolve) => (clicked = resolve));
      let hold: ReturnType<typeof holdClicks> | null = null;
      if (el.getAttribute(ISLAND_MODE_ATTR) === 'client') el.addEventListener('click', () => clicked(), { capture: true, once: true });
      else hold = holdClicks(el, HOLD_CLICKS_MS, typeof win.setTimeout === 'function' ? win : globalThis, () => clicked());
      void whenTriggered(el, triggers, win, click).then(() => {
        el.removeAttribute('data-island-waiting');
        return mountOne(el, host, doc, hold);
      });
    }
  }
  await Promise.all(now.map((el) => mountOne(el, host, doc)));
  doc.documentElement.setAttribute('data-islands-ready', String(now.length));
}
