import { describe, expect, it } from 'vitest';
import { PAGES } from '@forecourt/contracts/routes';
import { PAGE_INTROS, isFinancePage, PAGE_TITLES } from './pages.ts';

describe('finance pages', () => {
  it('has a title and a coming-soon sentence for exactly the pages the route table gives mf-finance', () => {
    expect(Object.keys(PAGE_TITLES).sort()).toEqual([...PAGES['mf-finance']].sort());
    expect(Object.keys(PAGE_INTROS).sort()).toEqual([...PAGES['mf-finance']].sort());
    for (const page of PAGES['mf-finance']) expect(isFinancePage(page)).toBe(true);
  });
  it('rejects pages it does not own', () => {
    expect(isFinancePage('vehicle')).toBe(false);
    expect(isFinancePage('__proto__')).toBe(false);
  });
});
