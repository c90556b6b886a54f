import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { LocationsPage } from './fragments/LocationsPage.tsx';
import { pageView } from './lib/pages.ts';

type AppEnv = { Bindings: Env; Variables: TenantVariables };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
};

/**
 * The mf-locations Worker: locations, contact, service and parts pages as fragments (ARCHITECTURE.md "Fragments").
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version }: AppOptions) {
  const app = new Hono<AppEnv>();

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.get('/fragments/:page', async (c) => {
    const config = c.var.config;
    const data = await c.var.store.data(config.slug);
    const view = pageView(c.req.param('page'), new URL(c.req.url).searchParams, config, data);
    // Unknown page, location or contact slug: the empty 404 of the fragment protocol; the shell draws its not-found block.
    if (view.kind === 'not-found') return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const head: FragmentHead = { title: `${view.title} | ${config.name}`, description: view.description, styles };
    if (view.robots) head.robots = view.robots;
    if (view.jsonLd) head.jsonLd = view.jsonLd;
    if (view.contactForm) head.slots = [view.contactForm];
    return fragmentResponse(await renderToReadableStream(<LocationsPage view={view} config={config} />), { head, version });
  });

  app.onError((error, c) => {
    console.error('mf-locations error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
