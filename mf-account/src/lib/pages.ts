/** The pages mf-account answers (contracts route table) and small pure helpers for them. */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';

export type AccountPage = PageOf<'mf-account'>;

/** The header's account slot: fetched by the shell on every page, not a route of its own. */
export const HEADER_SLOT = 'header-account';

export const PAGE_TITLES: Record<AccountPage, string> = {
  'sign-in': 'Sign in',
  watchlist: 'Your saved cars',
  'my-garage': 'My Garage',
  'alerts-stop': 'Stop text alerts',
};

export const isAccountPage = (page: string): page is AccountPage => (PAGES['mf-account'] as readonly string[]).includes(page);
