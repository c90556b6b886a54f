/**
 * Test helpers: the shared tenant fixtures of contracts, this Worker's bindings, and a locations data set of its own
 * (several dealerships, hidden and foreign locations: more than the shared fixture's one location).
 */
import type { LocationInput, OpeningHourEntry } from '@forecourt/contracts/entities/location';
import { fakeKv, tenantEntries, TEST_VERSION_METADATA } from '@forecourt/contracts/fixtures/tenant';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { parseSpecialHours, parseTenantData, type SpecialHoursInput, type TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { LocationsData } from '../lib/locations-data.ts';
import { fakeRateLimiter } from '@forecourt/contracts/fixtures/rate-limit';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';

export { siteConfig, siteConfigInput } from '@forecourt/contracts/fixtures/tenant';

export type TestEnvOptions = {
  /** edge-api's answer to a call (the dealer locator's `/internal/geocode`); default 404 `{ error: 'Invalid postcode' }`. */
  edge?: (url: URL, tenant: string | null) => Response | Promise<Response>;
  /** LOCATOR_LIMITER's calls per key (default: never limits). */
  locatorLimit?: number;
};

/** What a test's edge-api stand-in was asked: the URL and the tenant header. */
export type EdgeCalls = Array<{ url: string; tenant: string | null }>;

/**
 * Worker bindings for a test: the given tenants (and data sets) in CONFIG, an ASSETS fetcher that echoes the path,
 * edge-api answering as told (its calls recorded) and a LOCATOR_LIMITER stand-in (contracts' fakeRateLimiter).
 */
export function testEnv(configs: SiteConfigInput[], data: Record<string, TenantDataInput> = {}, options: TestEnvOptions = {}): Env & { edgeCalls: EdgeCalls; LOCATOR_LIMITER: ReturnType<typeof fakeRateLimiter> } {
  const assets = { fetch: async (req: Request) => new Response(`asset ${new URL(req.url).pathname}`) };
  const edgeCalls: EdgeCalls = [];
  const edge = {
    fetch: async (input: string, init?: RequestInit) => {
      const tenant = new Headers(init?.headers).get(TENANT_HEADER);
      edgeCalls.push({ url: input, tenant });
      return options.edge ? options.edge(new URL(input), tenant) : Response.json({ error: 'Invalid postcode' }, { status: 404 });
    },
  };
  return {
    CONFIG: fakeKv(tenantEntries(configs, data)),
    ASSETS: assets,
    EDGE_API: edge,
    LOCATOR_LIMITER: fakeRateLimiter(options.locatorLimit ?? 10_000),
    CF_VERSION_METADATA: TEST_VERSION_METADATA,
    edgeCalls,
  };
}

/** Mon-Fri 8:30am-5:30pm, Sat by appointment, Sun closed: the shape spec §2 Hours display describes. */
export const SALES_HOURS: OpeningHourEntry[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, formated_hours: null, open: '08:30', close: '17:30' })),
  { weekday: 6, status: 'Open', formated_hours: 'By appointment only', open: null, close: null },
  { weekday: 0, status: 'Closed', formated_hours: null, open: null, close: null },
];

export function locationInput(overrides: Partial<LocationInput> & Pick<LocationInput, 'id' | 'name' | 'slug'>): LocationInput {
  return {
    visible: true,
    primary: false,
    location_type: '',
    dealership_id: 'd1',
    dealership_slug: 'springwood-motor-group',
    manufacturers: ['toyota'],
    dealer_license_number: 'MD12345',
    motor_vehicle_repairer: 'MVR54321',
    address: { street: '3350 Pacific Highway', city: 'Springwood', state: 'QLD', postcode: '4127', lat: -27.6125, long: 153.1294, place_url: 'https://maps.example/springwood' },
    contact_detail: { phone: '07 3208 0000', opening_hours: SALES_HOURS },
    reviews: { average_rating: 4.6, count: 212 },
    ...overrides,
  };
}

/** Two visible locations of one dealership (sales + service), one hidden, one Škoda site, one not on this site. */
export function tenantDataInput(): TenantDataInput {
  return {
    locations: [
      locationInput({ id: 'l1', name: 'Springwood Toyota Sales', slug: 'springwood-toyota', primary: true }),
      locationInput({
        id: 'l2', name: 'Springwood Toyota Service', slug: 'springwood-toyota-service', location_type: 'service',
        address: { street: '12 Dennis Road', city: 'Springwood', state: 'QLD', postcode: '4127', lat: null, long: null },
        contact_detail: { phone: null, landline_phone: '07 3208 1111', opening_hours: [] },
        reviews: null,
      }),
      locationInput({ id: 'l3', name: 'Hidden Yard', slug: 'hidden-yard', visible: false }),
      locationInput({
        id: 'l4', name: 'Logan Škoda Sales', slug: 'logan-skoda-sales', dealership_id: 'd2', dealership_slug: 'logan-euro', manufacturers: ['skoda'],
        address: { street: '1 Wembley Road', city: 'Logan Central', state: 'QLD', postcode: '4114' },
      }),
      locationInput({ id: 'l5', name: 'Other Site Motors', slug: 'other-site-motors' }),
    ],
    dealerships: [
      { id: 'd1', slug: 'springwood-motor-group', name: 'Springwood Motor Group' },
      { id: 'd2', slug: 'logan-euro', name: 'Logan Euro' },
    ],
    manufacturers: [],
  };
}

/** As the location pages read it (lib/locations-data.ts): the data set and its special hours (none here). */
export const tenantData = (): LocationsData => locationsData('test-motors', tenantDataInput());

/** A data set and its special hours parsed as the store parses each (lib/locations-data.ts `readLocationsData`). */
export function locationsData(slug: string, input: TenantDataInput & { special_hours?: SpecialHoursInput }): LocationsData {
  return { ...parseTenantData(slug, input), special_hours: parseSpecialHours(slug, input.special_hours) };
}

/** The test tenant lists l1-l4 (l3 is hidden); l5 belongs to another site. */
export const LOCATION_IDS = ['l1', 'l2', 'l3', 'l4'];
