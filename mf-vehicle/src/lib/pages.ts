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

/** What is coming on each page, said plainly: these pages land with the vehicle page issue. */
export const COMING_SOON: Record<VehiclePage, string> = {
  vehicle: 'The full details page for this car is coming soon.',
  checkout: 'Reserving a car online is coming soon.',
  'buy-online': 'Buying a car online is coming soon.',
  'checkout-journey': 'Checking out online is coming soon.',
  'trade-in': 'Online trade-in valuations are coming soon.',
  print: 'Printable vehicle details are coming soon.',
  'test-drive': 'Booking a test drive online is coming soon.',
  'online-payment': 'Paying online is coming soon.',
};

export const isVehiclePage = (page: string): page is VehiclePage => (PAGES['mf-vehicle'] as readonly string[]).includes(page);

/** Placeholders are thin pages: kept out of search results; print copies also keep their links unfollowed. */
export const robotsFor = (page: VehiclePage): string => (page === 'print' ? 'noindex, nofollow' : 'noindex');
