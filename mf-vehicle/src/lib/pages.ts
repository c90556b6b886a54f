/** The pages mf-vehicle answers (contracts route table) and small pure helpers for them. */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';

export type VehiclePage = PageOf<'mf-vehicle'>;

export const PAGE_TITLES: Record<VehiclePage, string> = {
  vehicle: 'Vehicle details',
  checkout: 'Reserve this car',
  'buy-online': 'Buy this car online',
  'checkout-journey': 'Checkout',
  'trade-in': 'Trade-in valuation',
  print: 'Print vehicle details',
  'test-drive': 'Book a test drive',
  'online-payment': 'Online payment',
};

export const isVehiclePage = (page: string): page is VehiclePage => (PAGES['mf-vehicle'] as readonly string[]).includes(page);

/**
 * Car pages and the generic lead pages are for search engines; placeholders (thin pages) are not; print copies also
 * keep their links unfollowed.
 */
export const robotsFor = (page: VehiclePage): string => (page === 'print' ? 'noindex, nofollow' : page === 'vehicle' || page === 'trade-in' || page === 'test-drive' ? 'index, follow' : 'noindex');
