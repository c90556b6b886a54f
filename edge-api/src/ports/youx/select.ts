import { adapterName } from '../adapter-name.ts';
import type { YouxPort } from './port.ts';
import { EmbeddedYoux } from './embedded.ts';

/** Adapters of the youx port. YouX's HTTP adapter ('http') lands with the finance issue. */
export const YOUX_ADAPTERS = ['embedded'] as const;

/** Picks the youx adapter named by env.YOUX_ADAPTER (default 'embedded'). */
export function selectYoux(env: { YOUX_ADAPTER?: string; DB: D1Database }): YouxPort {
  switch (adapterName('YOUX_ADAPTER', env.YOUX_ADAPTER, YOUX_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedYoux(env.DB);
  }
}
