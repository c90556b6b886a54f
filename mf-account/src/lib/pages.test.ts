import { describe, expect, it } from 'vitest';
import { PAGES } from '@forecourt/contracts/routes';
import { isAccountPage, PAGE_TITLES } from './pages.ts';

describe('account pages', () => {
  it('has a title for every page the route table gives mf-account', () => {
    for (const page of PAGES['mf-account']) {
      expect(isAccountPage(page)).toBe(true);
      expect(PAGE_TITLES[page]).toBeTruthy();
    }
    expect(Object.keys(PAGE_TITLES).sort()).toEqual([...PAGES['mf-account']].sort());
  });
  it('rejects pages it does not own', () => {
    expect(isAccountPage('header-account')).toBe(false);
    expect(isAccountPage('vehicle')).toBe(false);
    expect(isAccountPage('toString')).toBe(false);
  });
});
