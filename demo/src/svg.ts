/**
 * Locally generated demo artwork: vehicle silhouettes, logos, banners, interiors and building facades.
 * Nothing is fetched from the internet; every picture is a small SVG string.
 */

/** Silhouette families; every simple_body maps onto one (see `shapeForBody`). */
export const SHAPES = ['sedan', 'hatch', 'suv', 'wagon', 'ute', 'van', 'peopleMover', 'coupe', 'convertible', 'truck', 'bus', 'motorcycle'] as const;
export type Shape = (typeof SHAPES)[number];

const BODY_TO_SHAPE: Record<string, Shape> = {
  sedan: 'sedan', prestige: 'sedan',
  hatch: 'hatch', hatchback: 'hatch',
  suv: 'suv', '4x4': 'suv', ev: 'suv',
  wagon: 'wagon', stationWagon: 'wagon',
  ute: 'ute',
  van: 'van',
  peopleMover: 'peopleMover',
  coupe: 'coupe', hardtop: 'coupe',
  convertible: 'convertible', softtop: 'convertible',
  cabChassis: 'truck', lightTruck: 'truck',
  bus: 'bus', motorhome: 'bus',
  motorcycle: 'motorcycle',
};

/** The silhouette for a simple_body value; null for an unknown body. */
export function shapeForBody(body: string): Shape | null {
  return Object.prototype.hasOwnProperty.call(BODY_TO_SHAPE, body) ? (BODY_TO_SHAPE[body] as Shape) : null;
}

export function knownBodies(): string[] {
  return Object.keys(BODY_TO_SHAPE);
}

type ShapeArt = {
  /** Side profile facing right (front at high x) in a 400x200 box, ground at y=165. */
  body: string;
  windows: string;
  /** Extra dark details (tray rails, seats). */
  details?: string;
  wheels: [number, number];
  wheelRadius: number;
  wheelY: number;
  /** Front/rear face panel: full width when seen head-on, top edge y, windscreen depth. */
  face: { width: number; top: number; glass: number };
};

const ART: Record<Shape, ShapeArt> = {
  sedan: {
    body: 'M30 140Q30 118 60 114L120 110L158 76Q168 70 180 70L250 70Q262 70 270 78L300 108L350 114Q372 118 372 138L372 150L30 150Z',
    windows: 'M128 110L162 80L208 80L208 110ZM214 80L248 80Q256 80 262 86L288 110L214 110Z',
    wheels: [95, 305], wheelRadius: 20, wheelY: 145,
    face: { width: 150, top: 72, glass: 30 },
  },
  hatch: {
    body: 'M40 150L40 96Q42 72 70 68L250 66Q266 66 276 76L308 106L340 112Q362 116 362 136L362 150Z',
    windows: 'M50 100L58 76L130 74L130 104ZM136 74L246 72Q258 72 266 80L292 104L136 104Z',
    wheels: [95, 300], wheelRadius: 20, wheelY: 145,
    face: { width: 140, top: 68, glass: 32 },
  },
  suv: {
    body: 'M34 150L34 92Q36 62 62 58L262 56Q280 56 292 70L318 100L352 106Q370 110 370 130L370 150Z',
    windows: 'M46 96L52 68L140 66L140 98ZM146 66L256 64Q270 64 280 76L302 98L146 98Z',
    wheels: [95, 305], wheelRadius: 23, wheelY: 145,
    face: { width: 160, top: 58, glass: 34 },
  },
  wagon: {
    body: 'M32 150L32 100Q34 72 60 70L258 68Q272 68 282 78L312 108L350 114Q370 118 370 136L370 150Z',
    windows: 'M42 102L48 78L150 76L150 106ZM156 76L254 74Q266 74 274 82L296 106L156 106Z',
    wheels: [92, 305], wheelRadius: 20, wheelY: 145,
    face: { width: 150, top: 70, glass: 30 },
  },
  ute: {
    body: 'M30 150L30 100L180 100L180 62Q182 56 190 56L262 56Q276 56 286 68L314 100L352 106Q370 110 370 130L370 150Z',
    windows: 'M190 96L194 64L258 64Q270 64 278 74L300 96Z',
    details: 'M30 96L176 96L176 102L30 102Z',
    wheels: [92, 305], wheelRadius: 23, wheelY: 145,
    face: { width: 160, top: 56, glass: 34 },
  },
  van: {
    body: 'M30 150L30 62Q30 46 48 46L270 46Q286 46 296 60L330 100L356 106Q370 110 370 128L370 150Z',
    windows: 'M266 56L286 56L318 100L266 100ZM200 56L252 56L252 96L200 96Z',
    wheels: [90, 310], wheelRadius: 21, wheelY: 145,
    face: { width: 160, top: 46, glass: 40 },
  },
  peopleMover: {
    body: 'M30 150L30 70Q30 52 50 52L262 50Q280 50 292 64L326 102L354 108Q370 112 370 130L370 150Z',
    windows: 'M42 96L46 62L120 60L120 96ZM126 60L196 60L196 96L126 96ZM202 60L258 60Q270 60 278 70L306 98L202 98Z',
    wheels: [90, 308], wheelRadius: 21, wheelY: 145,
    face: { width: 160, top: 52, glass: 38 },
  },
  coupe: {
    body: 'M30 140Q30 120 60 116L110 110L170 78Q180 74 192 74L240 74Q252 74 262 82L296 110L352 116Q372 120 372 138L372 150L30 150Z',
    windows: 'M130 110L176 82L236 82Q246 82 254 88L278 110Z',
    wheels: [95, 308], wheelRadius: 20, wheelY: 145,
    face: { width: 150, top: 76, glass: 24 },
  },
  convertible: {
    body: 'M30 140Q30 120 60 116L350 114Q372 118 372 138L372 150L30 150Z',
    windows: 'M244 114L222 84L228 82L252 114Z',
    details: 'M150 114L150 96Q150 90 158 90L172 90L172 114ZM196 114L196 96Q196 90 204 90L216 90L216 114Z',
    wheels: [95, 308], wheelRadius: 20, wheelY: 145,
    face: { width: 150, top: 96, glass: 14 },
  },
  truck: {
    body: 'M20 140L20 44L262 44L262 132L270 132L270 52Q270 40 284 40L340 40Q356 40 360 56L372 110L372 150L20 150Z',
    windows: 'M300 48L340 48Q350 48 352 60L358 90L300 90Z',
    details: 'M20 132L262 132L262 140L20 140Z',
    wheels: [80, 318], wheelRadius: 24, wheelY: 141,
    face: { width: 140, top: 40, glass: 42 },
  },
  bus: {
    body: 'M20 150L20 50Q20 38 34 38L356 38Q372 38 374 56L378 150Z',
    windows: 'M36 50L80 50L80 92L36 92ZM88 50L132 50L132 92L88 92ZM140 50L184 50L184 92L140 92ZM192 50L236 50L236 92L192 92ZM244 50L288 50L288 92L244 92ZM296 50L330 50L330 92L296 92ZM340 48L364 48L370 100L340 100Z',
    wheels: [80, 318], wheelRadius: 22, wheelY: 143,
    face: { width: 150, top: 38, glass: 50 },
  },
  motorcycle: {
    body: 'M170 88Q200 70 240 80L236 100L180 104ZM240 80L270 66L282 92L250 100Z',
    windows: 'M120 92Q150 84 178 90L176 98L124 100Z',
    details: 'M180 104L236 104L226 132L190 132ZM284 128L260 66L266 64L290 126ZM256 64L278 56L280 60L258 68ZM110 128L186 118L188 124L112 132Z',
    wheels: [110, 290], wheelRadius: 34, wheelY: 130,
    face: { width: 40, top: 62, glass: 10 },
  },
};

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function normaliseHex(colour: string): string {
  const hex = colour.replace(/^#/, '').toLowerCase();
  if (!/^[0-9a-f]{6}$/.test(hex)) throw new Error(`Not a hex colour: ${colour}`);
  return `#${hex}`;
}

/** Mixes a colour towards black (factor < 1) or white (factor > 1). */
export function shade(colour: string, factor: number): string {
  const hex = normaliseHex(colour).slice(1);
  const parts = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const out = parts.map((c) => {
    const v = factor <= 1 ? c * factor : c + (255 - c) * (factor - 1);
    return Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  });
  return `#${out.join('')}`;
}

function isLight(colour: string): boolean {
  const hex = normaliseHex(colour).slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 186;
}

const FONT = 'system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The vehicle is drawn slightly smaller than the frame so the nose panel never leaves it. */
const VEHICLE_TRANSFORM = 'translate(16 8) scale(0.92)';

/**
 * Pseudo-3D placement for a spin frame: the side profile narrows with cos(angle) (mirrored past 90 degrees)
 * and the nose or tail panel widens with sin(angle) at the end of the car facing the viewer.
 */
function frameGeometry(shape: Shape, angle: number) {
  const theta = ((((Math.round(angle) % 24) + 24) % 24) * Math.PI) / 12;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const minScale = shape === 'motorcycle' ? 0.35 : 0.06;
  const sx = (cos < 0 ? -1 : 1) * Math.max(minScale, Math.abs(cos));
  const front = sin > 0;
  const nose = front ? 200 + 170 * sx : 200 - 170 * sx;
  const outward = nose >= 200 ? 1 : -1;
  const faceW = shape === 'motorcycle' ? 0 : ART[shape].face.width * Math.abs(sin) * 0.8;
  return { sx, front, faceW, faceCenter: nose + (outward * faceW * Math.abs(cos)) / 2 };
}

export type VehicleSvgOptions = {
  /** A simple_body value (`hatch`, `suv`, `ute`, `lightTruck`, `motorcycle`, ...) or a shape name. */
  body: string;
  /** `#rrggbb` paint colour. */
  colour: string;
  /** Spin frame 0-23 (15 degree steps); 0 is the side profile facing right, 6 head-on front, 18 head-on rear. */
  angle?: number;
  width?: number;
  /** Make and model text drawn under the vehicle. */
  label?: string;
};

/**
 * A recognisable silhouette per body type painted in the car's colour, drawn at one of 24 spin angles
 * (the side profile narrows with cos and a front or rear face widens with sin).
 * @example renderVehicleSvg({ body: 'ute', colour: '#c0392b', angle: 2, label: 'Toyota HiLux' })
 */
export function renderVehicleSvg(options: VehicleSvgOptions): string {
  const { body, angle = 2, width = 640, label } = options;
  const shape = shapeForBody(body) ?? ((SHAPES as readonly string[]).includes(body) ? (body as Shape) : 'sedan');
  const art = ART[shape];
  const paint = normaliseHex(options.colour);
  const outline = isLight(paint) ? '#6b7280' : shade(paint, 0.6);
  const g = frameGeometry(shape, angle);
  const height = Math.round(width / 2);
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="${art.wheelY}" r="${art.wheelRadius}" fill="#1f2328"/><circle cx="${x}" cy="${art.wheelY}" r="${r1(art.wheelRadius * 0.5)}" fill="#c7ccd1"/>`;
  const side =
    `<g transform="translate(200 0) scale(${r1(g.sx * 100) / 100} 1) translate(-200 0)">` +
    `<path d="${art.body}" fill="${paint}" stroke="${outline}" stroke-width="2"/>` +
    (art.details ? `<path d="${art.details}" fill="#2b3036"/>` : '') +
    `<path d="${art.windows}" fill="#27313b" opacity="0.85"/>` +
    wheel(art.wheels[0]) + wheel(art.wheels[1]) +
    '</g>';
  let face = '';
  if (g.faceW >= 6) {
    const w = g.faceW;
    const x = g.faceCenter - w / 2;
    const top = art.face.top;
    const lightColour = g.front ? '#fff7d6' : '#d6232a';
    const lw = r1(Math.max(3, w * 0.16));
    const tyreBottom = art.wheelY + art.wheelRadius;
    face =
      `<rect x="${r1(x + w * 0.06)}" y="138" width="${r1(w * 0.16)}" height="${tyreBottom - 138}" rx="3" fill="#1f2328"/>` +
      `<rect x="${r1(x + w * 0.78)}" y="138" width="${r1(w * 0.16)}" height="${tyreBottom - 138}" rx="3" fill="#1f2328"/>` +
      `<rect x="${r1(x)}" y="${top}" width="${r1(w)}" height="${150 - top}" rx="${r1(Math.min(10, w / 4))}" fill="${shade(paint, 0.88)}" stroke="${outline}" stroke-width="2"/>` +
      `<rect x="${r1(x + w * 0.1)}" y="${top + 5}" width="${r1(w * 0.8)}" height="${art.face.glass}" rx="4" fill="#27313b" opacity="0.85"/>` +
      `<rect x="${r1(x + w * 0.06)}" y="124" width="${lw}" height="8" rx="3" fill="${lightColour}"/>` +
      `<rect x="${r1(x + w * 0.94 - lw)}" y="124" width="${lw}" height="8" rx="3" fill="${lightColour}"/>` +
      (g.front ? `<rect x="${r1(x + w * 0.3)}" y="128" width="${r1(w * 0.4)}" height="12" rx="3" fill="#2b3036"/>` : '');
  }
  const text = label
    ? `<text x="200" y="190" text-anchor="middle" font-family="${FONT}" font-size="14" font-weight="600" fill="#374151">${escapeXml(label)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 200" role="img" aria-label="${escapeXml(label ?? shape)}">` +
    '<rect width="400" height="200" fill="#f3f4f6"/>' +
    '<ellipse cx="200" cy="166" rx="175" ry="7" fill="#d1d5db"/>' +
    `<g transform="${VEHICLE_TRANSFORM}">${side}${face}</g>` +
    text +
    '</svg>'
  );
}

/**
 * Where a part of the vehicle sits on one spin frame, in percent of the image (for hotspot anchors);
 * null when the part is hidden at that angle. Uses the same geometry as renderVehicleSvg.
 */
export function vehicleAnchor(body: string, angle: number, part: 'front' | 'rear' | 'wheel'): { posX: number; posY: number } | null {
  const shape = shapeForBody(body) ?? 'sedan';
  const art = ART[shape];
  const g = frameGeometry(shape, angle);
  // Same placement as VEHICLE_TRANSFORM: x' = 16 + 0.92x, y' = 8 + 0.92y, then percent of 400x200.
  const pct = (x: number, y: number) => ({ posX: Math.round(((16 + 0.92 * x) / 400) * 1000) / 10, posY: Math.round(((8 + 0.92 * y) / 200) * 1000) / 10 });
  if (part === 'wheel') return Math.abs(g.sx) > 0.3 ? pct(200 + (art.wheels[1] - 200) * g.sx, art.wheelY) : null;
  const visible = g.faceW >= 6 && (part === 'front' ? g.front : !g.front);
  return visible ? pct(g.faceCenter, 128) : null;
}

export type LogoColours = { background: string; foreground: string; accent?: string };

/**
 * A wordmark logo: rounded badge with the text; width follows the text length.
 * @example renderLogoSvg('Harbourside Toyota', { background: '#b91c1c', foreground: '#ffffff' })
 */
export function renderLogoSvg(text: string, colours: LogoColours): string {
  const bg = normaliseHex(colours.background);
  const fg = normaliseHex(colours.foreground);
  const accent = colours.accent ? normaliseHex(colours.accent) : fg;
  const label = text.trim() || '?';
  const initial = (label.match(/[A-Za-z0-9]/)?.[0] ?? '?').toUpperCase();
  const textWidth = Math.ceil(label.length * 11.5);
  const w = 64 + textWidth + 16;
  const h = 56;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="${w}" height="${h}" rx="10" fill="${bg}"/>` +
    `<circle cx="30" cy="28" r="19" fill="none" stroke="${accent}" stroke-width="3"/>` +
    `<text x="30" y="35" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="${accent}">${escapeXml(initial)}</text>` +
    `<text x="60" y="35" font-family="${FONT}" font-size="19" font-weight="700" letter-spacing="0.5" fill="${fg}">${escapeXml(label)}</text>` +
    '</svg>'
  );
}

/** A wide promotional banner background (1920x540) with a vehicle on the right; titles are overlaid by the page. */
export function renderBannerSvg(options: { body: string; colour: string; background: string }): string {
  const bg = normaliseHex(options.background);
  const car = renderVehicleSvg({ body: options.body, colour: options.colour, angle: 2, width: 400 })
    .replace('<rect width="400" height="200" fill="#f3f4f6"/>', '')
    // Position the nested picture: its own width/height give way (a repeated attribute makes the SVG invalid).
    .replace(/<svg [^>]*?viewBox=/, '<svg x="470" y="20" width="470" height="235" viewBox=');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="540" viewBox="0 0 960 270" role="img" aria-label="Promotion">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${shade(bg, 0.45)}"/></linearGradient></defs>` +
    '<rect width="960" height="270" fill="url(#g)"/>' +
    `<path d="M420 270L620 0L960 0L960 270Z" fill="${shade(bg, 1.25)}" opacity="0.35"/>` +
    car +
    '</svg>'
  );
}

/** An interior panorama: dashboard, steering wheel, screen and seats in the trim colour. */
export function renderInteriorSvg(options: { colour: string; width?: number }): string {
  const trim = normaliseHex(options.colour);
  const width = options.width ?? 640;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width / 2)}" viewBox="0 0 400 200" role="img" aria-label="Interior">` +
    '<rect width="400" height="200" fill="#cfd8e3"/>' +
    '<path d="M0 0L400 0L400 60Q200 30 0 60Z" fill="#9fb3c8"/>' +
    `<path d="M0 70Q200 40 400 70L400 120L0 120Z" fill="${shade(trim, 0.55)}"/>` +
    '<rect x="170" y="62" width="70" height="40" rx="5" fill="#111827"/><rect x="176" y="68" width="58" height="28" rx="3" fill="#2563eb" opacity="0.7"/>' +
    '<circle cx="100" cy="110" r="38" fill="none" stroke="#1f2328" stroke-width="9"/><circle cx="100" cy="110" r="10" fill="#1f2328"/>' +
    `<path d="M20 200L30 140Q60 126 110 134L124 200Z" fill="${trim}" stroke="${shade(trim, 0.7)}" stroke-width="2"/>` +
    `<path d="M270 200L280 140Q310 126 360 134L374 200Z" fill="${trim}" stroke="${shade(trim, 0.7)}" stroke-width="2"/>` +
    '<rect x="186" y="130" width="40" height="70" rx="8" fill="#374151"/>' +
    '</svg>'
  );
}

const PLACE_SIGNS: Record<string, string> = { sales: 'SALES', used: 'PRE-OWNED', service: 'SERVICE', parts: 'PARTS' };

/** A dealership building facade with the brand colour band and the location type on the sign. */
export function renderPlaceSvg(options: { colour: string; kind: string; width?: number }): string {
  const band = normaliseHex(options.colour);
  const sign = PLACE_SIGNS[options.kind] ?? 'DEALERSHIP';
  const width = options.width ?? 640;
  const signText = isLight(band) ? '#111827' : '#ffffff';
  let windows = '';
  for (let x = 50; x < 350; x += 62) windows += `<rect x="${x}" y="96" width="52" height="56" fill="#9cc3e6" stroke="#e5e7eb" stroke-width="2"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width / 2)}" viewBox="0 0 400 200" role="img" aria-label="${sign} building">` +
    '<rect width="400" height="200" fill="#dbeafe"/>' +
    '<rect y="160" width="400" height="40" fill="#9ca3af"/>' +
    '<rect x="36" y="60" width="328" height="100" fill="#f9fafb" stroke="#d1d5db" stroke-width="2"/>' +
    `<rect x="36" y="60" width="328" height="28" fill="${band}"/>` +
    `<text x="200" y="80" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="700" letter-spacing="2" fill="${signText}">${sign}</text>` +
    windows +
    '</svg>'
  );
}
