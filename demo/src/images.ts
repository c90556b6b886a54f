/**
 * Serves the demo's generated pictures by path (the shell mounts this under /demo-img/).
 * Paths are matched against strict patterns, so anything else (including traversal attempts) is null.
 */
import { MAKES, PAINTS, TRIMS } from './catalogue.ts';
import { stockPictureBodies } from './stock.ts';
import { escapeXml, knownBodies, renderBannerSvg, renderCarView, renderInteriorSvg, renderLogoSvg, renderMakeMark, renderPlaceSvg, renderVehicleSvg, resolveBody, VIEW_COUNT, type LogoColours } from './svg.ts';
import { renderMakeMarkCompact } from './wordmark.ts';
import { DEMO_TENANTS } from '../tenants/index.ts';

export const DEMO_IMAGE_PREFIX = '/demo-img/';
const SVG = 'image/svg+xml; charset=utf-8';

let logos: Map<string, { text: string; colours: LogoColours; make: boolean }> | null = null;
function logoRegistry() {
  if (!logos) {
    logos = new Map();
    for (const m of MAKES) logos.set(m.slug, { text: m.name, colours: m.colours, make: true });
    for (const t of DEMO_TENANTS) logos.set(t.config.slug, { ...t.logo, make: false });
  }
  return logos;
}

/** A one-page history report rendered as an SVG document (Car History Report button, spec §5). */
function renderReportSvg(vin: string): string {
  const line = (y: number, label: string, value: string) =>
    `<text x="40" y="${y}" font-size="15" fill="#374151">${escapeXml(label)}</text><text x="560" y="${y}" font-size="15" font-weight="600" text-anchor="end" fill="#065f46">${escapeXml(value)}</text>`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420" viewBox="0 0 600 420" role="img" aria-label="Vehicle history report" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif">' +
    '<rect width="600" height="420" fill="#ffffff" stroke="#d1d5db"/>' +
    '<rect width="600" height="64" fill="#1f2937"/><text x="40" y="40" font-size="22" font-weight="700" fill="#ffffff">Vehicle History Report (demo)</text>' +
    `<text x="40" y="100" font-size="15" fill="#111827">VIN ${escapeXml(vin)}</text>` +
    line(150, 'Written-off register', 'No record') +
    line(185, 'Stolen vehicle check', 'Clear') +
    line(220, 'Finance owing (PPSR)', 'None registered') +
    line(255, 'Odometer rollback check', 'No discrepancy') +
    line(290, 'Recalls outstanding', 'None') +
    '<text x="40" y="370" font-size="12" fill="#6b7280">Generated demo document. Not a real PPSR certificate.</text>' +
    '</svg>'
  );
}

/** Body token: a simple_body or shape, then up to two variants (`ute-tray-single`). */
const BODY = '([A-Za-z0-9]{2,20}(?:-[a-z]{3,10}){0,2})';
/** Gallery view: body, paint[.trim], view index, optional readable label (ignored). */
const CAR = new RegExp(`^/demo-img/car/${BODY}/([0-9a-f]{6})(?:\\.([0-9a-f]{6}))?/(\\d{1,2})(?:-[a-z0-9]+(?:-[a-z0-9]+)*)?\\.svg$`);
/** A gallery view as a photo-weight JPEG: the same body, paint[.trim] and view as CAR (see demoPhotoDrawing). */
const PHOTO = new RegExp(`^/demo-img/photo/${BODY}/([0-9a-f]{6}(?:\\.[0-9a-f]{6})?)/(\\d{1,2})\\.jpg$`);
const SPIN = new RegExp(`^/demo-img/spin/${BODY}/([0-9a-f]{6})/(\\d{1,2})\\.svg$`);
const LOGO = /^\/demo-img\/logo\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const INTERIOR = /^\/demo-img\/interior\/([0-9a-f]{6})\.svg$/;
const BANNER = new RegExp(`^/demo-img/banner/${BODY}/([0-9a-f]{6})/([0-9a-f]{6})\\.svg$`);
/** A banner as a photo-weight JPEG (what a dealer uploads for a hero or promotion): the same body and colours as BANNER. */
const BANNER_PHOTO = new RegExp(`^/demo-img/banner/${BODY}/([0-9a-f]{6})/([0-9a-f]{6})\\.jpg$`);
const PLACE = /^\/demo-img\/place\/([0-9a-f]{6})\/(sales|used|service|parts)\.svg$/;
const REPORT = /^\/demo-img\/report\/([A-HJ-NPR-Z0-9]{17})\.svg$/;

/**
 * The generated picture for a /demo-img/ path, or null when the path is not one the demo produces.
 * `variant: 'compact'` (the `?variant=compact` query) asks a manufacturer logo for its compact mark, drawn for small boxes
 * such as the search filter (wordmark.ts COMPACT_MARK); any other picture, dealer logos included, ignores it.
 * @example renderDemoImage('/demo-img/car/ute-tub/f2f3f0.2a2a2a/3.svg') // { body: '<svg ...', contentType: 'image/svg+xml; charset=utf-8' }
 * @example renderDemoImage('/demo-img/logo/harley-davidson.svg', { variant: 'compact' }) // the 48 x 28 'HD' badge
 */
export function renderDemoImage(pathname: string, options: { variant?: string | null } = {}): { body: string; contentType: string } | null {
  if (!pathname.startsWith(DEMO_IMAGE_PREFIX) || pathname.length > 200) return null;
  let m: RegExpExecArray | null;
  if ((m = CAR.exec(pathname))) {
    const [, body, hex, trim, n] = m as unknown as [string, string, string, string | undefined, string];
    const svg = renderCarView({ body, colour: `#${hex}`, trim: trim ? `#${trim}` : undefined, view: Number(n) });
    return svg ? { body: svg, contentType: SVG } : null;
  }
  if ((m = SPIN.exec(pathname))) {
    const [, body, hex, n] = m as unknown as [string, string, string, string];
    if (!resolveBody(body) || Number(n) > 23) return null;
    return { body: renderVehicleSvg({ body, colour: `#${hex}`, angle: Number(n) }), contentType: SVG };
  }
  if ((m = LOGO.exec(pathname))) {
    const logo = logoRegistry().get(m[1] as string);
    if (!logo) return null;
    if (!logo.make) return { body: renderLogoSvg(logo.text, logo.colours), contentType: SVG };
    return { body: options.variant === 'compact' ? renderMakeMarkCompact(logo.text, logo.colours) : renderMakeMark(logo.text, logo.colours), contentType: SVG };
  }
  if ((m = INTERIOR.exec(pathname))) return { body: renderInteriorSvg({ colour: `#${m[1]}` }), contentType: SVG };
  if ((m = BANNER.exec(pathname))) {
    if (!resolveBody(m[1] as string)) return null;
    return { body: renderBannerSvg({ body: m[1] as string, colour: `#${m[2]}`, background: `#${m[3]}` }), contentType: SVG };
  }
  if ((m = PLACE.exec(pathname))) return { body: renderPlaceSvg({ colour: `#${m[1]}`, kind: m[2] as string }), contentType: SVG };
  if ((m = REPORT.exec(pathname))) return { body: renderReportSvg(m[1] as string), contentType: SVG };
  return null;
}

/**
 * Whether renderDemoImage serves a path, decided without drawing it (same patterns and checks).
 * @example demoImageExists('/demo-img/car/suv/f2f3f0/0.svg') // true
 */
export function demoImageExists(pathname: string): boolean {
  if (!pathname.startsWith(DEMO_IMAGE_PREFIX) || pathname.length > 200) return false;
  let m: RegExpExecArray | null;
  if ((m = CAR.exec(pathname))) return resolveBody(m[1] as string) !== null && Number(m[4]) < VIEW_COUNT;
  if (PHOTO.test(pathname) || BANNER_PHOTO.test(pathname)) return demoPhotoDrawing(pathname) !== null;
  if ((m = SPIN.exec(pathname))) return resolveBody(m[1] as string) !== null && Number(m[3]) < 24;
  if ((m = LOGO.exec(pathname))) return logoRegistry().has(m[1] as string);
  if ((m = BANNER.exec(pathname))) return resolveBody(m[1] as string) !== null;
  return INTERIOR.test(pathname) || PLACE.test(pathname) || REPORT.test(pathname);
}

let photoPaints: ReadonlySet<string> | null = null;
let photoTrims: ReadonlySet<string> | null = null;

/**
 * The drawing a demo photo is made from: `/demo-img/photo/<body>/<paint>[.<trim>]/<n>.jpg` names the gallery view
 * `/demo-img/car/<body>/<paint>[.<trim>]/<n>.svg`, which the local runtime renders at 1600x1200 with photographic grain
 * (dev/demo-photos.mjs: sharp, Node only, so not in this Worker-safe module).
 *
 * Each new photo costs a fresh 1600 px render (and a slot in the bounded photo folder), so only the photos the generated
 * stock can name are drawn: a body the stock uses (stock.ts stockPictureBodies), a paint of the demo palette
 * (catalogue.ts PAINTS) and, for everything but motorcycles (which the stock leaves without one), a trim of TRIMS.
 * Null (404) for any other path, colour, body or view.
 * A banner photo `/demo-img/banner/<body>/<car>/<background>.jpg` (the heroes, promotions and brand banners of the demo
 * content: a dealer's banners are photos too) is its drawing `....svg`, for any body the drawings know and any colours
 * (as the drawing's own route), rendered 1600 px wide at the drawing's 1920x540 proportions.
 * @example demoPhotoDrawing('/demo-img/banner/suv/f2f3f0/0b3d91.jpg') // '/demo-img/banner/suv/f2f3f0/0b3d91.svg'
 * @example demoPhotoDrawing('/demo-img/photo/suv/f2f3f0.a0785a/0.jpg') // '/demo-img/car/suv/f2f3f0.a0785a/0.svg'
 * @example demoPhotoDrawing('/demo-img/photo/suv/123456.a0785a/0.jpg') // null: not a palette paint
 */
export function demoPhotoDrawing(pathname: string): string | null {
  if (pathname.length > 200) return null;
  const banner = BANNER_PHOTO.exec(pathname);
  if (banner) return resolveBody(banner[1] as string) ? pathname.replace(/\.jpg$/, '.svg') : null;
  const m = PHOTO.exec(pathname);
  // One spelling per view (`7`, never `07`): each spelling would be its own render and its own cached file.
  if (!m || Number(m[3]) >= VIEW_COUNT || String(Number(m[3])) !== m[3]) return null;
  const body = m[1] as string;
  const [paint, trim] = (m[2] as string).split('.') as [string, string | undefined];
  photoPaints ??= new Set(PAINTS.map(([, hex]) => hex));
  photoTrims ??= new Set(TRIMS.map(([, hex]) => hex));
  if (!stockPictureBodies().has(body) || !photoPaints.has(paint)) return null;
  if (body.startsWith('motorcycle') ? trim !== undefined : trim === undefined || !photoTrims.has(trim)) return null;
  return `/demo-img/car/${body}/${m[2]}/${Number(m[3])}.svg`;
}

/** Body types the car image route accepts. */
export const DEMO_IMAGE_BODIES = knownBodies();
