/**
 * A made-up dealer, its data and a car ('Test Motors', Springwood Toyota, a 2021 Corolla): complete, valid under the
 * contracts' schemas, never a real tenant's. Shipped: the Workers' isolate warm-ups render them at module start
 * (warm-up.ts). The tests' fixtures (fixtures/car.ts, fixtures/location.ts, fixtures/tenant.ts) are these same values,
 * so a schema change breaks here first, for the warm-ups and the tests alike.
 */
import type { CarInput } from './entities/car.ts';
import type { LocationInput } from './entities/location.ts';
import { kvTenantKey, type SiteConfigInput } from './tenant.ts';
import { kvTenantDataKey, type TenantDataInput } from './tenant-data.ts';

export const sampleCar = {
  id: '148223',
  name: '2021 Toyota Corolla Ascent Sport Hybrid',
  slug: '2021-toyota-corolla-ascent-sport-hybrid-148223',
  path: '/cars/2021-toyota-corolla-ascent-sport-hybrid-148223',
  year: 2021,
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport Hybrid',
  series: 'ZWE211R',
  body: 'Hatchback',
  simple_body: 'hatch',
  price: 31990,
  before_price: 33490,
  offer_price: null,
  subscription_price: null,
  weekly_price_range: '$120 - $140',
  price_type: 'Drive Away',
  preorder: false,
  km: 42150,
  status: 'in_stock',
  reserved: false,
  sold: false,
  car_type: 'used',
  tag: null,
  created_at: '2024-05-02T09:15:00.000+10:00',
  created_at_timestamp: 1714605300000,
  sold_date_timestamp: null,
  show_on_dealer_website: true,
  stocknum: 'U14822',
  vin: 'JTNK4RBE903123456',
  nvic: '0F8J21',
  has_nvic: true,
  regplate: '123ABC',
  rego_expiry: '2025-03-14',
  colour: 'Eclectic Blue',
  interior_colour: 'Black',
  seats: 5,
  doors: 5,
  drive: 'Front Wheel Drive',
  simple_drive: 'FWD',
  fuel: 'Hybrid',
  simple_fuel: 'hybrid',
  trans: 'Constantly Variable Transmission',
  simple_transmission: 'automatic',
  gearnum: 1,
  bodyconfiguration: 'Hatchback',
  engine_size: 1798,
  compliance_date: '2021-02',
  build_date: '2021-01',
  certified: true,
  views: 57,
  categories: ['Hybrid', 'Under $35k'],
  dealership_name: 'Springwood Toyota',
  dealership_id: 'd-springwood',
  dealership_slug: 'springwood-toyota',
  city: 'Springwood',
  state: 'QLD',
  make_model: 'Toyota Corolla',
  photos_count: 2,
  location_id: 'loc-springwood-sales',
  images: [
    { image: { url: '/demo-img/hatch/blue/1.svg', thumb: { url: '/demo-img/hatch/blue/1-thumb.svg' } } },
    { image: { url: '/demo-img/hatch/blue/2.svg', thumb: { url: '/demo-img/hatch/blue/2-thumb.svg' } } },
  ],
  primary_image_url: '/demo-img/hatch/blue/1.svg',
  thumbnails: ['/demo-img/hatch/blue/1-thumb.svg', '/demo-img/hatch/blue/2-thumb.svg'],
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  external_video_url: null,
  spin_images: ['/demo-img/spin/hatch/0.svg', '/demo-img/spin/hatch/1.svg'],
  spin_interior_image: '/demo-img/spin/hatch/interior.svg',
  spin_code: 'SPN-148223',
  hotspots: {
    exterior: [{ id: 1, description: 'LED headlights', anchors: [{ activeAngle: 0, posX: 22.5, posY: 48 }, { activeAngle: 1, posX: 25, posY: 47.5 }] }],
    interior: [{ id: 'i1', description: '8-inch touchscreen', anchors: [{ activeAngle: 0, posX: 50, posY: 40 }] }],
  },
  standardEquipment: ['Reversing camera', 'Apple CarPlay', 'Adaptive cruise control'],
  dealercomments: 'One owner, full Toyota service history. Balance of factory warranty.',
  features: ['Bluetooth', 'Lane departure alert', 'Keyless start', 'Alloy wheels'],
  file: { url: '/reports/148223.pdf', name: 'PPSR history report' },
  carsales_title: '2021 Toyota Corolla Ascent Sport Hybrid Auto',
  private_suburb: null,
  private_postcode: null,
  item_type: null,
  specifications: null,
  autograb_data: { average_market_price: 33200, state_average_market_price: 32900 },
  youxQuote: { weeklyRepaymentAmount: 128.4, advertisedRate: 7.49, comparisonRate: 8.12 },
  payment_processors: ['stripe'],
  location: {
    id: 'loc-springwood-sales',
    name: 'Springwood Toyota Sales',
    phone: '07 3808 0000',
    slug: 'springwood-toyota-sales',
    address: '3350 Pacific Hwy, Springwood QLD 4127',
    distribution_locations: ['Brisbane Metro', 'Gold Coast'],
  },
  variant: {
    cylinders: 4,
    enginesize: 1798,
    enginesize_litres: 1.8,
    induction: 'Aspirated',
    geartype: 'CVT',
    fuelconsumptioncombined: 4.2,
    fuelcapacity: 43,
    grossvehiclemass: 1850,
    vehiclelength: 4375,
    vehicleheight: 1435,
    vehiclewidth: 1790,
    towingcapacitybraked: 0,
    torque: 142,
    ancaprating: 5,
    bodyconfiguration: null,
  },
  finance_lenders: {
    taurus: {
      disclaimer: 'Based on a 5-year secured fixed-rate loan of $30,000.',
      deposit: 0,
      paymentWeek: 139,
      paymentMonth: 602,
      termMonths: 60,
      termWeeks: 260,
      termYears: 5,
      term60: 139,
      totalPayable: 36140,
      interestRate: 7.99,
      comparisonRate: 8.56,
      establishmentFees: 395,
      balloon: 0,
      financeProvider: 'Taurus',
    },
  },
} satisfies CarInput;

export const sampleLocation = {
  id: 'loc-springwood-sales',
  name: 'Springwood Toyota Sales',
  slug: 'springwood-toyota-sales',
  visible: true,
  primary: true,
  location_type: '',
  location_subtype: null,
  dealership_id: 'd-springwood',
  dealership_slug: 'springwood-toyota',
  manufacturers: ['toyota'],
  image: { image: { url: '/demo-img/locations/springwood.svg' } },
  dealer_license_number: '3456789',
  motor_vehicle_repairer: '45678',
  address: {
    id: 'a1', street: '3350 Pacific Hwy', city: 'Springwood', state: 'QLD', postcode: '4127', lat: -27.6135, long: 153.1278,
    place_id: 'ChIJ123', place_url: 'https://maps.google.com/?cid=1', map_key: null,
  },
  contact_detail: {
    phone: '07 3808 0000',
    landline_phone: null,
    opening_hours: [
      { weekday: 0, status: 'Closed', formated_hours: 'Closed', open: null, close: null },
      { weekday: 1, status: 'Open', formated_hours: '8:30am - 5:30pm', open: '08:30', close: '17:30' },
      { weekday: 6, status: 'Open', formated_hours: 'By appointment only', open: '09:00', close: '12:00' },
    ],
  },
  average_rating: 4.6,
  review_count: 1234,
  reviews: { average_rating: 4.6, count: 1234 },
  review_items: [{ author: 'Sam P.', rating: 5, text: 'Great service.', date: '2024-04-12' }],
} satisfies LocationInput;

/**
 * A small used-car dealer's config ('Test Motors', phone '07 3000 0000'); `overrides` replace whole top-level fields.
 * @example siteConfigInput('test-motors', { features: { favourites: false } })
 */
export function siteConfigInput(slug = 'test-motors', overrides: Partial<SiteConfigInput> = {}): SiteConfigInput {
  return {
    slug,
    name: 'Test Motors',
    hosts: [`${slug}.example.com.au`],
    template: 'used',
    contact: { phone: '07 3000 0000', email: 'sales@example.com.au' },
    seo: { title: 'Test Motors', description: 'Used cars in Brisbane' },
    theme: {
      colors: { primary: '#123456', primaryContrast: '#ffffff', secondary: '#654321', background: '#ffffff', surface: '#f5f5f5', text: '#111111', muted: '#595959' },
      fonts: { body: 'system', heading: 'system' },
      logo: { url: '/logo.svg', alt: 'Test Motors', width: 120, height: 40 },
    },
    menus: { header: [], footer: [] },
    dealerships: [],
    locations: [],
    brands: [],
    finance: { providers: [] },
    remotes: { 'mf-search': '0.1.0', 'mf-vehicle': '0.1.0', 'mf-locations': '0.1.0', 'mf-finance': '0.1.0', 'mf-account': '0.1.0' },
    ...overrides,
  };
}

/** One dealership with one location (the complete `sampleLocation`) and its manufacturer. */
export function tenantDataInput(): TenantDataInput {
  return {
    locations: [structuredClone(sampleLocation)],
    dealerships: [{ id: sampleLocation.dealership_id, slug: sampleLocation.dealership_slug, name: 'Springwood Toyota' }],
    manufacturers: [{ id: 'm-toyota', name: 'Toyota', slug: 'toyota' }],
  };
}

/**
 * A car's pictures as a dealer's feed gives them: `count` photo-weight JPEGs, which pages show through the image CDN
 * (srcset, sizes: contracts images.ts), where `sampleCar`'s drawings are SVG and shown as they are. What the warm-ups
 * give their made-up cars, so a real car's first render meets its pictures' code warm.
 */
export function photoImages(count = 8, folder = '/demo-img/photo/hatch/made-up'): Pick<CarInput, 'images' | 'primary_image_url' | 'thumbnails' | 'photos_count'> {
  const urls = Array.from({ length: count }, (_, i) => `${folder}/${i}.jpg`);
  return {
    images: urls.map((url) => ({ image: { url, thumb: { url } } })),
    primary_image_url: urls[0] ?? null,
    thumbnails: urls,
    photos_count: count,
  };
}

/** A made-up location of the group's (`sampleLocation` with its own id, name, slug and week). */
function groupLocation(n: number, dealership: string): LocationInput {
  const days = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    weekday === 0
      ? { weekday, status: 'Closed' as const, formated_hours: 'Closed', open: null, close: null }
      : { weekday, status: 'Open' as const, formated_hours: weekday === 6 ? '8:30am - 4:00pm' : '8:00am - 5:30pm', open: weekday === 6 ? '08:30' : '08:00', close: weekday === 6 ? '16:00' : '17:30' },
  );
  return {
    ...structuredClone(sampleLocation),
    id: `loc-group-${n}`,
    name: `Test Motors Location ${n}`,
    slug: `test-motors-location-${n}`,
    primary: n === 1,
    location_type: n === 3 ? 'service' : 'sales',
    dealership_id: dealership,
    dealership_slug: `test-motors-${dealership}`,
    contact_detail: { phone: `07 3000 000${n}`, landline_phone: null, opening_hours: days },
  };
}

const GROUP_MAKES = ['toyota', 'ford', 'mazda', 'hyundai', 'kia', 'mitsubishi', 'nissan', 'volkswagen'];

/**
 * A made-up dealer group's config with every section a dealer fills: menus with children, an announcement, a promo
 * popup, the business and its social links, banners, web fonts, search and finance settings, the trade-in rules. What
 * the warm-ups validate and render, so a real tenant's first request meets code that has run on every section of it
 * (`siteConfigInput` is the small dealer the tests mostly use). Its ids match `richTenantDataInput`.
 */
export function richSiteConfigInput(slug = 'test-motors-group', overrides: Partial<SiteConfigInput> = {}): SiteConfigInput {
  const base = siteConfigInput(slug);
  return {
    ...base,
    name: 'Test Motors Group',
    template: 'group',
    site_url: `https://www.${slug}.example.com.au`,
    time_zone: 'Australia/Brisbane',
    theme: { ...base.theme, fonts: { body: 'inter', heading: 'oswald' }, radius: '4px' },
    features: { reserve_online: true, finance_preapproval: true, electric_tag: true, show_dealer_licence: true, market_price: true, brand_grid: true },
    business: { legal_name: 'Test Motors Group Pty Ltd', abn: '12 345 678 901', social: { facebook: 'https://www.facebook.com/example', instagram: 'https://www.instagram.com/example', youtube: 'https://www.youtube.com/@example' } },
    menus: {
      header: [
        { label: 'Home', href: '/' },
        { label: 'Our Stock', href: '/search/new-used-and-demo-cars', kind: 'stock', children: [{ label: 'New Cars', href: '/search/new-cars' }, { label: 'Demo Cars', href: '/search/demo-cars' }, { label: 'Used Cars', href: '/search/used-cars' }] },
        { label: 'Brands', href: '/brands', kind: 'models', children: GROUP_MAKES.slice(0, 5).map((make) => ({ label: make.toUpperCase(), href: `/search/${make}` })) },
        { label: 'Finance', href: '/finance', children: [{ label: 'Car Finance', href: '/finance' }, { label: 'Apply for Finance', href: '/apply-for-finance' }] },
        { label: 'Locations', href: '/locations' },
      ],
      footer: [
        { title: 'Shop', links: [{ label: 'New cars', href: '/search/new-cars' }, { label: 'Used cars', href: '/search/used-cars' }] },
        { title: 'Company', links: [{ label: 'About us', href: '/about-us' }, { label: 'Contact us', href: '/contact' }] },
      ],
    },
    announcement: { text: 'Runout: selected stock at drive-away prices.', href: '/special-offers', link_label: 'See offers' },
    promo_popup: { id: 'runout', title: 'Runout sale', description: 'Drive away today.', image: '/demo-img/photo/banner/runout.jpg', button: { label: 'View stock', href: '/search/used-cars' }, start: '2024-01-01', expiry: '2099-12-31' },
    banners: [
      { title: 'New arrivals', subtitle: 'Every week', image: '/demo-img/photo/banner/new.jpg', href: '/search/new-cars' },
      { title: 'Servicing', image: '/demo-img/photo/banner/service.jpg', href: '/service' },
    ],
    dealerships: ['d-1', 'd-2'],
    locations: ['loc-group-1', 'loc-group-2', 'loc-group-3'],
    brands: GROUP_MAKES,
    stats: [{ value: '3', label: 'Locations' }, { value: '8', label: 'Brands' }],
    stock: { models: ['Corolla', 'Ranger', 'CX-5'] },
    search: { new_arrival_label: 'New Arrival', demo_max_km: 10000, card_chips: ['car_type', 'simple_body', 'km', 'simple_transmission', 'fuel'] },
    vdp_config: { show_map_section: true },
    finance: { providers: ['Powertorque', 'Manual'], default_interest: 8.99, interest_min: 5.99, interest_max: 15.99, default_term_years: 5, max_term_years: 7, disclaimer: 'Estimate only.' },
    trade_in: { max_age_years: 10, max_km: 100_000 },
    ...overrides,
  };
}

/** The data set `richSiteConfigInput` points at: two dealerships, three locations with full weeks, eight makes, a brand, an offer. */
export function richTenantDataInput(): TenantDataInput {
  return {
    locations: [groupLocation(1, 'd-1'), groupLocation(2, 'd-1'), groupLocation(3, 'd-2')],
    dealerships: [
      { id: 'd-1', slug: 'test-motors-d-1', name: 'Test Motors North', average_rating: 4.6, review_count: 120 },
      { id: 'd-2', slug: 'test-motors-d-2', name: 'Test Motors South', service_booking_url: 'https://example.com.au/service' },
    ],
    manufacturers: GROUP_MAKES.map((slug, i) => ({ id: `m-${i}`, name: slug[0]!.toUpperCase() + slug.slice(1), slug, logo: { url: `/demo-img/makes/${slug}.svg` } })),
    brands: [{ title: 'Toyota', slug: 'toyota', logo: '/demo-img/makes/toyota.svg', banner: '/demo-img/banners/toyota.svg', description: ['Toyota at Test Motors.'] }],
    offers: [{ id: 'o-1', name: 'Runout', description: 'Drive away.', url: '/special-offers', manufacturer_slug: 'toyota', expiry: '2099-12-31', model: { slug: 'corolla', name: 'Corolla' } }],
  };
}

/** KV entries for tenants: `tenant:<slug>` for each config, `tenant-data:<slug>` for each data set. */
export function tenantEntries(configs: readonly SiteConfigInput[], data: Readonly<Record<string, TenantDataInput>> = {}): Record<string, unknown> {
  return {
    ...Object.fromEntries(configs.map((c) => [kvTenantKey(c.slug), c])),
    ...Object.fromEntries(Object.entries(data).map(([slug, d]) => [kvTenantDataKey(slug), d])),
  };
}

/**
 * The read side of an in-memory KV namespace over `entries` (string values as text, bytes as bytes, anything else as
 * JSON, as `wrangler kv put` stores them): what a warm-up's tenant store reads. Tests use fixtures/tenant.ts `fakeKv`
 * (it also records the reads).
 */
export type MemoryKv = {
  get(key: string, type: 'json' | { type: 'json'; cacheTtl?: number }): Promise<unknown>;
  get(key: string, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
  get(key: string, type?: 'text'): Promise<string | null>;
};
export function memoryKv(entries: Readonly<Record<string, unknown>>): MemoryKv {
  const stored = new Map(Object.entries(entries).map(([k, value]) => [k, typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value)]));
  const get = async (key: string, options: 'json' | 'text' | 'arrayBuffer' | { type: 'json'; cacheTtl?: number } = 'text'): Promise<unknown> => {
    const value = stored.get(key);
    if (value === undefined) return null;
    const type = typeof options === 'string' ? options : options.type;
    if (type !== 'json' && type !== 'text' && type !== 'arrayBuffer') throw new Error(`memoryKv reads text, json and arrayBuffer only, not ${String(type)}`);
    // Bytes as a new ArrayBuffer on every read, as KV's are.
    if (type === 'arrayBuffer') return (typeof value === 'string' ? new TextEncoder().encode(value) : value.slice()).buffer;
    const text = typeof value === 'string' ? value : new TextDecoder().decode(value);
    return type === 'json' ? JSON.parse(text) : text;
  };
  return { get: get as MemoryKv['get'] };
}
