import { describe, expect, it } from 'vitest';
import { declarations, designProblems } from './design-check.ts';

describe('designProblems', () => {
  it('passes a stylesheet that takes everything from the tokens', () => {
    const css = `/* a comment: #fff, red */
.a{color:var(--fc-text);background:var(--fc-surface);border:1px solid var(--fc-border-strong);font:inherit}
.b{font-family:var(--fc-font-heading);max-width:var(--fc-content-width)}
.c{background:linear-gradient(rgb(0 0 0 / .6),transparent);color:currentColor}
.d::after{content:"black"}
@media (min-width:992px){.e{width:100%}}`;
    expect(designProblems(css)).toEqual([]);
  });

  it('finds literal colours in any notation, also in a custom property', () => {
    const cases = ['#fff', '#12345678', 'rgb(1 2 3)', 'rgba(1,2,3,.5)', 'hsl(10 20% 30%)', 'hwb(10 20% 30%)', 'lab(50% 40 59)', 'lch(52% 72 56)', 'oklab(0.5 0.1 0.1)', 'oklch(0.7 0.1 200)', 'color(display-p3 1 0 0)', 'white', 'Navy', 'tomato', 'lightgrey'];
    for (const value of cases) {
      expect(designProblems(`.x{color:${value}}`), value).toEqual([`1 color: ${value}: a literal colour`]);
      expect(designProblems(`.x{--fvs-tint:${value}}`, { privatePrefix: '--fvs-' }), value).toHaveLength(1);
    }
  });

  it('finds font families, fonts and page widths', () => {
    expect(designProblems('.x{font-family:Arial,sans-serif}')).toEqual(['1 font-family: Arial,sans-serif: a font family']);
    expect(designProblems('.x{font:16px Georgia}')).toEqual(['1 font: 16px Georgia: a font']);
    expect(designProblems('.x{max-width:1200px}')).toEqual(['1 max-width: 1200px: a page width (use --fc-content-width)']);
    expect(designProblems('.x{max-width:320px}')).toEqual([]);
  });

  it('takes only token names and the remote’s own prefix in var()', () => {
    expect(designProblems('.x{color:var(--fc-not-a-token)}')).toEqual(['1 color: var(--fc-not-a-token): --fc-not-a-token is not a token']);
    expect(designProblems('.x{color:var(--brand)}')).toEqual(['1 color: var(--brand): --brand is not a token']);
    expect(designProblems('.x{--fvs-gap:var(--fc-space-2);gap:var(--fvs-gap)}', { privatePrefix: '--fvs-' })).toEqual([]);
  });

  it('reports the line of each declaration', () => {
    expect(declarations('.a{\n  color: red;\n}\n/* x\n y */\n.b{gap:1px}').map((d) => d.line)).toEqual([2, 6]);
  });
});
