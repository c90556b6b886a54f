import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { encodeFragmentHead, FRAGMENT_HEAD_HEADER, type FragmentHead } from '@forecourt/contracts/fragments';
import { TENANT_HEADER, type SiteConfig } from '@forecourt/contracts/tenant';
import { createTenantStore, type TenantStore } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { AccountPage } from './fragments/AccountPage.tsx';
import { HeaderSlot } from './fragments/HeaderSlot.tsx';
import { NotFound } from './fragments/NotFound.tsx';
import { HEADER_SLOT, isAccountPage, PAGE_TITLES } from './lib/pages.ts';

type AppEnv = { Bindings: Env; Variables: { config: SiteConfig } };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
};

/**
 * The mf-account Worker: the header's account slot and the account pages as fragments (ARCHITECTURE.md "Fragments").
 * @example export default createApp({ styles: assetManifest.css })
 */
export function createApp({ styles }: AppOptions) {
  let store: TenantStore | undefined;
  const app = new Hono<AppEnv>();

  /** Streams a server-rendered fragment with its head in the fragment header. */
  async function fragment(c: Context<AppEnv>, status: 200 | 404, head: Omit<FragmentHead, 'styles'>, element: ReactElement, cacheControl = 'private, no-store') {
    const stream = await renderToReadableStream(element);
    return c.body(stream as never, status, {
      'content-type': 'text/html; charset=utf-8',
      [FRAGMENT_HEAD_HEADER]: encodeFragmentHead({ ...head, styles }),
      'cache-control': cacheControl,
    });
  }

  // The header slot is the same for every shopper of a tenant (the count fills in on the client): shareable.
  const HEADER_SLOT_CACHE = 'public, max-age=60';

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw as never) as never);

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', async (c, next) => {
    const slug = c.req.header(TENANT_HEADER);
    store ??= createTenantStore(c.env.CONFIG as never);
    const config = slug ? await store.config(slug) : null;
    if (!config) return c.json({ error: 'Unknown site.' }, 404);
    c.set('config', config);
    await next();
  });

  app.get(`/fragments/${HEADER_SLOT}`, async (c) => {
    const config = c.var.config;
    // Favourites are a per-tenant feature (spec §4 Watchlist toggle: hidden when the feature is off).
    if (!config.features.favourites) {
      return c.body('', 200, { 'content-type': 'text/html; charset=utf-8', [FRAGMENT_HEAD_HEADER]: encodeFragmentHead({ title: config.name, styles }), 'cache-control': HEADER_SLOT_CACHE });
    }
    return fragment(c, 200, { title: config.name }, <HeaderSlot />, HEADER_SLOT_CACHE);
  });

  app.get('/fragments/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    if (!isAccountPage(page)) return fragment(c, 404, { title: `Page not found | ${config.name}`, robots: 'noindex' }, <NotFound />);
    const title = PAGE_TITLES[page];
    // Account pages are personal: never indexed.
    return fragment(c, 200, { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: 'noindex' }, <AccountPage page={page} config={config} />);
  });

  app.onError((error, c) => {
    console.error('mf-account error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
