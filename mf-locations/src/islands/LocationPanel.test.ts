import { describe, expect, it } from 'vitest';
import { withType } from './LocationPanel.tsx';

describe('withType (the location type in the URL, as the no-JavaScript form sends it)', () => {
  it('sets type and keeps the other parameters', () => {
    expect(withType('', 'service')).toBe('?type=service');
    expect(withType('?type=sales&utm_source=x', 'parts')).toBe('?type=parts&utm_source=x');
  });
});
