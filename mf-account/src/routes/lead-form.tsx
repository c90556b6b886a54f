import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { SlotLeadForm } from '../fragments/SlotLeadForm.tsx';
import { slotForm } from '../lead-form/forms.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/** A lead form changes only with the tenant's config and data (an offer ending is picked up within the minute). */
const LEAD_FORM_SLOT_CACHE = 'public, max-age=60';

/**
 * `GET /lead-form?form=&id=&...` (contracts SLOTS.leadForm; mounted under `/fragments`): a form of the kit in another
 * part's page. The same for every shopper of the tenant, so shareable for a minute: the per-render lead id is the
 * shell's (LEAD_ID_RENDER_TOKEN). Params the contract refuses (host and owner disagree) give the empty 404: no form.
 */
export function leadFormSlotRoutes({ styles, version }: RouteOptions) {
  const app = new Hono<AppEnv>();

  app.get(`/${SLOTS.leadForm.page}`, async (c) => {
    const config = c.var.config;
    const params = readSlotParams('leadForm', new URL(c.req.url).searchParams);
    if (!params.success) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const data = await c.var.store.data(config.slug).catch(() => null);
    const form = slotForm(params.output, config, { locations: data?.locations ?? [], offers: data?.offers ?? [] }, LEAD_ID_RENDER_TOKEN);
    return fragmentResponse(await renderToReadableStream(<SlotLeadForm form={form} />), { head: { title: form.title, styles }, version, cacheControl: LEAD_FORM_SLOT_CACHE });
  });

  return app;
}
