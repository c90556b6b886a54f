/**
 * What `/locations` and `/dealer-locator` show (spec §2 Locations list, §5 Location filter and Postcode field): the
 * dealerships' cards (./list.ts), the search box's query, the tab `?tab=` selects, and on the dealer locator its form
 * and the place it measured from (./locator.ts). A pure function of the page, its query, the tenant's config and
 * data, the clock and the place the route looked up, so it is tested without a Worker.
 */
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { LocationsData } from './locations-data.ts';
import { cardContext, normaliseQuery, siteLocations } from './locations.ts';
import { groupLocations, groupLocationsOf, toListLocation, type DealershipGroup } from './list.ts';
import { brandOptions, byDistance, filterLocator, readLocatorParams, typeOptions, type Option, type PlaceLookup } from './locator.ts';

/** The dealer locator's form and what its search found. */
export type LocatorView = {
  /** The box's value (`near`), as sent. */
  near: string;
  type: string;
  brand: string;
  typeOptions: Option[];
  brandOptions: Option[];
  /** The box's error (aria-invalid, aria-describedby), e.g. 'Invalid postcode. Please enter a 4-digit number.'. */
  fieldError: string | null;
  /** A message above the list (lookup unavailable, too many searches, a position outside Australia). */
  notice: string | null;
  /** 'Nearest to Springwood QLD 4127' when the list is sorted by distance. */
  nearestTo: string | null;
  /** Filters or a place are applied (the 'Clear' link shows). */
  active: boolean;
};

/** The locations list and the dealer locator (PageView's 'locations' variant). */
export type ListView = {
  kind: 'locations';
  page: 'locations' | 'dealer-locator';
  title: string;
  description: string;
  /** The page's address without its query (a located or filtered page is a shopper's search: canonical to the page). */
  canonical?: string;
  groups: DealershipGroup[];
  /** Locations in `groups`. */
  total: number;
  /** The search box (`locationQuery`). */
  query: string;
  /** `?tab=<location id>`: the tab (and location type) shown without JavaScript. */
  tab: string | null;
  /** The page's own parameters a tab link or a location-type form carries on (`locationQuery`, the locator's). */
  keep: Array<[string, string]>;
  locator: LocatorView | null;
};

const TAB = /^[A-Za-z0-9_-]{1,64}$/;
/** The parameters a page's links keep (the route table lists them). */
const KEPT = ['locationQuery', 'near', 'type', 'brand', 'lat', 'lng'] as const;

/** The list page at `now`; on the dealer locator, `place` is what the route's lookup found (./locator.ts lookupPlace). */
export function listPageView(
  page: 'locations' | 'dealer-locator',
  params: URLSearchParams,
  config: SiteConfig,
  data: LocationsData,
  now: Date,
  place: PlaceLookup = { kind: 'none' },
): ListView {
  const context = cardContext(config, data, now);
  const all = siteLocations(config, data).map((l) => toListLocation(l, context));
  const tab = params.get('tab');
  const base = {
    kind: 'locations' as const,
    page,
    query: normaliseQuery(params.get('locationQuery')),
    tab: tab && TAB.test(tab) ? tab : null,
    keep: KEPT.flatMap((name): Array<[string, string]> => {
      const value = params.get(name)?.trim();
      return value && (page === 'dealer-locator' || name === 'locationQuery') ? [[name, value.slice(0, 100)]] : [];
    }),
    ...(config.site_url ? { canonical: new URL(`/${page}`, config.site_url).toString() } : {}),
  };
  const order = { order: config.dealerships, siteUrl: config.site_url };
  if (page === 'locations') {
    const groups = groupLocations(all, data.dealerships, order);
    return { ...base, title: 'Our locations', description: `Addresses, opening hours and phone numbers for ${config.name}.`, groups, total: all.length, locator: null };
  }
  const filters = readLocatorParams(params);
  const filtered = filterLocator(all, filters);
  const located = place.kind === 'found' ? byDistance(filtered, place.origin, config.locale) : filtered;
  const groups = groupLocations(located, data.dealerships, { ...order, byDistance: place.kind === 'found' });
  return {
    ...base,
    title: 'Dealer locator',
    description: `Find your nearest ${config.name} location by postcode or suburb: addresses, opening hours and phone numbers.`,
    groups,
    total: groupLocationsOf(groups).length,
    locator: {
      near: filters.near,
      type: filters.type ?? '',
      brand: filters.brand ?? '',
      typeOptions: typeOptions(all),
      brandOptions: brandOptions(all, data.manufacturers),
      fieldError: place.kind === 'field-error' ? place.error : null,
      notice: place.kind === 'notice' ? place.message : null,
      nearestTo: place.kind === 'found' ? `Nearest to ${place.label}` : null,
      active: Boolean(filters.near || filters.type || filters.brand || filters.point || filters.pointRefused),
    },
  };
}
