/**
 * The design system's tokens (issue 13): every value a page's look is made of, as CSS custom properties on :root,
 * written once here. The shell writes them per request into the document's <head> for the tenant's theme
 * (`themeTokensCss`); every remote's stylesheet uses `var(--fc-…)` only, never a literal colour, font or page width,
 * so a tenant's theme changes every part at once. The names are listed in ui/README.md "Design tokens".
 */
import type { Theme } from '@forecourt/contracts/tenant';
import { fontStack } from './fonts.ts';

/** The one content width of every page (the shell's <main>), and the gutters beside it. */
export const CONTENT_WIDTH = '1280px';

/** Spacing scale (rem). */
export const SPACE = { 1: '.25rem', 2: '.5rem', 3: '.75rem', 4: '1rem', 5: '1.5rem', 6: '2rem', 7: '3rem', 8: '4rem' } as const;

/** Type scale (rem). */
export const TEXT = { xs: '.75rem', sm: '.875rem', base: '1rem', lg: '1.125rem', xl: '1.25rem', '2xl': '1.5rem', '3xl': '1.875rem', '4xl': '2.25rem', '5xl': '3rem' } as const;

/** Shadows by the theme's elevation: a flat theme draws edges with borders only. */
export const ELEVATION = {
  flat: { sm: 'none', md: 'none', lg: 'none' },
  soft: { sm: '0 1px 2px rgb(15 23 42/.06)', md: '0 2px 10px rgb(15 23 42/.08)', lg: '0 16px 40px rgb(15 23 42/.14)' },
  lifted: { sm: '0 1px 3px rgb(15 23 42/.1)', md: '0 6px 18px rgb(15 23 42/.12)', lg: '0 24px 56px rgb(15 23 42/.2)' },
} as const;

/**
 * Status colours, the same on every site: each keeps 4.5:1 on any of the demo themes' light backgrounds and surfaces,
 * and white text (`--fc-on-status`) keeps 4.5:1 on each (a SOLD or Reserved tag), both checked by tokens.test.ts.
 */
export const STATUS = { success: '#0b6b34', danger: '#b42318', warning: '#8a4b00' } as const;

/** What a theme's heading case means for the heading tokens (a condensed capital style tracks wider and lighter). */
const HEADING = {
  normal: { transform: 'none', weight: '700', tracking: '-0.01em' },
  uppercase: { transform: 'uppercase', weight: '600', tracking: '0.02em' },
} as const;

/** Only what a CSS value can hold: a theme's free text (radius) cannot close the rule or the <style>. */
const cssValue = (s: string) => s.replace(/[;{}<>]/g, '');

/**
 * The :root rule of a tenant's theme: its colours, fonts (with their metric-matched fallbacks), radius, elevation and
 * heading style, plus the fixed scales (space, type, content width, status colours).
 */
export function themeTokensCss(theme: Theme): string {
  const { colors } = theme;
  const elevation = ELEVATION[theme.elevation ?? 'soft'];
  const heading = HEADING[theme.heading_case ?? 'normal'];
  const radius = cssValue(theme.radius ?? '8px');
  const vars: Record<string, string> = {
    '--fc-primary': colors.primary,
    '--fc-primary-contrast': colors.primaryContrast,
    '--fc-secondary': colors.secondary,
    '--fc-bg': colors.background,
    '--fc-surface': colors.surface,
    '--fc-text': colors.text,
    '--fc-muted': colors.muted,
    '--fc-border': `color-mix(in srgb,${colors.text} 14%,transparent)`,
    '--fc-border-strong': `color-mix(in srgb,${colors.text} 32%,transparent)`,
    '--fc-focus': colors.text,
    '--fc-success': STATUS.success,
    '--fc-danger': STATUS.danger,
    '--fc-warning': STATUS.warning,
    '--fc-on-status': '#ffffff',
    '--fc-font': fontStack(theme.fonts.body),
    '--fc-font-heading': fontStack(theme.fonts.heading),
    '--fc-heading-case': heading.transform,
    '--fc-heading-weight': heading.weight,
    '--fc-heading-tracking': heading.tracking,
    '--fc-radius': radius,
    '--fc-radius-sm': `calc(${radius} / 2)`,
    '--fc-radius-lg': `calc(${radius} * 2)`,
    '--fc-radius-pill': '999px',
    '--fc-shadow-sm': elevation.sm,
    '--fc-shadow': elevation.md,
    '--fc-shadow-lg': elevation.lg,
    '--fc-content-width': CONTENT_WIDTH,
    '--fc-gutter': 'clamp(1rem,3vw,2rem)',
  };
  for (const [k, v] of Object.entries(SPACE)) vars[`--fc-space-${k}`] = v;
  for (const [k, v] of Object.entries(TEXT)) vars[`--fc-text-${k}`] = v;
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** Every token name (tests check each remote's stylesheet uses only these). */
export const TOKEN_NAMES: readonly string[] = Object.keys(
  Object.fromEntries(
    themeTokensCss({ colors: { primary: '#000000', primaryContrast: '#ffffff', secondary: '#000000', background: '#ffffff', surface: '#ffffff', text: '#000000', muted: '#000000' }, fonts: { body: 'system', heading: 'system' }, logo: { url: '/', alt: '', width: 1, height: 1 }, radius: '0', elevation: 'soft', heading_case: 'normal' })
      .slice(':root{'.length, -1)
      .split(';')
      .map((d) => [d.slice(0, d.indexOf(':')), 1]),
  ),
);
