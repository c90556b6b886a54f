import { describe, expect, it } from 'vitest';
import { ALPHA_CARS } from '../test/engine-fixtures.ts';
import { cleanQueryTokens, searchableText, typoTolerance } from './text.ts';

describe('searchableText', () => {
  it('joins make, model, badge, series, body, colour, stock number, name and the body type label', () => {
    const text = searchableText(ALPHA_CARS[0]!);
    for (const part of ['Toyota', 'Hilux', 'SR5', 'GUN126R', 'Dual Cab Utility', 'White', 'N1001', '2025 Toyota Hilux SR5', 'Ute']) expect(text).toContain(part);
    expect(searchableText(ALPHA_CARS[8]!)).toContain('Cab Chassis');
  });
  it('skips missing fields', () => {
    expect(searchableText({ make: 'Kia', model: 'Rio', badge: null, series: undefined, body: null, colour: null, stocknum: null, name: '2020 Kia Rio', simple_body: null })).toBe('Kia Rio 2020 Kia Rio');
  });
});

describe('cleanQueryTokens', () => {
  it('trims punctuation at word ends and drops words without letters or digits', () => {
    expect(cleanQueryTokens(['hilux-', "'sr5'", '--', '_', 'cx-5', 'hilux'])).toEqual(['hilux', 'sr5', 'cx-5']);
    expect(cleanQueryTokens([])).toEqual([]);
  });
});

describe('typoTolerance', () => {
  it('allows no typo under 4 characters or with a digit, 1 up to 7, 2 from 8', () => {
    expect(typoTolerance('i30')).toBe(0);
    expect(typoTolerance('u3001')).toBe(0);
    expect(typoTolerance('gun126r')).toBe(0);
    expect(typoTolerance('suv')).toBe(0);
    expect(typoTolerance('3')).toBe(0);
    expect(typoTolerance('ford')).toBe(1);
    expect(typoTolerance('toyta')).toBe(1);
    expect(typoTolerance('outland')).toBe(1);
    expect(typoTolerance('landcrui')).toBe(2);
  });
});
