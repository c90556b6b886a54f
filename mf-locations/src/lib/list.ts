/**
 * The locations list (spec §2 Locations list; `/locations` and `/dealer-locator`): one card per dealership, grouped by
 * the dealership's name in the config's order, with one tab per address (locations of several types at one street
 * share a tab, and a location-type select picks which one shows: spec §2 'a location-type dropdown appears when more
 * than one type shares an address', §4 'opening-hours table switches by selected location type'). Tabs and the
 * locations inside one follow spec §9's location type order (sales, used beside it, service, parts). Pure and plain
 * JSON, so the server and the island (its props) read the same model.
 */
import type { Location, LocationType } from '@forecourt/contracts/entities/location';
import type { Dealership } from '@forecourt/contracts/entities/dealership';
import type { LatLng } from '@forecourt/contracts/geo';
import { addressKey as sameAddressKey, imageSrc, locationTypeRank, webAddress } from '@forecourt/contracts/locations';
import { filterLocations, TYPE_LABELS, toLocationCard, type CardContext, type LocationCard } from './locations.ts';

/** Shown size of a location's image (the feed gives no size: the box is fixed and the picture covers it, so no shift). */
export const IMAGE_SIZE = { width: 640, height: 360 } as const;

/** One location in the list: its card plus what grouping, the locator and the image need. */
export type ListLocation = LocationCard & {
  dealershipSlug: string;
  city: string;
  postcode: string;
  /** Manufacturer slugs sold or serviced there (the locator's brand filter). */
  manufacturers: string[];
  /** Where it is, when the feed says (the locator's distance); null otherwise. */
  point: LatLng | null;
  image: { src: string; alt: string; width: number; height: number } | null;
  /** Distance from the shopper's place, in km (dealer locator only), else null. */
  distanceKm: number | null;
  /** 'N km away' (dealer locator only), else null. */
  distance: string | null;
};

/** One tab of a dealership's card: an address, with the locations there (one per type, spec §9 order). */
export type AddressTab = {
  /** The tab's id: its first location's id (what `?tab=` names without JavaScript). */
  id: string;
  /** 'Sales', 'Service & Parts', 'Sales, Service & Parts' (a city is added when two tabs would read the same). */
  label: string;
  locations: ListLocation[];
};

export type WebsiteLink = { href: string; label: string };

/** One dealership's card. */
export type DealershipGroup = {
  slug: string;
  name: string;
  /** Its website entries (spec §3 Dealership website entry) that are web addresses: 'Visit Website'. */
  websites: WebsiteLink[];
  tabs: AddressTab[];
};

/** A location as the list shows it. */
export function toListLocation(location: Location, context: CardContext): ListLocation {
  const { address } = location;
  // A path on the site itself or an https address (contracts imageSrc: never `//host`, `/\host` nor `javascript:`).
  const src = imageSrc(location.image?.image.url);
  return {
    ...toLocationCard(location, context),
    dealershipSlug: location.dealership_slug,
    city: address.city,
    postcode: address.postcode,
    manufacturers: [...location.manufacturers],
    point: address.lat != null && address.long != null ? { lat: address.lat, lng: address.long } : null,
    image: src ? { src, alt: `${location.name}, ${address.street}, ${address.city}`, ...IMAGE_SIZE } : null,
    distanceKm: null,
    distance: null,
  };
}

/** Two locations share an address when their street and postcode read the same (contracts `addressKey`, the rule a location page uses too). */
export const addressKey = (l: Pick<ListLocation, 'street' | 'postcode'>) => sameAddressKey(l);

/** 'Sales', 'Service & Parts', 'Sales, Service & Parts'. */
export function typesLabel(types: readonly LocationType[]): string {
  const labels = [...new Set(types)].sort((a, b) => locationTypeRank(a) - locationTypeRank(b)).map((t) => TYPE_LABELS[t]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} & ${labels.at(-1)}`;
}

const byType = (a: ListLocation, b: ListLocation) => locationTypeRank(a.type) - locationTypeRank(b.type);
const minOf = (values: number[]) => (values.length ? Math.min(...values) : Infinity);
const nearest = (locations: readonly ListLocation[]) => minOf(locations.flatMap((l) => (l.distanceKm == null ? [] : [l.distanceKm])));

/** A dealership's locations as tabs: one per address, in type order (nearest first when `byDistance`). */
export function addressTabs(locations: readonly ListLocation[], byDistance = false): AddressTab[] {
  const byAddress = new Map<string, ListLocation[]>();
  for (const l of locations) byAddress.set(addressKey(l), [...(byAddress.get(addressKey(l)) ?? []), l]);
  const groups = [...byAddress.values()].map((list) => [...list].sort(byType));
  // Array#sort is stable: equal ranks keep the config's order.
  groups.sort((a, b) => (byDistance ? nearest(a) - nearest(b) : 0) || locationTypeRank(a[0]!.type) - locationTypeRank(b[0]!.type));
  const tabs = groups.map((list) => ({ id: list[0]!.id, label: typesLabel(list.map((l) => l.type)), locations: list }));
  const seen = new Map<string, number>();
  for (const t of tabs) seen.set(t.label, (seen.get(t.label) ?? 0) + 1);
  return tabs.map((t) => ((seen.get(t.label) ?? 0) > 1 ? { ...t, label: `${t.label} · ${t.locations[0]!.city}` } : t));
}

/**
 * 'Visit Website' (one rule for the list's cards and a location's page): a dealership's website entries that are web
 * addresses, named by make when several. An entry on the site the shopper is on (`siteUrl`, a group's brand page)
 * becomes a path, so it works on every host the site answers; this site's home page is dropped (the shopper is
 * already there).
 * @example websiteLinks(dealership, 'https://www.group.com.au') // [{ href: '/brands/hyundai', label: 'Visit Website' }]
 */
export function websiteLinks(dealership: Pick<Dealership, 'websites'> | null | undefined, siteUrl?: string): WebsiteLink[] {
  const siteHost = siteUrl && webAddress(siteUrl) ? new URL(siteUrl).host : null;
  const sites = (dealership?.websites ?? []).flatMap((w) => {
    const href = webAddress(w.url);
    if (!href) return [];
    const url = new URL(href);
    if (siteHost && url.host === siteHost) return url.pathname === '/' && !url.search ? [] : [{ href: `${url.pathname}${url.search}`, name: w.make || w.name }];
    return [{ href, name: w.make || w.name }];
  });
  const unique = sites.filter((s, i) => sites.findIndex((o) => o.href === s.href) === i);
  return unique.map((s) => ({ href: s.href, label: unique.length === 1 ? 'Visit Website' : `Visit ${s.name} website` }));
}

/**
 * The list's cards: locations grouped by dealership (a location's `dealership_slug`), named by the tenant's
 * dealership, in the config's dealership order (`config.dealerships`, ids), else in the order the locations come.
 * `byDistance` (dealer locator): nearest dealership first, and its nearest address first. `siteUrl`: the site's own
 * address ('Visit Website' never points at the site the shopper is on: see websiteLinks).
 */
export function groupLocations(
  locations: readonly ListLocation[],
  dealerships: readonly Dealership[],
  options: { order?: readonly string[]; byDistance?: boolean; siteUrl?: string } = {},
): DealershipGroup[] {
  const bySlug = new Map<string, ListLocation[]>();
  for (const l of locations) bySlug.set(l.dealershipSlug, [...(bySlug.get(l.dealershipSlug) ?? []), l]);
  const order = options.order ?? [];
  const rank = (slug: string) => {
    const d = dealerships.find((x) => x.slug === slug);
    const i = d ? order.indexOf(d.id) : -1;
    return i < 0 ? order.length : i;
  };
  const slugs = [...bySlug.keys()];
  slugs.sort((a, b) => (options.byDistance ? nearest(bySlug.get(a)!) - nearest(bySlug.get(b)!) || 0 : rank(a) - rank(b)));
  return slugs.map((slug) => {
    const dealership = dealerships.find((d) => d.slug === slug);
    const list = bySlug.get(slug)!;
    return { slug, name: dealership?.name ?? list[0]!.name, websites: websiteLinks(dealership, options.siteUrl), tabs: addressTabs(list, options.byDistance) };
  });
}

/** Every location of the cards. */
export const groupLocationsOf = (groups: readonly DealershipGroup[]): ListLocation[] => groups.flatMap((g) => g.tabs.flatMap((t) => t.locations));

/**
 * The search box (spec §5 Location filter: name, postcode, street or type, case-insensitive): a dealership's card stays
 * whole when any of its locations matches.
 */
export function filterGroups(groups: readonly DealershipGroup[], query: string): DealershipGroup[] {
  if (!query.trim()) return [...groups];
  return groups.filter((g) => filterLocations(g.tabs.flatMap((t) => t.locations), query).length > 0);
}

/** A card's selection: its tab, and in each tab with several types the chosen location. */
export type CardSelection = { tab: number; choice: Record<string, string> };

/** The selection `?tab=<location id>` asks for in this card (its tab and location), else the first tab. */
export function selectionFor(group: DealershipGroup, tabParam: string | null | undefined): CardSelection {
  const tab = tabParam ? group.tabs.findIndex((t) => t.locations.some((l) => l.id === tabParam)) : -1;
  return tab < 0 ? { tab: 0, choice: {} } : { tab, choice: { [group.tabs[tab]!.id]: tabParam! } };
}

/** The location a tab shows: the chosen one, else its first (spec §9 type order). */
export const shownLocation = (tab: AddressTab, choice: Record<string, string>): ListLocation => tab.locations.find((l) => l.id === choice[tab.id]) ?? tab.locations[0]!;

/**
 * What identifies the list as shown: the cards and the locations the search box matches. When it changes (the search
 * box filtered it, spec §4 'selected tab resets to 0 when the location list changes'), every card's selection starts
 * again from its first tab.
 */
export function listKey(groups: readonly DealershipGroup[], query = ''): string {
  const cards = groups.map((g) => `${g.slug}:${g.tabs.map((t) => t.id).join(',')}`).join('|');
  return query.trim() ? `${cards}#${filterLocations(groupLocationsOf(groups), query).map((l) => l.id).join(',')}` : cards;
}

/** The island's selections, remembered for one list. */
export type ListSelection = { key: string; cards: Record<string, CardSelection> };

/** The selections for the list now shown: the remembered ones while it is the same list, else none (first tabs). */
export const reconcileSelection = (state: ListSelection, key: string): ListSelection => (state.key === key ? state : { key, cards: {} });

/** Initial selections: `?tab=` applied to the card that holds that location. */
export function initialSelection(groups: readonly DealershipGroup[], tabParam: string | null | undefined, query = ''): ListSelection {
  const cards: Record<string, CardSelection> = {};
  for (const g of groups) cards[g.slug] = selectionFor(g, tabParam);
  return { key: listKey(groups, query), cards };
}

/**
 * The ARIA tabs pattern's keys (automatic activation): Left/Right move to the previous/next tab (wrapping), Home and
 * End to the first and last; any other key: null (the browser keeps it).
 */
export function tabKeyTarget(key: string, current: number, count: number): number | null {
  if (count < 1) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Element ids of a card's tabs and panels (stable, from the dealership slug and the tab's id). */
export const tabIds = (groupSlug: string, tabId: string) => ({ tab: `fl-tab-${groupSlug}-${tabId}`, panel: `fl-panel-${groupSlug}-${tabId}` });
export const cardId = (groupSlug: string) => `fl-d-${groupSlug}`;

/**
 * A tab's link without JavaScript (`?tab=<location id>#<card>`: the server selects that tab): the page's own
 * parameters kept, the search box's current query in place of the one the page came with.
 * @example tabHref([['near', '4127']], 'logan', '2102', 'southern-cross-hyundai') // '?near=4127&locationQuery=logan&tab=2102#fl-d-southern-cross-hyundai'
 */
export function tabHref(keep: ReadonlyArray<readonly [string, string]>, query: string, locationId: string, groupSlug: string): string {
  const params = new URLSearchParams(keep.filter(([k]) => k !== 'locationQuery' && k !== 'tab').map(([k, v]) => [k, v]));
  if (query.trim()) params.set('locationQuery', query.trim());
  params.set('tab', locationId);
  return `?${params}#${cardId(groupSlug)}`;
}
