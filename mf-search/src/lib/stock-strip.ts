/**
 * The stock strip (contracts SLOTS.stockStrip, the home page's featured-stock carousels, issue 13): which cars a strip
 * shows, its heading and its 'View all' search page. Pure; the route reads the params with `readSlotParams`.
 * - `new-arrivals`: the newest cars in stock;
 * - `specials`: cars in stock shown at a reduced price (an offer price or a was-price: the search's `reduced`);
 * - `type`: one stock type (`car_type`), newest first;
 * - `finance`: the finance page's 'Get Finance Now' promo (spec §2: "6 featured in-stock used cars with more than one
 *   photo"): used cars with more than one photo, newest first, FEATURED_FINANCE_CARS by default; 'View all' goes to
 *   the used cars. The search port has no photo filter, so the route looks through the newest used cars page by page
 *   (`stripCars`).
 * Every strip is in stock only (status in_stock, not sold), narrowed to `car_type` when given, `limit` cars (default 8).
 * A brand or model page narrows it to one make (and model): the search page `/search/<make>[/<model>]` resolves the
 * slugs to the stock's own values (`SearchPath`), and 'View all' goes to that page.
 */
import { FEATURED_FINANCE_CARS } from '@forecourt/contracts/constants';
import type { Car } from '@forecourt/contracts/entities/car';
import type { SearchPort, SearchRequest, SearchScope } from '@forecourt/contracts/search';
import type { SlotParams } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { CardCar } from './card.ts';
import { scopeFor } from './scope.ts';
import type { SearchPath } from './search-path.ts';
import { hrefFor, TYPE_PAGES, type UrlRefinements } from './url-state.ts';

export type StockStripParams = SlotParams<'stockStrip'>;

/** Props of the `mf-search/StockStrip` island: everything it renders, computed on the server. */
export type StockStripProps = {
  /** The strip's element ids start with it (one strip per kind on a page). */
  id: string;
  heading: string;
  /** The search page of the same cars (newest first; the specials refinement for specials). */
  viewAll: string;
  cards: CardCar[];
  /** The cards carry the favourite control (the tenant shows favourites, not the compare control). */
  favourites: boolean;
  /** The cards' Save / Saved is the server watchlist's (tenant switch `watchlist`). */
  watchlist?: boolean;
};

/** Cars in a strip when the host names no `limit` (contracts allow 4-12). */
export const STOCK_STRIP_DEFAULT_LIMIT = 8;

/** A strip as it is shown: its kind, the stock type it is narrowed to, heading and size. */
export type StockStrip = {
  strip: StockStripParams['strip'];
  carType: 'new' | 'used' | 'demo' | null;
  heading: string;
  limit: number;
  /** The make (and model) search page it is narrowed to, resolved by the route (`stripPathSegments`). */
  path?: SearchPath;
};

/** The search page segments a make/model strip stands for (`isuzu-ute/d-max`), or null for an unnarrowed strip. */
export function stripPathSegments(params: Pick<StockStripParams, 'make' | 'model'>): string | null {
  if (!params.make) return null;
  return params.model ? `${params.make}/${params.model}` : params.make;
}

const TYPE_SLUG = { new: 'new-cars', used: 'used-cars', demo: 'demo-cars' } as const;

/** Default headings of the strips that do not take their stock type's page label. */
const STRIP_HEADINGS = { 'new-arrivals': 'New arrivals', specials: 'Specials', finance: 'Get Finance Now' } as const;

/**
 * The strip the params describe, or null when they say nothing showable (a `type` strip needs its `car_type`; a
 * `finance` strip is used cars, so another `car_type` names nothing).
 */
export function resolveStrip(params: StockStripParams): StockStrip | null {
  const finance = params.strip === 'finance';
  if (finance && params.car_type && params.car_type !== 'used') return null;
  const carType = finance ? 'used' : (params.car_type ?? null);
  if (params.strip === 'type' && !carType) return null;
  // A model without its make names nothing.
  if (params.model && !params.make) return null;
  const defaultHeading = params.strip === 'type' ? TYPE_PAGES[TYPE_SLUG[carType!]]!.label : STRIP_HEADINGS[params.strip];
  const defaultLimit = finance ? FEATURED_FINANCE_CARS : STOCK_STRIP_DEFAULT_LIMIT;
  return { strip: params.strip, carType, heading: params.heading?.trim() || defaultHeading, limit: params.limit ? Number(params.limit) : defaultLimit };
}

/**
 * A car the finance strip may feature: more than one photo (spec §2). The feed's `photos_count` when it gives one (as
 * the vehicle page counts them), else the images it sent.
 */
export const hasSeveralPhotos = (car: Car): boolean => (car.photos_count ?? car.images.length) > 1;

/**
 * How the finance strip looks for its cars: pages of this many of the newest used cars in stock, at most this many
 * pages (a car with a single photo is the exception in a feed, so the first page nearly always fills the strip).
 */
export const FINANCE_STRIP_SCAN = { hitsPerPage: 50, pages: 4 } as const;

/**
 * The cars of a strip, in its order: one search for most strips; for the finance strip, the newest used cars in stock
 * page by page until `limit` of them have more than one photo (or FINANCE_STRIP_SCAN is spent, or the stock is).
 */
export async function stripCars(engine: Pick<SearchPort, 'search'>, scope: SearchScope, strip: StockStrip): Promise<Car[]> {
  const request = stripRequest(strip);
  if (strip.strip !== 'finance') return (await engine.search(scope, request)).hits;
  const found: Car[] = [];
  for (let page = 1, pages = 1; page <= Math.min(pages, FINANCE_STRIP_SCAN.pages) && found.length < strip.limit; page++) {
    const result = await engine.search(scope, { ...request, page, hitsPerPage: FINANCE_STRIP_SCAN.hitsPerPage });
    pages = result.pages;
    found.push(...result.hits.filter(hasSeveralPhotos));
  }
  return found.slice(0, strip.limit);
}

/** The search that fills a strip: newest first, the specials only for specials, one type when narrowed. */
export function stripRequest(strip: StockStrip): SearchRequest {
  return {
    query: '',
    page: 1,
    sortBy: 'latest',
    hitsPerPage: strip.limit,
    filters: { ...(strip.path?.filters ?? {}), ...(strip.carType ? { car_type: [strip.carType] } : {}) },
    ranges: {},
    facets: [],
    ...(strip.strip === 'specials' ? { reduced: true } : {}),
  };
}

/** A strip shows cars in stock only, whatever else the tenant's search shows (coming soon, recently sold). */
export const stripScope = (config: SiteConfig, now: number): SearchScope => ({ ...scopeFor(config, now), in_stock_only: true });

/**
 * 'View all': the stock-type search page of the strip (the tenant's all-stock page, or used cars on a used-only
 * site), newest first where the tenant offers that sort, the specials refinement for specials.
 */
export function stripViewAll(strip: StockStrip, config: Pick<SiteConfig, 'search'>): string {
  const page = strip.path ? strip.path.pathname.replace(/^\/search\//, '') : strip.carType ? TYPE_SLUG[strip.carType] : config.search.used_only ? 'used-cars' : 'new-used-and-demo-cars';
  const refinements: UrlRefinements = {
    query: '',
    page: 1,
    sortBy: config.search.sort_options.includes('latest') ? 'latest' : 'relevance',
    filters: strip.path && strip.carType ? { car_type: [strip.carType] } : {},
    ranges: {},
    ...(strip.strip === 'specials' ? { reduced: true as const } : {}),
  };
  return hrefFor(`/search/${page}`, refinements);
}

/** The strip's id prefix: `fs-strip-<kind>[-<type>]`. */
export const stripId = (strip: StockStrip): string =>
  `fs-strip-${strip.strip}${strip.carType ? `-${strip.carType}` : ''}${strip.path ? `-${strip.path.pathname.replace(/^\/search\//, '').replace(/[^a-z0-9]+/g, '-')}` : ''}`;
