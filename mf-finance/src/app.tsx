import { Hono } from 'hono';
import { apiPrefixOf } from '@forecourt/contracts/api-owners';
import { reportWorkerVersion } from '@forecourt/contracts/releases';
import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import { tenantMiddleware } from '@forecourt/contracts/tenant-store';
import { selectQuickQuote } from './quote/select.ts';
import type { AppEnv, QuickQuoteFor } from './routes/context.ts';
import { fragmentRoutes } from './routes/fragments.tsx';
import { preapprovalRoutes } from './routes/preapproval.ts';
import { quoteRoutes } from './routes/quote.ts';

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
  /**
   * The quick-quote port for a request's env (default: `selectQuickQuote`, edge-api's YouX port over the EDGE_API
   * service binding as contracts' INTERNAL.quickQuote); tests fake edge-api here.
   */
  quickQuote?: QuickQuoteFor;
};

/**
 * The mf-finance Worker: the finance pages and the finance calculator slot as fragments (ARCHITECTURE.md "Fragments"),
 * `/api/finance/quote` and `/api/finance/preapproval` (the instant pre-approval's steps).
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version, quickQuote = selectQuickQuote }: AppOptions) {
  const app = new Hono<AppEnv>();
  // Every answer names the Worker version that made it (the shell counts answers from a version it did not ask for).
  // Per-isolate caches share loads between requests: each runs to completion even if its request ends (shared-load.ts).
  app.use('*', anchorSharedLoads());
  app.use('*', reportWorkerVersion());

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.route(`${apiPrefixOf('mf-finance')}/quote`, quoteRoutes(quickQuote));
  app.route(`${apiPrefixOf('mf-finance')}/preapproval`, preapprovalRoutes(quickQuote));
  app.route('/fragments', fragmentRoutes({ styles, version, quickQuote }));

  app.onError((error, c) => {
    console.error('mf-finance error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
