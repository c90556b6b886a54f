import { describe, expect, it } from 'vitest';
import { countText, withLocationQuery } from './LocationsList.tsx';

describe('LocationsList helpers', () => {
  it('keeps locationQuery in the URL in step with the search box', () => {
    expect(withLocationQuery('', 'logan')).toBe('?locationQuery=logan');
    expect(withLocationQuery('?utm_source=x&locationQuery=old', ' brisbane north ')).toBe('?utm_source=x&locationQuery=brisbane+north');
    expect(withLocationQuery('?locationQuery=old', '')).toBe('');
    expect(withLocationQuery('?a=1&locationQuery=old', '  ')).toBe('?a=1');
  });
  it('says how many locations show', () => {
    expect(countText(3, 3)).toBe('3 locations');
    expect(countText(1, 1)).toBe('1 location');
    expect(countText(1, 3)).toBe('Showing 1 of 3 locations');
  });
});
