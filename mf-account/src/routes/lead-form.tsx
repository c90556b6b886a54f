import { Hono } from 'hono';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { pageCacheTags, withCacheTags } from '@forecourt/contracts/page-cache';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { renderSlotLeadForm } from '../lead-form/slot-cache.tsx';
import type { AppEnv, RouteOptions } from './context.ts';

/** A lead form changes only with the tenant's config and data (an offer ending is picked up within the minute). */
const LEAD_FORM_SLOT_CACHE = 'public, max-age=60';

/**
 * `GET /lead-form?form=&id=&...` (contracts SLOTS.leadForm; mounted under `/fragments`): a form of the kit in another
 * part's page. The same for every shopper of the tenant, so shareable for a minute, and the page holding it too: the
 * no-JavaScript form carries no lead id (edge-api mints it from the submission when it is posted), the island mints its
 * own. A form about a car names the car's cache tag (contracts page-cache.ts), so the car page's purge drops it too.
 * Params the contract refuses (host and owner disagree) give the empty 404: no form.
 */
export function leadFormSlotRoutes({ styles, version }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get(`/${SLOTS.leadForm.page}`, async (c) => {
    const config = c.var.config;
    const params = readSlotParams('leadForm', new URL(c.req.url).searchParams);
    if (!params.success) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const data = await c.var.store.data(config.slug).catch(() => null);
    // Rendered from the isolate's template of this form's shape, the car's texts written in (lead-form/slot-cache.tsx):
    // the same bytes as a fresh render, a fraction of its CPU (issue 19).
    const { title, html } = renderSlotLeadForm(params.output, config, { locations: data?.locations ?? [], offers: data?.offers ?? [] });
    const response = fragmentResponse(html, { head: { title, styles }, version, cacheControl: LEAD_FORM_SLOT_CACHE });
    return withCacheTags(response, params.output.car_id ? [pageCacheTags.car(config.slug, params.output.car_id)] : []);
  });

  return app;
}
