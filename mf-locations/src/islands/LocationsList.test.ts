import { describe, expect, it } from 'vitest';
import { countText, locatorSearch, positionSearch, roundCoordinate, withLocationQuery } from './LocationsList.tsx';

describe('LocationsList helpers', () => {
  it('keeps locationQuery in the URL in step with the search box (a new list: no ?tab=)', () => {
    expect(withLocationQuery('', 'logan')).toBe('?locationQuery=logan');
    expect(withLocationQuery('?utm_source=x&locationQuery=old', ' brisbane north ')).toBe('?utm_source=x&locationQuery=brisbane+north');
    expect(withLocationQuery('?locationQuery=old', '')).toBe('');
    expect(withLocationQuery('?a=1&locationQuery=old', '  ')).toBe('?a=1');
    expect(withLocationQuery('?near=4127&tab=hus', 'kia')).toBe('?near=4127&locationQuery=kia');
  });
  it('says how many locations show', () => {
    expect(countText(3, 3)).toBe('3 locations');
    expect(countText(1, 1)).toBe('1 location');
    expect(countText(1, 3)).toBe('Showing 1 of 3 locations');
  });
  it('a browser position goes to the locator rounded to about 100 m, with the form’s filters', () => {
    expect(roundCoordinate(-27.612949)).toBe(-27.613);
    expect(positionSearch(-27.612949, 153.129612, { type: 'service', brand: '' })).toBe('?lat=-27.613&lng=153.13&type=service');
    expect(positionSearch(-27.6, 153.1, {})).toBe('?lat=-27.6&lng=153.1');
  });
  it('the locator form goes without its empty fields', () => {
    expect(locatorSearch([['near', ' 4127 '], ['type', ''], ['brand', 'kia']])).toBe('?near=4127&brand=kia');
    expect(locatorSearch([['near', ''], ['type', '']])).toBe('');
  });
});
