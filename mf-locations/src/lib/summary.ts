/**
 * The home page's locations section (contracts SLOTS.locationsSummary): the site's locations, primary first, then by
 * the location type order of spec §9 (sales, service, parts), each as a card with today's hours, phone, map link and
 * review summary.
 */
import { LOCATION_TYPE_ORDER } from '@forecourt/contracts/constants';
import { effectiveLocationType, type Location, type LocationType } from '@forecourt/contracts/entities/location';
import type { SlotParams } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import { cardContext, siteLocations, toLocationCard, type LocationCard } from './locations.ts';

/** Locations the section shows when the host names no limit (contracts LocationsSummarySlotParamsSchema). */
export const DEFAULT_SUMMARY_LIMIT = 4;

/** Used-car yards sell: they sort with sales (spec §3: 'pre-owned sales' makes a location 'used'). */
const typeRank = (type: LocationType): number => (LOCATION_TYPE_ORDER as readonly string[]).indexOf(type === 'used' ? 'sales' : type);

/**
 * Primary locations first, then sales (and used), service, parts; the config's order within each (a stable sort).
 * @example summaryOrder([service, sales, primaryParts]) // [primaryParts, sales, service]
 */
export function summaryOrder<L extends Pick<Location, 'primary' | 'location_type' | 'location_subtype'>>(locations: readonly L[]): L[] {
  return locations
    .map((location, index) => ({ location, index, rank: (location.primary ? 0 : 10) + typeRank(effectiveLocationType(location)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.location);
}

export type LocationsSummary = {
  /** The cards shown, at most the limit. */
  cards: LocationCard[];
  /** How many locations the site shows in all (the section links to the full list when there are more). */
  total: number;
};

/** The section's cards at `now`: at most `limit` of the site's visible locations, in `summaryOrder`. */
export function locationsSummary(config: SiteConfig, data: TenantData, params: SlotParams<'locationsSummary'>, now: Date): LocationsSummary {
  const limit = params.limit ? Number(params.limit) : DEFAULT_SUMMARY_LIMIT;
  const locations = summaryOrder(siteLocations(config, data));
  const context = cardContext(config, data, now);
  return { cards: locations.slice(0, limit).map((l) => toLocationCard(l, context)), total: locations.length };
}
