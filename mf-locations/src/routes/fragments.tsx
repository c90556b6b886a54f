import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import { LocationsPage } from '../fragments/LocationsPage.tsx';
import { pageView } from '../lib/pages.ts';
import { readLocationsData } from '../lib/locations-data.ts';
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';
import { lookupPlace, readLocatorParams } from '../lib/locator.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/**
 * `/fragments/*`, the pages the shell composes (ARCHITECTURE.md "Fragments"; the locations summary and reviews summary
 * slots are routes/locations-summary.tsx's and routes/reviews-summary.tsx's, mounted before this group):
 * - `GET /:page` (`locations`, `dealer-locator`, `contact`, `location`, `service`, `parts`; `_slug` and the page's
 *   query as the shell sends them): the page, its head (title, description, robots, JSON-LD, the contact form's slot);
 * - an unknown page, location or contact slug: the protocol's empty 404 (the shell draws its not-found block).
 */
export function fragmentRoutes({ styles, version, now }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get('/:page', async (c) => {
    const config = c.var.config;
    const data = await readLocationsData(c.var.store, config.slug);
    const page = c.req.param('page');
    const params = new URL(c.req.url).searchParams;
    // The dealer locator first looks up the shopper's place (edge-api's geocoding port; LOCATOR_LIMITER per tenant and client).
    const place =
      page === 'dealer-locator'
        ? await lookupPlace(readLocatorParams(params), { edge: c.env.EDGE_API, limiter: c.env.LOCATOR_LIMITER, tenant: config.slug, clientKey: rateLimitAddress(c.req.header(CLIENT_IP_HEADER)) })
        : undefined;
    const view = pageView(page, params, config, data, now(), place ? { place } : {});
    // Unknown page, location or contact slug: the empty 404 of the fragment protocol; the shell draws its not-found block.
    if (view.kind === 'not-found') return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const head: FragmentHead = { title: `${view.title} | ${config.name}`, description: view.description, styles };
    if (view.kind === 'locations') {
      // Indexable; a filtered or located page (a shopper's search) names the bare page as canonical.
      if (view.canonical) head.canonical = view.canonical;
      return fragmentResponse(await renderToReadableStream(<LocationsPage view={view} config={config} />), { head, version });
    }
    // A location's page: `/locations/{slug}` whichever route or `?type=` reached it.
    if (view.kind === 'location' && view.canonical) head.canonical = view.canonical;
    if (view.robots) head.robots = view.robots;
    if (view.jsonLd) head.jsonLd = view.jsonLd;
    if (view.contactForm) head.slots = [view.contactForm];
    return fragmentResponse(await renderToReadableStream(<LocationsPage view={view} config={config} />), { head, version });
  });

  return app;
}
