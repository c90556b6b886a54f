import type { ComponentType } from 'react';
import { islandContainerProps, islandPropsScriptProps, type IslandTrigger, type IslandModule } from '@forecourt/contracts/islands';

/** Server-renders a component as an island the shell's MF host hydrates (contracts/src/islands.ts); `when` defers its code. */
export function Island<P extends object>({ module, id, component: Component, props, when }: { module: IslandModule<'mf-finance'>; id: string; component: ComponentType<P>; props: P; when?: IslandTrigger[] }) {
  return (
    <>
      <div {...islandContainerProps('mf-finance', module, id, when ? { when } : {})}>
        <Component {...props} />
      </div>
      <script {...islandPropsScriptProps(id, props)} />
    </>
  );
}
