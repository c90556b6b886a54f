import { describe, expect, it } from 'vitest';
import { sampleLocation } from './fixtures/location.ts';
import { STOCK_CHUNK_SIZE, kvSpecialHoursKey, kvStockChunkKey, kvStockMetaKey, kvTenantDataKey, parseSpecialHours, parseTenantData, stockChunkCount } from './tenant-data.ts';

describe('tenant data', () => {
  it('KV keys', () => {
    expect(kvTenantDataKey('springwood')).toBe('tenant-data:springwood');
    expect(kvSpecialHoursKey('springwood')).toBe('special-hours:springwood');
    expect(kvStockMetaKey('springwood')).toBe('stock:springwood:meta');
    expect(kvStockChunkKey('springwood', 3)).toBe('stock:springwood:3');
    expect(STOCK_CHUNK_SIZE).toBe(500);
    expect(stockChunkCount(0)).toBe(0);
    expect(stockChunkCount(500)).toBe(1);
    expect(stockChunkCount(501)).toBe(2);
  });

  it('parses a data set with defaults', () => {
    const data = parseTenantData('springwood', {
      locations: [sampleLocation],
      dealerships: [{ id: 'd-springwood', slug: 'springwood-toyota', name: 'Springwood Toyota' }],
      manufacturers: [{ id: 'm1', name: 'Toyota', slug: 'toyota' }],
    });
    expect(data.offers).toEqual([]);
    expect('special_hours' in data).toBe(false);
    expect(data.locations[0]?.slug).toBe('springwood-toyota-sales');
  });

  it('special hours: their own list, none stored is empty, a bad entry is named', () => {
    expect(parseSpecialHours('springwood', null)).toEqual([]);
    const [entry] = parseSpecialHours('springwood', [{ date: '2026-12-31', status: 'Open', hours: { begin: '09:00', end: '15:00' }, location_id: 'l1' }]);
    expect(entry).toMatchObject({ date: '2026-12-31', status: 'Open', hours: { begin: '09:00', end: '15:00' }, location_id: 'l1' });
    expect(() => parseSpecialHours('springwood', [{ date: '2026-12-31', status: 'Maybe', location_id: 'l1' }])).toThrow(/Invalid special hours "springwood":\n {2}0\.status: /);
    expect(() => parseSpecialHours('springwood', { date: '2026-12-31' })).toThrow(/Invalid special hours "springwood":\n {2}\(root\): /);
  });

  it('throws one error naming every bad field', () => {
    expect(() => parseTenantData('bad', { locations: [{ ...sampleLocation, slug: 'Bad Slug' }], dealerships: [], manufacturers: 'x' }))
      .toThrow(/Invalid tenant data "bad":\n {2}locations\.0\.slug: .*\n {2}manufacturers: /);
  });
});
