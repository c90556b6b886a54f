import { describe, expect, it } from 'vitest';
import { coerceCell, feedFormat, FeedParseError, parseCsvFeed, parseJsonFeed, readCsvRecords } from './parse.ts';
import { CSV_FEED, JSON_FEED } from '../test/import-fixtures.ts';

describe('feedFormat', () => {
  it('reads the extension', () => {
    expect(feedFormat('stock.JSON')).toBe('json');
    expect(feedFormat('/tmp/a.b/feed.csv')).toBe('csv');
    expect(feedFormat('feed.txt')).toBeNull();
  });
});

describe('parseJsonFeed', () => {
  it('reports the line each array element starts on', () => {
    const { rows } = parseJsonFeed(JSON_FEED);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 7, 8, 9, 10, 11]);
    expect((rows[2]!.value as { id: string }).id).toBe('a3');
    expect(rows[6]!.value).toBe('not a car');
  });

  it('accepts an empty array, a BOM and CRLF', () => {
    expect(parseJsonFeed('\uFEFF[ ]').rows).toEqual([]);
    expect(parseJsonFeed('[\r\n{"id":"1"},\r\n\r\n{"id":"2"}\r\n]').rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('names the line and column where the JSON breaks', () => {
    const bad = '[\n  {"id": "1"},\n  {"id": "2",}\n]';
    expect(() => parseJsonFeed(bad)).toThrow(FeedParseError);
    try {
      parseJsonFeed(bad);
    } catch (error) {
      expect(error).toMatchObject({ line: 3, column: 14 });
      expect((error as Error).message).toBe(`Invalid JSON: expected a property name, found '}' (line 3, column 14)`);
    }
  });

  it('rejects unterminated input, bad escapes, trailing text and a non-array feed', () => {
    expect(() => parseJsonFeed('[{"id": "1"}')).toThrow(/expected ',' or '\]', found end of file \(line 1, column 13\)/);
    expect(() => parseJsonFeed('[\n"a\\x"]')).toThrow(/bad escape in string \(line 2, column 3\)/);
    expect(() => parseJsonFeed('[1] x')).toThrow(/unexpected 'x' after the array \(line 1, column 5\)/);
    expect(() => parseJsonFeed('{"cars": []}')).toThrow(/a feed is a JSON array of cars; found '\{' \(line 1, column 1\)/);
    expect(() => parseJsonFeed('[01]')).toThrow(/expected ',' or '\]', found '1'/);
    expect(() => parseJsonFeed('')).toThrow(/found end of file/);
  });

  it('reads values exactly as JSON.parse does', () => {
    const text = '[{"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"], "b": {}}]';
    expect(parseJsonFeed(text).rows[0]!.value).toEqual(JSON.parse(text)[0]);
  });
});

describe('readCsvRecords', () => {
  it('handles quoted commas, doubled quotes, embedded CRLF and counts lines', () => {
    const records = readCsvRecords('a,b\r\n"x, y","say ""hi""\r\nthere"\r\nlast,1');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'], errors: [] },
      { line: 2, fields: ['x, y', 'say "hi"\r\nthere'], errors: [] },
      { line: 4, fields: ['last', '1'], errors: [] },
    ]);
  });

  it('accepts LF and lone CR line ends and empty trailing fields', () => {
    expect(readCsvRecords('a,b\nc,\rd,e').map((r) => [r.line, r.fields])).toEqual([[1, ['a', 'b']], [2, ['c', '']], [3, ['d', 'e']]]);
  });

  it('flags stray quotes and unterminated quoted fields on their record', () => {
    expect(readCsvRecords('a"b,c')[0]!.errors).toEqual(['column 1: quote inside an unquoted field']);
    expect(readCsvRecords('"a"b,c')[0]).toEqual({ line: 1, fields: ['ab', 'c'], errors: ['column 1: text after a closing quote'] });
    expect(readCsvRecords('x\n"open,\nmore')[1]).toEqual({ line: 2, fields: ['open,\nmore'], errors: ['unterminated quoted field (opened on line 2)'] });
  });
});

describe('coerceCell', () => {
  it('coerces per the Car schema', () => {
    expect(coerceCell('price', ' 24990 ')).toBe(24990);
    expect(coerceCell('price', '$24,990')).toBe('$24,990');
    expect(coerceCell('show_on_dealer_website', 'TRUE')).toBe(true);
    expect(coerceCell('certified', 'no')).toBe(false);
    expect(coerceCell('certified', 'maybe')).toBe('maybe');
    expect(coerceCell('badge', 'null')).toBeNull();
    expect(coerceCell('badge', '123')).toBe('123');
    expect(coerceCell('id', '3000003')).toBe('3000003');
    expect(coerceCell('location.name', 'Yard')).toBe('Yard');
    expect(coerceCell('variant.cylinders', '4')).toBe(4);
    expect(coerceCell('finance_lenders.youx.paymentWeek', '99.5')).toBe(99.5);
    expect(coerceCell('categories', 'Family | Under $20k')).toEqual(['Family', 'Under $20k']);
    expect(coerceCell('images', '/a.jpg|/b.jpg')).toEqual([
      { image: { url: '/a.jpg', thumb: { url: '/a.jpg' } } },
      { image: { url: '/b.jpg', thumb: { url: '/b.jpg' } } },
    ]);
    expect(coerceCell('hotspots', '{"exterior":[],"interior":[]}')).toEqual({ exterior: [], interior: [] });
    expect(coerceCell('hotspots', '{broken')).toBe('{broken');
  });
});

describe('parseCsvFeed', () => {
  it('builds nested rows with their start lines (embedded newlines counted, blank lines skipped)', () => {
    const { rows, warnings } = parseCsvFeed(CSV_FEED);
    expect(warnings).toEqual([]);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 6, 8, 9, 10, 11, 12]);
    const c2 = rows[1]!.value as Record<string, unknown>;
    expect(c2).toMatchObject({
      id: 'c2',
      year: 2020,
      price: 31990,
      show_on_dealer_website: true,
      dealership_id: '42',
      dealercomments: 'One owner, full history.\r\nSays "like new".\r\nCall us',
      location: { id: '4201', name: 'Import Motors South', slug: 'import-motors-south-yard' },
      images: [{ image: { url: '/img/c2-1.jpg', thumb: { url: '/img/c2-1.jpg' } } }, { image: { url: '/img/c2-2.jpg', thumb: { url: '/img/c2-2.jpg' } } }],
    });
    // Empty cells leave fields absent (certified, and the whole location object of c6).
    expect('certified' in c2).toBe(false);
    expect('location' in (rows[5]!.value as object)).toBe(false);
    expect((rows[0]!.value as { certified: boolean }).certified).toBe(true);
    expect(rows[7]!.errors).toEqual(['row has 3 fields; the header has 21']);
  });

  it('warns about columns that are not Car fields and rejects a broken header', () => {
    expect(parseCsvFeed('id,colour_code\n1,x').warnings).toEqual(['column 2 "colour_code" is not a Car field; ignored']);
    expect(parseCsvFeed('id,colour_code\n1,x').rows[0]!.value).toEqual({ id: '1' });
    expect(() => parseCsvFeed('id,id\n1,2')).toThrow('Invalid CSV header: column 2 repeats "id" (column 1) (line 1, column 1)');
    expect(() => parseCsvFeed('\n\nid,,name')).toThrow('Invalid CSV header: column 2 has no name (line 3, column 1)');
    expect(() => parseCsvFeed('location,location.name')).toThrow(/both set location/);
    expect(parseCsvFeed('')).toEqual({ rows: [], warnings: [] });
  });
});

describe('CSV headers cannot reach a prototype', () => {
  it('ignores __proto__ / constructor / prototype path segments and leaves Object.prototype alone', () => {
    const feed = parseCsvFeed('id,finance_lenders.__proto__.deposit,finance_lenders.constructor.x\n1,5000,7\n');
    expect(({} as Record<string, unknown>).deposit).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf(feed.rows[0]!.value)).toBe(Object.prototype);
  });
});
