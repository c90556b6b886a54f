/**
 * Issue 13's pictures on the home page, whatever the pixels: an offer's image and the hero's banner are shown whole.
 * The offer cards once cropped a 4:3 drawing into 16:9 (and the offers were "cut off"); a phone's hero drew its text
 * over the middle of a banner cropped to a third of its width. These read the markup and the stylesheet's rules, so
 * a change that brings either back fails here before any screenshot.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { homePage } from './pages.ts';
import { demoTenant } from '../test/tenants.ts';

const css = readFileSync(new URL('../styles/shell.css', import.meta.url), 'utf8');
/** The declarations of `selector`'s rule (the first with exactly that selector) inside `scope` (a stylesheet or an at-rule's body). */
function declarations(scope: string, selector: string): string {
  const at = scope.indexOf(`${selector}{`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  const start = at + selector.length + 1;
  return scope.slice(start, scope.indexOf('}', start));
}
/** The body of the `@media (max-width:767px)` block that lays out the hero on phones and small tablets. */
function phoneRules(): string {
  const at = css.indexOf('@media (max-width:767px){.fc-hero');
  if (at < 0) throw new Error('no phone hero rules');
  let depth = 0;
  for (let i = css.indexOf('{', at); i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return css.slice(css.indexOf('{', at) + 1, i);
  }
  throw new Error('unclosed @media');
}

describe('home page pictures are never cropped (issue 13)', () => {
  it('offer images: 4:3 like every vehicle picture, contained (a picture of another shape is letterboxed, not cut)', async () => {
    const body = (await homePage(demoTenant('harbourside-toyota'))).body;
    const imgs = [...body.matchAll(/<article class="fc-offer fc-card"><img [^>]*>/g)].map((m) => m[0]);
    expect(imgs.length).toBeGreaterThan(0);
    for (const img of imgs) expect(img).toContain('width="800" height="600"');
    const rule = declarations(css, '.fc-offer img');
    expect(rule).toContain('aspect-ratio:4/3');
    expect(rule).toContain('object-fit:contain');
    expect(rule).not.toContain('cover');
  });

  it("a phone's or small tablet's hero shows the banner whole at 16:9 above its text, on a dark panel (text never over the drawing)", () => {
    const phone = phoneRules();
    const hero = declarations(phone, '.fc-hero');
    expect(hero).toContain('flex-direction:column');
    // The text at the panel's start (the wide hero's grid aligns it to the end, which in a column pushes it right).
    expect(hero).toContain('align-items:stretch');
    const img = declarations(phone, '.fc-hero__img');
    expect(img).toContain('position:static');
    expect(img).toContain('aspect-ratio:16/9');
    expect(declarations(phone, '.fc-hero::before')).toContain('display:none');
  });
});
