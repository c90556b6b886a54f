/**
 * Building blocks for demo tenant files (demo/tenants/*): opening hours, holiday hours, locations,
 * image paths, and the DemoTenant bundle type (config + data + stock profile).
 */
import type { RemoteManifest, SiteConfigInput } from '@forecourt/contracts/tenant';
import type { SpecialHoursInput, TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { LocationInput, OpeningHourEntry, SpecialHoursEntry } from '@forecourt/contracts/entities/location';
import type { CarType } from '@forecourt/contracts/entities/car';
import mfAccount from '../../mf-account/package.json';
import mfFinance from '../../mf-finance/package.json';
import mfLocations from '../../mf-locations/package.json';
import mfSearch from '../../mf-search/package.json';
import mfVehicle from '../../mf-vehicle/package.json';
import { logoSize as dealerLogoSize, type LogoColours } from './wordmark.ts';

/** How a tenant's stock is generated (not part of the site config: demo only). */
export type StockProfile = {
  /** Cars in the default data set and in the bench data set. */
  defaultCount: number;
  benchCount: number;
  /** Car ids are idBase + sequence, so ids never collide across tenants. */
  idBase: number;
  /** Stock number prefix, e.g. 'HT'. */
  stockPrefix: string;
  carTypes: [CarType, number][];
  /** Relative share of stock per location id (service and parts locations hold none). */
  locationWeights: Record<string, number>;
  /** Share of a franchised location's used stock that is its own make (the rest are trade-ins of any car make). */
  usedOwnMakeShare: number;
  /** Manufacturer slugs whose models fill used car stock (beyond own-make trade-ins). */
  usedMakes: string[];
  /** Weight multiplier per simple_body for used stock (e.g. a country yard sells more utes). */
  usedBodyBias?: Record<string, number>;
  /** Used cars of this manufacturer are certified pre-owned. */
  certifiedMaker?: string;
  /** Share of cars offered with a weekly subscription price. */
  subscriptionShare: number;
  /** Share of in-stock cars carrying a YouX quote. */
  youxShare: number;
  /** Regions each location delivers to (delivery calculator), by location id. */
  distribution?: Record<string, string[]>;
};

export type DemoTenant = {
  config: SiteConfigInput;
  /**
   * Every list present (the schema defaults them to empty; a demo tenant states them), with its special hours, which the
   * seed stores under their own key (`special-hours:<slug>`, contracts tenant-data.ts).
   */
  data: Required<TenantDataInput> & { special_hours: SpecialHoursInput };
  stock: StockProfile;
  /** Wordmark drawn at /demo-img/logo/<slug>.svg. */
  logo: { text: string; colours: LogoColours };
};

const hexOf = (hex: string) => hex.replace('#', '').toLowerCase();

/** The site path of a generated image (served by renderDemoImage). */
export const img = {
  logo: (slug: string) => `/demo-img/logo/${slug}.svg`,
  /**
   * A gallery view of a vehicle: `n` is the view index (0 front three-quarter, 1 side, 2 rear three-quarter, 3 dash ...,
   * see demo/src/svg.ts); `body` a simple_body or a body token with variants (`ute-tray`, `van-window`); `label` only
   * makes the path readable.
   */
  car: (body: string, hex: string, n: number, label?: string) => `/demo-img/car/${body}/${hexOf(hex)}/${n}${label ? `-${label}` : ''}.svg`,
  /** A gallery view with the interior in the trim colour (interior views use it). */
  carView: (body: string, paint: string, trim: string | null, n: number) => `/demo-img/car/${body}/${hexOf(paint)}${trim ? `.${hexOf(trim)}` : ''}/${n}.svg`,
  /**
   * The same gallery view as a photo-weight JPEG (1600x1200, 150-400 KB, like a dealer's upload): the drawing rendered
   * with grain by the local runtime (dev/demo-photos.mjs; images.ts demoPhotoDrawing names the drawing). Stock uses these.
   */
  photo: (body: string, paint: string, trim: string | null, n: number) => `/demo-img/photo/${body}/${hexOf(paint)}${trim ? `.${hexOf(trim)}` : ''}/${n}.jpg`,
  /** A 360 spin frame: angle 0-23 in 15 degree steps (0 = side view, nose to the right; 6 = front; 18 = rear). */
  spin: (body: string, hex: string, angle: number) => `/demo-img/spin/${body}/${hexOf(hex)}/${angle}.svg`,
  interior: (hex: string) => `/demo-img/interior/${hexOf(hex)}.svg`,
  /** A 1920x540 banner (a photo-weight JPEG: images.ts demoPhotoDrawing, as a dealer uploads; its drawing is the same path in .svg) with the vehicle inside the central safe area (survives cover crops at 32:9, 16:9 and 4:3). */
  banner: (body: string, carHex: string, bgHex: string) => `/demo-img/banner/${body}/${hexOf(carHex)}/${hexOf(bgHex)}.jpg`,
  place: (hex: string, kind: string) => `/demo-img/place/${hexOf(hex)}/${kind}.svg`,
  report: (vin: string) => `/demo-img/report/${vin}.svg`,
};

/** Width and height renderLogoSvg gives a dealer logo of this name (so configs can state the logo's size). */
export function logoSize(text: string): { width: number; height: number } {
  return dealerLogoSize(text);
}

/** '08:30' -> '8:30am'; '17:00' -> '5pm'. */
export function clockLabel(clock: string): string {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12}${suffix}` : `${h12}:${String(m).padStart(2, '0')}${suffix}`;
}

type Range = [open: string, close: string];
export type WeekSpec = {
  /** Monday-Friday hours, or one range per weekday (Mon..Fri) when they differ. */
  weekdays: Range | [Range, Range, Range, Range, Range];
  saturday: Range | 'appointment' | 'closed';
  sunday: Range | 'closed';
};

/** Opening hours for a week (weekday 0 = Sunday, spec §3 Opening-hour entry). */
export function openingHours(week: WeekSpec): OpeningHourEntry[] {
  const open = (weekday: number, [o, c]: Range): OpeningHourEntry => ({ weekday, status: 'Open', formated_hours: `${clockLabel(o)} - ${clockLabel(c)}`, open: o, close: c });
  const closed = (weekday: number): OpeningHourEntry => ({ weekday, status: 'Closed', formated_hours: 'Closed', open: null, close: null });
  const perDay = Array.isArray(week.weekdays[0]) ? (week.weekdays as Range[]) : [0, 1, 2, 3, 4].map(() => week.weekdays as Range);
  const out: OpeningHourEntry[] = [];
  out.push(week.sunday === 'closed' ? closed(0) : open(0, week.sunday));
  perDay.forEach((range, i) => out.push(open(i + 1, range)));
  if (week.saturday === 'closed') out.push(closed(6));
  else if (week.saturday === 'appointment') out.push({ weekday: 6, status: 'Open', formated_hours: 'By appointment only', open: null, close: null });
  else out.push(open(6, week.saturday));
  return out;
}

/**
 * National public holidays around the demo's dates (2026-2028, with the Monday substitutes of a weekend Christmas or
 * New Year) and the usual dealer arrangements. The demo runs on the real clock, so the list reaches well past today:
 * a location's 'View Holiday Hours' always has dates ahead.
 */
const HOLIDAYS: [date: string, hours: Range | null][] = [
  ['2026-01-01', null], ['2026-01-26', null], ['2026-04-03', null], ['2026-04-04', ['09:00', '13:00']], ['2026-04-06', null],
  ['2026-04-25', null], ['2026-12-24', ['08:30', '12:00']], ['2026-12-25', null], ['2026-12-26', null], ['2026-12-28', null],
  ['2026-12-31', ['08:30', '15:00']], ['2027-01-01', null], ['2027-01-26', null], ['2027-03-26', null], ['2027-03-27', ['09:00', '13:00']],
  ['2027-03-29', null], ['2027-04-25', null], ['2027-12-24', ['08:30', '12:00']], ['2027-12-27', null], ['2027-12-28', null],
  ['2027-12-31', ['08:30', '15:00']], ['2028-01-03', null], ['2028-01-26', null], ['2028-04-14', null], ['2028-04-15', ['09:00', '13:00']],
  ['2028-04-17', null], ['2028-04-25', null], ['2028-12-25', null], ['2028-12-26', null],
];

/**
 * Special (holiday) hours for locations. Half the entries use start_hour/end_hour and the other half
 * hours.begin/end, because feeds carry both shapes (spec §3 Special-hours entry).
 */
export function holidayHours(locationIds: string[], extra: [date: string, hours: Range | null][] = []): SpecialHoursEntry[] {
  const out: SpecialHoursEntry[] = [];
  const all = [...HOLIDAYS, ...extra].sort((a, b) => a[0].localeCompare(b[0]));
  locationIds.forEach((location_id, li) => {
    for (const [date, hours] of all) {
      if (!hours) out.push({ date, status: 'Closed', start_hour: null, end_hour: null, hours: null, location_id });
      else if (li % 2 === 0) out.push({ date, status: 'Open', start_hour: hours[0], end_hour: hours[1], hours: null, location_id });
      else out.push({ date, status: 'Open', start_hour: null, end_hour: null, hours: { begin: hours[0], end: hours[1] }, location_id });
    }
  });
  return out;
}

export type PlaceSpec = {
  id: string;
  name: string;
  slug: string;
  type: '' | 'sales' | 'used' | 'service' | 'parts';
  subtype?: string;
  primary?: boolean;
  dealership: { id: string; slug: string };
  manufacturers: string[];
  street: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  landline?: string;
  hours: WeekSpec;
  licence?: string;
  mvr?: string;
  rating: number;
  reviews: number;
  brandColour: string;
  reviewItems?: { author: string; rating: number; text: string; date: string }[];
};

/** A Location entity (spec §3) from a compact description. */
export function location(p: PlaceSpec): LocationInput {
  const kind = p.type === '' ? 'sales' : p.type;
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    visible: true,
    primary: p.primary ?? false,
    location_type: p.type,
    location_subtype: p.subtype ?? null,
    dealership_id: p.dealership.id,
    dealership_slug: p.dealership.slug,
    manufacturers: p.manufacturers,
    image: { image: { url: img.place(p.brandColour, kind) } },
    dealer_license_number: p.licence ?? null,
    motor_vehicle_repairer: p.mvr ?? null,
    address: {
      id: `addr-${p.id}`,
      street: p.street,
      city: p.city,
      state: p.state,
      postcode: p.postcode,
      lat: p.lat,
      long: p.long,
      place_id: null,
      place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${p.street}, ${p.city} ${p.state} ${p.postcode}`)}`,
      map_key: null,
    },
    contact_detail: { phone: p.phone, landline_phone: p.landline ?? null, opening_hours: openingHours(p.hours) },
    average_rating: p.rating,
    review_count: p.reviews,
    reviews: { average_rating: p.rating, count: p.reviews },
    review_items: p.reviewItems ?? [],
  };
}

/** Footer groups of spec §2 (Vehicles, Buyer Tools, Servicing and Parts, dealer-name group). */
export function standardFooter(dealerName: string, options: { usedOnly?: boolean } = {}) {
  const vehicles = options.usedOnly
    ? [
        { label: 'All Used Cars', href: '/search/used-cars' },
        { label: 'Utes', href: '/search/ute' },
        { label: 'SUVs', href: '/search/suv' },
        { label: 'Sell Your Car', href: '/sell-your-car' },
      ]
    : [
        { label: 'New Cars', href: '/search/new-cars' },
        { label: 'Demo Cars', href: '/search/demo-cars' },
        { label: 'Used Cars', href: '/search/used-cars' },
        { label: 'Special Offers', href: '/special-offers' },
      ];
  return [
    { title: 'Vehicles', links: vehicles },
    {
      title: 'Buyer Tools',
      links: [
        { label: 'Finance', href: '/finance' },
        { label: 'Apply for Finance', href: '/apply-for-finance' },
        { label: 'Value My Trade-In', href: '/trade-in' },
        { label: 'Book a Test Drive', href: '/book-test-drive/' },
        { label: 'Shop by Price', href: '/shop-by-price' },
        { label: 'Trade-In FAQ', href: '/trade-in-faq' },
      ],
    },
    {
      title: 'Servicing and Parts',
      links: [
        { label: 'Book a Service', href: '/service' },
        { label: 'Parts & Accessories', href: '/vehicle-parts-and-accessories' },
        { label: 'Capped Price Servicing', href: '/capped-price-servicing' },
        { label: 'Warranty', href: '/warranty' },
        { label: 'Roadside Assist', href: '/roadside-assist' },
      ],
    },
    {
      title: dealerName,
      links: [
        { label: 'About Us', href: '/about-us' },
        { label: 'Blog', href: '/blog' },
        { label: 'Careers', href: '/careers' },
        { label: 'Fleet Sales', href: '/fleet' },
        { label: 'Contact Us', href: '/contact' },
        { label: 'Privacy Policy', href: '/privacy-policy' },
        { label: 'Terms and Conditions', href: '/terms-and-conditions' },
      ],
    },
  ];
}

/**
 * The remote manifest of every demo tenant: each remote at the version of its own package.json, i.e. the version its
 * build serves under /_mf/<remote>/<version>/, so bumping a remote needs no demo edit.
 */
export const DEMO_REMOTES = {
  'mf-search': mfSearch.version,
  'mf-vehicle': mfVehicle.version,
  'mf-locations': mfLocations.version,
  'mf-finance': mfFinance.version,
  'mf-account': mfAccount.version,
} satisfies RemoteManifest;

