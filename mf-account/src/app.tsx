// hono/quick: the same Hono with a router that needs no build on the isolate's first request (LinearRouter), not the
// default RegExpRouter (or the TrieRouter it falls back to), which builds its matcher from every route then (issue 19, cold
// start: seen in the first-request profile). The route table is a dozen routes, matched linearly in microseconds; none
// has both a parameter and a wildcard, which LinearRouter refuses (app.test.tsx checks every route).
import { Hono } from 'hono/quick';
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
