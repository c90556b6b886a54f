import { adapterName } from '../adapter-name.ts';
import type { YouxPort } from './port.ts';
import { EmbeddedYoux } from './embedded.ts';
import { HttpYoux } from './http.ts';

/** Adapters of the youx port: the local stand-in, or YouX over HTTP. */
export const YOUX_ADAPTERS = ['embedded', 'http'] as const;

export type YouxEnv = {
  /** 'embedded' (default) or 'http'. */
  YOUX_ADAPTER?: string;
  /** YouX quick-quote endpoint, needed by 'http'. */
  YOUX_QUOTE_URL?: string;
  /** YouX customer-creation endpoint, used by 'http' for POST /api/youx/create-customer (unset: that fails, spec §8). */
  YOUX_CUSTOMER_URL?: string;
  /** Worker secret (`wrangler secret put YOUX_API_KEY`), needed by 'http'. */
  YOUX_API_KEY?: string;
  DB: D1Database;
};

/** Picks the youx adapter named by env.YOUX_ADAPTER (default 'embedded'); a missing URL or secret fails loudly. */
export function selectYoux(env: YouxEnv): YouxPort {
  switch (adapterName('YOUX_ADAPTER', env.YOUX_ADAPTER, YOUX_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedYoux(env.DB);
    case 'http':
      return new HttpYoux({ url: env.YOUX_QUOTE_URL ?? '', apiKey: env.YOUX_API_KEY ?? '', ...(env.YOUX_CUSTOMER_URL ? { customerUrl: env.YOUX_CUSTOMER_URL } : {}) });
  }
}
