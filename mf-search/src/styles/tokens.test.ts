/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { designProblems } from '@forecourt/ui/design-check';

/** Every stylesheet of this remote, wherever it sits under src/. */
const src = fileURLToPath(new URL('..', import.meta.url));
const sheets = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css'))
  .map((file) => ({ file, css: readFileSync(join(src, file), 'utf8') }));

describe("mf-search's stylesheets use the design tokens only (issue 13, @forecourt/ui design-check)", () => {
  it('has stylesheets to check', () => {
    expect(sheets.length).toBeGreaterThan(0);
  });

  it.each(sheets)('$file: no literal colours, font families or page widths; every custom property is a token', ({ css }) => {
    expect(designProblems(css)).toEqual([]);
  });
});
