/**
 * The stock strip (contracts SLOTS.stockStrip, the home page's featured-stock carousels, issue 13): which cars a strip
 * shows, its heading and its 'View all' search page. Pure; the route reads the params with `readSlotParams`.
 * - `new-arrivals`: the newest cars in stock;
 * - `specials`: cars in stock shown at a reduced price (an offer price or a was-price: the search's `reduced`);
 * - `type`: one stock type (`car_type`), newest first.
 * Every strip is in stock only (status in_stock, not sold), narrowed to `car_type` when given, `limit` cars (default 8).
 * A brand or model page narrows it to one make (and model): the search page `/search/<make>[/<model>]` resolves the
 * slugs to the stock's own values (`SearchPath`), and 'View all' goes to that page.
 */
import type { SearchRequest, SearchScope } from '@forecourt/contracts/search';
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

/** The strip the params describe, or null when they say nothing showable (a `type` strip needs its `car_type`). */
export function resolveStrip(params: StockStripParams): StockStrip | null {
  const carType = params.car_type ?? null;
  if (params.strip === 'type' && !carType) return null;
  // A model without its make names nothing.
  if (params.model && !params.make) return null;
  const defaultHeading = params.strip === 'new-arrivals' ? 'New arrivals' : params.strip === 'specials' ? 'Specials' : TYPE_PAGES[TYPE_SLUG[carType!]]!.label;
  return { strip: params.strip, carType, heading: params.heading?.trim() || defaultHeading, limit: params.limit ? Number(params.limit) : STOCK_STRIP_DEFAULT_LIMIT };
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
