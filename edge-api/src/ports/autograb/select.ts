import { adapterName } from '../adapter-name.ts';
import type { AutograbPort } from './port.ts';
import { EmbeddedAutograb } from './embedded.ts';

/** Adapters of the autograb port. AutoGrab's HTTP adapter ('http') lands with the vehicle-page issue. */
export const AUTOGRAB_ADAPTERS = ['embedded'] as const;

/** Picks the autograb adapter named by env.AUTOGRAB_ADAPTER (default 'embedded'). */
export function selectAutograb(env: { AUTOGRAB_ADAPTER?: string }): AutograbPort {
  switch (adapterName('AUTOGRAB_ADAPTER', env.AUTOGRAB_ADAPTER, AUTOGRAB_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedAutograb();
  }
}
