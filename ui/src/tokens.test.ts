import { describe, expect, it } from 'vitest';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { parseSiteConfig, type Theme } from '@forecourt/contracts/tenant';
import { fontFacesCss, fontStack, SYSTEM_STACK, WEB_FONTS } from './fonts.ts';
import { STATUS, themeTokensCss, TOKEN_NAMES } from './tokens.ts';

const theme = (overrides: Partial<Theme> = {}): Theme => ({ ...parseSiteConfig(siteConfigInput('t')).theme, ...overrides });
const vars = (css: string) => Object.fromEntries(css.slice(':root{'.length, -1).split(';').map((d) => [d.slice(0, d.indexOf(':')), d.slice(d.indexOf(':') + 1)]));

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

describe('themeTokensCss (the design system on :root)', () => {
  it('writes every token: the theme’s colours, fonts, radius, elevation, heading style and the fixed scales', () => {
    const t = vars(themeTokensCss(theme({ fonts: { body: 'inter', heading: 'oswald' }, radius: '14px', elevation: 'flat', heading_case: 'uppercase' })));
    expect(t['--fc-primary']).toMatch(/^#[0-9a-f]{6}$/i);
    expect(t['--fc-font']).toBe(fontStack('inter'));
    expect(t['--fc-font-heading']).toContain('"Oswald Variable"');
    expect(t['--fc-heading-case']).toBe('uppercase');
    expect(t['--fc-radius-lg']).toBe('calc(14px * 2)');
    expect(t['--fc-shadow']).toBe('none');
    expect(t['--fc-content-width']).toBe('1280px');
    expect(t['--fc-space-4']).toBe('1rem');
    expect(t['--fc-text-base']).toBe('1rem');
    expect(Object.keys(t).sort()).toEqual([...TOKEN_NAMES].sort());
    expect(TOKEN_NAMES.length).toBeGreaterThan(40);
  });

  it('keeps a theme’s free text from closing the rule or the <style>', () => {
    expect(themeTokensCss(theme({ radius: '4px;}</style><script>' }))).not.toMatch(/[<>]|;}/);
  });

  it('status colours keep 4.5:1 on white and on the lightest tints a theme uses', () => {
    for (const colour of Object.values(STATUS)) for (const bg of ['#ffffff', '#f5f5f5', '#fffaf2', '#fff1dc', '#f1f5f9']) expect(contrast(colour, bg), `${colour} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    // --fc-on-status: white text on a status colour (a SOLD or Reserved tag).
    for (const colour of Object.values(STATUS)) expect(contrast('#ffffff', colour), `white on ${colour}`).toBeGreaterThanOrEqual(4.5);
  });
});

describe('fonts (self-hosted, metric-matched fallbacks)', () => {
  it('stacks the web font, its adjusted fallback and the generic family; system is the system stack', () => {
    expect(fontStack('inter')).toBe('"Inter Variable", "Inter Variable Fallback: Arial", "Inter Variable Fallback: Roboto", Arial, Roboto,sans-serif');
    expect(fontStack('system')).toBe(SYSTEM_STACK);
  });

  it('declares each web font once with font-display swap, the latin range and a size-adjusted local fallback', () => {
    const css = fontFacesCss(['inter', 'oswald', 'inter', 'system'], (f) => `/_shell/1/fonts/${f}.woff2`);
    expect(css.match(/font-family:"Inter Variable";/g)).toHaveLength(1);
    expect(css).toContain('src:url(/_shell/1/fonts/inter.woff2) format("woff2")');
    expect(css).toContain('font-display:swap');
    expect(css).toContain('unicode-range:U+0000-00FF');
    expect(css).toMatch(/font-family: "Oswald Variable Fallback: Arial";src: local\('Arial'\), local\('ArialMT'\), local\('Liberation Sans'\)[^}]*size-adjust: [\d.]+%/);
    // Android has neither Arial nor Liberation Sans: its Roboto, adjusted to the web font too.
    expect(css).toMatch(/font-family: "Oswald Variable Fallback: Roboto";src: local\('Roboto Regular'\), local\('Roboto-Regular'\), local\('Roboto'\);[^}]*size-adjust: [\d.]+%/);
    // Each fallback's adjustment is its own (Roboto's and Arial's metrics differ).
    const adjust = (face: string) => new RegExp(`"Oswald Variable Fallback: ${face}";[^}]*size-adjust: ([\\d.]+)%`).exec(css)![1];
    expect(adjust('Arial')).not.toBe(adjust('Roboto'));
    expect(fontFacesCss(['system'], () => 'x')).toBe('');
    for (const font of Object.values(WEB_FONTS)) expect(font.file).toMatch(/-latin-wght-normal\.woff2$/);
  });
});
