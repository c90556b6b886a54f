import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse } from '@forecourt/contracts/fragments';
import { SLOTS } from '@forecourt/contracts/slots';
import { ReviewsSummary } from '../fragments/ReviewsSummary.tsx';
import { reviewsSummary } from '../lib/reviews-summary.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/** The same for every shopper of a tenant; it changes only when the tenant's data does (no clock in it). */
export const REVIEWS_SUMMARY_CACHE = 'public, max-age=300';

/**
 * `GET /reviews-summary` (contracts SLOTS.reviewsSummary; mounted under `/fragments`): the home page's 'What our
 * customers say' (../lib/reviews-summary.ts) with this remote's stylesheet in the head. Where spec §5 hides the
 * Reviews block (tenant `reviews` off, no reviews, an average not above 4): an empty fragment, so the host shows no
 * section. The slot has no params (the host only places it); a query is ignored.
 */
export function reviewsSummaryRoutes({ styles, version }: Pick<RouteOptions, 'styles' | 'version'>) {
  const app = new Hono<AppEnv>();

  app.get(`/${SLOTS.reviewsSummary.page}`, async (c) => {
    const config = c.var.config;
    const summary = reviewsSummary(config, await c.var.store.data(config.slug));
    const body = summary ? await renderToReadableStream(<ReviewsSummary summary={summary} />) : '';
    return fragmentResponse(body, { head: { title: `Reviews | ${config.name}`, styles }, version, cacheControl: REVIEWS_SUMMARY_CACHE });
  });

  return app;
}
