import { html } from 'hono/html';
import type { PreloadImage } from '@forecourt/contracts/fragments';
import { imagePreload, isResizable, responsiveImage, type ImageLayout } from '@forecourt/contracts/images';

/**
 * A banner across the page at its own 32:9 (a brand page's banner, `.fc-brand-banner`; spec §9: 1920x540 uploads), as
 * wide as the screen: the browser asks the image CDN (contracts images.ts; quality 75, auto format) for the file that
 * fits instead of the dealer's 1920 px upload. 1600 is the widest file the CDN offers.
 */
export const BANNER_LAYOUT: ImageLayout = { widths: [480, 640, 800, 1200, 1600], sizes: '100vw', fallback: 1200 };
/** Where a hero shows its banner cropped to 16:9 around the centre (`.fc-hero__img` on a phone, shell.css). */
export const HERO_PHONE_MEDIA = '(max-width: 767px)';
/** The rest: the hero covers a box `clamp(320px, 38vw, 520px)` tall with the whole banner. */
export const HERO_WIDE_MEDIA = '(min-width: 768px)';
/**
 * A hero's banner from 768 px (the home page's hero and promotion slides, a content page's hero block): it covers a box
 * `clamp(320px, 38vw, 520px)` tall (shell.css `.fc-hero`), so a 32:9 banner is drawn 32/9 of that wide: 1138-1849 CSS
 * px, 135vw between (wider than the screen: the hero shows its left part).
 */
export const HERO_WIDE_LAYOUT: ImageLayout = { widths: [800, 1200, 1600], sizes: 'clamp(1138px, 135vw, 1849px)', fallback: 1600 };
/**
 * A hero's banner on a phone: the CDN crops the 16:9 middle the phone shows (demo banners keep their car in it), so a
 * phone gets the part it shows at its width instead of the whole banner at twice its width (a 412 px phone at 1.75x:
 * an 800x450 file instead of a 1600x450 one). At most 960 wide: the 16:9 middle of a 1920x540 upload is 960x540, so a
 * wider crop would only be enlarged.
 */
export const HERO_PHONE_LAYOUT: ImageLayout = { widths: [480, 640, 800, 960], sizes: '100vw', fallback: 800, crop: '16:9' };
/** The promotion popup's picture (`.fc-promo img`: the dialog's width, at most 600 px less its padding). */
export const POPUP_LAYOUT: ImageLayout = { widths: [320, 480, 640, 960, 1200], sizes: 'min(600px, 100vw - 2rem)', fallback: 640 };
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
  const img = html`<img class="fc-hero__img"${imageAttributes(src, HERO_WIDE_LAYOUT)}${attributes}>`;
  if (!isResizable(src)) return img;
  const phone = responsiveImage(src, HERO_PHONE_LAYOUT);
  return html`<picture><source media="${HERO_PHONE_MEDIA}" srcset="${phone.srcSet}" sizes="${phone.sizes}">${img}</picture>`;
}

/**
 * The head's preload of a page's largest picture (its LCP) shown in `layout`: the same `href`, `srcset` and `sizes`
 * as its `<img>` (imageAttributes), so the browser fetches one file, once, before it has parsed the body.
 */
export const preloadOf = (src: string, layout: ImageLayout): PreloadImage => imagePreload(src, layout);

/** The preloads of a hero's banner (heroPicture): one per source, each for its media; one for a drawing. */
export function heroPreloads(src: string): PreloadImage[] {
  if (!isResizable(src)) return [preloadOf(src, HERO_WIDE_LAYOUT)];
  return [
    { ...preloadOf(src, HERO_PHONE_LAYOUT), media: HERO_PHONE_MEDIA },
    { ...preloadOf(src, HERO_WIDE_LAYOUT), media: HERO_WIDE_MEDIA },
  ];
}
