/**
 * The trade-in / sell-my-car journey pages of mf-vehicle (issue 18; spec §2 trade-in routes, §7 lead follow-ups, §9
 * trade-in FAQ values). edge-api keeps the journey, its ports and the lead (contracts trade-in.ts `TRADE_IN_API`);
 * these pages render the journey's current step from its public state and post every step back to edge-api.
 *
 * routes/fragments.tsx renders `element` with its fragment helper:
 * ```ts
 * const view = await tradeInFragment({ config, car, params, routeJourney: c.req.query('_journey'), path: c.req.query('_path'), edge: c.env.EDGE_API, locations, now });
 * if (!view) return notFoundPage(config);
 * return html(view.element, view.head, view.status);
 * ```
 */
import { createElement, type ReactElement } from 'react';
import type { Car } from '@forecourt/contracts/entities/car';
import { isPurchasable, isReservable } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import { readFormError } from '@forecourt/contracts/form-errors';
import type { FragmentHead } from '@forecourt/contracts/fragments';
import type { ServiceBinding } from '@forecourt/contracts/internal';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { contextLocation } from '../lib/locations.ts';
import { financeHref } from '../lib/rules.ts';
import { loadJourney, loadTaxonomy } from './edge.ts';
import { tradeInFaq } from './faq.ts';
import { fieldErrorsOf, journeyIdOf, journeyKindOf, JOURNEY_GONE_TEXT, pagePathFor, returnPathFor, screenFor } from './rules.ts';
import { TradeInPage } from './TradeInPage.tsx';
import type { TradeInJourneyProps, TradeInNextLinks } from './view.ts';

export { tradeInFaq } from './faq.ts';
export { screenFor } from './rules.ts';

export type TradeInContext = {
  config: SiteConfig;
  /** The car being bought (`/cars/trade-in?car_id=`), null without one or when it is unknown. */
  car: Car | null;
  /** The fragment request's query (`car_id`, `journey`, `manual`, `free`, `trade_in_error`, `trade_in_error_fields`). */
  params: URLSearchParams;
  /** The route's `_journey` param (`sell-my-car` on `/sell-my-car` and `/sell-your-car`). */
  routeJourney: string | null;
  /** The route param `_path` (`/sell-your-car`), when the shell sends it; else the path is derived from the kind. */
  path?: string | null;
  /** edge-api (EDGE_API binding): the journey's state. */
  edge: ServiceBinding | null;
  locations: Location[];
  now: Date;
  /** The contact step's lead id (a fresh UUID per render unless a test pins it). */
  leadId?: string;
};

export type TradeInFragment = { status: number; head: FragmentHead; element: ReactElement };

/** Oldest year of the manual form's year list. */
const OLDEST_YEAR = 1980;

/** Where the shopper goes after accepting, with a car being bought: back to it, finance and reserve where offered. */
export function nextLinksFor(car: Car | null, config: Pick<SiteConfig, 'features'>): TradeInNextLinks {
  if (!car) return { car: null, finance: null, reserve: null };
  const buyable = isPurchasable(car) && !car.sold;
  return {
    car: { href: `/cars/${car.slug}`, name: car.name },
    finance: buyable ? financeHref(car) : null,
    reserve: buyable && config.features.reserve_online && isReservable(car) ? `/cars/${car.slug}/checkout` : null,
  };
}

/**
 * A journey page, or null where the tenant has no trade-in (`features.trade_in` off: the protocol's 404). The journey
 * named by `?journey=` is read from edge-api; an unknown or expired one starts again with a clear message. Pages with
 * a journey (or a car) are the shopper's own: `noindex`, and never shared (the fragment's default `private, no-store`).
 */
export async function tradeInFragment(ctx: TradeInContext): Promise<TradeInFragment | null> {
  const { config, car, params, edge, locations, now } = ctx;
  if (!config.features.trade_in) return null;
  const kind = journeyKindOf(ctx.routeJourney);
  // Only the trade-in pages carry a car (the sell pages sell, they do not trade toward one).
  const tradeCar = kind === 'trade-in' ? car : null;
  const path = pagePathFor(kind, Boolean(tradeCar), ctx.path);
  const returnPath = returnPathFor(path, tradeCar?.slug ?? null);

  // The manual form's "Show models" (no JavaScript) reloads the page as a GET of the form: the journey's id then
  // travels as `id` (the form's `journey` is the journey's kind), the picks as `make`, `model`, `year`.
  const refine = params.get('refine') === '1';
  const journeyParam = refine ? params.get('id') : params.get('journey');
  const journeyId = journeyIdOf(journeyParam);
  let state: TradeInJourneyProps['state'] = null;
  let notice: string | null = null;
  if (journeyParam !== null) {
    const lookup = journeyId && edge ? await loadJourney(edge, config.slug, journeyId) : { kind: 'gone' as const };
    if (lookup.kind === 'found') state = lookup.state;
    else if (lookup.kind === 'gone') notice = JOURNEY_GONE_TEXT;
    else notice = `We couldn’t load your valuation just now. Please try again, start again below or call ${config.contact.phone}.`;
  }
  const formError = readFormError(params, 'tradeIn');
  const manual = params.get('manual') === '1' || refine;
  // "My car isn't listed" (`free=1`): free-text fields, no lists to read.
  const freeText = manual && params.get('free') === '1' && !refine;
  // The manual screen's lists are read here, so they work without JavaScript (the island refines them in place).
  const taxonomy =
    screenFor(state, manual) === 'manual' && !freeText && edge
      ? await loadTaxonomy(edge, config.slug, refine ? { make: params.get('make') ?? '', model: params.get('model') ?? '', year: params.get('year') ?? '' } : {})
      : null;

  const year = Number(new Intl.DateTimeFormat('en-AU', { year: 'numeric', timeZone: config.time_zone }).format(now));
  const location = contextLocation(tradeCar, config, locations);
  const journey: TradeInJourneyProps = {
    kind,
    returnPath,
    carId: tradeCar?.slug ?? null,
    state,
    manual,
    freeText,
    taxonomy,
    notice,
    error: formError ? { message: formError.message, fields: fieldErrorsOf(formError.fields) } : null,
    leadId: ctx.leadId ?? crypto.randomUUID(),
    postcodeRequired: config.features.enquiry_postcode_required,
    termsRequired: config.features.terms_required,
    dealerName: tradeCar?.dealership_name || config.name,
    privacyHref: config.collection_notice_href,
    phone: location?.contact_detail.phone || config.contact.phone,
    timeZone: config.time_zone,
    hours: config.trade_in.hours ?? null,
    verifyPhone: config.trade_in.verify_phone,
    turnstileSiteKey: config.features.turnstile && config.turnstile_site_key ? config.turnstile_site_key : null,
    now: now.getTime(),
    years: Array.from({ length: Math.max(1, year + 1 - OLDEST_YEAR) }, (_, i) => year - i),
    next: nextLinksFor(tradeCar, config),
  };

  const sell = kind === 'sell-my-car';
  const title = sell ? 'Sell my car' : 'Trade-in valuation';
  const intro = sell
    ? `Sell your car to ${config.name}: get an offer online in a few minutes, then we take care of the rest.`
    : tradeCar
      ? `Trading in toward the ${tradeCar.name}? Get an offer for your car online in a few minutes.`
      : 'Get an offer for your car online in a few minutes: your rego, its condition and where to reach you.';
  const shopperOwn = params.has('journey') || refine || Boolean(tradeCar);
  return {
    status: 200,
    head: { title: `${title} | ${config.name}`, description: intro, robots: shopperOwn ? 'noindex' : 'index, follow' },
    element: createElement(TradeInPage, { title, intro, car: tradeCar, location, config, journey, faq: tradeInFaq(config.trade_in) }),
  };
}
