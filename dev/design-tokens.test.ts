/**
 * One design system (issue 13): every remote's stylesheets take colours, fonts and page widths from the tokens the
 * shell writes per tenant (ui/src/tokens.ts). The rules live in @forecourt/ui's design-check (each remote's own
 * tokens test runs them too); this runs them over every remote at once, so a new remote or stylesheet is covered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { designProblems } from '../ui/src/design-check.ts';
// @ts-expect-error plain ESM module without types
import { REMOTES, ROOT } from './workers.mjs';

/** Each remote's private custom property prefix (its `var()`s are allowed). */
const PRIVATE_PREFIX: Record<string, string> = { 'mf-vehicle': '--fvs-', 'mf-locations': '--fl-' };

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : cssFiles(full);
    return e.name.endsWith('.css') ? [full] : [];
  });
}

describe('remote stylesheets use the design tokens', () => {
  for (const remote of REMOTES as string[]) {
    it(remote, () => {
      const problems: string[] = [];
      for (const file of cssFiles(join(ROOT, remote, 'src'))) {
        const prefix = PRIVATE_PREFIX[remote];
        for (const problem of designProblems(readFileSync(file, 'utf8'), prefix ? { privatePrefix: prefix } : {})) problems.push(`${relative(ROOT, file)}:${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
