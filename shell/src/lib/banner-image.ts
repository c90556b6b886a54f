import { html } from 'hono/html';
import type { FragmentHead } from '@forecourt/contracts/fragments';
import { responsiveImage, type ImageLayout } from '@forecourt/contracts/images';

/**
 * A banner across the page (the home page's hero and promotion slides, a content page's hero block, a brand page's
 * banner; spec §9: 1920x540 uploads): as wide as the screen from 768 px; below, the hero crops it to 16:9
 * (`.fc-hero__img`: cover, centred), so it is drawn twice the screen's width. The browser asks the image CDN
 * (contracts images.ts; quality 75, auto format) for the file that fits instead of the dealer's 1920 px upload; 1600
 * is the widest file the CDN offers.
 */
export const BANNER_LAYOUT: ImageLayout = { widths: [480, 640, 800, 1200, 1600], sizes: '(max-width: 767px) 200vw, 100vw', fallback: 1200 };
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
 * The head's preload of a page's largest picture (its LCP) shown in `layout`: the same `href`, `srcset` and `sizes`
 * as its `<img>` (imageAttributes), so the browser fetches one file, once, before it has parsed the body.
 */
export function preloadOf(src: string, layout: ImageLayout): NonNullable<FragmentHead['preloadImage']> {
  const image = responsiveImage(src, layout);
  return { href: image.src, ...(image.srcSet ? { srcset: image.srcSet, sizes: image.sizes } : {}) };
}
