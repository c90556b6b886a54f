import { describe, expect, it } from 'vitest';
import { PAGES } from '@forecourt/contracts/routes';
import { isVehiclePage, PAGE_TITLES, robotsFor } from './pages.ts';

describe('vehicle pages', () => {
  it('has a title for exactly the pages the route table gives mf-vehicle', () => {
    expect(Object.keys(PAGE_TITLES).sort()).toEqual([...PAGES['mf-vehicle']].sort());
    for (const page of PAGES['mf-vehicle']) expect(isVehiclePage(page)).toBe(true);
  });
  it('rejects pages it does not own', () => {
    expect(isVehiclePage('finance')).toBe(false);
    expect(isVehiclePage('constructor')).toBe(false);
  });
  it('keeps placeholders out of search results, print pages also unfollowed', () => {
    expect(robotsFor('vehicle')).toBe('index, follow');
    expect(robotsFor('checkout')).toBe('noindex');
    expect(robotsFor('print')).toBe('noindex, nofollow');
  });
});
