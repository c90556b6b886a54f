import { adapterName } from '../adapter-name.ts';
import type { CrmPort } from './port.ts';
import { EmbeddedCrm } from './embedded.ts';

/** Adapters of the crm port. The dealer CRM's HTTP adapter ('http') lands with the leads issue. */
export const CRM_ADAPTERS = ['embedded'] as const;

/** Picks the crm adapter named by env.CRM_ADAPTER (default 'embedded'). */
export function selectCrm(env: { CRM_ADAPTER?: string; DB: D1Database }): CrmPort {
  switch (adapterName('CRM_ADAPTER', env.CRM_ADAPTER, CRM_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedCrm(env.DB);
  }
}
