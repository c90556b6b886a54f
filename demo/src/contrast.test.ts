import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { demoTenants } from './index.ts';

describe('contrastRatio', () => {
  it('matches WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 1);
    expect(() => contrastRatio('red', '#fff')).toThrow();
  });
});

describe('demo themes meet WCAG AA (4.5:1)', () => {
  for (const site of demoTenants()) {
    it(`${site.slug}`, () => {
      const c = site.theme.colors;
      expect(contrastRatio(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(c.text, c.surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(c.muted, c.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(c.primaryContrast, c.primary)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
