import type { ComponentType } from 'react';
import { islandContainerProps, islandPropsScriptProps, type IslandModule } from '@forecourt/contracts/islands';

/** Server-renders a component as an island the shell's MF host hydrates (contracts/src/islands.ts). */
export function Island<P extends object>({ module, id, component: Component, props }: { module: IslandModule<'mf-locations'>; id: string; component: ComponentType<P>; props: P }) {
  return (
    <>
      <div {...islandContainerProps('mf-locations', module, id)}>
        <Component {...props} />
      </div>
      <script {...islandPropsScriptProps(id, props)} />
    </>
  );
}
