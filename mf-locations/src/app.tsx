import { Hono } from 'hono';
import { reportWorkerVersion } from '@forecourt/contracts/releases';
import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import { tenantMiddleware } from '@forecourt/contracts/tenant-store';
import type { AppEnv } from './routes/context.ts';
import { fragmentRoutes } from './routes/fragments.tsx';
import { locationsSummaryRoutes } from './routes/locations-summary.tsx';
import { reviewsSummaryRoutes } from './routes/reviews-summary.tsx';

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
  /** The clock the pages read ('Open now', today's hours); default the request's time. Tests pass a fixed one. */
  now?: () => Date;
};

/**
 * The mf-locations Worker: locations, contact, service and parts pages and the home page's locations and reviews
 * summary slots as fragments (ARCHITECTURE.md "Fragments").
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version, now = () => new Date() }: AppOptions) {
  const app = new Hono<AppEnv>();
  // Every answer names the Worker version that made it (the shell counts answers from a version it did not ask for).
  // Per-isolate caches share loads between requests: each runs to completion even if its request ends (shared-load.ts).
  app.use('*', anchorSharedLoads());
  app.use('*', reportWorkerVersion());

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.route('/fragments', locationsSummaryRoutes({ styles, version, now }));
  app.route('/fragments', reviewsSummaryRoutes({ styles, version }));
  // Last: its `/:page` answers every other name (a page of the route table or the protocol's empty 404).
  app.route('/fragments', fragmentRoutes({ styles, version, now }));

  app.onError((error, c) => {
    console.error('mf-locations error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
