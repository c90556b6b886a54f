/**
 * The pages mf-locations answers (contracts route table) and what each shows, as a pure function of the page, its
 * parameters and the tenant's config and data, so the rules are tested without a Worker.
 */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { LocationsData } from './locations-data.ts';
import { locationDetail, TYPE_PARAM, type LocationDetailView } from './detail.ts';
import { listPageView, type ListView } from './list-page.ts';
import { formPageView, type FormPageView } from './service.ts';
import type { PlaceLookup } from './locator.ts';

export type LocationsPage = PageOf<'mf-locations'>;

export const PAGE_TITLES: Record<LocationsPage, string> = {
  contact: 'Contact us',
  location: 'Our location',
  locations: 'Our locations',
  'dealer-locator': 'Dealer locator',
  service: 'Service',
  parts: 'Parts and accessories',
};

/**
 * How a page with a form places its location cards (issue 13: the form's context beside it): the first beside the
 * form, under the dealer's phone and email, so the two columns stay of a height; the others in a grid below.
 * @example besideForm([a, b, c]) // { aside: [a], below: [b, c] }
 */
export function besideForm<T>(cards: readonly T[]): { aside: T[]; below: T[] } {
  return { aside: cards.slice(0, 1), below: cards.slice(1) };
}

export const isLocationsPage = (page: string): page is LocationsPage => (PAGES['mf-locations'] as readonly string[]).includes(page);

export type PageView =
  | { kind: 'not-found' }
  /** `/locations` and `/dealer-locator`: dealerships' cards with tabs, the search box, the locator (./list-page.ts). */
  | ListView
  /** `/contact`, `/contact-us/{slug}`, `/service`, `/vehicle-parts-and-accessories`: a form and the location block (./service.ts). */
  | FormPageView
  /** `/our-location/{slug}`, `/locations/{slug}`: a location's (or a dealership's) own page (./detail.ts). */
  | LocationPageView;

/** A location's own page: its head (title, description, JSON-LD) and what ./detail.ts `locationDetail` shows. */
export type LocationPageView = {
  kind: 'location';
  title: string;
  description: string;
  jsonLd: unknown[];
  /** `/locations/{slug}` on the site (also for `/our-location/{slug}` and `?type=`): one page, one address for search engines. */
  canonical?: string;
  detail: LocationDetailView;
  /** Indexable, and no form: said so, so the route reads every page's head alike. */
  robots?: never;
  contactForm?: never;
};

/** What the route looked up before the page is drawn (the dealer locator's place, ./locator.ts lookupPlace). */
export type PageInputs = { place?: PlaceLookup };

/**
 * What a page shows at `now` (cards say whether each location is open now). Route params arrive as `_<name>` query
 * parameters from the shell (`_slug`); the shopper's own query (`locationQuery`) travels beside them.
 */
export function pageView(page: string, params: URLSearchParams, config: SiteConfig, data: LocationsData, now: Date = new Date(), inputs: PageInputs = {}): PageView {
  if (!isLocationsPage(page)) return { kind: 'not-found' };
  const slug = params.get('_slug');

  switch (page) {
    case 'locations':
    case 'dealer-locator':
      return listPageView(page, params, config, data, now, inputs.place);
    case 'contact':
    case 'service':
    case 'parts':
      return formPageView(page, params, config, data, now, { title: PAGE_TITLES[page] }) ?? { kind: 'not-found' };
    case 'location': {
      // A location, or a dealership's locations; `?type=` picks the one shown first (spec §4).
      const detail = slug ? locationDetail(slug, params.get(TYPE_PARAM), config, data, now) : null;
      if (!detail) return { kind: 'not-found' };
      const canonical = config.site_url ? new URL(`/locations/${encodeURIComponent(slug!.toLowerCase())}`, config.site_url).toString() : undefined;
      return { kind: 'location', title: detail.title, description: detail.description, jsonLd: detail.jsonLd, ...(canonical ? { canonical } : {}), detail };
    }
  }
}
