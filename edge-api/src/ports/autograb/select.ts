import { adapterName } from '../adapter-name.ts';
import type { AutograbPort } from './port.ts';
import { EmbeddedAutograb } from './embedded.ts';
import { HttpAutograb } from './http.ts';

/** Adapters of the autograb port: the local estimator, or AutoGrab's v2 API ('http'). */
export const AUTOGRAB_ADAPTERS = ['embedded', 'http'] as const;

export type AutograbEnv = {
  AUTOGRAB_ADAPTER?: string;
  /** Override of https://api.autograb.com.au (tests against a local server). */
  AUTOGRAB_API_URL?: string;
  /** Worker secret (`wrangler secret put AUTOGRAB_API_KEY`), needed by 'http'. */
  AUTOGRAB_API_KEY?: string;
};

/** Picks the autograb adapter named by env.AUTOGRAB_ADAPTER (default 'embedded'); 'http' without its key throws. */
export function selectAutograb(env: AutograbEnv, options: { fetch?: typeof fetch } = {}): AutograbPort {
  switch (adapterName('AUTOGRAB_ADAPTER', env.AUTOGRAB_ADAPTER, AUTOGRAB_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedAutograb();
    case 'http':
      return new HttpAutograb({
        apiKey: env.AUTOGRAB_API_KEY ?? '',
        ...(env.AUTOGRAB_API_URL ? { apiUrl: env.AUTOGRAB_API_URL } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
