import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HomeSectionsSchema, homeSectionKey, SiteConfigSchema, ThemeSchema } from './tenant.ts';

describe('home sections', () => {
  it('takes each section once, and stock strips once per strip and stock type', () => {
    const sections = [
      { kind: 'hero' },
      { kind: 'quick-search' },
      { kind: 'stock-strip', strip: 'type', car_type: 'new' },
      { kind: 'stock-strip', strip: 'type', car_type: 'used' },
      { kind: 'stock-strip', strip: 'new-arrivals' },
      { kind: 'locations' },
    ];
    expect(v.safeParse(HomeSectionsSchema, sections).success).toBe(true);
  });

  it('refuses a section listed twice (its element ids would repeat in the page)', () => {
    for (const twice of [
      [{ kind: 'quick-search' }, { kind: 'hero' }, { kind: 'quick-search' }],
      [{ kind: 'stock-strip', strip: 'type', car_type: 'new' }, { kind: 'stock-strip', strip: 'type', car_type: 'new', heading: 'Again' }],
      [{ kind: 'stock-strip', strip: 'specials' }, { kind: 'stock-strip', strip: 'specials' }],
    ]) {
      const result = v.safeParse(HomeSectionsSchema, twice);
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe('A home page lists each section once (stock strips once per strip and stock type).');
    }
  });

  it('keys a strip by strip and stock type, anything else by kind', () => {
    expect(homeSectionKey({ kind: 'stock-strip', strip: 'type', car_type: 'demo' })).toBe('stock-strip:type:demo');
    expect(homeSectionKey({ kind: 'offers' })).toBe('offers');
  });
});

describe('theme', () => {
  it('takes a radius as a plain length only (it goes into the CSS as is)', () => {
    const radius = ThemeSchema.entries.radius;
    for (const value of ['0', '8px', '0.5rem', '1em']) expect(v.safeParse(radius, value).success, value).toBe(true);
    for (const value of ['8px;}body{display:none', 'calc(1px)', '8', '-4px', '8 px']) expect(v.safeParse(radius, value).success, value).toBe(false);
    expect(v.parse(radius, undefined)).toBe('8px');
  });
});

describe('business details', () => {
  it('links social profiles over https only', () => {
    const business = SiteConfigSchema.entries.business;
    expect(v.safeParse(business, { social: { facebook: 'https://www.facebook.com/example' } }).success).toBe(true);
    for (const url of ['http://www.facebook.com/example', 'javascript:alert(1)', 'ftp://example.com/x']) expect(v.safeParse(business, { social: { facebook: url } }).success, url).toBe(false);
  });
});
