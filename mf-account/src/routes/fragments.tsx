import type { ReactNode } from 'react';
import { Hono, type Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { signInPath } from '@forecourt/contracts/routes';
import { AlertsStopPage } from '../account/AlertsStopPage.tsx';
import { loadAccount, loadCars } from '../account/data.ts';
import { GARAGE_SAVED_CARS } from '../account/GarageSavedCars.tsx';
import { compareSelection, garagePath, readMessages, stopToken, WATCHLIST_PATH } from '../account/model.ts';
import { garageCarIds, MyGaragePage } from '../account/MyGaragePage.tsx';
import { WatchlistPage } from '../account/WatchlistPage.tsx';
import { AccountPage } from '../fragments/AccountPage.tsx';
import { headerSlotHtml } from '../fragments/header-slot-html.ts';
import { HEADER_SLOT, PAGE_TITLES, type AccountPage as Page } from '../lib/pages.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/** The header slot is the same for every shopper of a tenant (the count fills in on the client): shareable. */
const HEADER_SLOT_CACHE = 'public, max-age=60';
/** The account pages are personal (the shopper's cars, searches, enquiries; an alert link's token): never kept. */
export const ACCOUNT_PAGE_CACHE = 'private, no-store';

/**
 * `/fragments/*` apart from the lead-form slot and sign-in (routes/lead-form.tsx, routes/sign-in.tsx, mounted before
 * this group because its `/:page` answers every other name):
 * - `GET /header-account`: the header's account slot (empty when the tenant has neither `favourites` nor `watchlist`);
 * - `GET /watchlist`, `GET /my-garage?_garage=`, `GET /alerts-stop?t=`: the account pages (src/account/), `noindex`,
 *   `private, no-store`, reading the shopper's data from edge-api with their cookie forwarded;
 * - any other page: the protocol's empty 404 (the shell draws its standard not-found block).
 */
export function fragmentRoutes({ styles, version }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get(`/${HEADER_SLOT}`, async (c) => {
    const config = c.var.config;
    const head = { title: config.name, styles };
    // Saved cars are per-tenant features (spec §4: hidden when the feature is off): with neither, an empty slot.
    if (!config.features.favourites && !config.features.watchlist) return fragmentResponse('', { head, version, cacheControl: HEADER_SLOT_CACHE });
    // On a `watchlist` site the count is the signed-in shopper's watchlist (the island reads it after hydration). The
    // HTML is HeaderSlot's render written as a string: no React on this answer, asked for on every page (issue 19).
    return fragmentResponse(headerSlotHtml(config.features.watchlist), { head, version, cacheControl: HEADER_SLOT_CACHE });
  });

  /** An account page's answer: its markup, its title, noindex, never stored. */
  const page = async (c: Context<AppEnv>, name: Page, markup: ReactNode) => {
    const config = c.var.config;
    const title = PAGE_TITLES[name];
    return fragmentResponse(await renderToReadableStream(markup), {
      head: { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: 'noindex', styles },
      version,
      cacheControl: ACCOUNT_PAGE_CACHE,
    });
  };

  app.get('/watchlist', async (c) => {
    const config = c.var.config;
    // The server watchlist is a per-tenant switch: off, the cars saved on this device are the list.
    if (!config.features.watchlist) return page(c, 'watchlist', <AccountPage page="watchlist" config={config} />);
    const query = new URL(c.req.url).searchParams;
    const account = await loadAccount(c.env.EDGE_API, config.slug, c.req.header('cookie'));
    if (account.kind !== 'signed-in') {
      const signIn = signInPath('watchlist', WATCHLIST_PATH);
      return page(c, 'watchlist', <AccountPage page="watchlist" config={config} signInHref={signIn} unavailable={account.kind === 'unavailable'} messages={readMessages(query)} />);
    }
    const { summary } = account;
    const cars = await loadCars(c.env, config.slug, summary.watchlist);
    const compare = compareSelection(query, summary.watchlist);
    return page(c, 'watchlist', <WatchlistPage config={config} summary={summary} cars={cars} messages={readMessages(query)} compare={compare} />);
  });

  app.get('/my-garage', async (c) => {
    const config = c.var.config;
    const query = new URL(c.req.url).searchParams;
    // The route the shopper is on (the shell passes its name as `_garage`): the forms come back to it.
    const path = garagePath(query.get('_garage'));
    const messages = readMessages(query);
    const account = await loadAccount(c.env.EDGE_API, config.slug, c.req.header('cookie'));
    if (account.kind !== 'signed-in') return page(c, 'my-garage', <MyGaragePage config={config} path={path} messages={messages} account={account} />);
    const cars = await loadCars(c.env, config.slug, garageCarIds(account.summary, config.features.watchlist, GARAGE_SAVED_CARS));
    return page(c, 'my-garage', <MyGaragePage config={config} path={path} messages={messages} account={{ kind: 'signed-in', summary: account.summary, cars }} />);
  });

  app.get('/alerts-stop', async (c) => {
    const query = new URL(c.req.url).searchParams;
    return page(c, 'alerts-stop', <AlertsStopPage config={c.var.config} token={stopToken(query)} messages={readMessages(query)} />);
  });

  // No such page here (sign-in is routes/sign-in.tsx's, the account pages are above): the empty 404 of the fragment
  // protocol; the shell draws its standard not-found block.
  app.get('/:page', (c) => notFoundFragment({ head: { title: `Page not found | ${c.var.config.name}`, robots: 'noindex' }, version }));

  return app;
}
