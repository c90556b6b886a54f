/**
 * Deterministic demo stock: realistic Australian new, demo and used cars, trucks and motorcycles for a demo tenant.
 * Same tenant + count + seed + now gives byte-identical output (own PRNG, no Math.random, no Date.now).
 */
import type { Car, CarType, FinanceLenderEntry, Hotspots } from '@forecourt/contracts/entities/car';
import type { LocationInput } from '@forecourt/contracts/entities/location';
import { MAKES, MODELS, PAINTS, TRIMS, makeBySlug, variantOf, type MakeDef, type ModelDef } from './catalogue.ts';
import { img, type DemoTenant } from './kit.ts';
import { createRng, type Rng } from './prng.ts';
import { VIEW_COUNT, vehicleAnchor } from './svg.ts';
import { DEMO_TENANTS } from '../tenants/index.ts';

const DAY = 86_400_000;

export type GenerateStockOptions = {
  /** Tenant slug of a demo tenant, or a DemoTenant bundle. */
  tenant: string | DemoTenant;
  /** Number of cars (default: the tenant's default count). */
  count?: number;
  /** PRNG seed (default derived from the tenant slug). */
  seed?: number | string;
  /** Evaluation time in ms since the epoch: dates, model years and sold windows are relative to it. */
  now: number;
};

export function findDemoTenant(slug: string): DemoTenant {
  const t = DEMO_TENANTS.find((x) => x.config.slug === slug);
  if (!t) throw new Error(`Unknown demo tenant "${slug}"`);
  return t;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---------------------------------------------------------------- identifiers

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** ISO 3779 check digit (position 9) so VINs pass the usual validators. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i] as string;
    const value = /\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0);
    sum += value * (VIN_WEIGHTS[i] as number);
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

function makeVin(rng: Rng, make: MakeDef, year: number): string {
  const chars = (n: number, alphabet = VIN_CHARS) => Array.from({ length: n }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');
  const base = `${rng.pick(make.wmi)}${chars(5)}0${YEAR_CODES[(year - 1980) % 30]}${chars(1)}${chars(6, '0123456789')}`;
  return `${base.slice(0, 8)}${vinCheckDigit(base)}${base.slice(9)}`;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
function makePlate(rng: Rng, state: string, motorcycle: boolean): string {
  const L = (n: number) => Array.from({ length: n }, () => LETTERS[rng.int(0, LETTERS.length - 1)]).join('');
  const D = (n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
  if (motorcycle) return state === 'VIC' ? `${L(2)}${D(3)}` : `${D(2)}${L(3)}`;
  switch (state) {
    case 'NSW': return `${L(2)}${D(2)}${L(2)}`;
    case 'VIC': return `${D(1)}${L(2)}${D(1)}${L(2)}`;
    case 'NT': return `${L(2)}${D(2)}${L(2)}`;
    default: return `${D(3)}${L(3)}`;
  }
}

// ---------------------------------------------------------------- descriptions

const FUEL: Record<ModelDef['fuel'], [string, string]> = {
  petrol: ['Unleaded Petrol', 'Petrol'],
  premium: ['Premium Unleaded Petrol', 'Petrol'],
  diesel: ['Diesel', 'Diesel'],
  hybrid: ['Hybrid (Petrol)', 'Hybrid'],
  electric: ['Electric', 'Electric'],
};
const DRIVE: Record<ModelDef['drive'], [string, string]> = {
  FWD: ['Front Wheel Drive', 'FWD'],
  RWD: ['Rear Wheel Drive', 'RWD'],
  AWD: ['All Wheel Drive', 'AWD'],
  '4WD': ['Four Wheel Drive', '4WD'],
  chain: ['Chain Drive', 'RWD'],
  belt: ['Belt Drive', 'RWD'],
};

/**
 * The picture body token of a listing: its simple_body, with the variant its name states (a cab chassis ute with a tray,
 * a Commuter van with windows, the type of a motorcycle; see svg.ts).
 */
export function imageBody(kind: MakeDef['kind'], simpleBody: string, body: string, badge: string, bodyconfiguration: string | null): string {
  if (kind === 'motorcycle') return `motorcycle-${body.toLowerCase()}`;
  if (kind === 'truck') return simpleBody;
  if (simpleBody === 'cabChassis') return /single/i.test(`${badge} ${bodyconfiguration ?? ''}`) ? 'ute-tray-single' : 'ute-tray';
  if (simpleBody === 'ute') return /single/i.test(`${badge} ${bodyconfiguration ?? ''}`) ? 'ute-tub-single' : 'ute-tub';
  if (simpleBody === 'van') return /commuter|bus/i.test(`${badge} ${bodyconfiguration ?? ''}`) ? 'van-commuter' : /window|crew|kombi|people/i.test(badge) ? 'van-window' : 'van-panel';
  return simpleBody;
}

let pictureBodies: ReadonlySet<string> | null = null;
/**
 * Every picture body token the generated stock can name (imageBody over each model's badges): the demo's photo route
 * (images.ts demoPhotoDrawing) draws only these, so a made-up body in a URL never costs a fresh 1600 px render.
 */
export function stockPictureBodies(): ReadonlySet<string> {
  if (!pictureBodies) {
    const bodies = new Set<string>();
    for (const model of MODELS) {
      const { kind } = makeBySlug(model.maker);
      for (const [badge] of model.badges) {
        const variant = variantOf(model, badge);
        bodies.add(imageBody(kind, variant.simple_body, variant.body, badge, variant.bodyconfiguration));
      }
    }
    pictureBodies = bodies;
  }
  return pictureBodies;
}

function transmission(model: ModelDef, manual: boolean): { trans: string; simple: string; gears: number | null; geartype: string } {
  if (model.trans === 'manual') return { trans: `${model.gears} Speed Manual`, simple: 'Manual', gears: model.gears, geartype: 'Manual' };
  // the manual option of an automatic model is a 6-speed (HiLux, Ranger, i30 ...)
  if (manual) return { trans: '6 Speed Manual', simple: 'Manual', gears: 6, geartype: 'Manual' };
  if (model.fuel === 'electric') return { trans: 'Reduction Gear', simple: 'Automatic', gears: 1, geartype: 'Automatic' };
  switch (model.trans) {
    case 'cvt': return { trans: 'Constant Variable Transmission', simple: 'Automatic', gears: null, geartype: 'CVT' };
    case 'dct': return { trans: `${model.gears} Speed Dual Clutch`, simple: 'Automatic', gears: model.gears, geartype: 'Dual Clutch' };
    case 'amt': return { trans: `${model.gears} Speed Automated Manual`, simple: 'Automatic', gears: model.gears, geartype: 'Automated Manual' };
    default: return { trans: `${model.gears} Speed Automatic`, simple: 'Automatic', gears: model.gears, geartype: 'Automatic' };
  }
}

const STANDARD_EQUIPMENT = [
  'ABS brakes', 'Electronic stability control', 'Traction control', 'Tyre pressure monitoring', 'Driver and passenger airbags',
  'Curtain airbags', 'ISOFIX child seat anchors', 'Hill start assist', 'Power steering', 'Remote central locking', 'Engine immobiliser',
  'Auto headlights', 'Rain-sensing wipers', 'Rear parking sensors', 'Digital radio (DAB+)', 'USB-C charging', 'Electric park brake',
  'Alloy wheels', 'Daytime running lights', 'Steering wheel audio controls', 'Trip computer', 'Cloth trim', 'Climate control', 'Satellite navigation',
];
const BIKE_EQUIPMENT = ['ABS', 'LED headlight', 'Digital dash', 'Adjustable levers', 'Immobiliser', 'Pillion seat', 'Side stand switch', 'Hazard lights'];
const TRUCK_EQUIPMENT = ['ABS brakes', 'Driver airbag', 'Electronic stability control', 'Lane departure warning', 'Reversing camera', 'Air conditioning', 'Bluetooth', 'Power windows', 'Cruise control', 'Exhaust brake', 'Diesel particulate filter', 'Heavy-duty battery'];
const DEALER_EXTRAS = ['Tinted windows', 'Floor mats', 'Paint protection', 'Roof racks', 'Towbar', 'Dash cam', 'Weathershields', 'Nudge bar', 'Rubber floor mats', 'Cargo liner'];
const SERVICE_HISTORY = ['full service history', 'logbook service history', 'a recent major service', 'two keys and books', 'a fresh service and new tyres'];

const HOTSPOT_TEXT = {
  front: ['LED headlights with automatic high beam', 'Projector headlights', 'Bold new grille design'],
  wheel: ['Alloy wheels with near-new tyres', '18-inch alloy wheels', 'Full-size spare wheel'],
  rear: ['LED tail lights', 'Rear parking sensors and camera', 'Power tailgate'],
};

function hotspots(rng: Rng, body: string, withInterior: boolean): Hotspots {
  const exterior = (['front', 'wheel', 'rear'] as const).map((part, i) => {
    const anchors = [];
    for (let angle = 0; angle < 24; angle++) {
      const a = vehicleAnchor(body, angle, part);
      if (a) anchors.push({ activeAngle: angle, ...a });
    }
    return { id: i + 1, description: rng.pick(HOTSPOT_TEXT[part]), anchors };
  }).filter((h) => h.anchors.length > 0);
  const interior = withInterior
    ? [
        { id: 'screen', description: 'Touchscreen with Apple CarPlay and Android Auto', anchors: [{ activeAngle: 0, posX: 51.5, posY: 41 }] },
        { id: 'wheel', description: 'Leather-wrapped steering wheel with audio and cruise controls', anchors: [{ activeAngle: 0, posX: 25, posY: 55 }] },
      ]
    : [];
  return { exterior, interior };
}

// ---------------------------------------------------------------- finance

type LenderProfile = { rate: [number, number]; fee: number; balloon: number; termYears: number; deposit: number };
const LENDERS: Record<string, LenderProfile> = {
  Taurus: { rate: [8.45, 11.95], fee: 395, balloon: 0, termYears: 5, deposit: 0 },
  Angle: { rate: [7.99, 9.99], fee: 0, balloon: 0, termYears: 5, deposit: 0 },
  Manual: { rate: [9.5, 9.5], fee: 0, balloon: 0, termYears: 5, deposit: 0 },
  Powertorque: { rate: [6.99, 9.99], fee: 0, balloon: 0, termYears: 5, deposit: 0 },
  'Nissan Finance': { rate: [5.99, 7.49], fee: 0, balloon: 0, termYears: 5, deposit: 0 },
  '360 Finance': { rate: [10.99, 15.99], fee: 1360.5, balloon: 30, termYears: 5, deposit: 10 },
  AusLoans: { rate: [9.99, 14.99], fee: 0, balloon: 0, termYears: 6, deposit: 0 },
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Standard amortisation: monthly payment for a principal with a balloon discounted over the term. */
export function monthlyRepayment(principal: number, ratePercent: number, months: number, balloon = 0): number {
  const r = ratePercent / 100 / 12;
  if (r === 0) return (principal - balloon) / months;
  const pv = principal - balloon / (1 + r) ** months;
  return (pv * r) / (1 - (1 + r) ** -months);
}

function lenderEntry(rng: Rng, provider: string, price: number): FinanceLenderEntry {
  const p = LENDERS[provider] ?? { rate: [8.99, 12.99], fee: 0, balloon: 0, termYears: 5, deposit: 0 };
  const rate = round2(rng.float(p.rate[0], p.rate[1]));
  const comparison = round2(rate + rng.float(0.4, 1.4));
  const deposit = Math.round((price * p.deposit) / 100);
  const balloon = Math.round((price * p.balloon) / 100);
  const principal = price - deposit + p.fee;
  const months = p.termYears * 12;
  const monthly = monthlyRepayment(principal, rate, months, balloon);
  const entry: FinanceLenderEntry = {
    disclaimer: `Based on a ${p.termYears} year secured fixed-rate loan of $${principal.toLocaleString('en-AU')} at ${rate}% p.a. (comparison rate ${comparison}% p.a.)${balloon ? ` with a ${p.balloon}% final payment` : ''}. Fees and charges apply; subject to lender approval.`,
    deposit,
    paymentWeek: round2((monthly * 12) / 52),
    paymentMonth: round2(monthly),
    termMonths: months,
    termWeeks: p.termYears * 52,
    termYears: p.termYears,
    totalPayable: round2(monthly * months + balloon + deposit),
    interestRate: rate,
    comparisonRate: comparison,
    establishmentFees: p.fee,
    balloon,
    financeProvider: provider,
  };
  // term{N}: weekly repayment for an N-month term, as lenders send them.
  for (const m of [36, 48, 60, 72, 84]) entry[`term${m}`] = round2((monthlyRepayment(principal, rate, m, balloon) * 12) / 52);
  return entry;
}

// ---------------------------------------------------------------- comments

function dealerComments(rng: Rng, c: { year: number; make: string; model: string; badge: string; km: number; carType: CarType; body: string; features: string[]; place: string; phone: string }): string | null {
  const roll = rng.next();
  if (roll < 0.07) return '';
  if (roll < 0.11) return '-';
  if (roll < 0.13) return null;
  const km = c.km.toLocaleString('en-AU');
  const f = rng.sample(c.features, 3);
  const opener = rng.pick([
    `This ${c.year} ${c.make} ${c.model} ${c.badge} is ready for its new owner.`,
    `Looking for a dependable ${c.body.toLowerCase()}? This ${c.make} ${c.model} ticks every box.`,
    `Fresh to ${c.place}: a great example of the ${c.model} ${c.badge}.`,
  ]);
  const condition =
    c.carType === 'new'
      ? 'Brand new with the full factory warranty and capped price servicing.'
      : c.carType === 'demo'
        ? `Ex-demonstrator with only ${km} km and the balance of the new car warranty.`
        : `Showing ${km} km with ${rng.pick(SERVICE_HISTORY)}.`;
  const highlights = f.length >= 3 ? `Highlights include ${f[0]?.toLowerCase()}, ${f[1]?.toLowerCase()} and ${f[2]?.toLowerCase()}.` : '';
  const closer = rng.pick([
    'Finance available to approved applicants and trade-ins welcome.',
    `Call ${c.phone} or enquire online to book a test drive today.`,
    'Every vehicle passes our multi-point inspection and comes with a roadworthy certificate.',
  ]);
  const parts = [opener, condition, highlights, closer];
  if (rng.chance(0.3)) {
    parts.push(
      'We can arrange delivery across the state, extended warranty, tinting and paint protection. Our finance team works with a panel of lenders to find a rate that suits you, and we will value your trade-in on the spot.',
    );
  }
  return parts.filter(Boolean).join(' ');
}

// ---------------------------------------------------------------- generator

type SalesPoint = {
  location: LocationInput;
  weight: number;
  makers: string[];
  kinds: Set<MakeDef['kind']>;
  dealershipName: string;
  addressLine: string;
};

const makeOf = new Map(MAKES.map((m) => [m.slug, m]));
const maker = (slug: string) => makeOf.get(slug) as MakeDef;

const seriesFor = (model: ModelDef, year: number) => {
  let code = model.series[0]?.[0] ?? null;
  for (const [c, from] of model.series) if (from <= year) code = c;
  return code;
};
const firstYear = (model: ModelDef) => model.series[0]?.[1] ?? 2015;

const USED_AGES: [number, number][] = [[1, 8], [2, 12], [3, 14], [4, 14], [5, 12], [6, 10], [7, 8], [8, 7], [9, 5], [10, 4], [11, 3], [12, 2], [13, 1], [14, 1], [15, 1]];
const YOUTUBE_IDS = ['dQx8Yb2vK1s', 'Q3fT7nRz0aE', 'hV5mP2wLx9c', 'bN4kS8tYq1M', 'z7Xc3RpLw0Q'];
const PRESTIGE = new Set(['bmw', 'mercedes-benz']);
const PERFORMANCE_BADGES = new Set(['GTI', 'R', 'Type R', 'WRX', 'RS', 'tS', 'Raptor', 'Dark Horse', 'N', 'M340i xDrive', 'M60i', 'C43 AMG', 'GLC 43 AMG', 'Performance', 'Performance AWD', 'GTS', 'GR Sport', 'SS V Redline', 'N Line Premium']);

/** The 24 gallery photo paths (JPEG) of a picture body and colours (memoised: thousands of cars share them). */
const galleryCache = new Map<string, string[]>();
function galleryUrls(picture: string, paint: string, trim: string | null): string[] {
  const key = `${picture}/${paint}/${trim}`;
  let urls = galleryCache.get(key);
  if (!urls) {
    urls = Array.from({ length: VIEW_COUNT }, (_, n) => img.photo(picture, paint, trim, n));
    if (galleryCache.size < 5_000) galleryCache.set(key, urls);
  }
  return urls;
}

const roundPrice = (p: number) => (p >= 10_000 ? Math.round(p / 1000) * 1000 - 10 : Math.max(990, Math.round(p / 500) * 500 - 10));

/**
 * Generates a tenant's stock.
 * @example generateStock({ tenant: 'outback-used-cars', count: 700, seed: 1, now: Date.UTC(2026, 10, 21) })
 */
export function generateStock(options: GenerateStockOptions): Car[] {
  const tenant = typeof options.tenant === 'string' ? findDemoTenant(options.tenant) : options.tenant;
  const { config, data, stock: profile } = tenant;
  const count = options.count ?? profile.defaultCount;
  const now = options.now;
  const rng = createRng(options.seed ?? `forecourt-demo:${config.slug}`);
  const currentYear = new Date(now).getUTCFullYear();
  const providers = config.finance.providers;
  const reserveOnline = config.features?.reserve_online === true;

  const dealershipNames = new Map(data.dealerships.map((d) => [d.id, d.name]));
  const points: SalesPoint[] = data.locations
    .filter((l) => (profile.locationWeights[l.id] ?? 0) > 0)
    .map((l) => {
      const makers = l.manufacturers ?? [];
      const kinds = new Set(makers.length ? makers.map((m) => maker(m).kind) : (['car'] as const));
      return {
        location: l, weight: profile.locationWeights[l.id] as number, makers, kinds,
        dealershipName: dealershipNames.get(l.dealership_id) ?? config.name,
        addressLine: `${l.address.street}, ${l.address.city} ${l.address.state} ${l.address.postcode}`,
      };
    });
  if (points.length === 0) throw new Error(`Tenant ${config.slug} has no location holding stock`);

  const modelsOf = (makers: readonly string[]) => MODELS.filter((m) => makers.includes(m.maker));
  const usedPoolCache = new Map<string, [ModelDef, number][]>();
  const usedPool = (p: SalesPoint, ownMake: boolean): [ModelDef, number][] => {
    const key = `${p.location.id}:${ownMake}`;
    let pool = usedPoolCache.get(key);
    if (!pool) {
      const makers = ownMake ? p.makers : p.kinds.has('car') ? profile.usedMakes : MAKES.filter((m) => p.kinds.has(m.kind)).map((m) => m.slug);
      pool = modelsOf(makers)
        .filter((m) => p.kinds.has(maker(m.maker).kind))
        .map((m) => [m, m.weight * (profile.usedBodyBias?.[m.simple_body] ?? 1)] as [ModelDef, number]);
      usedPoolCache.set(key, pool);
    }
    return pool;
  };
  const newPoolCache = new Map<string, [ModelDef, number][]>();
  const newPool = (p: SalesPoint): [ModelDef, number][] => {
    let pool = newPoolCache.get(p.location.id);
    if (!pool) {
      pool = modelsOf(p.makers)
        .filter((m) => (m.until ?? 9999) >= currentYear - 1 && firstYear(m) <= currentYear)
        .map((m) => [m, m.weight] as [ModelDef, number]);
      newPoolCache.set(p.location.id, pool);
    }
    return pool;
  };

  const weightedPoints = points.map((p) => [p, p.weight] as const);
  const slugs = new Set<string>();
  const taken = new Set<string>();
  const cars: Car[] = [];
  let soldRun = 0;
  let runClock = 0;
  let runSold = 0;

  for (let i = 0; i < count; i++) {
    const point = rng.weighted(weightedPoints);
    const loc = point.location;
    const sellsNew = point.makers.length > 0;
    let carType: CarType = sellsNew ? rng.weighted(profile.carTypes) : 'used';
    if (!sellsNew && !profile.carTypes.some(([t]) => t === 'used')) carType = 'used';
    const pool = carType === 'used' ? usedPool(point, sellsNew && rng.chance(profile.usedOwnMakeShare)) : newPool(point);
    const model = rng.weighted(pool.length ? pool : usedPool(point, false));
    const make = maker(model.maker);
    const kind = make.kind;

    // model year and odometer per car_type
    let year: number;
    let km: number;
    if (carType === 'new') {
      year = rng.chance(0.85) ? currentYear : currentYear - 1;
      km = rng.int(3, 45);
    } else if (carType === 'demo') {
      year = rng.chance(0.5) ? currentYear : currentYear - 1;
      km = rng.int(500, 9_900);
    } else {
      year = currentYear - rng.weighted(USED_AGES);
      year = Math.min(year, model.until ?? currentYear, currentYear - 1);
      year = Math.max(year, firstYear(model));
      const age = Math.max(0.6, currentYear - year);
      const perYear = kind === 'truck' ? rng.int(25_000, 60_000) : kind === 'motorcycle' ? rng.int(2_500, 7_000) : rng.int(9_000, 23_000);
      km = Math.round(age * perYear * rng.float(0.8, 1.15));
    }
    if (model.until && carType !== 'used') year = Math.min(year, model.until);
    const age = currentYear - year;

    const [badge, basePrice] = rng.weighted(model.badges.map((b, bi) => [b, model.badges.length - bi] as const));
    const variant = variantOf(model, badge);
    const series = seriesFor(model, year);
    const manual = kind === 'car' && model.trans === 'auto' && variant.fuel !== 'hybrid' && (variant.simple_body === 'ute' || variant.simple_body === 'hatch') && rng.chance(0.1);
    const tx = transmission(model, manual);

    // price per car_type: new near list, demo discounted, used depreciated by age and km
    let price: number;
    if (carType === 'new') price = roundPrice(basePrice * rng.float(0.98, 1.06));
    else if (carType === 'demo') price = roundPrice(basePrice * rng.float(0.88, 0.95));
    else {
      const expectedKm = Math.max(1, age) * (kind === 'truck' ? 40_000 : kind === 'motorcycle' ? 5_000 : 15_000);
      const kmFactor = Math.min(1.1, Math.max(0.75, 1 - (km - expectedKm) / (expectedKm * 4)));
      price = roundPrice(Math.max(kind === 'motorcycle' ? 2_990 : 3_990, basePrice * 0.9 * 0.915 ** age * kmFactor * rng.float(0.92, 1.08)));
    }
    // No two listings of a tenant share make, model, badge and price (near-identical cards read as duplicates):
    // a clash moves the price by $500 steps, as options and accessories do on real stock, never below half the listed
    // price (at bench scale a model's many clashes walked some to a negative price, outside CarSchema).
    const listed = price;
    for (let step = 1; taken.has(`${model.maker}|${model.model}|${badge}|${price}`) || price < listed / 2; step++) price += (step % 2 ? step : -step) * 500;
    taken.add(`${model.maker}|${model.model}|${badge}|${price}`);

    // status mix: mostly in stock; some coming soon; some sold (with runs of consecutive sold cars)
    let status: Car['status'];
    if (soldRun > 0) {
      status = 'sold';
      soldRun--;
    } else {
      const r = rng.next();
      status = r < 0.07 ? 'sold' : r < 0.13 ? 'coming_soon' : 'in_stock';
      // about a third of sales come in runs (a batch marked sold together), so about 11% of stock is sold
      if (status === 'sold' && rng.chance(0.3)) soldRun = rng.int(1, 3);
    }
    const sold = status === 'sold';
    const preorder = carType === 'new' && status === 'coming_soon' && rng.chance(0.35);
    if (preorder) price = 0;
    else if (status === 'in_stock' && carType === 'used' && rng.chance(0.012)) price = 0;
    const reserved = status === 'in_stock' && rng.chance(0.035);

    // dates: sold within the last 0-10 days (the include_sold_cars_days window matters); consecutive sold cars listed together
    let soldDate: number | null = null;
    let created: number;
    if (sold) {
      if (runClock > 0) {
        // next car of a run: sold the same day, imported seconds after the previous one
        soldDate = Math.max(now - 10 * DAY, runSold - rng.int(0, 3 * 3_600_000));
        runClock -= rng.int(20_000, 60_000);
        created = runClock;
      } else {
        soldDate = now - rng.int(0, 10 * DAY);
        created = soldDate - rng.int(5, 90) * DAY;
        if (soldRun > 0) {
          runSold = soldDate;
          runClock = created;
        }
      }
      if (soldRun === 0) runClock = 0;
    } else if (status === 'coming_soon') created = now - rng.int(0, 20 * DAY);
    else created = now - (rng.chance(0.15) ? rng.int(0, 8 * DAY) : rng.int(8 * DAY, 150 * DAY));
    created = Math.max(0, created);

    // identity
    const id = String(profile.idBase + i + 1);
    // trucks and motorcycles are named without a body (a truck's badge already names its cab)
    const bodyWord = kind === 'car' ? variant.body : '';
    const name = [year, make.make, model.model, badge, bodyWord].filter(Boolean).join(' ');
    let slug = `${slugify(name)}-${rng.int(0, 36 ** 6 - 1).toString(36).padStart(6, '0')}`;
    while (slugs.has(slug)) slug = `${slugify(name)}-${rng.int(0, 36 ** 6 - 1).toString(36).padStart(6, '0')}`;
    slugs.add(slug);
    const state = loc.address.state;
    const vin = makeVin(rng, make, year);
    const typeLetter = carType === 'new' ? 'N' : carType === 'demo' ? 'D' : 'U';

    // registration: new cars unregistered; demos registered; used mostly registered, some expired
    let regplate: string | null = null;
    let regoExpiry: string | null = null;
    if (carType !== 'new' && (carType === 'demo' || rng.chance(0.9))) {
      regplate = makePlate(rng, state, kind === 'motorcycle');
      const expiry = carType === 'demo' ? now + rng.int(120, 360) * DAY : now + rng.int(-60, 360) * DAY;
      regoExpiry = new Date(expiry).toISOString().slice(0, 10);
    }

    // colour and media
    const [colour, hex] = kind === 'motorcycle' ? rng.weighted(PAINTS.map(([n, h, w]) => [[n, h] as const, n === 'White' ? 4 : n === 'Black' || n === 'Blue' ? w * 2 : w])) : rng.weighted(PAINTS.map(([n, h, w]) => [[n, h] as const, w]));
    const trim = kind === 'motorcycle' ? null : rng.pick(TRIMS);
    const body = variant.simple_body;
    const picture = imageBody(kind, body, variant.body, badge, variant.bodyconfiguration);
    // A listing with photos has 12-24 (views 0..n-1, see svg.ts); some coming-soon cars have none yet.
    const photoCount = status === 'coming_soon' && rng.chance(0.5) ? 0 : rng.int(12, VIEW_COUNT);
    const urls = galleryUrls(picture, hex, trim ? trim[1] : null).slice(0, photoCount);
    const images = urls.map((url) => ({ image: { url, thumb: { url } } }));
    const hasSpin = photoCount > 0 && rng.chance(0.15);
    const video = photoCount > 0 ? rng.weighted([['none', 87], ['local', 5], ['youtube', 8]] as const) : 'none';

    // content
    const features = rng.sample([...model.features, ...(carType === 'used' ? rng.sample(DEALER_EXTRAS, 3) : [])], rng.int(3, Math.min(20, model.features.length + 2)));
    const equipmentPool = kind === 'motorcycle' ? BIKE_EQUIPMENT : kind === 'truck' ? TRUCK_EQUIPMENT : STANDARD_EQUIPMENT;
    const standardEquipment = rng.sample(equipmentPool, rng.int(Math.min(6, equipmentPool.length), equipmentPool.length));
    const certified = carType === 'used' && profile.certifiedMaker === model.maker && age <= 5 && km <= 100_000;

    const categories: string[] = [];
    if (['suv', '4x4', 'peopleMover', 'wagon'].includes(body) || (kind === 'car' && variant.seats >= 7)) categories.push('Family');
    if (variant.drive === '4WD') categories.push('Off-road');
    if (variant.fuel === 'hybrid' || variant.fuel === 'electric') categories.push('Eco-friendly');
    if (kind === 'truck' || body === 'ute' || body === 'van' || body === 'cabChassis') categories.push('Work');
    if (kind === 'motorcycle') categories.push(badge.includes('LAMS') ? 'LAMS Approved' : 'Motorcycle');
    if (kind === 'truck') categories.push('Truck');
    if (PRESTIGE.has(model.maker)) categories.push('Luxury');
    if (['coupe', 'softtop'].includes(body) || PERFORMANCE_BADGES.has(badge) || model.model === 'WRX') categories.push('Performance');
    if (price > 0 && price < 20_000 && kind === 'car') categories.push('Under $20k');
    if (carType === 'used' && km < Math.max(1, age) * 8_000) categories.push('Low kms');

    let tag: string | null = null;
    if (sold && rng.chance(0.5)) tag = 'SOLD';
    else if (carType === 'demo' && status === 'in_stock' && rng.chance(0.2)) tag = 'Test Drive Only';
    else if (status === 'in_stock' && rng.chance(0.05)) tag = rng.pick(['Hot Deal', 'One Owner', 'Low kms', 'Price Drop']);

    // price extras
    const hasBefore = status === 'in_stock' && price > 0 && rng.chance(0.08);
    const hasOffer = !hasBefore && status === 'in_stock' && carType !== 'used' && price > 0 && rng.chance(0.06);
    const subscription = price > 0 && !sold && rng.chance(profile.subscriptionShare) ? Math.round(price * 0.0055 + 60) : null;
    const financeable = price > 500 && !sold;
    const lenders: Record<string, FinanceLenderEntry> = {};
    if (financeable) {
      for (const provider of providers) {
        if (provider === 'Nissan Finance' && model.maker !== 'nissan') continue;
        if (provider === 'Taurus' && year < currentYear - 12) continue;
        const entry = lenderEntry(rng, provider, price);
        // Some feeds send a lender without rates (the eligibility rule then hides it, spec §5).
        if (rng.chance(0.05)) {
          entry.interestRate = null;
          entry.comparisonRate = null;
        }
        lenders[provider] = entry;
      }
    }
    const weekly = Object.values(lenders)[0]?.paymentWeek;
    const youx = status === 'in_stock' && price > 0 && rng.chance(profile.youxShare)
      ? (() => {
          const advertisedRate = round2(rng.float(8.49, 14.99));
          return { weeklyRepaymentAmount: round2((monthlyRepayment(price, advertisedRate, 60) * 12) / 52), advertisedRate, comparisonRate: round2(advertisedRate + rng.float(0.3, 1.2)) };
        })()
      : null;
    const autograb = kind === 'car' && status === 'in_stock' && price > 200 && rng.chance(0.3)
      ? (() => {
          const avg = Math.round((price * rng.float(0.93, 1.12)) / 10) * 10;
          return { average_market_price: avg, state_average_market_price: Math.round((avg * rng.float(0.97, 1.03)) / 10) * 10 };
        })()
      : null;

    const compliance = new Date(Date.UTC(year, rng.int(0, year === currentYear ? new Date(now).getUTCMonth() : 11), 1));
    const build = new Date(compliance.getTime() - rng.int(1, 3) * 30 * DAY);
    const [fuel, simpleFuel] = FUEL[variant.fuel];
    const [drive, simpleDrive] = DRIVE[variant.drive];
    const [cyl, cc, induction, torque, consumption, tank] = model.engine;

    const car: Car = {
      id,
      name,
      slug,
      path: `/cars/${slug}`,
      year,
      make: make.make,
      model: model.model,
      badge,
      series,
      body: variant.body,
      simple_body: body,
      price,
      before_price: hasBefore ? price + rng.int(2, 8) * 500 : null,
      offer_price: hasOffer ? price - rng.int(5, 25) * 100 : null,
      subscription_price: subscription,
      weekly_price_range: weekly && rng.chance(0.3) ? `$${Math.floor(weekly * 0.9)} - $${Math.ceil(weekly * 1.1)} p/w` : null,
      price_type: preorder || price === 0 ? null : carType === 'demo' || rng.chance(0.65) ? 'Drive Away' : 'Excl. Govt. Charges',
      preorder: preorder || null,
      km,
      status,
      reserved,
      sold,
      car_type: carType,
      tag,
      created_at: new Date(created).toISOString(),
      created_at_timestamp: created,
      sold_date_timestamp: soldDate,
      show_on_dealer_website: !rng.chance(0.03),
      stocknum: `${profile.stockPrefix}${typeLetter}${String(10_000 + i)}`,
      vin,
      nvic: kind === 'car' ? Array.from({ length: 5 }, () => rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('') + String(year % 10) : null,
      has_nvic: kind === 'car',
      regplate,
      rego_expiry: regoExpiry,
      colour,
      interior_colour: trim ? trim[0] : null,
      seats: variant.seats,
      doors: variant.doors,
      drive,
      simple_drive: simpleDrive,
      fuel,
      simple_fuel: simpleFuel,
      trans: tx.trans,
      simple_transmission: tx.simple,
      gearnum: tx.gears,
      bodyconfiguration: variant.bodyconfiguration,
      engine_size: cc || null,
      compliance_date: compliance.toISOString().slice(0, 7),
      build_date: build.toISOString().slice(0, 7),
      certified,
      views: Math.floor(rng.next() ** 2 * 2_000),
      categories,
      dealership_name: point.dealershipName,
      dealership_id: loc.dealership_id,
      dealership_slug: loc.dealership_slug,
      city: loc.address.city,
      state,
      make_model: `${make.make} ${model.model}`,
      location_id: loc.id,
      location: {
        id: loc.id,
        name: loc.name,
        phone: loc.contact_detail.phone ?? null,
        slug: loc.slug,
        address: point.addressLine,
        distribution_locations: profile.distribution?.[loc.id] ?? [],
      },
      photos_count: images.length,
      images,
      primary_image_url: urls[0] ?? null,
      thumbnails: urls,
      video_url: video === 'local' ? '/demo-video/walkaround.mp4' : null,
      external_video_url: video === 'youtube' ? `https://www.youtube.com/watch?v=${rng.pick(YOUTUBE_IDS)}` : null,
      spin_images: hasSpin ? Array.from({ length: 24 }, (_, n) => img.spin(picture, hex, n)) : null,
      spin_interior_image: hasSpin && trim ? img.interior(trim[1]) : null,
      spin_code: hasSpin ? `SPN-${id}` : null,
      hotspots: hasSpin ? hotspots(rng, picture, Boolean(trim)) : null,
      standardEquipment,
      dealercomments: dealerComments(rng, {
        year, make: make.make, model: model.model, badge, km, carType, body: variant.body, features: features.length >= 3 ? features : model.features,
        place: loc.address.city, phone: loc.contact_detail.phone ?? config.contact.phone,
      }),
      features,
      file: carType === 'used' && rng.chance(0.12) ? { url: img.report(vin), name: 'Vehicle History Report' } : null,
      carsales_title: name,
      private_suburb: null,
      private_postcode: null,
      item_type: kind,
      specifications: {
        body_width: model.dims[1],
        body_length: model.dims[0],
        tare_weight: model.tare,
        axle_type: kind === 'truck' ? 'Single Rear Axle' : null,
        sleeps: null,
        aggregate_trailer_mass: kind === 'truck' ? model.gvm + model.towing : null,
      },
      variant: {
        cylinders: cyl || null,
        enginesize: cc || null,
        enginesize_litres: cc ? Math.round(cc / 100) / 10 : null,
        induction,
        geartype: tx.geartype,
        fuelconsumptioncombined: model.fuel === 'electric' ? null : consumption,
        fuelcapacity: tank || null,
        grossvehiclemass: model.gvm,
        vehiclelength: model.dims[0],
        vehicleheight: model.dims[2],
        vehiclewidth: model.dims[1],
        towingcapacitybraked: model.towing || null,
        torque,
        ancaprating: model.ancap,
        bodyconfiguration: variant.bodyconfiguration,
      },
      autograb_data: autograb,
      youxQuote: youx,
      payment_processors: reserveOnline ? ['stripe'] : null,
      finance_lenders: Object.keys(lenders).length ? lenders : null,
    };
    cars.push(car);
  }
  // Newest first, as a feed lists them (ties keep generation order, so sold runs stay together).
  return cars.sort((a, b) => b.created_at_timestamp - a.created_at_timestamp);
}
