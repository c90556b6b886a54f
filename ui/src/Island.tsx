import type { ComponentType } from 'react';
import { islandContainerProps, islandPropsScriptProps, type IslandModule, type IslandTrigger } from '@forecourt/contracts/islands';
import type { RemoteName } from '@forecourt/contracts/tenant';

export type IslandProps<R extends RemoteName, P extends object> = {
  /** The remote whose Module Federation build exposes the island's code. */
  remote: R;
  /** One of that remote's islands in contracts' `ISLANDS` (checked against `remote`). */
  module: NoInfer<IslandModule<R>>;
  /** The container's id, also naming its props script. */
  id: string;
  /** What the server renders inside the container; the same component the client hydrates. */
  component: ComponentType<P>;
  /** Serialised beside the container for the client; the component gets the same. */
  props: P;
  /** When the island's code loads (contracts `IslandTrigger`); at once without it. */
  when?: IslandTrigger[];
  /** Added after `fc-island` on the container. */
  className?: string;
  /** The container's element: 'span' inside phrasing content (a <p>). Default 'div'. */
  as?: 'div' | 'span';
};

/**
 * Server-renders a component as an island the shell's Module Federation host hydrates (contracts/src/islands.ts): the
 * container carries `data-island="<remote>/<module>"`, its props sit in a JSON script beside it.
 *
 * @example
 * <Island remote="mf-vehicle" module="PhoneReveal" id="fv-phone" component={PhoneReveal} props={{ phone }} when={VISIBLE} />
 */
export function Island<R extends RemoteName, P extends object>({ remote, module, id, component: Component, props, when, className, as: Tag = 'div' }: IslandProps<R, P>) {
  const container = islandContainerProps(remote, module, id, when ? { when } : {});
  return (
    <>
      <Tag {...container} className={className ? `${container.className} ${className}` : container.className}>
        <Component {...props} />
      </Tag>
      <script {...islandPropsScriptProps(id, props)} />
    </>
  );
}

/** Load the island's code once it comes near the viewport (below-the-fold calculators, share bars). */
export const VISIBLE: IslandTrigger[] = [{ kind: 'visible' }];
