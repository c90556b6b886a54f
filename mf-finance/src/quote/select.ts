import type { QuickQuotePort } from './port.ts';
import { EmbeddedQuickQuote } from './embedded.ts';
import { HttpQuickQuote } from './http.ts';

/** Adapters of the quick-quote port: the local stand-in, or YouX over HTTP. */
export const QUICK_QUOTE_ADAPTERS = ['embedded', 'http'] as const;

export type QuickQuoteEnv = {
  /** 'embedded' (default) or 'http'. */
  YOUX_ADAPTER?: string;
  /** YouX quick-quote endpoint, needed by 'http'. */
  YOUX_QUOTE_URL?: string;
  /** Worker secret (`wrangler secret put YOUX_API_KEY`), needed by 'http'. */
  YOUX_API_KEY?: string;
};

/** Picks the adapter named by env.YOUX_ADAPTER; an unknown name or a missing secret fails loudly, never silently. */
export function selectQuickQuote(env: QuickQuoteEnv): QuickQuotePort {
  const name = env.YOUX_ADAPTER?.trim() || 'embedded';
  switch (name) {
    case 'embedded':
      return new EmbeddedQuickQuote();
    case 'http':
      return new HttpQuickQuote({ url: env.YOUX_QUOTE_URL ?? '', apiKey: env.YOUX_API_KEY ?? '' });
    default:
      throw new Error(`YOUX_ADAPTER="${name}" is not an available adapter (available: ${QUICK_QUOTE_ADAPTERS.join(', ')}).`);
  }
}
