/**
 * The platform's small icons, drawn inline as SVG instead of written as symbol characters (♥ ♡ ☰ ← → ☆ ✓ ▶ ⟲ ⟳ ⟷).
 * Most of those (♡ ☰ ☆ ✓ ▶ ⟲ ⟳ ⟷) are in neither the web fonts the platform serves (latin subsets) nor the
 * metric-matched fallback (Arial, Liberation Sans), so each sent the browser's text shaper to the system's fallback
 * fonts during the page's first layout: on the home and car pages about half of that layout's text shaping, ~8-10 ms
 * of the first frame's main thread (Chromium trace, issue 19); and a phone draws ♥ as an emoji in its own colours. An inline SVG is one element, drawn in `currentColor` at the text's size (1em), and hidden from
 * assistive technology (the button's or link's text names it).
 *
 * `iconHtml('heart')` where a part writes HTML as a string (the shell, mf-account's header slot: no React loaded for
 * it); `<Icon name="heart" />` (icons.tsx) in React, byte for byte the same markup, so a string-rendered island still
 * hydrates (icons.test.tsx holds the two equal).
 */

/**
 * Every icon, a path on a 24 x 24 grid. `paint`: `fill` (the default), `stroke` (its outline, 2 units wide) or `both`
 * (filled and outlined: the saved heart, the same size as the outline heart it replaces).
 */
export const ICONS = {
  heart: { paint: 'both', d: 'M12 20.5 10.6 19.2C5.6 14.7 2.5 11.9 2.5 8.4A4.9 4.9 0 0 1 7.4 3.5c1.7 0 3.4.8 4.6 2.1a6.1 6.1 0 0 1 4.6-2.1 4.9 4.9 0 0 1 4.9 4.9c0 3.5-3.1 6.3-8.1 10.8z' },
  'heart-outline': { d: 'M12 20.5 10.6 19.2C5.6 14.7 2.5 11.9 2.5 8.4A4.9 4.9 0 0 1 7.4 3.5c1.7 0 3.4.8 4.6 2.1a6.1 6.1 0 0 1 4.6-2.1 4.9 4.9 0 0 1 4.9 4.9c0 3.5-3.1 6.3-8.1 10.8z', paint: 'stroke' },
  menu: { d: 'M3 5h18v2.5H3zm0 5.75h18v2.5H3zm0 5.75h18V19H3z' },
  phone: { d: 'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z' },
  'arrow-left': { d: 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z' },
  'arrow-right': { d: 'M4 11h12.2l-5.6-5.6L12 4l8 8-8 8-1.4-1.4 5.6-5.6H4z' },
  'arrows-horizontal': { d: 'M7 7.5 2.5 12 7 16.5V13h10v3.5l4.5-4.5L17 7.5V11H7z' },
  'star-outline': { d: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2-5.6-2.9-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z', paint: 'stroke' },
  check: { d: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L21 7.5l-1.4-1.4z' },
  plus: { d: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z' },
  play: { d: 'M7 4.5v15L19.5 12z' },
  'rotate-left': { d: 'M12 5a7 7 0 1 1-7 7h2a5 5 0 1 0 5-5v3L7.5 6 12 2z' },
  'rotate-right': { d: 'M12 5a7 7 0 1 0 7 7h-2a5 5 0 1 1-5-5v3l4.5-4L12 2z' },
} as const satisfies Record<string, Icon>;

export type IconName = keyof typeof ICONS;

/** An icon's drawing. */
export type Icon = { d: string; paint?: 'fill' | 'stroke' | 'both' };

/** The attributes of an icon's path, in the order React writes them. */
export function pathAttributes(icon: Icon): Record<string, string> {
  const paint = icon.paint ?? 'fill';
  const fill = paint === 'stroke' ? 'none' : 'currentColor';
  return paint === 'fill' ? { fill, d: icon.d } : { fill, stroke: 'currentColor', 'stroke-width': '2', 'stroke-linejoin': 'round', d: icon.d };
}

/** The same icon as an HTML string, for parts that write HTML without React. */
export function iconHtml(name: IconName): string {
  const path = Object.entries(pathAttributes(ICONS[name]))
    .map(([attribute, value]) => ` ${attribute}="${value}"`)
    .join('');
  return `<svg class="fc-icon" width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path${path}></path></svg>`;
}

/** Every icon's name (tests). */
export const ICON_NAMES = Object.keys(ICONS) as IconName[];
