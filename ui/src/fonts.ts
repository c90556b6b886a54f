/**
 * The web fonts the platform self-hosts (contracts FONT_FAMILIES; ui/README.md "Fonts"). Each is a variable font from
 * @fontsource-variable (SIL Open Font License 1.1), latin subset only (every demo and dealer text is latin), served by
 * the shell from its own origin (`/_shell/<version>/fonts/<family>.woff2`, copied by dev/build.mjs), preloaded for the
 * tenant's families, `font-display: swap`, and backed by local fallbacks whose metrics are adjusted to the web font's
 * (Capsize: size-adjust, ascent/descent/line-gap overrides), so the swap when it arrives moves nothing (CLS 0): Arial
 * (Windows, macOS, iOS; Liberation Sans, its metric twin, on Linux) and Roboto (Android, which has neither: without
 * it a phone drew the text in unadjusted Roboto until the web font came, and the swap moved it).
 */
import { createFontStack, type FontMetrics } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import dmSans from '@capsizecss/metrics/dMSans';
import inter from '@capsizecss/metrics/inter';
import oswald from '@capsizecss/metrics/oswald';
import plusJakartaSans from '@capsizecss/metrics/plusJakartaSans';
import roboto from '@capsizecss/metrics/roboto';
import type { FontFamily } from '@forecourt/contracts/tenant';

/** The system stack (theme font `system`: nothing downloaded). */
export const SYSTEM_STACK = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

/** The latin subset's code points (the web fonts' unicode-range, as @fontsource declares it). */
const LATIN = 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

type WebFont = { family: string; metrics: FontMetrics; package: string; file: string; weight: string; generic: 'sans-serif' };

/** Each self-hosted family: its CSS family name, metrics, package and latin variable file. */
export const WEB_FONTS: Readonly<Record<Exclude<FontFamily, 'system'>, WebFont>> = {
  inter: { family: 'Inter Variable', metrics: inter, package: '@fontsource-variable/inter', file: 'inter-latin-wght-normal.woff2', weight: '100 900', generic: 'sans-serif' },
  'plus-jakarta-sans': { family: 'Plus Jakarta Sans Variable', metrics: plusJakartaSans, package: '@fontsource-variable/plus-jakarta-sans', file: 'plus-jakarta-sans-latin-wght-normal.woff2', weight: '200 800', generic: 'sans-serif' },
  'dm-sans': { family: 'DM Sans Variable', metrics: dmSans, package: '@fontsource-variable/dm-sans', file: 'dm-sans-latin-wght-normal.woff2', weight: '100 1000', generic: 'sans-serif' },
  oswald: { family: 'Oswald Variable', metrics: oswald, package: '@fontsource-variable/oswald', file: 'oswald-latin-wght-normal.woff2', weight: '200 700', generic: 'sans-serif' },
};

export type WebFontFamily = Exclude<FontFamily, 'system'>;
export const isWebFont = (f: FontFamily): f is WebFontFamily => f !== 'system';

/** The file name the shell serves a family's font under (`/_shell/<version>/fonts/<name>`). */
export const webFontFile = (family: WebFontFamily) => `${family}.woff2`;

const stacks = new Map<FontFamily, { stack: string; fallbackFace: string }>();

function build(family: FontFamily) {
  let hit = stacks.get(family);
  if (hit) return hit;
  if (!isWebFont(family)) hit = { stack: SYSTEM_STACK, fallbackFace: '' };
  else {
    const font = WEB_FONTS[family];
    const { fontFamily, fontFaces } = createFontStack([{ ...font.metrics, familyName: font.family }, arial, roboto], { fontFaceFormat: 'styleString' });
    // On Linux, Arial is usually Liberation Sans (same metrics): let the adjusted fallback find it by that name too.
    // Android's Roboto has been one variable font since Android 12, whose full name may be plain "Roboto".
    const fallbackFace = fontFaces
      .replace("src: local('Arial'), local('ArialMT');", "src: local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans');")
      .replace("src: local('Roboto Regular'), local('Roboto-Regular');", "src: local('Roboto Regular'), local('Roboto-Regular'), local('Roboto');")
      .replace(/\s*\n\s*/g, '');
    hit = { stack: `${fontFamily},${font.generic}`, fallbackFace };
  }
  stacks.set(family, hit);
  return hit;
}

/** The CSS font-family value of a theme font: the web font, its adjusted fallbacks, the generic family. */
export const fontStack = (family: FontFamily): string => build(family).stack;

/**
 * The @font-face rules of a theme's fonts: each web font (served at `url(family)`) and its metric-adjusted fallbacks.
 * @example fontFacesCss(['inter'], (f) => `/_shell/0.1.0/fonts/${f}.woff2`)
 */
export function fontFacesCss(families: readonly FontFamily[], url: (family: WebFontFamily) => string): string {
  let css = '';
  for (const family of new Set(families)) {
    if (!isWebFont(family)) continue;
    const font = WEB_FONTS[family];
    css += `@font-face{font-family:"${font.family}";font-style:normal;font-display:swap;font-weight:${font.weight};src:url(${url(family)}) format("woff2");unicode-range:${LATIN}}`;
    css += build(family).fallbackFace;
  }
  return css;
}
