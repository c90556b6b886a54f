/**
 * Car: spec §3 "Car" and "Finance lender entry". The search engine stores these documents and is also
 * the vehicle page's read model, so every field a screen needs lives here.
 * Required: what search, cards and the vehicle page cannot do without; the rest is optional and nullable
 * because dealer feeds omit or null them.
 */
import * as v from 'valibot';
import { CountSchema, EpochMsSchema, HrefSchema, IdSchema, IsoTimestampSchema, NonNegativeSchema, SlugSchema } from './common.ts';

export const CAR_STATUSES = ['in_stock', 'sold', 'coming_soon'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

export const CAR_TYPES = ['new', 'used', 'demo'] as const;
export type CarType = (typeof CAR_TYPES)[number];

/** Statuses that can be reserved, financed or test-driven (spec §4 Purchasable car). */
export const PURCHASABLE_STATUSES = ['in_stock', 'coming_soon'] as const satisfies readonly CarStatus[];

/** Body types of spec §5 (facet tiles with logos). */
export const BODY_TYPES = [
  '4x4', 'bus', 'cabChassis', 'convertible', 'coupe', 'ev', 'hardtop', 'hatch', 'hatchback', 'motorhome',
  'lightTruck', 'peopleMover', 'prestige', 'sedan', 'softtop', 'suv', 'ute', 'van', 'wagon', 'stationWagon',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

const Text = v.nullish(v.string());
const Num = v.nullish(v.number());
const Int = v.nullish(v.pipe(v.number(), v.integer()));

/** `images[]` item as the feed nests it: `{ image: { url, thumb: { url } } }`. */
export const CarImageSchema = v.object({
  image: v.object({ url: HrefSchema, thumb: v.object({ url: HrefSchema }) }),
});
export type CarImage = v.InferOutput<typeof CarImageSchema>;

/** A hotspot anchor: where the marker sits on one frame of the spin (percent of width/height). */
export const HotspotAnchorSchema = v.object({
  activeAngle: v.pipe(v.number(), v.integer(), v.minValue(0)),
  posX: v.number(),
  posY: v.number(),
});
export const HotspotSchema = v.object({
  id: v.union([v.string(), v.number()]),
  description: v.string(),
  anchors: v.array(HotspotAnchorSchema),
});
export type Hotspot = v.InferOutput<typeof HotspotSchema>;
export const HotspotsSchema = v.object({ exterior: v.array(HotspotSchema), interior: v.array(HotspotSchema) });
export type Hotspots = v.InferOutput<typeof HotspotsSchema>;

/** History report attached to a car (Car History Report button needs it, spec §5). */
export const CarFileSchema = v.object({ url: HrefSchema, name: v.string() });

/** Caravan/trailer specifications (item_type caravan). Lengths and widths in mm, masses in kg. */
export const CarSpecificationsSchema = v.object({
  body_width: Num,
  body_length: Num,
  tare_weight: Num,
  axle_type: Text,
  sleeps: Int,
  aggregate_trailer_mass: Num,
});

/** AutoGrab market averages (spec §5 below-market badge prefers the state average). */
export const AutograbDataSchema = v.object({
  average_market_price: Num,
  state_average_market_price: Num,
});

/** YouX quick quote as stored on a car or returned by POST /api/youx/quote (spec §7). */
export const YouxQuoteSchema = v.object({
  weeklyRepaymentAmount: v.number(),
  advertisedRate: v.number(),
  comparisonRate: v.number(),
});
export type YouxQuote = v.InferOutput<typeof YouxQuoteSchema>;

/** The location a car sits at (a compact copy of the Location entity; address is one display line). */
export const CarLocationSchema = v.object({
  id: IdSchema,
  name: v.string(),
  phone: Text,
  slug: SlugSchema,
  address: Text,
  /** Names of regions this location delivers to (delivery calculator). */
  distribution_locations: v.optional(v.array(v.string())),
});
export type CarLocation = v.InferOutput<typeof CarLocationSchema>;

/** Manufacturer variant data (NVIC lookup). Engine size in cc, lengths in mm, masses in kg, torque in Nm. */
export const CarVariantSchema = v.object({
  cylinders: Int,
  enginesize: Num,
  enginesize_litres: Num,
  induction: Text,
  geartype: Text,
  fuelconsumptioncombined: Num,
  fuelcapacity: Num,
  grossvehiclemass: Num,
  vehiclelength: Num,
  vehicleheight: Num,
  vehiclewidth: Num,
  towingcapacitybraked: Num,
  torque: Num,
  ancaprating: Num,
  bodyconfiguration: Text,
});
export type CarVariant = v.InferOutput<typeof CarVariantSchema>;

/**
 * Finance lender entry (spec §3), keyed by provider in `car.finance_lenders`.
 * Loose object: lenders add `term{N}` keys (e.g. `term60`) with per-term figures, kept as given.
 */
export const FinanceLenderEntrySchema = v.looseObject({
  disclaimer: Text,
  deposit: Num,
  paymentWeek: Num,
  paymentMonth: Num,
  termMonths: Num,
  termWeeks: Num,
  termYears: Num,
  totalPayable: Num,
  interestRate: Num,
  comparisonRate: Num,
  establishmentFees: Num,
  balloon: Num,
  financeProvider: Text,
});
export type FinanceLenderEntry = v.InferOutput<typeof FinanceLenderEntrySchema>;

export const CarSchema = v.object({
  // identity
  id: IdSchema,
  name: v.pipe(v.string(), v.minLength(1)),
  slug: SlugSchema,
  /** Site path of the vehicle page, `/cars/<slug>`. */
  path: Text,
  year: v.pipe(v.number(), v.integer(), v.minValue(1900), v.maxValue(2100)),
  make: v.pipe(v.string(), v.minLength(1)),
  model: v.pipe(v.string(), v.minLength(1)),
  badge: Text,
  series: Text,
  body: Text,
  simple_body: Text,

  // price (dollars; 0 means no price: spec §4 Price display precedence)
  price: NonNegativeSchema,
  before_price: Num,
  offer_price: Num,
  /** Weekly subscription price, shown '/ week'. */
  subscription_price: Num,
  weekly_price_range: Text,
  /** e.g. 'Drive Away', 'Excl. Govt. Charges'. */
  price_type: Text,
  preorder: v.nullish(v.boolean()),
  km: v.pipe(v.number(), v.integer(), v.minValue(0)),

  // state
  status: v.picklist(CAR_STATUSES),
  reserved: v.nullish(v.boolean()),
  sold: v.nullish(v.boolean()),
  car_type: v.picklist(CAR_TYPES),
  /** The car's own tag, e.g. 'SOLD', 'Test Drive Only'. */
  tag: Text,
  created_at: IsoTimestampSchema,
  created_at_timestamp: EpochMsSchema,
  sold_date_timestamp: v.nullish(EpochMsSchema),
  show_on_dealer_website: v.boolean(),

  // identification
  stocknum: Text,
  vin: Text,
  nvic: Text,
  has_nvic: v.nullish(v.boolean()),
  regplate: Text,
  /** ISO date the registration expires. */
  rego_expiry: Text,

  // description
  colour: Text,
  interior_colour: Text,
  seats: Int,
  doors: Int,
  drive: Text,
  simple_drive: Text,
  fuel: Text,
  simple_fuel: Text,
  trans: Text,
  simple_transmission: Text,
  gearnum: Int,
  bodyconfiguration: Text,
  /** Engine capacity in cc (cards show litres). */
  engine_size: Num,
  compliance_date: Text,
  build_date: Text,
  certified: v.nullish(v.boolean()),
  views: v.nullish(CountSchema),
  categories: v.optional(v.array(v.string())),

  // where
  dealership_name: Text,
  dealership_id: IdSchema,
  dealership_slug: SlugSchema,
  city: Text,
  state: Text,
  /** Facet value combining make and model, e.g. 'Toyota Corolla'. */
  make_model: Text,
  location_id: v.nullish(IdSchema),
  location: v.nullish(CarLocationSchema),

  // media
  photos_count: v.nullish(CountSchema),
  images: v.array(CarImageSchema),
  primary_image_url: v.nullish(HrefSchema),
  thumbnails: v.nullish(v.array(HrefSchema)),
  video_url: v.nullish(HrefSchema),
  external_video_url: v.nullish(HrefSchema),
  /** Ordered spin frames (exterior). */
  spin_images: v.nullish(v.array(HrefSchema)),
  /** Interior panorama image. */
  spin_interior_image: v.nullish(HrefSchema),
  spin_code: Text,
  hotspots: v.nullish(HotspotsSchema),

  // detail content
  standardEquipment: v.nullish(v.array(v.string())),
  dealercomments: Text,
  /** VDP features list (8 then Show All, spec §9). */
  features: v.optional(v.array(v.string())),
  file: v.nullish(CarFileSchema),
  carsales_title: Text,
  private_suburb: Text,
  private_postcode: Text,
  /** e.g. 'caravan' (then `specifications` applies). */
  item_type: Text,
  specifications: v.nullish(CarSpecificationsSchema),
  variant: v.nullish(CarVariantSchema),

  // pricing extras
  autograb_data: v.nullish(AutograbDataSchema),
  youxQuote: v.nullish(YouxQuoteSchema),
  payment_processors: v.nullish(v.array(v.string())),
  finance_lenders: v.nullish(v.record(v.string(), FinanceLenderEntrySchema)),
});
export type Car = v.InferOutput<typeof CarSchema>;
export type CarInput = v.InferInput<typeof CarSchema>;

/** True when the car can be reserved, financed or test-driven (spec §4 Purchasable car). */
export function isPurchasable(car: Pick<Car, 'status'>): boolean {
  return (PURCHASABLE_STATUSES as readonly string[]).includes(car.status);
}

/** A car whose own tag puts it in test-drive-only mode (spec §3 tag example 'Test Drive Only', any case or spacing). */
export function isTestDriveOnly(car: Pick<Car, 'tag'>): boolean {
  return (car.tag ?? '').trim().toLowerCase().replace(/[\s_-]+/g, ' ') === 'test drive only';
}

/** Whether a car can be reserved online, and if not why (what the checkout page says). */
export type Reservability = 'reservable' | 'sold' | 'reserved' | 'test-drive-only';

/**
 * spec §4 Purchasable car / Reserve: only in_stock and coming_soon cars (not sold) can be reserved; a reserved car (the
 * feed's flag, or `reservedInStore`: a paid reservation in edge-api) no longer; nor a car in test-drive-only mode.
 * The one rule: edge-api refuses a reservation by it, mf-vehicle draws the Reserve button and the checkout page by it,
 * mf-search the cards' Reserve button.
 */
export function reservability(car: Pick<Car, 'status' | 'sold' | 'reserved' | 'tag'>, reservedInStore = false): Reservability {
  if (!isPurchasable(car) || car.sold) return 'sold';
  if (car.reserved || reservedInStore) return 'reserved';
  if (isTestDriveOnly(car)) return 'test-drive-only';
  return 'reservable';
}

export const isReservable = (car: Pick<Car, 'status' | 'sold' | 'reserved' | 'tag'>, reservedInStore = false): boolean => reservability(car, reservedInStore) === 'reservable';
