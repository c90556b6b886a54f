import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';

/** Registers the tenant's remotes from the inlined map (ARCHITECTURE.md "browser"). */
export function registerTenantRemotes(doc: Document = document): Record<string, string> {
  const el = doc.getElementById('forecourt-remotes');
  const map = el?.textContent ? (JSON.parse(el.textContent) as Record<string, string>) : {};
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry, type: 'module' as const })));
  return map;
}

/** Hydrates every island: `data-island="mf-search/SearchResults"` -> loadRemote('mf_search/SearchResults'). */
export async function hydrateIslands(doc: Document = document): Promise<void> {
  const islands = [...doc.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)];
  await Promise.all(
    islands.map(async (el) => {
      const spec = el.getAttribute(ISLAND_ATTR) ?? '';
      const [remote, module] = spec.split('/');
      if (!remote || !module) return;
      try {
        const id = el.id;
        const script = doc.querySelector(`script[${ISLAND_PROPS_ATTR}="${CSS.escape(id)}"]`);
        const props = script?.textContent ? parseIslandProps(script.textContent) : {};
        const mod = (await loadRemote(`${remote.replace(/-/g, '_')}/${module}`)) as { default: ComponentType<Record<string, unknown>> } | null;
        if (!mod) throw new Error(`remote module ${spec} not found`);
        hydrateRoot(el, createElement(mod.default, props as Record<string, unknown>));
        el.setAttribute('data-hydrated', '');
      } catch (error) {
        // The server HTML stays usable (links and forms work without JavaScript).
        console.error(`island ${spec} failed to hydrate`, error);
        el.setAttribute('data-hydrate-error', '');
      }
    }),
  );
  doc.documentElement.setAttribute('data-islands-ready', String(islands.length));
}
