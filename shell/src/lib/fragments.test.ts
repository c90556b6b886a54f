import { describe, expect, it } from 'vitest';
import { sharedMaxAge } from './fragments.ts';

describe('sharedMaxAge (which fragments the shell may keep)', () => {
  it('only public responses with a positive max-age', () => {
    expect(sharedMaxAge('public, max-age=60')).toBe(60);
    expect(sharedMaxAge('max-age=60, public')).toBe(60);
    expect(sharedMaxAge('private, no-store')).toBe(0);
    expect(sharedMaxAge('max-age=60')).toBe(0);
    expect(sharedMaxAge('public, no-store, max-age=60')).toBe(0);
    expect(sharedMaxAge('public')).toBe(0);
    expect(sharedMaxAge(null)).toBe(0);
  });
});
