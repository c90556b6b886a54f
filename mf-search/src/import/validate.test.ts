import { describe, expect, it } from 'vitest';
import { parseCsvFeed, parseJsonFeed } from './parse.ts';
import { formatBadRow, tenantRules, validateFeed } from './validate.ts';
import { CSV_FEED, feedCar, JSON_FEED, RULES } from '../test/import-fixtures.ts';

describe('validateFeed (JSON fixture)', () => {
  const result = validateFeed(parseJsonFeed(JSON_FEED).rows, RULES);

  it('keeps every good row, in feed order', () => {
    expect(result.good.map((c) => c.id)).toEqual(['a1', 'a3']);
  });

  it('reports each bad row by line with readable reasons', () => {
    expect(result.bad).toEqual([
      { line: 3, id: 'a2', reasons: ['price: Invalid type: Expected number but received "abc"'] },
      { line: 7, id: 'a4', reasons: ['dealership_id: "11" is not a dealership of tenant import-motors (allowed: 41, 42)'] },
      { line: 8, id: 'a1', reasons: ['id: Duplicate id "a1" (first on line 2)'] },
      {
        line: 9,
        id: 'a5',
        reasons: [
          'year: Invalid value: Expected >=1900 but received 1800',
          'make: Required field is missing',
          'status: Invalid type: Expected ("in_stock" | "sold" | "coming_soon") but received "parked"',
        ],
      },
      { line: 10, reasons: ['(row): Invalid type: Expected Object but received "not a car"'] },
      { line: 11, id: 'a6', reasons: ['slug: Duplicate slug "2021-toyota-corolla-ascent-a3" (first on line 4)'] },
    ]);
  });

  it('formats one line per bad row', () => {
    expect(result.bad.map(formatBadRow).slice(0, 2)).toEqual([
      'line 3 (id a2): price: Invalid type: Expected number but received "abc"',
      'line 7 (id a4): dealership_id: "11" is not a dealership of tenant import-motors (allowed: 41, 42)',
    ]);
    expect(formatBadRow({ line: 10, reasons: ['a', 'b'] })).toBe('line 10: a; b');
  });
});

describe('validateFeed (CSV fixture)', () => {
  const result = validateFeed(parseCsvFeed(CSV_FEED).rows, RULES);

  it('keeps the good rows, including the one with an embedded multi-line comment', () => {
    expect(result.good.map((c) => c.id)).toEqual(['c1', 'c2', 'c6']);
    expect(result.good[1]!.dealercomments).toBe('One owner, full history.\r\nSays "like new".\r\nCall us');
    expect(result.good[0]).toMatchObject({ certified: true, price: 31990, km: 52000, year: 2020, location: { id: '4201' } });
    expect(result.good[2]!.location).toBeUndefined();
  });

  it('reports bad rows on their real lines', () => {
    expect(result.bad).toEqual([
      { line: 6, id: 'c3', reasons: ['price: Invalid type: Expected number but received "$31,990"'] },
      { line: 8, id: 'c4', reasons: ['dealership_id: "99" is not a dealership of tenant import-motors (allowed: 41, 42)'] },
      {
        line: 9,
        id: 'c5',
        reasons: ['km: Invalid integer: Received 12.5', 'certified: Invalid type: Expected boolean but received "maybe"'],
      },
      { line: 11, id: 'c1', reasons: ['id: Duplicate id "c1" (first on line 2)'] },
      expect.objectContaining({ line: 12, id: 'c7' }),
    ]);
    expect(result.bad[4]!.reasons[0]).toBe('row has 3 fields; the header has 21');
  });
});

describe('validateFeed rules', () => {
  it('checks the dealership slug against the tenant data set', () => {
    const { good, bad } = validateFeed([{ line: 2, value: feedCar('x', { dealership_id: '42' }) }], RULES);
    expect(good).toEqual([]);
    expect(bad[0]!.reasons).toEqual(['dealership_slug: "import-motors-north" does not match dealership 42 ("import-motors-south")']);
  });

  it('lets a later valid row win when the first occurrence was bad', () => {
    const rows = [
      { line: 2, value: feedCar('d1', { km: -1 }) },
      { line: 3, value: feedCar('d1') },
    ];
    const { good, bad } = validateFeed(rows, RULES);
    expect(good.map((c) => c.id)).toEqual(['d1']);
    expect(bad).toEqual([{ line: 2, id: 'd1', reasons: ['km: Invalid value: Expected >=0 but received -1'] }]);
  });

  it('reports only the parse errors of a row that could not be read (its fields may be misaligned)', () => {
    const { good, bad } = validateFeed([{ line: 5, value: feedCar('p1'), errors: ['row has 1 fields; the header has 2'] }], RULES);
    expect(good).toEqual([]);
    expect(bad).toEqual([{ line: 5, id: 'p1', reasons: ['row has 1 fields; the header has 2'] }]);
  });

  it('names a non-string id as given', () => {
    expect(validateFeed([{ line: 2, value: feedCar('x', { id: 7 }) }], RULES).bad).toEqual([
      { line: 2, id: '7', reasons: ['id: Invalid type: Expected string but received 7'] },
    ]);
  });

  it('drops nothing good among many bad rows', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ line: i + 2, value: feedCar(`n${i}`, i % 3 === 0 ? { price: -5 } : {}) }));
    const { good, bad } = validateFeed(rows, RULES);
    expect(good).toHaveLength(133);
    expect(bad).toHaveLength(67);
    expect(good.every((c, i) => i === 0 || Number(c.id.slice(1)) > Number(good[i - 1]!.id.slice(1)))).toBe(true);
  });

  it('tenantRules takes dealership ids from the config and slugs from the data set', () => {
    expect(tenantRules({ slug: 't', dealerships: ['1', '2'] }, { dealerships: [{ id: '2', slug: 'two', name: 'Two', websites: [] }] })).toEqual({
      tenant: 't',
      dealerships: [{ id: '1' }, { id: '2', slug: 'two' }],
    });
  });
});
