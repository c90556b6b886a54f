/**
 * Locally generated demo artwork: vehicles (a parametric 3D model per body type, vehicles.ts, rendered by render3d.ts),
 * interiors (cabin.ts), wordmarks and dealer logos (wordmark.ts), promotional banners and building facades.
 * Nothing is fetched from the internet; every picture is a small deterministic SVG string; car pictures carry no text.
 *
 * Gallery views by image index (`/demo-img/car/<body>/<paint>[.<trim>]/<n>.svg`, see VIEW_TABLE):
 *   0 front three-quarter, 1 side, 2 rear three-quarter, 3 dash, 4 front seats, 5 front, 6 rear, 7 wheel,
 *   8 rear seats (ute and truck: the tub or tray; panel van: cargo bay; convertible: cockpit), 9 front three-quarter
 *   (left), 10 rear three-quarter (left), 11 side (left), 12 headlight, 13 tail light, 14 instrument cluster,
 *   15 centre console, 16 high front three-quarter, 17 low front three-quarter, 18 boot or cargo, 19 steering wheel,
 *   20 high rear three-quarter, 21 low rear three-quarter, 22 wide front three-quarter, 23 high side.
 *   Motorcycles: 3 cockpit, 4 seat, 8 engine, 14 handlebars, 15 tank, 18 exhaust, 19 controls (the rest as above).
 * Spin frames (`/demo-img/spin/<body>/<paint>/<angle>.svg`): angle 0-23 in 15 degree steps, 0 = side view with the nose
 * to the right, 6 = head-on front, 18 = rear.
 */
import { CABIN_VIEWS, renderCabinSvg, type CabinKind, type CabinView } from './cabin.ts';
import { anchorPercent, pictureBounds, renderModel, spinFit, tone, type Fit, type Shot } from './render3d.ts';
import type { Model, V3 } from './scene3d.ts';
import { parseBodyToken, SHAPES, vehicleModel, type Shape, type Traits } from './vehicles.ts';
import { escapeXml, lettering, renderLogoSvg, renderMakeMark, wordmarkUnits, type LogoColours } from './wordmark.ts';

export { SHAPES, escapeXml, renderLogoSvg, renderMakeMark, type Shape, type LogoColours };

const BODY_TO_SHAPE: Record<string, Shape> = {
  sedan: 'sedan', prestige: 'sedan',
  hatch: 'hatch', hatchback: 'hatch',
  suv: 'suv', ev: 'suv', '4x4': 'offroader',
  wagon: 'wagon', stationWagon: 'wagon',
  ute: 'ute',
  van: 'van',
  peopleMover: 'peopleMover',
  coupe: 'coupe', hardtop: 'hardtop',
  convertible: 'convertible', softtop: 'convertible',
  cabChassis: 'truck', lightTruck: 'truck',
  bus: 'bus', motorhome: 'bus',
  motorcycle: 'motorcycle',
};

/** The silhouette family of a simple_body value (or a shape name); null for an unknown body. */
export function shapeForBody(body: string): Shape | null {
  if (Object.prototype.hasOwnProperty.call(BODY_TO_SHAPE, body)) return BODY_TO_SHAPE[body] as Shape;
  return (SHAPES as readonly string[]).includes(body) ? (body as Shape) : null;
}

/** Body values the car image route accepts (simple_body values and shape names; each may carry variants). */
export function knownBodies(): string[] {
  return [...new Set([...Object.keys(BODY_TO_SHAPE), ...SHAPES])];
}

/** A body token: a simple_body or shape, then optional variants (`ute-tray-single`, `van-window`, `motorcycle-cruiser`). */
export function resolveBody(token: string): { shape: Shape; variants: string[]; base: string } | null {
  const parsed = parseBodyToken(token, shapeForBody);
  return parsed ? { ...parsed, base: token.split('-')[0] as string } : null;
}

const models = new Map<string, { model: Model; traits: Traits; shape: Shape } | null>();
function modelFor(token: string) {
  let hit = models.get(token);
  if (hit === undefined) {
    const b = resolveBody(token);
    hit = b ? { ...vehicleModel(b.shape, b.variants, b.base), shape: b.shape } : null;
    if (models.size < 500) models.set(token, hit);
  }
  return hit;
}

/** Traits of a body token's model (silhouette facts the tests check); null for an unknown body. */
export function bodyTraits(token: string): Traits | null {
  return modelFor(token)?.traits ?? null;
}

/** Mixes a colour towards black (factor < 1) or white (factor > 1). */
export function shade(colour: string, factor: number): string {
  return tone(normaliseHex(colour), factor);
}

function normaliseHex(colour: string): string {
  const hex = colour.replace(/^#/, '').toLowerCase();
  if (!/^[0-9a-f]{6}$/.test(hex)) throw new Error(`Not a hex colour: ${colour}`);
  return `#${hex}`;
}

// ------------------------------------------------------------------ views

const SHOTS: Record<string, Shot> = {
  front34: { yaw: -52, elev: 9 },
  side: { yaw: -90, elev: 3 },
  rear34: { yaw: -128, elev: 10 },
  front: { yaw: 0, elev: 5 },
  rear: { yaw: 180, elev: 6 },
  front34Left: { yaw: 52, elev: 9 },
  rear34Left: { yaw: 128, elev: 10 },
  sideLeft: { yaw: 90, elev: 3 },
  headlight: { yaw: -36, elev: 6, focus: 'head', zoom: 2.6 },
  taillight: { yaw: -146, elev: 8, focus: 'tail', zoom: 2.6 },
  wheel: { yaw: -80, elev: 3, focus: 'wheel', zoom: 3 },
  front34High: { yaw: -45, elev: 26 },
  front34Low: { yaw: -58, elev: 1.5, dist: 2 },
  rear34High: { yaw: -140, elev: 32 },
  rear34Low: { yaw: -135, elev: 2, dist: 2 },
  front34Wide: { yaw: -62, elev: 7, zoom: 0.74 },
  front34Mid: { yaw: -72, elev: 15 },
  sideHigh: { yaw: -90, elev: 20 },
  bed: { yaw: -155, elev: 34, focus: 'bed', zoom: 1.45 },
  bedHigh: { yaw: 150, elev: 42, focus: 'bed', zoom: 1.3 },
  cockpit: { yaw: -160, elev: 50, focus: 'cabin', zoom: 1.6 },
  bikeCockpit: { yaw: 0, elev: 0, eye: 'rider', target: 'pod', fov: 58 },
  bikeSeat: { yaw: -125, elev: 34, focus: 'seat', zoom: 2.1 },
  bikeEngine: { yaw: -95, elev: 4, focus: 'engine', zoom: 2.3 },
  bikeBars: { yaw: 150, elev: 34, focus: 'cockpit', zoom: 2.2 },
  bikeTank: { yaw: -62, elev: 44, focus: 'seat', zoom: 1.8 },
  bikeExhaust: { yaw: -112, elev: 6, focus: 'exhaust', zoom: 2.4 },
  bikeControls: { yaw: -30, elev: 20, focus: 'cockpit', zoom: 2.3 },
};

const CAR_VIEWS = [
  'front34', 'side', 'rear34', 'dash', 'frontSeats', 'front', 'rear', 'wheel', 'rearSeats', 'front34Left', 'rear34Left', 'sideLeft',
  'headlight', 'taillight', 'cluster', 'console', 'front34High', 'front34Low', 'cargo', 'steering', 'rear34High', 'rear34Low', 'front34Wide', 'sideHigh',
] as const;

/** The documented index -> view table per family (24 views each; a listing with k photos shows views 0..k-1). */
export function viewTable(token: string): string[] | null {
  const b = resolveBody(token);
  if (!b) return null;
  const { traits } = vehicleModel(b.shape, b.variants, b.base);
  const v: string[] = [...CAR_VIEWS];
  switch (b.shape) {
    case 'convertible': v[8] = 'cockpit'; break;
    case 'ute': v[8] = 'bed'; v[18] = traits.variant.endsWith('single') ? 'bedHigh' : 'rearSeats'; break;
    case 'truck': v[8] = 'bed'; v[18] = 'bedHigh'; break;
    case 'van':
      if (traits.variant === 'panel') (v[8] = 'cargoBay'), (v[18] = 'front34Mid');
      else if (traits.variant === 'commuter') (v[8] = 'rows'), (v[18] = 'front34Mid');
      else v[18] = 'cargoBay';
      break;
    case 'bus': v[8] = 'rows'; v[18] = 'front34Mid'; break;
    case 'motorcycle':
      v[3] = 'bikeCockpit'; v[4] = 'bikeSeat'; v[8] = 'bikeEngine'; v[14] = 'bikeBars'; v[15] = 'bikeTank'; v[18] = 'bikeExhaust'; v[19] = 'bikeControls';
      break;
    default: break;
  }
  return v;
}

export const VIEW_COUNT = 24;

const VIEW_LABELS: Record<string, string> = {
  front34: 'front three-quarter view', side: 'side view', rear34: 'rear three-quarter view', front: 'front view', rear: 'rear view',
  front34Left: 'front three-quarter view from the left', rear34Left: 'rear three-quarter view from the left', sideLeft: 'left side view',
  headlight: 'headlight detail', taillight: 'tail light detail', wheel: 'wheel detail', front34High: 'high front view', front34Low: 'low front view',
  rear34High: 'high rear view', rear34Low: 'low rear view', front34Wide: 'front three-quarter view', front34Mid: 'front three-quarter view',
  sideHigh: 'side view from above', bed: 'load area', bedHigh: 'load area from above', cockpit: 'cockpit from above',
  bikeCockpit: 'rider view', bikeSeat: 'seat', bikeEngine: 'engine', bikeBars: 'handlebars', bikeTank: 'tank', bikeExhaust: 'exhaust', bikeControls: 'controls',
  dash: 'dashboard', frontSeats: 'front seats', rearSeats: 'rear seats', cluster: 'instrument cluster', console: 'centre console',
  steering: 'steering wheel', cargo: 'boot', cargoBay: 'cargo area', rows: 'seating rows',
};
const SHAPE_LABELS: Record<Shape, string> = {
  sedan: 'Sedan', hatch: 'Hatchback', wagon: 'Wagon', suv: 'SUV', offroader: '4x4', hardtop: '4x4 hardtop', ute: 'Ute', van: 'Van',
  peopleMover: 'People mover', coupe: 'Coupe', convertible: 'Convertible', truck: 'Truck', bus: 'Bus', motorcycle: 'Motorcycle',
};

export type CarViewOptions = {
  /** Body token: a simple_body or shape with optional variants (`suv`, `ute-tray`, `van-window`, `motorcycle-sport`). */
  body: string;
  /** `#rrggbb` paint colour. */
  colour: string;
  /** `#rrggbb` trim colour for interior views (default charcoal). */
  trim?: string;
  /** Gallery index 0-23 (see the table at the top of this file). */
  view: number;
  width?: number;
};

/**
 * One gallery picture of a vehicle (4:3, 800x600 viewBox): an exterior or detail view of the 3D model, or an interior.
 * Null for an unknown body or an index outside 0-23.
 * @example renderCarView({ body: 'ute-tray', colour: '#f2f3f0', view: 0 })
 */
export function renderCarView(options: CarViewOptions): string | null {
  const m = modelFor(options.body);
  const table = viewTable(options.body);
  if (!m || !table || !Number.isInteger(options.view) || options.view < 0 || options.view >= VIEW_COUNT) return null;
  const view = table[options.view] as string;
  const paint = normaliseHex(options.colour);
  const trim = normaliseHex(options.trim ?? '#2a2a2a');
  if ((CABIN_VIEWS as readonly string[]).includes(view)) {
    const kind: CabinKind = m.shape === 'bus' || m.traits.variant === 'commuter' ? 'bus' : ['ute', 'van', 'truck'].includes(m.shape) ? 'work' : 'car';
    const svg = renderCabinSvg({ view: view as CabinView, trim, paint, kind });
    return options.width ? resize(svg, options.width) : svg;
  }
  return renderModel(m.model, SHOTS[view] as Shot, { paint, trim, width: options.width, label: `${SHAPE_LABELS[m.shape]}, ${VIEW_LABELS[view] ?? view}` });
}

/**
 * Where the whole vehicle lies in a gallery picture or spin frame (viewBox units of 800x600); null for interior and
 * close-up views (they show part of the vehicle on purpose).
 */
export function vehicleBounds(body: string, view: number | { spin: number }): { x0: number; y0: number; x1: number; y1: number } | null {
  const m = modelFor(body);
  if (!m) return null;
  if (typeof view !== 'number') return pictureBounds(m.model, spinShot(view.spin), spinFitFor(body)!);
  const name = viewTable(body)?.[view];
  const shot = name ? SHOTS[name] : undefined;
  if (!shot || shot.focus || shot.eye) return null;
  return pictureBounds(m.model, shot);
}

function resize(svg: string, width: number): string {
  return svg.replace(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/, `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 3) / 4)}"`);
}

// ------------------------------------------------------------------ spin frames

const spinShot = (angle: number): Shot => ({ yaw: -90 + 15 * ((((Math.round(angle) % 24) + 24) % 24)), elev: 8 });
const spinFits = new Map<string, Fit>();
function spinFitFor(token: string): Fit | null {
  const m = modelFor(token);
  if (!m) return null;
  const key = `${m.traits.shape}:${m.traits.variant}`;
  let fit = spinFits.get(key);
  if (!fit) {
    fit = spinFit(m.model, Array.from({ length: 24 }, (_, a) => spinShot(a)));
    spinFits.set(key, fit);
  }
  return fit;
}

export type VehicleSvgOptions = {
  /** A body token (`hatch`, `suv`, `ute-tray`, `lightTruck`, `motorcycle-sport`, ...). */
  body: string;
  /** `#rrggbb` paint colour. */
  colour: string;
  /** Spin frame 0-23 (15 degree steps); 0 is the side view with the nose to the right, 6 head-on front, 18 rear. */
  angle?: number;
  width?: number;
};

/**
 * One of 24 spin frames of a vehicle (4:3), all at the same scale so the vehicle turns in place.
 * @example renderVehicleSvg({ body: 'ute', colour: '#c0392b', angle: 2 })
 */
export function renderVehicleSvg(options: VehicleSvgOptions): string {
  const token = resolveBody(options.body) ? options.body : 'sedan';
  const m = modelFor(token)!;
  const angle = options.angle ?? 2;
  return renderModel(m.model, spinShot(angle), { paint: normaliseHex(options.colour), width: options.width, label: `${SHAPE_LABELS[m.shape]}, spin frame ${angle + 1} of 24` }, spinFitFor(token)!);
}

/**
 * Where a part of the vehicle sits on one spin frame, in percent of the image (for hotspot anchors);
 * null when the part faces away at that angle. Uses the same camera and scale as renderVehicleSvg.
 */
const anchors = new Map<string, { posX: number; posY: number } | null>();
export function vehicleAnchor(body: string, angle: number, part: 'front' | 'rear' | 'wheel'): { posX: number; posY: number } | null {
  const key = `${body}|${angle}|${part}`;
  let hit = anchors.get(key);
  if (hit === undefined) {
    hit = anchorOf(body, angle, part);
    if (anchors.size < 20_000) anchors.set(key, hit);
  }
  return hit ? { ...hit } : null;
}

function anchorOf(body: string, angle: number, part: 'front' | 'rear' | 'wheel'): { posX: number; posY: number } | null {
  const token = modelFor(body) ? body : 'sedan';
  const m = modelFor(token)!;
  const fit = spinFitFor(token)!;
  const shot = spinShot(angle);
  const yaw = (shot.yaw * Math.PI) / 180;
  if (part === 'front') return anchorPercent(m.model, shot, fit, m.model.anchors.front, [1, 0, 0]);
  if (part === 'rear') return anchorPercent(m.model, shot, fit, m.model.anchors.rear, [-1, 0, 0]);
  // the front wheel on the camera's side, while that side is in view
  const side = Math.sin(yaw) >= 0 ? 1 : -1;
  if (Math.abs(Math.sin(yaw)) < 0.5) return null;
  const w = m.model.anchors.wheel;
  const p: V3 = [w[0], side * Math.abs(w[1]), w[2]];
  return anchorPercent(m.model, shot, fit, p, [0, side, 0]);
}

// ------------------------------------------------------------------ banners

/** The banner's subject box (of 1920x540): it survives object-fit: cover at 32:9 (desktop), 16:9 and 4:3 (mobile). */
export const BANNER_SAFE = { x: 640, y: 70, width: 640, height: 420 };

/**
 * A wide promotional banner (1920x540) with the vehicle centred inside BANNER_SAFE, on a backdrop that runs to every
 * edge (so any crop keeps the vehicle whole); titles are overlaid by the page, never drawn here.
 */
export function renderBannerSvg(options: { body: string; colour: string; background: string }): string {
  const bg = normaliseHex(options.background);
  const token = resolveBody(options.body) ? options.body : 'suv';
  const m = modelFor(token)!;
  const car = renderModel(m.model, { yaw: -50, elev: 8 }, { paint: normaliseHex(options.colour), label: 'Vehicle', background: 'none' });
  // The car sits in 660x330 around (400, 318) of its 800x600 box: scale it into BANNER_SAFE.
  const k = BANNER_SAFE.width / 660;
  const x = BANNER_SAFE.x + BANNER_SAFE.width / 2 - 400 * k;
  const y = BANNER_SAFE.y + BANNER_SAFE.height / 2 - 318 * k;
  const nested = car.replace(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/, `<svg x="${Math.round(x)}" y="${Math.round(y)}" width="${Math.round(800 * k)}" height="${Math.round(600 * k)}"`);
  const light = tone(bg, 1.35);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="540" viewBox="0 0 1920 540" role="img" aria-label="Promotion">' +
    `<defs><linearGradient id="bb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${tone(bg, 0.5)}"/></linearGradient>` +
    `<radialGradient id="bs" cx=".5" cy=".62" r=".45"><stop offset="0" stop-color="${light}" stop-opacity=".55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="bf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient></defs>` +
    '<rect width="1920" height="540" fill="url(#bb)"/>' +
    `<path d="M0 540L560 0H900L420 540ZM1500 540L1760 0H1920V540Z" fill="${light}" opacity=".08"/>` +
    '<rect width="1920" height="540" fill="url(#bs)"/>' +
    '<rect y="380" width="1920" height="160" fill="url(#bf)"/>' +
    nested +
    '</svg>'
  );
}

// ------------------------------------------------------------------ interior panorama and places

/** The 2:1 interior picture of a spin viewer (dashboard panorama) in the trim colour. */
export function renderInteriorSvg(options: { colour: string; width?: number }): string {
  const svg = renderCabinSvg({ view: 'dash', trim: normaliseHex(options.colour), paint: '#5b6168', kind: 'car', width: 1200 });
  const width = options.width ?? 1200;
  return svg.replace(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/, `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width / 2)}"`);
}

const PLACE_SIGNS: Record<string, string> = { sales: 'SALES', used: 'PRE-OWNED', service: 'SERVICE', parts: 'PARTS' };

/** A dealership building facade with the brand colour band and the location type lettered on the sign. */
export function renderPlaceSvg(options: { colour: string; kind: string; width?: number }): string {
  const band = normaliseHex(options.colour);
  const sign = PLACE_SIGNS[options.kind] ?? 'DEALERSHIP';
  const width = options.width ?? 640;
  const light = (() => {
    const h = band.slice(1);
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
    return 0.299 * r + 0.587 * g + 0.114 * b > 186;
  })();
  let windows = '';
  for (let x = 50; x < 350; x += 62) windows += `<rect x="${x}" y="96" width="52" height="56" fill="#9cc3e6" stroke="#e5e7eb" stroke-width="2"/>`;
  const cap = 12;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width / 2)}" viewBox="0 0 400 200" role="img" aria-label="${escapeXml(sign)} building">` +
    '<rect width="400" height="200" fill="#dbeafe"/>' +
    '<rect y="160" width="400" height="40" fill="#9ca3af"/>' +
    '<rect x="36" y="60" width="328" height="100" fill="#f9fafb" stroke="#d1d5db" stroke-width="2"/>' +
    `<rect x="36" y="60" width="328" height="28" fill="${band}"/>` +
    lettering(sign, 200 - (wordmarkUnits(sign) * cap) / 20, 68, cap, light ? '#111827' : '#ffffff') +
    windows +
    '</svg>'
  );
}
