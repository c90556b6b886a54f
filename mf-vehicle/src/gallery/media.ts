/**
 * The vehicle page's media as pure data: which slides the slider shows, whether thumbnails appear, how a video link
 * is played, and which 360 views a car offers (spec §2 Vehicle detail page, §4 Thumbnails and Spin viewer, §9).
 */
import { THUMBNAILS_MIN_IMAGES } from '@forecourt/contracts/constants';
import type { Car, Hotspots } from '@forecourt/contracts/entities/car';
import { imagePreload, responsiveImage, type ImageLayout, type ImagePreload, type ResponsiveImage } from '@forecourt/contracts/images';

/** Only web addresses the browser may load as media: root-relative or http(s); `javascript:`, `data:`, `//host` are not. */
export function safeMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export type VideoSource =
  /** A video-hosting page (`page`), played in an iframe from the provider's privacy-enhanced player (`src`). */
  | { kind: 'embed'; provider: 'youtube' | 'vimeo'; src: string; page: string }
  /** A video file, played by a native <video>. */
  | { kind: 'file'; src: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** `90`, `1m30s`, `1h2m3s` -> seconds; anything else -> null. */
function seconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const m = /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname);
  return m?.[1] ?? null;
}

/**
 * How a car's video plays (spec §2: an embedded iframe for video-hosting links, otherwise native video).
 * YouTube goes to youtube-nocookie.com and Vimeo gets `dnt=1` (no tracking cookies before the shopper presses play);
 * a start time (`t=`) is kept. A hosting link that names no video, or an unsafe address, gives null (no video slide).
 * @example videoSource('https://youtu.be/dQw4w9WgXcQ?t=42') // { kind: 'embed', provider: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42', page: 'https://youtu.be/dQw4w9WgXcQ?t=42' }
 */
export function videoSource(url: string | null | undefined): VideoSource | null {
  const safe = safeMediaUrl(url);
  if (!safe) return null;
  if (safe.startsWith('/')) return { kind: 'file', src: safe };
  const parsed = new URL(safe);
  const host = parsed.hostname.toLowerCase();
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) {
    const id = youtubeId(parsed);
    if (!id || !YOUTUBE_ID.test(id)) return null;
    const start = seconds(parsed.searchParams.get('t') ?? parsed.searchParams.get('start'));
    return { kind: 'embed', provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`, page: safe };
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/123, vimeo.com/123/<hash> (unlisted), vimeo.com/channels/x/123, player.vimeo.com/video/123?h=<hash>
    const parts = parsed.pathname.split('/').filter(Boolean);
    const at = parts.findIndex((p) => /^\d+$/.test(p));
    if (at < 0) return null;
    const id = parts[at]!;
    const hash = parsed.searchParams.get('h') ?? (parts[at + 1] && /^[0-9a-f]+$/i.test(parts[at + 1]!) ? parts[at + 1] : null);
    const query = new URLSearchParams();
    if (hash) query.set('h', hash);
    query.set('dnt', '1');
    return { kind: 'embed', provider: 'vimeo', src: `https://player.vimeo.com/video/${id}?${query.toString()}`, page: safe };
  }
  return { kind: 'file', src: safe };
}

/** The car's video: the uploaded file first, else the external link (only one video slide, spec §2). */
export function carVideo(car: Pick<Car, 'video_url' | 'external_video_url'>): VideoSource | null {
  return videoSource(car.video_url) ?? videoSource(car.external_video_url);
}

/** Rendered size of a photo: explicit, so the page never shifts when it loads (spec §2; photos are 4:3, the demo's and most dealer feeds'). */
export const PHOTO_SIZE = { width: 1200, height: 900 } as const;
export const THUMB_SIZE = { width: 120, height: 90 } as const;

/**
 * The photos' sizes on the image CDN (contracts images.ts: Cloudflare Image Resizing, quality 75, automatic format).
 * The slider is the page's first screen: full width below 992px (358 CSS px at 390: 640w on a 1.75x phone), two
 * thirds of the 1280px container beside the sidebar above (~840 CSS px at 1366: 960w). The fullscreen viewer fills the
 * screen. Thumbnails are 6rem (96 CSS px: 120w, 160w on denser screens; up to 24 of them share the first screen's
 * bandwidth with the LCP photo, so they stop at 160w and ask with low fetch priority). Print: two photos a row.
 */
export const GALLERY_IMAGE_LAYOUT: ImageLayout = {
  widths: [480, 640, 800, 960, 1200, 1600],
  sizes: '(min-width:1344px) 840px, (min-width:992px) calc(66vw - 3rem), calc(100vw - 2rem)',
  fallback: 800,
};
export const VIEWER_IMAGE_LAYOUT: ImageLayout = { ...GALLERY_IMAGE_LAYOUT, sizes: '100vw', fallback: 1200 };
export const THUMB_IMAGE_LAYOUT: ImageLayout = { widths: [120, 160], sizes: '96px', fallback: 120 };
/**
 * Thumbnails drawn with their picture before the shopper uses the strip: a desktop strip's first screen (8 x 104 CSS
 * px fill the ~840 px slider; a phone shows ~4). The strip is a horizontal list, so Chromium's lazy loading counts
 * every thumbnail as near the viewport and asks for all of them (up to 24) in the page's first frame; the rest are drawn
 * as the strip scrolls near them once the gallery is hydrated, and by `<noscript>` without JavaScript (issue 19).
 */
export const THUMBS_AT_FIRST = 8;
export const PRINT_IMAGE_WIDTH = 640;

/** `src`, `srcSet` and `sizes` of a photo in one of the layouts above (an SVG keeps its plain `src`). */
export const galleryImage = (src: string, layout: ImageLayout = GALLERY_IMAGE_LAYOUT): ResponsiveImage => responsiveImage(src, layout);

/** The head's preload of the slider's first photo (the car page's LCP), in the fragment head's shape; null without one. */
export function galleryPreload(slides: readonly Slide[]): ImagePreload | null {
  const first = slides.find((s): s is ImageSlide => s.kind === 'image');
  return first ? imagePreload(first.src, GALLERY_IMAGE_LAYOUT) : null;
}

export type ImageSlide = { kind: 'image'; src: string; thumb: string; alt: string; /** position among the photos, from 0 */ image: number };
export type VideoSlide = { kind: 'video'; video: VideoSource; title: string };
export type Slide = ImageSlide | VideoSlide;

/**
 * The slider's slides: the photos in order, with the video inserted as the second slide (spec §2); a car without
 * photos shows its video alone. Photos with an unsafe address are skipped.
 */
export function gallerySlides(car: Pick<Car, 'name' | 'images' | 'video_url' | 'external_video_url'>): Slide[] {
  const photos = car.images.flatMap(({ image }) => {
    const src = safeMediaUrl(image.url);
    return src ? [{ src, thumb: safeMediaUrl(image.thumb.url) ?? src }] : [];
  });
  const slides: Slide[] = photos.map((p, i) => ({ kind: 'image', ...p, alt: `${car.name}, photo ${i + 1} of ${photos.length}`, image: i }));
  const video = carVideo(car);
  if (video) slides.splice(Math.min(1, slides.length), 0, { kind: 'video', video, title: `Video of the ${car.name}` });
  return slides;
}

/** Thumbnails appear only for a car in stock with more than 3 images (spec §4 Thumbnails, §9). */
export function showThumbnails(car: Pick<Car, 'status'>, imageCount: number): boolean {
  return car.status === 'in_stock' && imageCount > THUMBNAILS_MIN_IMAGES;
}

/** Moves an index by `delta` through `count` items, wrapping at both ends (slider, fullscreen viewer, spin frames). */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

export type SpinView = 'spinner' | 'gallery' | 'interior';

export type SpinMedia = {
  /** Exterior frames in rotation order (at least 2 to spin). */
  frames: string[];
  interior: string | null;
  hotspots: Hotspots;
  /** The views this car offers, in the order of the view switcher (Spin, Images, Interior). */
  views: SpinView[];
  /** The view the viewer opens on: the tenant's default when this car offers it, else the first. */
  initialView: SpinView;
  /** The still shown before the viewer opens. */
  poster: string;
};

/**
 * What the 360 viewer can show for a car, or null when it has nothing to spin (spec §2, §4 Spin viewer): exterior
 * frames (`spin_images`, two or more) and/or an interior image (`spin_interior_image`). A `spin_code` alone names a
 * provider's spin this platform cannot render, so it shows no viewer.
 */
export function spinMedia(car: Pick<Car, 'spin_images' | 'spin_interior_image' | 'spin_code' | 'hotspots' | 'images'>, defaultView: 'spinner' | 'gallery' = 'spinner'): SpinMedia | null {
  const frames = (car.spin_images ?? []).flatMap((u) => safeMediaUrl(u) ?? []);
  const exterior = frames.length >= 2 ? frames : [];
  const interior = safeMediaUrl(car.spin_interior_image);
  if (!exterior.length && !interior) return null;
  const photos = car.images.length > 0;
  const views: SpinView[] = [...(exterior.length ? ['spinner' as const] : []), ...(photos ? ['gallery' as const] : []), ...(interior ? ['interior' as const] : [])];
  const initialView = views.includes(defaultView) ? defaultView : views[0]!;
  return { frames: exterior, interior, hotspots: car.hotspots ?? { exterior: [], interior: [] }, views, initialView, poster: exterior[0] ?? interior! };
}

/** The slide a key moves the slider or fullscreen viewer to (arrows wrap; Home/End), or null when the key is not ours. */
export function slideForKey(key: string, index: number, count: number): number | null {
  if (count < 2) return null;
  if (key === 'ArrowRight') return stepIndex(index, 1, count);
  if (key === 'ArrowLeft') return stepIndex(index, -1, count);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Minimum horizontal travel of a swipe in the fullscreen viewer (px); shorter moves are taps. */
export const SWIPE_MIN_PX = 50;

/** A swipe's step: left swipe -> next (+1), right swipe -> previous (-1), mostly vertical or short -> 0. */
export function swipeStep(dx: number, dy: number, min: number = SWIPE_MIN_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < min || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The slide nearest a scroll position of a track whose slides are each `slideWidth` wide (scroll-snap slider). */
export function slideAtScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(scrollLeft) / slideWidth)));
}
