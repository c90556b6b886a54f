import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { createElement, startTransition, type ComponentType, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';
import { ISLAND_MODE_ATTR, ISLAND_WHEN_ATTR, parseIslandWhen, type IslandTrigger } from '@forecourt/contracts/islands';

/** contracts' island mode: `client` islands are replaced with createRoot, not hydrated. */
export { ISLAND_MODE_ATTR };

type Renderers = { createRoot: (el: Element) => { render(node: ReactElement): void }; hydrateRoot: (el: Element, node: ReactElement) => unknown };

/** Mounts an island's element: hydrates the server HTML, or replaces it in client mode. */
export function mountIsland(el: Element, element: ReactElement, react: Renderers = { createRoot, hydrateRoot }): 'client' | 'hydrate' {
  if (el.getAttribute(ISLAND_MODE_ATTR) === 'client') {
    react.createRoot(el).render(element);
    return 'client';
  }
  // As a transition, hydration is time-sliced: a big island (search results) no longer blocks the main thread in one
  // long task (Total Blocking Time); React still hydrates a part at once when the shopper interacts with it.
  startTransition(() => {
    react.hydrateRoot(el, element);
  });
  return 'hydrate';
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

/** What counts as the shopper reaching for an island (`interaction` trigger). */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Resolves once one of the island's triggers holds (contracts ISLAND_WHEN_ATTR): at once for a stored key, else on
 * the first named event, when the island nears the viewport, or when the shopper points at or focuses into it. Never
 * resolves when no trigger can ever hold.
 */
export function whenTriggered(el: Element, triggers: IslandTrigger[], win: Window & typeof globalThis = window): Promise<void> {
  if (triggers.some((t) => t.kind === 'storage' && hasStored(storageOrNull(), t.key))) return Promise.resolve();
  return new Promise((resolve) => {
    const cleanups: Array<() => void> = [];
    const fire = () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      resolve();
    };
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
      }
    }
  });
}

/** Registers the tenant's remotes from the inlined map (ARCHITECTURE.md "browser"). */
export function registerTenantRemotes(doc: Document = document): Record<string, string> {
  const el = doc.getElementById('forecourt-remotes');
  const map = el?.textContent ? (JSON.parse(el.textContent) as Record<string, string>) : {};
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry, type: 'module' as const })));
  return map;
}

/** Loads one island's module and mounts it; a failure leaves the server HTML in place (it works without JS). */
async function mountOne(el: HTMLElement, doc: Document): Promise<void> {
  const spec = el.getAttribute(ISLAND_ATTR) ?? '';
  const [remote, module] = spec.split('/');
  if (!remote || !module) return;
  try {
    const script = doc.querySelector(`script[${ISLAND_PROPS_ATTR}="${CSS.escape(el.id)}"]`);
    const props = script?.textContent ? parseIslandProps(script.textContent) : {};
    const mod = (await loadRemote(`${remote.replace(/-/g, '_')}/${module}`)) as { default: ComponentType<Record<string, unknown>> } | null;
    if (!mod) throw new Error(`remote module ${spec} not found`);
    mountIsland(el, createElement(mod.default, props as Record<string, unknown>));
    el.setAttribute('data-hydrated', '');
  } catch (error) {
    // The server HTML stays usable (links and forms work without JavaScript).
    console.error(`island ${spec} failed to hydrate`, error);
    el.setAttribute('data-hydrate-error', '');
  }
}

/**
 * Hydrates every island: `data-island="mf-search/SearchResults"` -> loadRemote('mf_search/SearchResults'). Islands
 * with load triggers (`data-island-when`) wait for them, and their code is not fetched before;
 * `data-islands-ready` on <html> counts the islands mounted at once.
 */
export async function hydrateIslands(doc: Document = document): Promise<void> {
  const islands = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)];
  const now: HTMLElement[] = [];
  for (const el of islands) {
    const triggers = parseIslandWhen(el.getAttribute(ISLAND_WHEN_ATTR));
    if (!triggers.length) now.push(el);
    else {
      el.setAttribute('data-island-waiting', '');
      void whenTriggered(el, triggers).then(() => {
        el.removeAttribute('data-island-waiting');
        return mountOne(el, doc);
      });
    }
  }
  await Promise.all(now.map((el) => mountOne(el, doc)));
  doc.documentElement.setAttribute('data-islands-ready', String(now.length));
}
