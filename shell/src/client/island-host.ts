/**
 * The island host: React, react-dom/client and the Module Federation runtime, loaded only when the first island of a
 * page is to mount (issue 19: first-visit JavaScript). The shell's client (islands.ts) imports none of this; it loads
 * the host's build entry (island-host-entry.ts, wrapped by the Module Federation plugin, which shares React with the
 * remotes) and gets `IslandHost` through `ISLAND_HOST_READY` once the runtime is initialised.
 */
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { createElement, startTransition, type ComponentType, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { IslandHost, IslandMount } from './islands.ts';

type Renderers = { createRoot: (el: Element) => { render(node: ReactElement): void }; hydrateRoot: (el: Element, node: ReactElement) => unknown; flushSync?: (fn: () => void) => void };

/**
 * Mounts an island's element: hydrates the server HTML, or replaces it in client mode (contracts ISLAND_MODE_ATTR,
 * read by the shell's client: this module imports no contracts code, so no validation library comes with React).
 * In client mode `beforeReplace` reads the stand-in first, and the island renders at once (flushSync): when mount
 * resolves its fields are in the page, so the shell's client can give them what the shopper typed and focus back.
 */
export function mountIsland(el: Element, element: ReactElement, mode: IslandMount['mode'] = 'hydrate', react: Renderers = { createRoot, hydrateRoot, flushSync }, beforeReplace?: () => void): 'client' | 'hydrate' {
  if (mode === 'client') {
    beforeReplace?.();
    const root = react.createRoot(el);
    if (react.flushSync) react.flushSync(() => root.render(element));
    else root.render(element);
    return 'client';
  }
  // As a transition, hydration is time-sliced: a big island (search results) no longer blocks the main thread in one
  // long task (Total Blocking Time); React still hydrates at once when the shopper interacts with it (a click the
  // shell's client held while this host loaded is clicked again right after, see islands.ts `holdClicks`).
  startTransition(() => {
    react.hydrateRoot(el, element);
  });
  return 'hydrate';
}

/** Registers the tenant's remotes from the inlined map (ARCHITECTURE.md "browser"). */
export function registerTenantRemotes(doc: Document = document): Record<string, string> {
  const el = doc.getElementById('forecourt-remotes');
  const map = el?.textContent ? (JSON.parse(el.textContent) as Record<string, string>) : {};
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry, type: 'module' as const })));
  return map;
}

/**
 * The host for a page: `mf-search/SearchResults` -> loadRemote('mf_search/SearchResults'), then hydrate with the
 * island's props (or createRoot in client mode). Throws when the module cannot be loaded; the caller keeps the server
 * HTML (it works without JavaScript).
 */
export function createIslandHost(doc: Document = document): IslandHost {
  registerTenantRemotes(doc);
  return {
    async mount(el, { spec, props, mode, beforeReplace }) {
      const [remote, module] = spec.split('/');
      if (!remote || !module) throw new Error(`island ${spec} is not <remote>/<Module>`);
      const mod = (await loadRemote(`${remote.replace(/-/g, '_')}/${module}`)) as { default: ComponentType<Record<string, unknown>> } | null;
      if (!mod) throw new Error(`remote module ${spec} not found`);
      mountIsland(el, createElement(mod.default, props), mode, undefined, beforeReplace);
    },
  };
}
