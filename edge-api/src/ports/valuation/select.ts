import { adapterName } from '../adapter-name.ts';
import type { ValuationPort } from './port.ts';
import { EmbeddedValuation } from './embedded.ts';
import { HttpValuation } from './http.ts';

/** Adapters of the valuation port: the embedded estimator, or AutoGrab's wire format ('http'). */
export const VALUATION_ADAPTERS = ['embedded', 'http'] as const;

export type ValuationEnv = {
  VALUATION_ADAPTER?: string;
  /** Override of https://api.autograb.com.au (tests against a local server); shared by every AutoGrab adapter. */
  AUTOGRAB_API_URL?: string;
  /** The one AutoGrab key (`wrangler secret put AUTOGRAB_API_KEY`), needed by 'http' (ports/autograb/client.ts). */
  AUTOGRAB_API_KEY?: string;
};

/** Picks the valuation adapter named by env.VALUATION_ADAPTER (default 'embedded'); 'http' without its key throws. */
export function selectValuation(env: ValuationEnv, options: { fetch?: typeof fetch; now?: () => number } = {}): ValuationPort {
  switch (adapterName('VALUATION_ADAPTER', env.VALUATION_ADAPTER, VALUATION_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedValuation(options.now);
    case 'http':
      return new HttpValuation({
        apiKey: env.AUTOGRAB_API_KEY ?? '',
        ...(env.AUTOGRAB_API_URL ? { apiUrl: env.AUTOGRAB_API_URL } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
