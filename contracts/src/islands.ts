/**
 * Attribute builders for server-rendered islands, so every remote marks islands identically without sharing React
 * code: the container carries `data-island="<remote>/<Module>"`, and its props sit in a JSON script beside it
 * (outside the container, so hydration sees only the component's own markup).
 */
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, serializeIslandProps } from './fragments.ts';
import type { RemoteName } from './tenant.ts';

export function islandContainerProps(remote: RemoteName, module: string, id: string) {
  return { id, [ISLAND_ATTR]: `${remote}/${module}`, className: 'fc-island' } as const;
}

export function islandPropsScriptProps(id: string, props: unknown) {
  return { type: 'application/json', [ISLAND_PROPS_ATTR]: id, dangerouslySetInnerHTML: { __html: serializeIslandProps(props) } } as const;
}
