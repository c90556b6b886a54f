import type { ComponentType, ReactNode } from 'react';
import { islandContainerProps, islandPropsScriptProps, type IslandModule, type IslandTrigger } from '@forecourt/contracts/islands';
import type { RemoteName } from '@forecourt/contracts/tenant';

type IslandContainer<R extends RemoteName> = {
  /** The remote whose Module Federation build exposes the island's code. */
  remote: R;
  /** One of that remote's islands in contracts' `ISLANDS` (checked against `remote`). */
  module: NoInfer<IslandModule<R>>;
  /** The container's id, also naming its props script. */
  id: string;
  /** When the island's code loads (contracts `IslandTrigger`); at once without it. */
  when?: IslandTrigger[];
  /** Added after `fc-island` on the container. */
  className?: string;
  /** The container's element: 'span' inside phrasing content (a <p>). Default 'div'. */
  as?: 'div' | 'span';
};

/** The default: the server renders the island's own component, which the client hydrates. */
type HydratedIsland<P> = {
  /** Hydrate (default): the server HTML is the component's own render. */
  mode?: 'hydrate';
  /** What the server renders inside the container; the same component the client hydrates. */
  component: ComponentType<P>;
  /** Serialised beside the container for the client; the component gets the same. */
  props: P;
  children?: never;
};

/**
 * Client mode (contracts `ISLAND_MODE_ATTR`): the server HTML is a stand-in (a no-JavaScript form, placeholders, an
 * island of another remote) that the client replaces with createRoot instead of hydrating.
 */
type ClientIsland<P> = {
  mode: 'client';
  /** Serialised beside the container for the client: the island's own props. */
  props: P;
  /** The server's stand-in inside the container (it need not match what the island renders). */
  children: ReactNode;
  component?: never;
};

export type IslandProps<R extends RemoteName, P extends object> = IslandContainer<R> & (HydratedIsland<P> | ClientIsland<P>);

/**
 * Server-renders an island the shell's Module Federation host hydrates (contracts/src/islands.ts): the container
 * carries `data-island="<remote>/<module>"`, its props sit in a JSON script beside it. By default the server renders
 * `component` with `props` (hydrated); with `mode="client"` it renders `children` as a stand-in the client replaces.
 *
 * @example
 * <Island remote="mf-vehicle" module="PhoneReveal" id="fv-phone" component={PhoneReveal} props={{ phone }} when={VISIBLE} />
 * <Island remote="mf-account" module="SignIn" id="fa-sign-in" mode="client" props={props}><SignInServerForms {...props} /></Island>
 */
export function Island<R extends RemoteName, P extends object>(island: IslandProps<R, P>) {
  const { remote, module, id, props, when, className, as: Tag = 'div' } = island;
  const mode = island.mode === 'client' ? { mode: 'client' as const } : {};
  const container = islandContainerProps(remote, module, id, { ...(when ? { when } : {}), ...mode });
  const Component = island.mode === 'client' ? null : island.component;
  return (
    <>
      <Tag {...container} className={className ? `${container.className} ${className}` : container.className}>
        {Component ? <Component {...props} /> : island.children}
      </Tag>
      <script {...islandPropsScriptProps(id, props)} />
    </>
  );
}

/** Load the island's code once it comes near the viewport (below-the-fold calculators, share bars). */
export const VISIBLE: IslandTrigger[] = [{ kind: 'visible' }];
