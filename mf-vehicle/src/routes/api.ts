import { Hono } from 'hono';
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';
import { loadCar } from '../lib/car-source.ts';
import { deliveryView } from '../lib/delivery-view.ts';
import { PdfRenderError, printPageUrl } from '../pdf/index.ts';
import type { AppEnv, CarPdfFor } from './context.ts';

export const VEHICLE_API_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again in a minute.';

/**
 * `/api/vehicle/*` (the shell proxies it with the tenant set), 20 calls a minute per tenant and client IP (429 past it,
 * wrangler.jsonc `ratelimits` VEHICLE_API_LIMITER):
 * - `GET /delivery?postcode=&car_id=<slug>`: the delivery calculator (spec §7 Delivery cost by postcode) through
 *   edge-api's delivery port, from the car's location postcode; answers a DeliveryView.
 * - `GET /pdf?car_id=<slug>`: the car as a PDF (spec §7 PDF by slug) through the PDF port `pdf` gives for the request's
 *   env (`createApp`'s `pdf` option; by default `selectCarPdf`, env PDF_ADAPTER); a failed render is a 502 whose `error`
 *   the print page alerts (spec §8 PDF failure).
 */
export function vehicleApi({ pdf }: { pdf: CarPdfFor }) {
  return new Hono<AppEnv>()
    // Each call may cost a provider call (a delivery quote, a rendered PDF): limited per tenant and client IP first.
    .use('*', async (c, next) => {
      const ip = rateLimitAddress(c.req.header(CLIENT_IP_HEADER)) ?? 'unknown';
      const { success } = await c.env.VEHICLE_API_LIMITER.limit({ key: `${c.var.config.slug}:${ip}` });
      if (!success) return c.json({ error: VEHICLE_API_RATE_LIMIT_MESSAGE }, 429, { 'retry-after': '60', 'cache-control': 'no-store' });
      await next();
    })
    .get('/delivery', async (c) => {
      const config = c.var.config;
      if (!config.features.delivery_calculator) return c.json({ error: 'Delivery estimates are not offered here.' }, 404);
      const found = await loadCar(c.env.SEARCH, config.slug, c.req.query('car_id') ?? '');
      if (found.kind === 'not-found') return c.json({ error: 'No such car.' }, 404);
      const view = await deliveryView(c.env.EDGE_API, config.slug, found.car, c.req.query('postcode') ?? '');
      return c.json(view, view.kind === 'error' ? 400 : 200, { 'cache-control': 'no-store' });
    })
    .get('/pdf', async (c) => {
      const config = c.var.config;
      // A misconfigured adapter (unknown name, missing secret) throws here: a logged 500, never a silent fallback.
      const port = pdf(c.env);
      const found = await loadCar(c.env.SEARCH, config.slug, c.req.query('car_id') ?? '');
      if (found.kind === 'not-found') return c.json({ error: 'No such car.' }, 404);
      let bytes: Uint8Array<ArrayBuffer>;
      try {
        bytes = await port.render({ tenant: config, car: found.car, printUrl: printPageUrl(config, found.car.slug) });
      } catch (error) {
        if (!(error instanceof PdfRenderError)) throw error;
        console.error('mf-vehicle pdf failed', config.slug, found.car.slug, error.reason);
        return c.json({ error: error.message }, 502, { 'cache-control': 'no-store' });
      }
      return c.body(bytes, 200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${found.car.slug}.pdf"`, 'cache-control': 'no-store' });
    });
}
