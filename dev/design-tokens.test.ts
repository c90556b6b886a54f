/**
 * One design system (issue 13): every remote's stylesheets take colours, fonts and page widths from the tokens the
 * shell writes per tenant (ui/src/tokens.ts), so a tenant's theme changes every part at once. This fails on a literal
 * colour, a font family or a page-wide max-width in a remote's CSS, and on a `var(--fc-…)` that is not a token.
 * Allowed literals: black or white scrims over photos (`rgb(0 0 0 / …)`, `rgb(255 255 255 / …)`), `transparent`,
 * `currentColor`, `inherit`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_NAMES } from '../ui/src/tokens.ts';
// @ts-expect-error plain ESM module without types
import { ROOT } from './workers.mjs';

const REMOTES = ['mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : cssFiles(full);
    return e.name.endsWith('.css') ? [full] : [];
  });
}

/** The declarations of a stylesheet without comments, each with its line. */
function declarations(text: string): Array<{ line: number; property: string; value: string }> {
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const out: Array<{ line: number; property: string; value: string }> = [];
  for (const m of clean.matchAll(/([a-z-]+)\s*:\s*([^;{}]+)\s*(?=[;}])/g)) {
    out.push({ line: clean.slice(0, m.index).split('\n').length, property: m[1]!, value: m[2]!.trim() });
  }
  return out;
}

const SCRIM = /rgba?\(\s*(?:0\s+0\s+0|255\s+255\s+255)\s*\/[^)]*\)/g;
const NAMED = /\b(?:white|black|red|blue|green|gray|grey|silver|orange|yellow|navy)\b/;

describe('remote stylesheets use the design tokens', () => {
  for (const remote of REMOTES) {
    it(remote, () => {
      const problems: string[] = [];
      for (const file of cssFiles(join(ROOT, remote, 'src'))) {
        const rel = relative(ROOT, file);
        for (const { line, property, value } of declarations(readFileSync(file, 'utf8'))) {
          const at = `${rel}:${line} ${property}: ${value}`;
          const v = value.replace(SCRIM, '');
          if (/#[0-9a-f]{3,8}\b/i.test(v) || /\b(?:rgba?|hsla?|oklch|lab)\(/i.test(v) || (NAMED.test(v) && !property.startsWith('--') && property !== 'content')) problems.push(`${at}: a literal colour`);
          if (property === 'font-family' && !/^(?:var\(--fc-font(?:-heading)?\)|inherit|monospace)$/.test(v)) problems.push(`${at}: a font family`);
          if (property === 'font' && !/\binherit\b|var\(--fc-font/.test(v)) problems.push(`${at}: a font`);
          if (/^(?:max-)?width$/.test(property) && /\b(?:1[0-9]{3}|[2-9][0-9]{3})px\b/.test(v)) problems.push(`${at}: a page width (use --fc-content-width)`);
          for (const [, name] of v.matchAll(/var\((--fc-[a-z0-9-]+)/g)) if (!TOKEN_NAMES.includes(name!)) problems.push(`${at}: ${name} is not a token`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
