import { html } from 'hono/html';
import type { PreloadImage } from '@forecourt/contracts/fragments';
import { isResizable, responsiveImage, type ImageLayout } from '@forecourt/contracts/images';

/**
 * A banner across the page (the home page's hero and promotion slides, a content page's hero block, a brand page's
 * banner; spec §9: 1920x540 uploads), as wide as the screen: the browser asks the image CDN (contracts images.ts;
 * quality 75, auto format) for the file that fits instead of the dealer's 1920 px upload. 1600 is the widest file the
 * CDN offers.
 */
export const BANNER_LAYOUT: ImageLayout = { widths: [480, 640, 800, 1200, 1600], sizes: '100vw', fallback: 1200 };
/** Where a hero shows its banner cropped to 16:9 around the centre (`.fc-hero__img` on a phone, shell.css). */
export const HERO_PHONE_MEDIA = '(max-width: 767px)';
/** The rest (the banner whole, or covering a taller box from the left: at most the screen's width of it). */
export const HERO_WIDE_MEDIA = '(min-width: 768px)';
/**
 * A hero's banner on a phone: the CDN crops the 16:9 middle the phone shows (demo banners keep their car in it), so a
 * phone gets the part it shows at its width instead of the whole banner at twice its width (a 412 px phone at 1.75x:
 * an 800x450 file instead of a 1600x450 one).
 */
export const HERO_PHONE_LAYOUT: ImageLayout = { widths: [480, 640, 800, 1200], sizes: '100vw', fallback: 800, crop: '16:9' };
/** An offer's picture in a card of `.fc-offers` (one column on a phone, cards of 260-480 px beside each other from 768 px). */
export const OFFER_LAYOUT: ImageLayout = { widths: [320, 480, 640, 960], sizes: '(min-width: 768px) 480px, 100vw', fallback: 480 };

/**
 * The `src`, `srcset` and `sizes` attributes of a picture in `layout` (a drawing, an SVG, keeps its address alone), as
 * markup to write inside an `<img>`.
 * @example html`<img${imageAttributes('/b.jpg', BANNER_LAYOUT)} alt="">` // src="/cdn-cgi/image/width=1200,..." srcset="... 480w, ..." sizes="100vw"
 */
export function imageAttributes(src: string, layout: ImageLayout) {
  const image = responsiveImage(src, layout);
  return html` src="${image.src}"${image.srcSet ? html` srcset="${image.srcSet}" sizes="${image.sizes}"` : ''}`;
}

/**
 * A hero's banner: `<picture>` with the phone's 16:9 crop as its source and the whole banner as its `<img>` (class
 * `fc-hero__img`; `attributes` are the rest of the img's: alt, size, loading). A drawing is one `<img>`.
 */
export function heroPicture(src: string, attributes: ReturnType<typeof html>) {
  const img = html`<img class="fc-hero__img"${imageAttributes(src, BANNER_LAYOUT)}${attributes}>`;
  if (!isResizable(src)) return img;
  const phone = responsiveImage(src, HERO_PHONE_LAYOUT);
  return html`<picture><source media="${HERO_PHONE_MEDIA}" srcset="${phone.srcSet}" sizes="${phone.sizes}">${img}</picture>`;
}

/**
 * The head's preload of a page's largest picture (its LCP) shown in `layout`: the same `href`, `srcset` and `sizes`
 * as its `<img>` (imageAttributes), so the browser fetches one file, once, before it has parsed the body.
 */
export function preloadOf(src: string, layout: ImageLayout): PreloadImage {
  const image = responsiveImage(src, layout);
  return { href: image.src, ...(image.srcSet ? { srcset: image.srcSet, sizes: image.sizes } : {}) };
}

/** The preloads of a hero's banner (heroPicture): one per source, each for its media; one for a drawing. */
export function heroPreloads(src: string): PreloadImage[] {
  if (!isResizable(src)) return [preloadOf(src, BANNER_LAYOUT)];
  return [
    { ...preloadOf(src, HERO_PHONE_LAYOUT), media: HERO_PHONE_MEDIA },
    { ...preloadOf(src, BANNER_LAYOUT), media: HERO_WIDE_MEDIA },
  ];
}
