import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { AccountPage } from '../fragments/AccountPage.tsx';
import { HeaderSlot } from '../fragments/HeaderSlot.tsx';
import { HEADER_SLOT, isAccountPage, PAGE_TITLES } from '../lib/pages.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/** The header slot is the same for every shopper of a tenant (the count fills in on the client): shareable. */
const HEADER_SLOT_CACHE = 'public, max-age=60';

/**
 * `/fragments/*` apart from the lead-form slot and sign-in (routes/lead-form.tsx, routes/sign-in.tsx, mounted before
 * this group because its `/:page` answers every other name):
 * - `GET /header-account`: the header's account slot (empty when the tenant's `favourites` feature is off);
 * - `GET /:page`: the account pages (watchlist, my-garage), `noindex`;
 * - any other page: the protocol's empty 404 (the shell draws its standard not-found block).
 */
export function fragmentRoutes({ styles, version }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get(`/${HEADER_SLOT}`, async (c) => {
    const config = c.var.config;
    const head = { title: config.name, styles };
    // Favourites are a per-tenant feature (spec §4 Watchlist toggle: hidden when the feature is off): an empty slot.
    if (!config.features.favourites) return fragmentResponse('', { head, version, cacheControl: HEADER_SLOT_CACHE });
    return fragmentResponse(await renderToReadableStream(<HeaderSlot />), { head, version, cacheControl: HEADER_SLOT_CACHE });
  });

  app.get('/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    // No such page here (sign-in is routes/sign-in.tsx's): the empty 404 of the fragment protocol; the shell draws its
    // standard not-found block.
    // My Garage is switched off (the protocol's 404) until the account issue builds it: no placeholder page.
    if (!isAccountPage(page) || page === 'sign-in' || page === 'my-garage') return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const title = PAGE_TITLES[page];
    const body = await renderToReadableStream(<AccountPage page={page} config={config} />);
    // Account pages are personal: never indexed.
    return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: 'noindex', styles }, version });
  });

  return app;
}
