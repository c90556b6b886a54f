import { describe, expect, it } from 'vitest';
import { parseRange, withRange } from './range.ts';

describe('parseRange (RFC 9110 single byte ranges)', () => {
  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });
  it('sends the whole file for no range or one it does not serve (several ranges, other units, reversed)', () => {
    for (const h of [null, '', 'bytes=0-1,5-9', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b']) expect(parseRange(h, 1000)).toBeNull();
  });
  it('is unsatisfiable past the end', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

describe('withRange', () => {
  const file = () => new Response(new Uint8Array(Array.from({ length: 100 }, (_, i) => i)), { headers: { 'content-type': 'video/mp4', 'content-length': '100' } });
  it('answers 206 with the asked bytes and Content-Range', async () => {
    const res = await withRange(file(), 'bytes=10-19');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
  it('answers 416 past the end and 200 (with Accept-Ranges) without a range', async () => {
    const past = await withRange(file(), 'bytes=100-');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */100');
    const whole = await withRange(file(), null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
  });
});
