/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOKEN_NAMES } from '@forecourt/ui/tokens';

/** Every stylesheet of this remote (src/styles, src/gallery, src/checkout, ...). */
const src = fileURLToPath(new URL('..', import.meta.url));
const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css'))
  .map((f) => ({ file: f, css: readFileSync(join(src, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '') }));

describe("mf-vehicle's stylesheets use the design tokens only (issue 13)", () => {
  it('has stylesheets to check', () => {
    expect(sheets.map((s) => s.file).sort()).toEqual(expect.arrayContaining(['styles/vehicle.css', 'gallery/gallery.css', 'checkout/checkout.css']));
  });

  it.each(sheets)('$file: no literal colours, font families or page widths; every custom property is a token', ({ css }) => {
    expect(css.match(/#[0-9a-f]{3,8}\b/gi) ?? []).toEqual([]);
    expect(css.match(/\b(?:rgba?|hsla?|oklch|lab|lch)\(/gi) ?? []).toEqual([]);
    expect(css.match(/(?:color|background|border|outline|fill|stroke)[a-z-]*:[^;}]*\b(?:white|black|red|blue|green|gray|grey)\b/gi) ?? []).toEqual([]);
    expect(css.match(/font-family:(?!var\(--fc-font)[^;}]*/gi) ?? []).toEqual([]);
    expect(css.match(/font:(?!inherit)[^;}]*/gi) ?? []).toEqual([]);
    // Pages are as wide as the shell's <main>: no max-width in px.
    expect(css.match(/max-width:\s*\d+px/gi) ?? []).toEqual([]);
    const used = [...new Set([...css.matchAll(/var\((--[a-z0-9-]+)/gi)].map((m) => m[1]!))];
    expect(used.filter((name) => !TOKEN_NAMES.includes(name) && !name.startsWith('--fvs-'))).toEqual([]);
  });
});
