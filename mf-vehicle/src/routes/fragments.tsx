import { Hono, type Context } from 'hono';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { fragmentResponse, notFoundFragment, type FragmentHead } from '@forecourt/contracts/fragments';
import type { Car } from '@forecourt/contracts/entities/car';
import { isPurchasable } from '@forecourt/contracts/entities/car';
import { formatNumber, priceDisplay } from '@forecourt/contracts/display';
import { calculatorSlotParams } from '@forecourt/contracts/finance-calculator';
import { SimilarCarsSlotParamsSchema, slotFor } from '@forecourt/contracts/slots';
import * as v from 'valibot';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { checkoutCarSlug, checkoutFragment, isCheckoutPage, type CheckoutPageName } from '../checkout/index.ts';
import { galleryPreload, gallerySlides } from '../gallery/index.ts';
import { LeadPage } from '../fragments/LeadPage.tsx';
import { tradeInFragment } from '../trade-in/index.ts';
import { NotFoundCar } from '../fragments/NotFoundCar.tsx';
import { PrintPage } from '../fragments/PrintPage.tsx';
import { FINANCE_SLOT_ID, LOCATION_SLOT_ID, locationSlotParams, SIMILAR_SLOT_ID, VehiclePage } from '../fragments/VehiclePage.tsx';
import { postsForCar, type TenantContent } from '@forecourt/contracts/content';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import { carJsonLd, siteHref } from '../lib/car-view.ts';
import { loadCar, loadMarketPrice } from '../lib/car-source.ts';
import { deliveryView } from '../lib/delivery-view.ts';
import { dialogFormSlots, pageFormSlot } from '../lib/lead-forms.ts';
import { contextLocation } from '../lib/locations.ts';
import { isVehiclePage, robotsFor } from '../lib/pages.ts';
import { withCacheTags } from '@forecourt/contracts/page-cache';
import { carPageCacheControl, carPageTags, PRINT_PAGE_CACHE, withKnownReservation } from '../lib/page-cache.ts';
import { marketPanel, marketPriceEligible } from '../lib/rules.ts';
import type { AppEnv, RouteOptions } from './context.ts';

type RouteContext = Context<AppEnv>;

/**
 * The car page's element and head for a car and what was read beside it (the route below reads them; also the
 * isolate's warm-up, ../warm-up.ts, which renders a made-up car through exactly this with no I/O and no Response).
 */
export function vehicleFragment(opts: {
  config: SiteConfig;
  car: Car;
  /** Whether edge-api answered about a paid reservation (lib/page-cache.ts: only then may the page be shared). */
  reservationKnown: boolean;
  /** The tenant's data (null: unreadable, the page is degraded). */
  data: TenantData | null;
  market: Awaited<ReturnType<typeof loadMarketPrice>> | null;
  delivery: Awaited<ReturnType<typeof deliveryView>> | null;
  postcode: string;
  /** The tenant's content (null: unreadable, no blog section). */
  content: TenantContent | null;
  /** One clock for the page and its slots (lender eligibility by the car's age, registration expiry). */
  today: Date;
}): { element: ReactNode; head: FragmentHead; cacheControl: string } {
  const { config, car, data, delivery, content, today } = opts;
  // Spec §5: no market panel for a reserved car (known only once the reservation lookup answered).
  const market = car.reserved ? null : opts.market;
  const locations = data?.locations ?? [];
  const canonical = siteHref(config, `/cars/${car.slug}`);
  const image = car.images[0]?.image.url ?? car.primary_image_url;
  const preloadImage = galleryPreload(gallerySlides(car));
  const location = locations.find((l) => l.id === (car.location_id ?? car.location?.id)) ?? null;
  const price = priceDisplay(car);
  // The car's location with its map and reviews (`#vehicle-map`, `#reviews`): mf-locations' block, when shown.
  const locationParams = locationSlotParams(car, config, locations);
  const head: FragmentHead = {
    title: `${car.name} | ${config.name}`,
    description: `${car.name} for ${price.text} at ${car.dealership_name || config.name}${car.city ? `, ${car.city}` : ''}. ${car.km > 0 ? `${formatNumber(car.km)} km. ` : ''}Enquire, book a test drive or get finance online.`.slice(0, 1000),
    jsonLd: [carJsonLd(car, config, location, canonical)],
    ...(canonical ? { canonical } : {}),
    ...(image ? { ogImage: config.site_url ? new URL(image, config.site_url).toString() : image } : {}),
    // The slider's first photo is the page's LCP: asked for from the head with high priority (issue 19).
    ...(preloadImage ? { preloadImage } : {}),
    // Other remotes' parts of the page (contracts SLOTS): the finance calculator, opening on the page's own figures
    // (contracts carFinanceFigures: the price, and the lender's or the site's rate, term and fee, as the sidebar and
    // sticky header quote them), similar cars (mf-search) and the dialogs' lead forms (mf-account).
    slots: [
      ...(isPurchasable(car) && !car.sold ? [slotFor('financeCalculator', FINANCE_SLOT_ID, calculatorSlotParams(car, { finance: config.finance, now: today }))] : []),
      ...(v.is(SimilarCarsSlotParamsSchema, { slug: car.slug }) ? [slotFor('similarCars', SIMILAR_SLOT_ID, { slug: car.slug })] : []),
      ...dialogFormSlots(car, config, locations),
      ...(locationParams ? [slotFor('locationsSummary', LOCATION_SLOT_ID, locationParams)] : []),
    ],
  };
  return {
    element: (
      <VehiclePage
        car={car}
        config={config}
        locations={locations}
        market={marketPanel(market)}
        now={today}
        delivery={delivery ? { postcode: opts.postcode, view: delivery } : null}
        posts={content ? postsForCar(content, car) : []}
      />
    ),
    head,
    // The same for every shopper: shared and kept whole by the shell until a purge of its tags (lib/page-cache.ts).
    cacheControl: carPageCacheControl({ reservationKnown: opts.reservationKnown, degraded: data === null || content === null }),
  };
}

/**
 * `/fragments/*`, the vehicle-area pages the shell composes (ARCHITECTURE.md "Fragments"):
 * - `GET /vehicle?_slug=`: the vehicle detail page with its head (JSON-LD, canonical, og:image) and the slots of other
 *   remotes (mf-finance's calculator, mf-account's dialog lead forms, mf-locations' block of the car's location);
 * - `GET /print?car_id=<slug>`: the print page;
 * - `GET /test-drive` (`car_id`): a lead page around mf-account's form slot;
 * - `GET /trade-in` (`car_id`, `_journey=sell-my-car`, `journey`, `manual`, `trade_in_error`): the valuation journey (src/trade-in);
 * - `GET /checkout`, `/buy-online`, `/checkout-journey`, `/online-payment`: reserve a car online (src/checkout);
 * - an unknown car: a 404 with the not-found block; an unknown page: the protocol's empty 404 (the shell draws its
 *   standard not-found block).
 */
export function fragmentRoutes({ styles, version, now }: RouteOptions) {
  // renderToString: the pages hold no Suspense boundary and their data is ready, so the HTML is the same as streamed;
  // one string instead of hundreds of small encoded chunks cut the car page's render from ~2.9 to ~0.9 ms (Node, issue 19).
  // Private unless `cacheControl` says the page may be shared (lib/page-cache.ts).
  const html = async (node: ReactNode, head: FragmentHead, status = 200, cacheControl?: string) =>
    fragmentResponse(renderToString(node), { status, head: { styles, ...head }, version, ...(cacheControl ? { cacheControl } : {}) });

  /** No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block. */
  const notFoundPage = (config: SiteConfig) => notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });

  /** No such car: a 404 whose body (search suggestions, a search box, the dealer's phone) the shell shows. */
  const notFoundCar = (config: SiteConfig, slug: string) => html(<NotFoundCar slug={slug} config={config} />, { title: `Car not found | ${config.name}`, robots: 'noindex' }, 404);

  const carFor = async (c: RouteContext, slug: string | undefined): Promise<Car | null> => {
    if (!slug) return null;
    const found = await loadCar(c.env.SEARCH, c.var.config.slug, slug);
    return found.kind === 'found' ? found.car : null;
  };

  async function vehicle(c: RouteContext) {
    const config = c.var.config;
    const slug = c.req.query('_slug') ?? '';
    const found = await loadCar(c.env.SEARCH, config.slug, slug);
    if (found.kind === 'not-found') return notFoundCar(config, slug);
    // Critical data is the car; the rest is deferred and never fails the page (Hydrogen's split, STYLE.md).
    const [reservation, data, feedMarket, delivery, content] = await Promise.all([
      // Reserved as soon as edge-api holds a paid reservation, not only when the feed says so (src/checkout); whether
      // that is known decides if the page may be shared (lib/page-cache.ts).
      withKnownReservation(c.env.EDGE_API, config.slug, found.car),
      c.var.store.data(config.slug).catch(() => null),
      marketPriceEligible(found.car, config.features) ? loadMarketPrice(c.env.EDGE_API, config.slug, found.car) : Promise.resolve(null),
      config.features.delivery_calculator && c.req.query('postcode') !== undefined ? deliveryView(c.env.EDGE_API, config.slug, found.car, c.req.query('postcode') ?? '') : Promise.resolve(null),
      // The tenant's blog posts (content in KV): a content failure only drops the blog section.
      c.var.store.content(config.slug).catch((error: unknown) => {
        console.error('mf-vehicle: content unreadable', error instanceof Error ? error.message : error);
        return null;
      }),
    ]);
    const parts = vehicleFragment({ config, car: reservation.car, reservationKnown: reservation.known, data, market: feedMarket, delivery, postcode: c.req.query('postcode') ?? '', content, today: now() });
    return html(parts.element, parts.head, 200, parts.cacheControl).then((res) => withCacheTags(res, carPageTags(config.slug, reservation.car.id)));
  }

  async function print(c: RouteContext) {
    const config = c.var.config;
    const slug = c.req.query('car_id') ?? '';
    const car = await carFor(c, slug);
    if (!car) return notFoundCar(config, slug);
    // Dated by the day it is printed: never kept (lib/page-cache.ts PRINT_PAGE_CACHE).
    return html(<PrintPage car={car} config={config} now={now()} />, { title: `Print: ${car.name} | ${config.name}`, robots: robotsFor('print') }, 200, PRINT_PAGE_CACHE);
  }

  async function leadPage(c: RouteContext, page: 'test-drive' | 'trade-in') {
    const config = c.var.config;
    const car = await carFor(c, c.req.query('car_id'));
    const sell = page === 'trade-in' && c.req.query('_journey') === 'sell-my-car';
    const form = page === 'test-drive' ? 'test-drive' : sell ? 'sell-my-car' : 'trade-in';
    // The tenant's locations: test-drive pickup options and the dealer and hours beside the form (deferred: never fails the page).
    const data = await c.var.store.data(config.slug).catch(() => null);
    const locations = data?.locations ?? [];
    const slot = pageFormSlot(form, car, config, locations, new URL(c.req.url).searchParams);
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
    // The test-drive page is the same for everyone (its form is mf-account's shared slot): shared like the car page,
    // briefly when the tenant's locations could not be read.
    const cacheControl = form === 'test-drive' ? carPageCacheControl({ reservationKnown: true, degraded: data === null }) : undefined;
    const answer = await html(<LeadPage title={title} intro={intro} car={car} location={contextLocation(car, config, locations)} config={config} />, { title: `${title} | ${config.name}`, description: intro, robots: car ? 'noindex' : 'index, follow', slots: [slot] }, 200, cacheControl);
    return car && cacheControl ? withCacheTags(answer, carPageTags(config.slug, car.id)) : answer;
  }

  /**
   * The trade-in / sell-my-car journey (src/trade-in, its README "Wiring"): `/trade-in`, `/cars/trade-in?car_id=`,
   * `/sell-my-car`, `/sell-your-car` (`_journey=sell-my-car`, `_path=/sell-your-car`: its forms return there); the
 * protocol's 404 where the tenant has no trade-in.
   */
  async function tradeIn(c: RouteContext) {
    const config = c.var.config;
    const [car, data] = await Promise.all([carFor(c, c.req.query('car_id')).catch(() => null), c.var.store.data(config.slug).catch(() => null)]);
    const view = await tradeInFragment({
      config, car, params: new URL(c.req.url).searchParams, routeJourney: c.req.query('_journey') ?? null, path: c.req.query('_path') ?? null, edge: c.env.EDGE_API, locations: data?.locations ?? [], now: now(),
    });
    if (!view) return notFoundPage(config);
    return html(view.element, view.head, view.status);
  }

  /** Reserve / buy online (src/checkout, its README "Wiring"). */
  async function checkout(c: RouteContext, page: CheckoutPageName) {
    const params = new URL(c.req.url).searchParams;
    const car = await carFor(c, checkoutCarSlug(page, params) ?? undefined);
    const view = await checkoutFragment(page, { config: c.var.config, car, params, edge: c.env.EDGE_API });
    return html(view.element, view.head, view.status);
  }

  const app = new Hono<AppEnv>();

  app.get('/:page', async (c) => {
    const page = c.req.param('page');
    if (!isVehiclePage(page)) return notFoundPage(c.var.config);
    if (page === 'vehicle') return vehicle(c);
    if (page === 'print') return print(c);
    if (page === 'trade-in') return tradeIn(c);
    if (page === 'test-drive') return leadPage(c, page);
    if (isCheckoutPage(page)) return checkout(c, page);
    return notFoundPage(c.var.config);
  });

  return app;
}
