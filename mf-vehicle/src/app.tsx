import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import type { ReactNode } from 'react';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import type { Car } from '@forecourt/contracts/entities/car';
import { isPurchasable } from '@forecourt/contracts/entities/car';
import { priceDisplay } from '@forecourt/contracts/display';
import { calculatorConfigOf, calculatorSlotParams } from '@forecourt/contracts/finance-calculator';
import { slotFor } from '@forecourt/contracts/slots';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { LeadPage } from './fragments/LeadPage.tsx';
import { NotFoundCar } from './fragments/NotFoundCar.tsx';
import { PrintPage } from './fragments/PrintPage.tsx';
import { FINANCE_SLOT_ID, VehiclePage } from './fragments/VehiclePage.tsx';
import { checkoutCarSlug, checkoutFragment, isCheckoutPage, withReservation } from './checkout/index.ts';
import { vehicleApi } from './routes/api.ts';
import { carJsonLd, siteHref } from './lib/car-view.ts';
import { loadCar, loadMarketPrice } from './lib/car-source.ts';
import { deliveryView } from './lib/delivery-view.ts';
import { dialogFormSlots, pageFormSlot } from './lib/lead-forms.ts';
import { isVehiclePage, robotsFor } from './lib/pages.ts';
import { marketPanel, marketPriceEligible } from './lib/rules.ts';

type AppEnv = { Bindings: Env; Variables: TenantVariables };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
  /** Clock of the page (registration expiry); tests pin it. */
  now?: () => Date;
};

/**
 * The mf-vehicle Worker: the vehicle-area pages as fragments (ARCHITECTURE.md "Fragments") and `/api/vehicle/*`.
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version, now = () => new Date() }: AppOptions) {
  const app = new Hono<AppEnv>();

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.route('/api/vehicle', vehicleApi);

  const html = async (node: ReactNode, head: FragmentHead, status = 200) => fragmentResponse(await renderToReadableStream(node), { status, head: { styles, ...head }, version });

  app.get('/fragments/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    // No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block.
    if (!isVehiclePage(page)) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const notFound = (slug: string) => html(<NotFoundCar slug={slug} config={config} />, { title: `Car not found | ${config.name}`, robots: 'noindex' }, 404);
    const carFor = async (slug: string | undefined): Promise<Car | null> => {
      if (!slug) return null;
      const found = await loadCar(c.env.SEARCH, config.slug, slug);
      return found.kind === 'found' ? found.car : null;
    };

    if (page === 'vehicle') {
      const slug = c.req.query('_slug') ?? '';
      const found = await loadCar(c.env.SEARCH, config.slug, slug);
      if (found.kind === 'not-found') return notFound(slug);
      // Critical data is the car; the rest is deferred and never fails the page (Hydrogen's split, STYLE.md).
      const [car, data, feedMarket, delivery] = await Promise.all([
        // Reserved as soon as edge-api holds a paid reservation, not only when the feed says so (src/checkout).
        withReservation(c.env.EDGE_API, config.slug, found.car).catch(() => found.car),
        c.var.store.data(config.slug).catch(() => null),
        marketPriceEligible(found.car, config.features) ? loadMarketPrice(c.env.EDGE_API, config.slug, found.car) : Promise.resolve(null),
        config.features.delivery_calculator && c.req.query('postcode') !== undefined ? deliveryView(c.env.EDGE_API, config.slug, found.car, c.req.query('postcode') ?? '') : Promise.resolve(null),
      ]);
      // Spec §5: no market panel for a reserved car (known only once the reservation lookup answered).
      const market = car.reserved ? null : feedMarket;
      const locations = data?.locations ?? [];
      const canonical = siteHref(config, `/cars/${car.slug}`);
      const image = car.images[0]?.image.url ?? car.primary_image_url;
      const location = locations.find((l) => l.id === (car.location_id ?? car.location?.id)) ?? null;
      const price = priceDisplay(car);
      const head: FragmentHead = {
        title: `${car.name} | ${config.name}`,
        description: `${car.name} for ${price.text} at ${car.dealership_name || config.name}${car.city ? `, ${car.city}` : ''}. ${car.km > 0 ? `${car.km.toLocaleString('en-AU')} km. ` : ''}Enquire, book a test drive or get finance online.`.slice(0, 1000),
        jsonLd: [carJsonLd(car, config, location, canonical)],
        ...(canonical ? { canonical } : {}),
        ...(image ? { ogImage: config.site_url ? new URL(image, config.site_url).toString() : image } : {}),
        // Other remotes' parts of the page (contracts SLOTS): the finance calculator with the car's lender figures, and
        // the dialogs' lead forms (mf-account).
        slots: [
          ...(isPurchasable(car) && !car.sold
            ? [slotFor('financeCalculator', FINANCE_SLOT_ID, calculatorSlotParams(car, { hiddenDealerships: calculatorConfigOf(config.finance).hidden_dealerships, now: now() }))]
            : []),
          ...dialogFormSlots(car, config, locations),
        ],
      };
      return html(
        <VehiclePage
          car={car}
          config={config}
          locations={locations}
          market={marketPanel(market)}
          now={now()}
          delivery={delivery ? { postcode: c.req.query('postcode') ?? '', view: delivery } : null}
        />,
        head,
      );
    }

    if (page === 'print') {
      const slug = c.req.query('car_id') ?? '';
      const car = await carFor(slug);
      if (!car) return notFound(slug);
      return html(<PrintPage car={car} config={config} now={now()} />, { title: `Print: ${car.name} | ${config.name}`, robots: robotsFor(page) });
    }

    if (page === 'test-drive' || page === 'trade-in') {
      const slug = c.req.query('car_id');
      const car = await carFor(slug);
      const sell = page === 'trade-in' && c.req.query('_journey') === 'sell-my-car';
      const form = page === 'test-drive' ? 'test-drive' : sell ? 'sell-my-car' : 'trade-in';
      const data = form === 'test-drive' ? await c.var.store.data(config.slug).catch(() => null) : null;
      const slot = pageFormSlot(form, car, config, data?.locations ?? [], new URL(c.req.url).searchParams);
      const title = form === 'test-drive' ? 'Book a test drive' : form === 'sell-my-car' ? 'Sell my car' : 'Trade-in valuation';
      const intro =
        form === 'test-drive'
          ? car
            ? `Tell us when suits you and we'll have the ${car.name} ready.`
            : "Tell us which car you'd like to drive and when suits you."
          : form === 'sell-my-car'
            ? "Tell us about your car and we'll be in touch with an offer, usually the same or next business day."
            : car
              ? `Trading in against the ${car.name}? Tell us about your car and we'll get back to you with a valuation.`
              : "Tell us about your car and we'll get back to you with a valuation, usually the same or next business day.";
      return html(<LeadPage title={title} intro={intro} car={car} />, { title: `${title} | ${config.name}`, description: intro, robots: car ? 'noindex' : 'index, follow', slots: [slot] });
    }

    if (isCheckoutPage(page)) {
      // Reserve / buy online (src/checkout, its README "Wiring").
      const params = new URL(c.req.url).searchParams;
      const car = await carFor(checkoutCarSlug(page, params) ?? undefined);
      const view = await checkoutFragment(page, { config, car, params, edge: c.env.EDGE_API });
      return html(view.element, view.head, view.status);
    }
    return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
  });

  app.onError((error, c) => {
    console.error('mf-vehicle error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
