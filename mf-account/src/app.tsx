import { Hono } from 'hono';
import { reportWorkerVersion } from '@forecourt/contracts/releases';
import { anchorSharedLoads } from '@forecourt/contracts/shared-load';
import { tenantMiddleware } from '@forecourt/contracts/tenant-store';
import type { AppEnv } from './routes/context.ts';
import { fragmentRoutes } from './routes/fragments.tsx';
import { leadFormSlotRoutes } from './routes/lead-form.tsx';
import { signInRoutes } from './routes/sign-in.tsx';

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
};

/**
 * The mf-account Worker: the header's account slot, the lead-form slot and the account pages as fragments
 * (ARCHITECTURE.md "Fragments").
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version }: AppOptions) {
  const app = new Hono<AppEnv>();
  // Every answer names the Worker version that made it (the shell counts answers from a version it did not ask for).
  // Per-isolate caches share loads between requests: each runs to completion even if its request ends (shared-load.ts).
  app.use('*', anchorSharedLoads());
  app.use('*', reportWorkerVersion());

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.route('/fragments', leadFormSlotRoutes({ styles, version }));
  app.route('/fragments', signInRoutes({ styles, version }));
  // Last: its `/:page` answers every other name (the header slot, an account page or the protocol's empty 404).
  app.route('/fragments', fragmentRoutes({ styles, version }));

  app.onError((error, c) => {
    console.error('mf-account error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
