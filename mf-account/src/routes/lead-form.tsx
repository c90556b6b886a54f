import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { pageCacheTags, withCacheTags } from '@forecourt/contracts/page-cache';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { SlotLeadForm } from '../fragments/SlotLeadForm.tsx';
import { slotForm } from '../lead-form/forms.ts';
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
    const form = slotForm(params.output, config, { locations: data?.locations ?? [], offers: data?.offers ?? [] });
    const response = fragmentResponse(await renderToReadableStream(<SlotLeadForm form={form} />), { head: { title: form.title, styles }, version, cacheControl: LEAD_FORM_SLOT_CACHE });
    return withCacheTags(response, params.output.car_id ? [pageCacheTags.car(config.slug, params.output.car_id)] : []);
  });

  return app;
}
