/**
 * The mf-locations isolate's warm-up (issue 19, cold start; contracts warm-up.ts): at module start, before any request,
 * its slots are made for a made-up tenant WARM_UP_ROUNDS times through the routes' own steps (the slot params' check,
 * the location block of a car page and the home page's carousel, the reviews summary, React's render of each) after
 * the tenant middleware's reads and the locations data's read, and the router's first matches, so a fresh isolate's
 * first car page or home page meets warm code. Its slots sit in every car page (`#vehicle-map`) and on home pages.
 * No I/O, no Response; everything it makes is its own (its own tenant store over an in-memory KV, dropped when it ends).
 */
import { renderToString } from 'react-dom/server';
import { locationBlockParamsAgree } from '@forecourt/contracts/location-block';
import { memoryKv, sampleLocation, siteConfigInput, tenantDataInput, tenantEntries } from '@forecourt/contracts/made-up';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { createTenantStore } from '@forecourt/contracts/tenant-store';
import { createWarmUp, warmUpRoutes, warmUpTenantReads, WARM_UP_NOW, WARM_UP_ROUNDS, WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { LocationsSummary } from './fragments/LocationsSummary.tsx';
import { ReviewsSummary } from './fragments/ReviewsSummary.tsx';
import { readLocationsData } from './lib/locations-data.ts';
import { reviewsSummary } from './lib/reviews-summary.ts';
import { locationsSummary } from './lib/summary.ts';

/**
 * The location block queries its hosts send most: a car page's `#vehicle-map` (mf-vehicle: the car's location with its
 * map and reviews list) and a home page's locations section (the shell: its section's params, often none).
 */
export const WARM_UP_BLOCK_QUERIES = [`show=id&id=${sampleLocation.id}&variant=map&reviews=list&heading=Where+to+find+this+car`, ''] as const;

/** The paths the shell asks this Worker for most (the slots first). */
const PATHS = [`/fragments/${SLOTS.locationsSummary.page}`, `/fragments/${SLOTS.reviewsSummary.page}`, '/fragments/locations', '/fragments/location'];

/** Runs the warm-up; answers the characters of the HTML it rendered (a test's proof that slots were made). */
export async function warmUpLocations(router: { match(method: string, path: string): unknown }, { rounds = WARM_UP_ROUNDS, now = new Date(WARM_UP_NOW) }: { rounds?: number; now?: Date } = {}): Promise<number> {
  await warmUpTenantReads(rounds);
  // The made-up tenant's site shows its one location (the made-up config lists none).
  const kv = memoryKv(tenantEntries([siteConfigInput(WARM_UP_TENANT, { locations: [sampleLocation.id] })], { [WARM_UP_TENANT]: tenantDataInput() }));
  const store = createTenantStore(kv);
  const config = await store.config(WARM_UP_TENANT);
  if (!config) throw new Error('warm-up: the made-up tenant has no config');
  // The data set first: the special hours' read joins it, and joining a load still under way sets a stall timer
  // (contracts shared-load.ts), which module scope may not.
  await store.data(WARM_UP_TENANT);
  const data = await readLocationsData(store, WARM_UP_TENANT);
  let chars = 0;
  for (let i = 0; i < rounds; i++) {
    for (const query of WARM_UP_BLOCK_QUERIES) {
      const params = readSlotParams('locationsSummary', new URLSearchParams(query));
      if (!params.success || !locationBlockParamsAgree(params.output)) throw new Error(`warm-up: the location block refused ${query || 'no params'}`);
      const summary = locationsSummary(config, data, params.output, now);
      if (!summary.cards.length) throw new Error('warm-up: the location block showed no location');
      chars += renderToString(<LocationsSummary summary={summary} />).length;
    }
    const reviews = reviewsSummary(config, data);
    if (reviews) chars += renderToString(<ReviewsSummary summary={reviews} />).length;
  }
  warmUpRoutes(router, PATHS, rounds);
  return chars;
}

/** The isolate's warm-up record: worker.tsx starts it, a Worker test reads it. */
export const warmUp = createWarmUp('mf-locations');
