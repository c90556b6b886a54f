/**
 * The saved-car and compare pictures at the sizes they are shown (contracts images.ts: Cloudflare Image Resizing URLs,
 * quality 75, automatic format), instead of the 1600 px originals a car's `primary_image_url` names.
 *
 * - Saved-car cards (`.fa-saved`: `repeat(auto-fill, minmax(min(100%, 16rem), 1fr))`, the picture full card width less
 *   its padding): one column below 576px (the viewport less the page and card padding), and from 576px at most ~24rem
 *   (a column is widest just before one more fits).
 * - The compare table's column pictures (`.fa-compare__table thead img`): at most 12rem wide at every viewport.
 */
import { responsiveImage, type ImageLayout, type ResponsiveImage } from '@forecourt/contracts/images';

/** Widths and `sizes` of a saved-car card's picture. */
export const SAVED_CAR_IMAGE_LAYOUT: ImageLayout = { widths: [240, 320, 480, 640, 800], sizes: '(min-width:576px) 24rem, calc(100vw - 4rem)', fallback: 480 };

/** Widths and `sizes` of a compare column's picture (12rem: 240w at 1x, 480w at 2x). */
export const COMPARE_IMAGE_LAYOUT: ImageLayout = { widths: [240, 480], sizes: '12rem', fallback: 240 };

/** `src`, `srcSet` and `sizes` of a saved-car card's picture. */
export const savedCarImage = (src: string): ResponsiveImage => responsiveImage(src, SAVED_CAR_IMAGE_LAYOUT);

/** `src`, `srcSet` and `sizes` of a compare column's picture. */
export const compareImage = (src: string): ResponsiveImage => responsiveImage(src, COMPARE_IMAGE_LAYOUT);
