import { describe, expect, it } from 'vitest';
import { wrapTab } from './modal.ts';

describe('wrapTab (the filter drawer keeps focus inside while open)', () => {
  it('wraps from the last to the first and back; lets the browser move in between', () => {
    expect(wrapTab(4, 5, false)).toBe(0);
    expect(wrapTab(0, 5, true)).toBe(4);
    expect(wrapTab(2, 5, false)).toBeNull();
    expect(wrapTab(2, 5, true)).toBeNull();
  });
  it('brings focus from outside the panel to its first (or, backwards, last) element; nothing to focus, nothing to do', () => {
    expect(wrapTab(-1, 3, false)).toBe(0);
    expect(wrapTab(-1, 3, true)).toBe(2);
    expect(wrapTab(-1, 0, false)).toBeNull();
  });
});
