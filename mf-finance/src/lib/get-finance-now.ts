/**
 * Get Finance Now (spec §2 Finance page, tenant switch `get_finance_now`, no car chosen): 6 featured in-stock used cars
 * with more than one photo (spec §9 "Featured finance cars 6"), from mf-search's stock strip (`strip: 'finance'`,
 * tenant-scoped there), and links to the used stock.
 */
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { FEATURED_FINANCE_CARS } from '@forecourt/contracts/constants';
import { slotFor } from '@forecourt/contracts/slots';

export const FINANCE_CARS_SLOT = 'ff-finance-cars';

export const financeCarsSlot = (): FragmentSlot => slotFor('stockStrip', FINANCE_CARS_SLOT, { strip: 'finance', heading: 'Featured used cars', limit: String(FEATURED_FINANCE_CARS) });

/** The used-car links under the cards. */
export const GET_FINANCE_NOW_LINKS = [
  { label: 'Browse all used cars', href: '/search/used-cars' },
  { label: 'Browse all stock', href: '/search/new-used-and-demo-cars' },
] as const;
