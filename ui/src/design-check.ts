/**
 * One design system (issue 13): a remote's stylesheets take colours, fonts and page widths from the tokens the shell
 * writes per tenant (tokens.ts), so a tenant's theme changes every part at once. `designProblems` lists what breaks
 * that in one stylesheet: a literal colour (hex, any colour function, a named colour, in a property or in a custom
 * property of the remote's own), a font family, a page-wide width, and a `var(--fc-…)` that is not a token. Each
 * remote's own test runs it on its stylesheets (so `npm test -w <remote>` checks them), and dev/design-tokens.test.ts
 * on every remote's.
 *
 * Allowed literals: black or white scrims over photos (`rgb(0 0 0 / …)`, `rgb(255 255 255 / …)`), `transparent`,
 * `currentColor`, `inherit`. A remote may keep private custom properties under its own prefix (`--fvs-…`), as long as
 * their values follow the same rules.
 */
import { TOKEN_NAMES } from './tokens.ts';

export interface DesignCheckOptions {
  /** The remote's own custom property prefix (e.g. `--fvs-`): its `var()`s are allowed. */
  privatePrefix?: string;
}

/** The declarations of a stylesheet without comments, each with its line. */
export function declarations(text: string): Array<{ line: number; property: string; value: string }> {
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const out: Array<{ line: number; property: string; value: string }> = [];
  for (const m of clean.matchAll(/([a-z-]+)\s*:\s*([^;{}]+)\s*(?=[;}])/gi)) {
    out.push({ line: clean.slice(0, m.index).split('\n').length, property: m[1]!.toLowerCase(), value: m[2]!.trim() });
  }
  return out;
}

const SCRIM = /rgba?\(\s*(?:0\s+0\s+0|255\s+255\s+255)\s*\/[^)]*\)/gi;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
/** CSS named colours a stylesheet might reach for (the full list is long; these are the ones people type). */
const NAMED = /(?<![-\w])(?:white|black|red|blue|green|gray|grey|silver|orange|yellow|navy|purple|pink|brown|teal|maroon|olive|lime|aqua|cyan|magenta|fuchsia|gold|beige|ivory|khaki|indigo|violet|crimson|coral|salmon|tomato|whitesmoke|gainsboro|lightgr[ae]y|darkgr[ae]y|dimgr[ae]y|slategr[ae]y)(?![-\w])/i;
/** Properties whose values are not colours, where such words may appear (a generated content string, an animation). */
const NOT_COLOUR = new Set(['content', 'animation', 'animation-name', 'grid-template-areas', 'grid-area', 'font-feature-settings', 'counter-reset', 'counter-increment', 'quotes']);

/** What in this stylesheet does not follow the design tokens, as `line property: value: reason`. */
export function designProblems(css: string, options: DesignCheckOptions = {}): string[] {
  const problems: string[] = [];
  for (const { line, property, value } of declarations(css)) {
    const at = `${line} ${property}: ${value}`;
    const v = value.replace(SCRIM, '');
    if (/#[0-9a-f]{3,8}\b/i.test(v) || COLOUR_FUNCTION.test(v) || (!NOT_COLOUR.has(property) && NAMED.test(v))) problems.push(`${at}: a literal colour`);
    if (property === 'font-family' && !/^(?:var\(--fc-font(?:-heading)?\)|inherit|monospace)$/.test(v)) problems.push(`${at}: a font family`);
    if (property === 'font' && !/\binherit\b|var\(--fc-font/.test(v)) problems.push(`${at}: a font`);
    if (/^(?:max-)?(?:width|inline-size)$/.test(property) && /\b(?:[6-9][0-9]{2}|[1-9][0-9]{3})px\b/.test(v)) problems.push(`${at}: a page width (use --fc-content-width)`);
    for (const [, name] of v.matchAll(/var\(\s*(--[a-z0-9-]+)/gi)) {
      if (TOKEN_NAMES.includes(name!)) continue;
      if (options.privatePrefix && name!.startsWith(options.privatePrefix) && !name!.startsWith('--fc-')) continue;
      problems.push(`${at}: ${name} is not a token`);
    }
  }
  return problems;
}
