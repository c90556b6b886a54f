import { Hono } from 'hono';
import { apiPrefixOf } from '@forecourt/contracts/api-owners';
import { reportWorkerVersion } from '@forecourt/contracts/releases';
import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import { tenantMiddleware } from '@forecourt/contracts/tenant-store';
import { selectCarPdf } from './pdf/index.ts';
import { vehicleApi } from './routes/api.ts';
import type { AppEnv, CarPdfFor } from './routes/context.ts';
import { fragmentRoutes } from './routes/fragments.tsx';

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
  /** Clock of the page (registration expiry); tests pin it. */
  now?: () => Date;
  /**
   * The PDF port for a request's env (default: `selectCarPdf`, the adapter env.PDF_ADAPTER names: the embedded writer,
   * or Cloudflare Browser Rendering). Called per request: a misconfigured adapter is that request's logged 500.
   */
  pdf?: CarPdfFor;
};

/**
 * The mf-vehicle Worker: the vehicle-area pages as fragments (ARCHITECTURE.md "Fragments") and `/api/vehicle/*`.
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version, now = () => new Date(), pdf = selectCarPdf }: AppOptions) {
  const app = new Hono<AppEnv>();
  // Every answer names the Worker version that made it (the shell counts answers from a version it did not ask for).
  // Per-isolate caches share loads between requests: each runs to completion even if its request ends (shared-load.ts).
  app.use('*', anchorSharedLoads());
  app.use('*', reportWorkerVersion());

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.route(apiPrefixOf('mf-vehicle'), vehicleApi({ pdf }));
  app.route('/fragments', fragmentRoutes({ styles, version, now }));

  app.onError((error, c) => {
    console.error('mf-vehicle error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
