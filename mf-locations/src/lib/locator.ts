/**
 * The dealer locator (`/dealer-locator`, spec §5 Postcode field, §7 Geocoding, §9 Haversine): the shopper's place (a
 * postcode or suburb looked up through edge-api's geocoding port, or the browser's position as `lat`/`lng`), the
 * filters by location type and brand, and the locations nearest first with 'N km away'. Without a place, or when the
 * lookup fails, the list still shows (unsorted): the page is never a dead end.
 */
import * as v from 'valibot';
import { LOCATION_TYPES, type LocationType } from '@forecourt/contracts/entities/location';
import type { Manufacturer } from '@forecourt/contracts/entities/dealership';
import { haversineKm, type LatLng } from '@forecourt/contracts/geo';
import { callInternal, GEOCODE_ERRORS, locatorQuery, type ServiceBinding } from '@forecourt/contracts/internal';
import { LOCATOR_TEXTS, NEAR_MAX_LENGTH } from './locator-texts.ts';
import { TYPE_LABELS } from './locations.ts';
import { locationTypeRank } from '@forecourt/contracts/locations';
import type { ListLocation } from './list.ts';

export { LOCATOR_TEXTS, NEAR_MAX_LENGTH } from './locator-texts.ts';

/** Australia's bounding box (mainland, Tasmania and the near islands), for a browser position. */
export const AU_BOUNDS = { minLat: -44, maxLat: -9, minLng: 112, maxLng: 154 } as const;

/** What the locator's URL asks for (`near`, `type`, `brand`, `lat`, `lng`). */
export type LocatorParams = {
  near: string;
  type: LocationType | null;
  brand: string | null;
  /** A browser position inside Australia; null when none was sent. */
  point: LatLng | null;
  /** `lat`/`lng` were sent but are not numbers inside Australia (ignored, with LOCATOR_TEXTS.pointOutside). */
  pointRefused: boolean;
};

const Coordinate = v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,3}(?:\.\d{1,8})?$/), v.transform(Number), v.finite());
const BRAND = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A browser position from `lat`/`lng`: numbers inside AU_BOUNDS, else null. */
export function readPoint(lat: string | null, lng: string | null): LatLng | null {
  const a = v.safeParse(Coordinate, lat ?? '');
  const b = v.safeParse(Coordinate, lng ?? '');
  if (!a.success || !b.success) return null;
  const point = { lat: a.output, lng: b.output };
  const inside = point.lat >= AU_BOUNDS.minLat && point.lat <= AU_BOUNDS.maxLat && point.lng >= AU_BOUNDS.minLng && point.lng <= AU_BOUNDS.maxLng;
  return inside ? point : null;
}

/** The locator's query parameters, each checked (anything else is ignored). */
export function readLocatorParams(params: URLSearchParams): LocatorParams {
  const type = params.get('type') ?? '';
  const brand = (params.get('brand') ?? '').trim().toLowerCase();
  const sentPoint = params.has('lat') || params.has('lng');
  const point = sentPoint ? readPoint(params.get('lat'), params.get('lng')) : null;
  return {
    near: (params.get('near') ?? '').trim().replace(/\s+/g, ' ').slice(0, NEAR_MAX_LENGTH),
    type: (LOCATION_TYPES as readonly string[]).includes(type) ? (type as LocationType) : null,
    brand: BRAND.test(brand) && brand.length <= 60 ? brand : null,
    point,
    pointRefused: sentPoint && !point,
  };
}

/** A Workers rate-limiting binding (wrangler.jsonc `ratelimits`). */
export type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

/** Where the list is measured from, or why not. */
export type PlaceLookup =
  | { kind: 'none' }
  | { kind: 'found'; origin: LatLng; label: string }
  /** Said at the box (aria-describedby, aria-invalid): the shopper can fix it. */
  | { kind: 'field-error'; error: string }
  /** Said above the list (nothing to fix in the box): the list shows unsorted. */
  | { kind: 'notice'; message: string };

export type LookupDeps = {
  edge: ServiceBinding;
  limiter: Limiter;
  tenant: string;
  /**
   * The shopper's address as contracts' rateLimitAddress gives it (one key per IPv4 address or IPv6 /64), else null
   * (then no limit: see lookupPlace).
   */
  clientKey: string | null;
  timeoutMs?: number;
};

const KNOWN_ERRORS = new Set<string>(Object.values(GEOCODE_ERRORS));

/**
 * The shopper's place: `near` first (checked by contracts' `locatorQuery`, then one lookup through edge-api's
 * geocoding port, rate-limited per tenant and client), else a browser position. Shopper-facing texts:
 * - a box outside spec §5's rule: `locatorQuery`'s text, no lookup (e.g. 'Invalid postcode. Please enter a 4-digit number.');
 * - edge-api 404: for a postcode, spec §7's 'Invalid postcode' (GEOCODE_ERRORS.notFound: it is four digits, so the
 *   4-digit hint would mislead); for a suburb, GEOCODE_ERRORS.suburb (try its postcode);
 * - edge-api 400: its text when it is one of GEOCODE_ERRORS, else the postcode rule's;
 * - 429 (ours or edge-api's): LOCATOR_TEXTS.rateLimited; 5xx, a timeout or edge-api unreachable:
 *   GEOCODE_ERRORS.unavailable. Both leave the list unsorted.
 */
export async function lookupPlace(params: Pick<LocatorParams, 'near' | 'point' | 'pointRefused'>, deps: LookupDeps): Promise<PlaceLookup> {
  if (params.near) {
    const query = locatorQuery(params.near);
    if (!query.ok) return { kind: 'field-error', error: query.error };
    // Per tenant and client. Without a client address (a request that did not come through the shell: the shell
    // always sends it in production) there is no client to key by, and one shared bucket would let one caller use up
    // everyone's lookups: no limit here (edge-api's geocode route keeps its own).
    if (deps.clientKey) {
      const { success } = await deps.limiter.limit({ key: `${deps.tenant}:${deps.clientKey}` });
      if (!success) return { kind: 'notice', message: LOCATOR_TEXTS.rateLimited };
    }
    try {
      const answer = await callInternal(deps.edge, 'geocode', { tenant: deps.tenant, query: { q: query.q }, timeoutMs: deps.timeoutMs ?? 3000 });
      if (answer.ok) return { kind: 'found', origin: { lat: answer.data.lat, lng: answer.data.lng }, label: answer.data.label };
      if (answer.status === 404) return { kind: 'field-error', error: query.kind === 'postcode' ? GEOCODE_ERRORS.notFound : GEOCODE_ERRORS.suburb };
      if (answer.status === 400) return { kind: 'field-error', error: answer.error && KNOWN_ERRORS.has(answer.error) ? answer.error : GEOCODE_ERRORS.postcode };
      if (answer.status === 429) return { kind: 'notice', message: LOCATOR_TEXTS.rateLimited };
      console.error('mf-locations geocode failed', deps.tenant, answer.status);
    } catch (error) {
      // No query in the log: a postcode or suburb is the shopper's.
      console.error('mf-locations geocode unreachable', deps.tenant, error instanceof Error ? error.name : 'error');
    }
    return { kind: 'notice', message: GEOCODE_ERRORS.unavailable };
  }
  if (params.point) return { kind: 'found', origin: params.point, label: LOCATOR_TEXTS.yourLocation };
  if (params.pointRefused) return { kind: 'notice', message: LOCATOR_TEXTS.pointOutside };
  return { kind: 'none' };
}

/**
 * A distance as the list says it: one decimal under 10 km ('3.2 km away'), whole km above ('1,234 km away' with
 * the locale's separators), 'Less than 0.1 km away' when nearly there.
 */
export function distanceText(km: number, locale = 'en-AU'): string {
  if (km < 0.1) return 'Less than 0.1 km away';
  const digits = km < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km away`;
}

/**
 * The locations measured from `origin` (spec §9 Haversine, 6371 km) and nearest first; a location whose feed gives
 * no position goes last, without a distance, in its order.
 */
export function byDistance(locations: readonly ListLocation[], origin: LatLng, locale?: string): ListLocation[] {
  const measured = locations.map((l) => {
    const km = l.point ? haversineKm(origin, l.point) : null;
    return { ...l, distanceKm: km, distance: km == null ? null : distanceText(km, locale) };
  });
  return measured.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
}

/** The filters by location type and by brand (a manufacturer slug at the location). */
export function filterLocator(locations: readonly ListLocation[], filters: Pick<LocatorParams, 'type' | 'brand'>): ListLocation[] {
  return locations.filter((l) => (!filters.type || l.type === filters.type) && (!filters.brand || l.manufacturers.includes(filters.brand)));
}

export type Option = { value: string; label: string };

/** The types the tenant's locations have, in spec §9 order. */
export function typeOptions(locations: readonly ListLocation[]): Option[] {
  const types = [...new Set(locations.map((l) => l.type))].sort((a, b) => locationTypeRank(a) - locationTypeRank(b));
  return types.map((t) => ({ value: t, label: TYPE_LABELS[t] }));
}

const titleCase = (slug: string) => slug.split('-').map((w) => (w.length <= 2 ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1))).join(' ');

/** The brands at the tenant's locations, named as the tenant's manufacturers name them, by name. */
export function brandOptions(locations: readonly ListLocation[], manufacturers: readonly Pick<Manufacturer, 'slug' | 'name'>[]): Option[] {
  const slugs = [...new Set(locations.flatMap((l) => l.manufacturers))];
  return slugs
    .map((slug) => ({ value: slug, label: manufacturers.find((m) => m.slug === slug)?.name ?? titleCase(slug) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
