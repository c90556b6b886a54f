import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import { LocationsPage } from '../fragments/LocationsPage.tsx';
import { pageView } from '../lib/pages.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/**
 * `/fragments/*`, the pages the shell composes (ARCHITECTURE.md "Fragments"; the locations summary slot is
 * routes/locations-summary.tsx's, mounted before this group):
 * - `GET /:page` (`locations`, `dealer-locator`, `contact`, `location`, `service`, `parts`; `_slug` and the page's
 *   query as the shell sends them): the page, its head (title, description, robots, JSON-LD, the contact form's slot);
 * - an unknown page, location or contact slug: the protocol's empty 404 (the shell draws its not-found block).
 */
export function fragmentRoutes({ styles, version, now }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get('/:page', async (c) => {
    const config = c.var.config;
    const data = await c.var.store.data(config.slug);
    const view = pageView(c.req.param('page'), new URL(c.req.url).searchParams, config, data, now());
    // Unknown page, location or contact slug: the empty 404 of the fragment protocol; the shell draws its not-found block.
    if (view.kind === 'not-found') return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const head: FragmentHead = { title: `${view.title} | ${config.name}`, description: view.description, styles };
    if (view.robots) head.robots = view.robots;
    if (view.jsonLd) head.jsonLd = view.jsonLd;
    if (view.contactForm) head.slots = [view.contactForm];
    return fragmentResponse(await renderToReadableStream(<LocationsPage view={view} config={config} />), { head, version });
  });

  return app;
}
