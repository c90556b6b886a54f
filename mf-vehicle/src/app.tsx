import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { VehiclePlaceholder } from './fragments/VehiclePlaceholder.tsx';
import { isVehiclePage, PAGE_TITLES, robotsFor } from './lib/pages.ts';

type AppEnv = { Bindings: Env; Variables: TenantVariables };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
};

/**
 * The mf-vehicle Worker: the vehicle-area pages as fragments (ARCHITECTURE.md "Fragments").
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version }: AppOptions) {
  const app = new Hono<AppEnv>();

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw as never) as never);

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.get('/fragments/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    // No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block.
    if (!isVehiclePage(page)) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const title = PAGE_TITLES[page];
    const body = await renderToReadableStream(<VehiclePlaceholder page={page} config={config} />);
    return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: robotsFor(page), styles }, version });
  });

  app.onError((error, c) => {
    console.error('mf-vehicle error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
