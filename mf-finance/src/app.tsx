import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { FinancePlaceholder } from './fragments/FinancePlaceholder.tsx';
import { isFinancePage, PAGE_TITLES } from './lib/pages.ts';

type AppEnv = { Bindings: Env; Variables: TenantVariables };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
};

/**
 * The mf-finance Worker: the finance pages as fragments (ARCHITECTURE.md "Fragments").
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
    if (!isFinancePage(page)) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const title = PAGE_TITLES[page];
    const body = await renderToReadableStream(<FinancePlaceholder page={page} config={config} />);
    // Placeholders are thin pages: kept out of search results until the finance pages land.
    return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: 'noindex', styles }, version });
  });

  app.onError((error, c) => {
    console.error('mf-finance error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
