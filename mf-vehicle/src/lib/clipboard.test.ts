import { describe, expect, it } from 'vitest';
import { copyText } from './clipboard.ts';

describe('copyText', () => {
  it('writes to the clipboard and reports success', async () => {
    let written = '';
    expect(await copyText('https://a.example/cars/x', { writeText: async (t: string) => void (written = t) })).toBe(true);
    expect(written).toBe('https://a.example/cars/x');
  });
  it('reports failure without a clipboard or when the browser refuses', async () => {
    expect(await copyText('x', undefined)).toBe(false);
    expect(await copyText('x', { writeText: async () => { throw new DOMException('denied', 'NotAllowedError'); } })).toBe(false);
  });
});
