/**
 * The one rule for car pictures on pages (spec §9 "Images load from an image CDN with width and quality parameters";
 * image defaults: quality 75, width 640, automatic format): a picture's address and a width become a Cloudflare Image
 * Resizing URL, `/cdn-cgi/image/width=<w>,quality=<q>,format=auto/<source>`, and a `srcset` of such URLs.
 *
 * Deployed, Cloudflare answers `/cdn-cgi/image/*` on the zone before the Worker runs. In local runs and tests a local
 * resizer (dev/image-resizer.mjs, sharp in Node) answers the very same URLs through the shell, so the markup is the
 * same everywhere. Vector pictures (SVG: logos, marks, drawings) are not resized: they pass through unchanged.
 *
 * Widths and qualities come from bounded lists (IMAGE_WIDTHS, IMAGE_QUALITIES): every distinct width or quality is one
 * more transformation to bill and to cache, and the local resizer refuses any other (400), as a zone would be
 * configured to. Pages write URLs only through imageUrl, which snaps to the lists, so production URLs and the resizer
 * always agree.
 */

/** Where Cloudflare Image Resizing answers on a zone. */
export const IMAGE_CDN_PREFIX = '/cdn-cgi/image/';
/** Spec §9: quality 75 unless a caller asks otherwise. */
export const DEFAULT_IMAGE_QUALITY = 75 as const;
/** Spec §9: width 640 unless a caller asks otherwise. */
export const DEFAULT_IMAGE_WIDTH = 640;
/** Every width a picture is asked for (px), ascending: thumbnails (120-240), cards (320-800), gallery (480-1600). */
export const IMAGE_WIDTHS = [120, 160, 240, 320, 480, 640, 800, 960, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/**
 * Every quality a picture is asked for, ascending: 75 is the spec §9 default and the only one pages use today; 50/60
 * for heavy backgrounds where softness does not show, 85/90 for a picture that must stay crisp (text in a photo). A
 * short list keeps transformations (and the resizer's cache keys) few; asked-for qualities snap to the nearest.
 */
export const IMAGE_QUALITIES = [50, 60, 75, 85, 90] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
/**
 * Crops a picture is asked for (width:height), as Cloudflare's `height` with `fit=cover` (centred): a phone's 16:9
 * view of a 32:9 banner (shell banner-image.ts), so the phone gets the part it shows instead of twice its width. The
 * height always follows from the listed width and the crop, so crops add no free dimension to bill or cache.
 */
export const IMAGE_CROPS = ['16:9'] as const;
export type ImageCrop = (typeof IMAGE_CROPS)[number];
/** The height of a `width` wide crop (whole pixels). */
export function cropHeight(width: number, crop: ImageCrop): number {
  const [w, h] = crop.split(':').map(Number) as [number, number];
  return Math.round((width * h) / w);
}
/** Output formats the `format` option names; `auto` picks AVIF, then WebP, by the browser's Accept (else the source's). */
export const IMAGE_FORMATS = ['auto', 'avif', 'webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The smallest listed width at least `width` (the largest when none is): asked-for sizes snap to the bounded list. */
export function imageWidth(width: number): ImageWidth {
  for (const w of IMAGE_WIDTHS) if (w >= width) return w;
  return IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/**
 * Whether a picture address goes through the resizer: root-relative paths and http(s) URLs of raster pictures. SVG
 * (vector: resizing gains nothing), `data:`/`blob:` URLs, protocol-relative or odd addresses and URLs already on the
 * resizer are left as they are.
 */
export function isResizable(src: string): boolean {
  if (!src || src.length > 2000 || /\s|["'<>\\]/.test(src)) return false;
  if (src.startsWith(IMAGE_CDN_PREFIX)) return false;
  const path = src.split(/[?#]/, 1)[0]!.toLowerCase();
  if (path.endsWith('.svg')) return false;
  if (src.startsWith('/')) return !src.startsWith('//');
  return /^https?:\/\/[^/]/i.test(src);
}

export type ImageUrlOptions = {
  /** Wanted width in CSS pixels x density; snapped up to IMAGE_WIDTHS. Default DEFAULT_IMAGE_WIDTH. */
  width?: number;
  /** Snapped to the nearest of IMAGE_QUALITIES (the higher on a tie); default DEFAULT_IMAGE_QUALITY. */
  quality?: number;
  /** Cropped to this shape around the centre (`height` and `fit=cover`); default none (the picture's own shape). */
  crop?: ImageCrop;
};

/**
 * The listed quality nearest `quality` (the higher on a tie; DEFAULT_IMAGE_QUALITY when none is given or it is not a
 * number): asked-for qualities snap to the bounded list as widths do.
 * @example imageQuality(80) // 85
 */
export function imageQuality(quality?: number): ImageQuality {
  if (quality === undefined || !Number.isFinite(quality)) return DEFAULT_IMAGE_QUALITY;
  let best: ImageQuality = IMAGE_QUALITIES[0];
  for (const q of IMAGE_QUALITIES) if (Math.abs(q - quality) <= Math.abs(best - quality)) best = q;
  return best;
}

/**
 * A picture at a width: its Image Resizing URL, or the address unchanged when it is not resizable (see isResizable).
 * A root-relative source is written without its leading slash (Cloudflare's form: the path after the options).
 * @example imageUrl('/demo-img/photo/suv/f2f3f0.a0785a/0.jpg', { width: 640 }) // '/cdn-cgi/image/width=640,quality=75,format=auto/demo-img/photo/suv/f2f3f0.a0785a/0.jpg'
 * @example imageUrl('/demo-img/logo/toyota.svg') // '/demo-img/logo/toyota.svg'
 */
export function imageUrl(src: string, options: ImageUrlOptions = {}): string {
  if (!isResizable(src)) return src;
  const width = imageWidth(options.width ?? DEFAULT_IMAGE_WIDTH);
  const source = src.startsWith('/') ? src.slice(1) : src;
  const crop = options.crop ? `,height=${cropHeight(width, options.crop)},fit=cover` : '';
  return `${IMAGE_CDN_PREFIX}width=${width}${crop},quality=${imageQuality(options.quality)},format=auto/${source}`;
}

/**
 * A `srcset` of the picture at each width (`<url> <w>w, ...`), or null when it is not resizable (the plain `src` then
 * serves every size).
 * @example imageSrcset('/p.jpg', [320, 640]) // '/cdn-cgi/image/width=320,quality=75,format=auto/p.jpg 320w, /cdn-cgi/image/width=640,quality=75,format=auto/p.jpg 640w'
 */
export function imageSrcset(src: string, widths: readonly number[], options: Pick<ImageUrlOptions, 'quality' | 'crop'> = {}): string | null {
  if (!isResizable(src)) return null;
  const snapped = [...new Set(widths.map(imageWidth))].sort((a, b) => a - b);
  return snapped.map((w) => `${imageUrl(src, { width: w, quality: options.quality, ...(options.crop ? { crop: options.crop } : {}) })} ${w}w`).join(', ');
}

/** A layout's picture sizes: the widths offered and the `sizes` the browser picks among them with. */
export type ImageLayout = {
  widths: readonly number[];
  sizes: string;
  /** width of the plain `src` (the fallback) */
  fallback: number;
  /** the shape the layout shows it in, when not its own (cropped around the centre by the CDN) */
  crop?: ImageCrop;
};

/** The attributes of a responsive `<img>` (React names): `src`, and `srcSet`/`sizes` when the picture is resizable. */
export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string };

/**
 * `src`, `srcSet` and `sizes` of a picture in a layout; a picture that is not resizable keeps its address alone.
 * @example responsiveImage('/p.jpg', { widths: [320, 640], sizes: '100vw', fallback: 640 })
 */
export function responsiveImage(src: string, layout: ImageLayout, options: Pick<ImageUrlOptions, 'quality'> = {}): ResponsiveImage {
  const crop = layout.crop ? { crop: layout.crop } : {};
  const srcSet = imageSrcset(src, layout.widths, { ...options, ...crop });
  if (!srcSet) return { src };
  return { src: imageUrl(src, { width: layout.fallback, quality: options.quality, ...crop }), srcSet, sizes: layout.sizes };
}

/** A head preload of a picture (`<link rel="preload" as="image">`'s href, imagesrcset and imagesizes). */
export type ImagePreload = { href: string; srcset?: string; sizes?: string };

/**
 * The preload of a picture shown in `layout`: the same file choice as its `<img>` (responsiveImage), so the browser
 * fetches one file once; a picture that is not resizable is preloaded at its own address.
 * @example imagePreload('/p.jpg', { widths: [320, 640], sizes: '100vw', fallback: 640 }) // { href: '/cdn-cgi/image/width=640,...', srcset: '... 320w, ... 640w', sizes: '100vw' }
 */
export function imagePreload(src: string, layout: ImageLayout): ImagePreload {
  const image = responsiveImage(src, layout);
  return { href: image.src, ...(image.srcSet ? { srcset: image.srcSet, sizes: image.sizes } : {}) };
}

/** What an Image Resizing path asks for, once checked; or why it was refused (the resizer answers 400). */
export type ImageRequest =
  | { ok: true; width: ImageWidth; quality: ImageQuality; format: ImageFormat; source: string; /** a crop's height (`fit=cover`) */ height?: number }
  | { ok: false; reason: string };

/** Cloudflare's short option names, read as the long ones. */
const OPTION_NAMES: Record<string, string> = { w: 'width', h: 'height', q: 'quality', f: 'format' };

/**
 * Reads `/cdn-cgi/image/<options>/<source>` as the local resizer serves it: `width` one of IMAGE_WIDTHS (required),
 * `quality` one of IMAGE_QUALITIES (default 75), `format` one of IMAGE_FORMATS (default auto), a crop (`height` of one
 * of IMAGE_CROPS at that width, with `fit=cover`); any other option, a repeated one (under either of its names) or a
 * source that is not a root-relative path or an http(s) URL is refused. A root-relative source comes back with its
 * leading slash.
 * @example parseImageRequest('/cdn-cgi/image/width=640,quality=75,format=auto/demo-img/photo/suv/f2f3f0/0.jpg') // { ok: true, width: 640, quality: 75, format: 'auto', source: '/demo-img/photo/suv/f2f3f0/0.jpg' }
 */
export function parseImageRequest(pathAndQuery: string): ImageRequest {
  if (!pathAndQuery.startsWith(IMAGE_CDN_PREFIX)) return { ok: false, reason: 'not an image resizing path' };
  const rest = pathAndQuery.slice(IMAGE_CDN_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return { ok: false, reason: 'no options or no source' };
  const options = rest.slice(0, slash);
  let source = rest.slice(slash + 1);
  if (/^https?:\/[^/]/i.test(source)) source = source.replace(/^(https?:)\//i, '$1//');
  else if (!/^https?:\/\//i.test(source)) source = `/${source}`;
  if (source.length > 2000 || source === '/' || !isResizable(source) || source.split(/[?#]/, 1)[0]!.split('/').some((s) => s === '..' || s === '.')) return { ok: false, reason: 'source is not a picture address' };
  const seen = new Set<string>();
  let width: ImageWidth | null = null;
  let quality: ImageQuality = DEFAULT_IMAGE_QUALITY;
  let format: ImageFormat = 'auto';
  let height: number | null = null;
  let fit: string | null = null;
  for (const pair of options.split(',')) {
    const [given, value, extra] = pair.split('=');
    // One name per option (Cloudflare's short forms w, h, q, f are the same options): `w=800,width=640` is a repeat.
    const key = given ? (OPTION_NAMES[given] ?? given) : given;
    if (!key || value === undefined || extra !== undefined || seen.has(key)) return { ok: false, reason: `bad option "${pair}"` };
    seen.add(key);
    if (key === 'width' || key === 'w') {
      const w = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
      if (!(IMAGE_WIDTHS as readonly number[]).includes(w) || String(w) !== value) return { ok: false, reason: `width must be one of ${IMAGE_WIDTHS.join(', ')}` };
      width = w as ImageWidth;
    } else if (key === 'quality' || key === 'q') {
      const q = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!(IMAGE_QUALITIES as readonly number[]).includes(q) || String(q) !== value) return { ok: false, reason: `quality must be one of ${IMAGE_QUALITIES.join(', ')}` };
      quality = q as ImageQuality;
    } else if (key === 'format' || key === 'f') {
      if (!(IMAGE_FORMATS as readonly string[]).includes(value)) return { ok: false, reason: `format must be one of ${IMAGE_FORMATS.join(', ')}` };
      format = value as ImageFormat;
    } else if (key === 'height' || key === 'h') {
      height = /^[1-9]\d{0,3}$/.test(value) ? Number(value) : NaN;
      if (Number.isNaN(height)) return { ok: false, reason: 'height must be a whole number of pixels' };
    } else if (key === 'fit') {
      if (value !== 'cover') return { ok: false, reason: 'fit must be cover' };
      fit = value;
    } else return { ok: false, reason: `unknown option "${key}"` };
  }
  if (width === null) return { ok: false, reason: 'width is required' };
  if (height === null && fit === null) return { ok: true, width, quality, format, source };
  // A crop: height and fit=cover together, the height one of IMAGE_CROPS' at this width (no free dimension).
  const w = width;
  if (height === null || fit === null || !IMAGE_CROPS.some((c) => cropHeight(w, c) === height)) return { ok: false, reason: `a crop is height=<${IMAGE_CROPS.join(' or ')} of the width>,fit=cover` };
  return { ok: true, width, quality, format, source, height };
}

/**
 * The output format for `format=auto` by the browser's Accept header, as Cloudflare picks it: AVIF when accepted, else
 * WebP, else the source's own format (`null`).
 */
export function autoImageFormat(accept: string | null | undefined): 'avif' | 'webp' | null {
  const a = (accept ?? '').toLowerCase();
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return null;
}
