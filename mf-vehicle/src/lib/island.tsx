import type { ComponentType } from 'react';
import { islandContainerProps, islandPropsScriptProps, type IslandTrigger, type IslandModule } from '@forecourt/contracts/islands';

/**
 * Server-renders a component as an island the shell's MF host hydrates (contracts/src/islands.ts). `when` delays
 * loading its code (e.g. `visible` for below-the-fold calculators), so first-visit JavaScript stays small.
 */
export function Island<P extends object>({ module, id, component: Component, props, when, className, as: Tag = 'div' }: { module: IslandModule<'mf-vehicle'>; id: string; component: ComponentType<P>; props: P; when?: IslandTrigger[]; className?: string; /** 'span' inside phrasing content (a <p>). */ as?: 'div' | 'span' }) {
  const container = islandContainerProps('mf-vehicle', module, id, when ? { when } : {});
  return (
    <>
      <Tag {...container} className={className ? `${container.className} ${className}` : container.className}>
        <Component {...props} />
      </Tag>
      <script {...islandPropsScriptProps(id, props)} />
    </>
  );
}

export const VISIBLE: IslandTrigger[] = [{ kind: 'visible' }];
