import { describe, expect, it } from 'vitest';
import { and, anyOf, cmp, eq, FILTER_ATTRIBUTES, FilterBuildError, noneOf, not, or, quote, range, toFilterString, type FilterAttribute } from './filter.ts';
import { matches, parseFilter } from '../../test/fake-meilisearch-filter.ts';

/** Values that try to end the string, add clauses or confuse the parser. */
const HOSTILE = [
  'Mercedes-Benz',
  'x" OR tenant = "other',
  '" OR ""="',
  'a\\',
  '\\',
  '\\\\"',
  'a\\" OR tenant = "other',
  'x"] OR tenant IN ["other',
  ') OR (tenant = "other"',
  "O'Reilly",
  'NOT',
  'AND',
  'IN [',
  'Škoda',
  'トヨタ',
  '🚗 car',
  'tab\tnew\nline',
  '',
  ' ',
  'x'.repeat(100),
];

describe('quote', () => {
  it('double-quotes and escapes quotes and backslashes', () => {
    expect(quote('Toyota')).toBe('"Toyota"');
    expect(quote('Mercedes-Benz')).toBe('"Mercedes-Benz"');
    expect(quote('a"b')).toBe('"a\\"b"');
    expect(quote('a\\b')).toBe('"a\\\\b"');
    expect(quote(12.5)).toBe('"12.5"');
    expect(quote(false)).toBe('"false"');
  });
});

describe('toFilterString', () => {
  it('builds comparisons, IN lists, NOT, AND, OR with every operand parenthesised', () => {
    expect(toFilterString(eq('tenant', 'acme'))).toBe('tenant = "acme"');
    expect(toFilterString(cmp('price', '>=', 1000))).toBe('price >= "1000"');
    expect(toFilterString(anyOf('fk_make', ['toyota', 'ford', 'toyota'])!)).toBe('fk_make IN ["toyota", "ford"]');
    expect(toFilterString(noneOf('stocknum_key', ['u1'])!)).toBe('NOT (stocknum_key IN ["u1"])');
    expect(toFilterString(and(eq('tenant', 'a'), or(eq('is_sold', false), cmp('sold_date_timestamp', '>=', 5)))!)).toBe(
      '(tenant = "a") AND ((is_sold = "false") OR (sold_date_timestamp >= "5"))',
    );
    expect(toFilterString(range('km', { min: 5, max: 10 })!)).toBe('(km >= "5") AND (km <= "10")');
  });

  it('drops undefined operands and empty lists instead of emitting IN []', () => {
    expect(anyOf('fk_make', [])).toBeUndefined();
    expect(noneOf('stocknum_key', [])).toBeUndefined();
    expect(and()).toBeUndefined();
    expect(or(undefined)).toBeUndefined();
    expect(and(undefined, eq('tenant', 'a'))).toEqual(eq('tenant', 'a'));
    expect(range('price', {})).toBeUndefined();
    expect(range('price', { min: Number.NaN, max: Infinity })).toBeUndefined();
    expect(toFilterString(range('price', { max: 9 })!)).toBe('price <= "9"');
  });

  it('accepts only allow-listed attributes and plain finite values', () => {
    expect(() => eq('tenant = "x" OR tenant' as FilterAttribute, 'a')).toThrow(FilterBuildError);
    expect(() => anyOf('__proto__' as FilterAttribute, ['a'])).toThrow(FilterBuildError);
    expect(() => cmp('price', '>', Number.NaN)).toThrow(FilterBuildError);
    expect(() => cmp('price', '=~' as '=', 1)).toThrow(FilterBuildError);
    expect(() => eq('tenant', { toString: () => 'x' } as unknown as string)).toThrow(FilterBuildError);
    expect(() => toFilterString({ kind: 'in', attribute: 'tenant', values: [] })).toThrow(FilterBuildError);
    expect(() => toFilterString({ kind: 'cmp', attribute: 'evil' as FilterAttribute, op: '=', value: 'x' })).toThrow(FilterBuildError);
  });
});

describe('escaping against the Meilisearch grammar (parsed back by the fake server parser)', () => {
  const docs = [
    { tenant: 'acme', fk_make: 'toyota' },
    { tenant: 'other', fk_make: 'toyota' },
  ];

  it('parses every filter with hostile values, keeping one condition per value', () => {
    for (const value of HOSTILE) {
      for (const attribute of FILTER_ATTRIBUTES) {
        const text = toFilterString(and(eq('tenant', 'acme'), eq(attribute, value), anyOf(attribute, [value, 'b']), not(eq(attribute, value)))!);
        const parsed = parseFilter(text);
        expect(parsed?.kind, text).toBe('and');
      }
    }
  });

  it('a hostile value never widens the tenant filter: it matches nothing', () => {
    for (const value of HOSTILE) {
      const filter = parseFilter(toFilterString(and(eq('tenant', 'acme'), eq('fk_make', value))!));
      expect(docs.filter((d) => matches(filter, d)), value).toEqual([]);
      const list = parseFilter(toFilterString(and(eq('tenant', 'acme'), anyOf('fk_make', [value]))!));
      expect(docs.filter((d) => matches(list, d)), value).toEqual([]);
      const tenant = parseFilter(toFilterString(and(eq('tenant', value), eq('fk_make', 'toyota'))!));
      expect(docs.filter((d) => matches(tenant, d)), value).toEqual([]);
    }
  });

  it('values without a backslash reach the engine exactly (they match a document holding them)', () => {
    for (const value of HOSTILE.filter((x) => !x.includes('\\'))) {
      const filter = parseFilter(toFilterString(and(eq('tenant', 'acme'), eq('fk_make', value))!));
      expect(matches(filter, { tenant: 'acme', fk_make: value }), value).toBe(true);
      expect(matches(filter, { tenant: 'other', fk_make: value }), value).toBe(false);
    }
  });

  it('an unescaped quote would have widened the filter (the grammar check is real)', () => {
    const naive = `(tenant = "acme") AND (fk_make = "x" OR tenant = "other")`;
    expect(docs.filter((d) => matches(parseFilter(naive), d))).toEqual([]);
    const naiveOr = `tenant = "acme" AND fk_make = "x" OR tenant = "other"`;
    expect(docs.filter((d) => matches(parseFilter(naiveOr), d))).toEqual([docs[1]]);
    expect(() => parseFilter('tenant = "acme\\"')).toThrow(/closing quote/);
    expect(() => parseFilter('tenant = "a" AND')).toThrow();
    expect(() => parseFilter('tenant IN ["a", ]')).toThrow();
  });

  it('NOT IN also matches documents without the attribute; numbers compare numerically', () => {
    const filter = parseFilter(toFilterString(and(noneOf('stocknum_key', ['u1']), cmp('price', '>', 9))!));
    expect(matches(filter, { price: 10 })).toBe(true);
    expect(matches(filter, { price: 10, stocknum_key: 'U1' })).toBe(false);
    expect(matches(filter, { price: 9 })).toBe(false);
    expect(matches(filter, { price: null })).toBe(false);
    expect(matches(parseFilter(toFilterString(eq('is_sold', false))), { is_sold: false })).toBe(true);
    expect(matches(parseFilter(toFilterString(anyOf('fk_categories', ['towing'])!)), { fk_categories: ['4x4', 'towing'] })).toBe(true);
  });
});
