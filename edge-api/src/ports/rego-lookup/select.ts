import { adapterName } from '../adapter-name.ts';
import type { RegoLookupPort } from './port.ts';
import { EmbeddedRegoLookup } from './embedded.ts';
import { HttpRegoLookup } from './http.ts';

/** Adapters of the rego lookup port: the deterministic demo lookup, or AutoGrab's wire format ('http'). */
export const REGO_LOOKUP_ADAPTERS = ['embedded', 'http'] as const;

export type RegoLookupEnv = {
  REGO_LOOKUP_ADAPTER?: string;
  /** Override of https://api.autograb.com.au (tests against a local server); shared by every AutoGrab adapter. */
  AUTOGRAB_API_URL?: string;
  /** The one AutoGrab key (`wrangler secret put AUTOGRAB_API_KEY`), needed by 'http' (ports/autograb/client.ts). */
  AUTOGRAB_API_KEY?: string;
};

/** Picks the rego lookup adapter named by env.REGO_LOOKUP_ADAPTER (default 'embedded'); 'http' without its key throws. */
export function selectRegoLookup(env: RegoLookupEnv, options: { fetch?: typeof fetch; now?: () => number } = {}): RegoLookupPort {
  switch (adapterName('REGO_LOOKUP_ADAPTER', env.REGO_LOOKUP_ADAPTER, REGO_LOOKUP_ADAPTERS)) {
    case 'embedded':
      return new EmbeddedRegoLookup(options.now);
    case 'http':
      return new HttpRegoLookup({
        apiKey: env.AUTOGRAB_API_KEY ?? '',
        ...(env.AUTOGRAB_API_URL ? { apiUrl: env.AUTOGRAB_API_URL } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }
}
