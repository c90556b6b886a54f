/**
 * A search card's photo at the right size (contracts images.ts: Cloudflare Image Resizing URLs, quality 75, automatic
 * format). Cards are 4:3 and one layout rule covers every list of them: the results grid (1 column below 576px, 2 up to
 * 1199px with the 17.5rem filter column from 992px, 3 from 1200px in the 1280px container: ~310px at 1366) and the
 * carousels (similar cars, the home page's stock strips: min(18rem, 85%)). At 390px a card is ~358 CSS px (640w on a
 * 1.75x phone); at 1366px ~310 CSS px (320w). The search page's first card is its LCP and preloaded from the head.
 */
import { imagePreload, responsiveImage, type ImageLayout, type ImagePreload, type ResponsiveImage } from '@forecourt/contracts/images';

/** Widths offered for a card photo and the `sizes` the browser picks among them with. */
export const CARD_IMAGE_LAYOUT: ImageLayout = {
  widths: [320, 480, 640, 800],
  sizes: '(min-width:1200px) 320px, (min-width:992px) calc(50vw - 11rem), (min-width:576px) calc(50vw - 2rem), calc(100vw - 2rem)',
  fallback: 640,
};

/** `src`, `srcSet` and `sizes` of a card's photo (an SVG or unusual address keeps its plain `src`). */
export const cardImage = (src: string): ResponsiveImage => responsiveImage(src, CARD_IMAGE_LAYOUT);

/** The head's preload of a card photo (the search page's first card: its LCP), in the fragment head's shape. */
export const cardImagePreload = (src: string): ImagePreload => imagePreload(src, CARD_IMAGE_LAYOUT);
