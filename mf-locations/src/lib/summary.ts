/**
 * The home page's locations section (contracts SLOTS.locationsSummary): the location block of ./block.ts with the
 * slot's params. Without params it is the section as it always was: the site's locations, primary first, then by the
 * location type order of spec §9 (sales with used yards, service, parts), at most 4.
 */
import type { SlotParams } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { LocationsData } from './locations-data.ts';
import { DEFAULT_BLOCK_LIMIT, locationBlock, type LocationBlock } from './block.ts';

/** Locations the section shows when the host names no limit and no `show` (contracts LocationsSummarySlotParamsSchema). */
export const DEFAULT_SUMMARY_LIMIT = DEFAULT_BLOCK_LIMIT;

export type LocationsSummary = LocationBlock;

/** The section at `now`: the block the slot's params describe (./block.ts `locationBlock`). */
export function locationsSummary(config: SiteConfig, data: LocationsData, params: SlotParams<'locationsSummary'>, now: Date): LocationsSummary {
  return locationBlock(config, data, params, now);
}
