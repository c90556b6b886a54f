import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { locationBlockParamsAgree } from '@forecourt/contracts/location-block';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { LocationsSummary } from '../fragments/LocationsSummary.tsx';
import { locationsSummary } from '../lib/summary.ts';
import { readLocationsData } from '../lib/locations-data.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/**
 * The same for every shopper of a tenant, so shareable, but only briefly: 'Open now' and today's hours change with the
 * clock (and at midnight, with the date).
 */
export const LOCATIONS_SUMMARY_CACHE = 'public, max-age=60';

/**
 * `GET /locations-summary?show=&id=&manufacturer=&subtype=&include=&exclude=&layout=&limit=` (contracts
 * SLOTS.locationsSummary; mounted under `/fragments`): the location block or the 'Our Locations' carousel (../lib/block.ts)
 * with its stylesheet in the head. Params the contract refuses, or `show=id` without its `id` (host and owner disagree):
 * the protocol's empty 404, so the host shows no section. No location to show: an empty fragment.
 */
export function locationsSummaryRoutes({ styles, version, now }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get(`/${SLOTS.locationsSummary.page}`, async (c) => {
    const config = c.var.config;
    const params = readSlotParams('locationsSummary', new URL(c.req.url).searchParams);
    if (!params.success || !locationBlockParamsAgree(params.output)) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const summary = locationsSummary(config, await readLocationsData(c.var.store, config.slug), params.output, now());
    const body = summary.cards.length ? await renderToReadableStream(<LocationsSummary summary={summary} />) : '';
    return fragmentResponse(body, { head: { title: `Our locations | ${config.name}`, styles }, version, cacheControl: LOCATIONS_SUMMARY_CACHE });
  });

  return app;
}
