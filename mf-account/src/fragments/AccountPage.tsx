import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import CompareCars from '../islands/CompareCars.tsx';
import SavedCars from '../islands/SavedCars.tsx';
import { PAGE_TITLES, type AccountPage as Page } from '../lib/pages.ts';

/** The account pages drawn here: the watchlist (sign-in has its own page; My Garage is switched off until built). */
export type PlaceholderPage = Extract<Page, 'watchlist'>;

/** What each page does, said plainly. */
const PAGE_INTROS: Record<PlaceholderPage, string> = {
  watchlist: 'Cars you save are kept on this device.',
};

/** An account page (the watchlist) with its saved cars and a way to reach the dealer. */
export function AccountPage({ page, config }: { page: PlaceholderPage; config: Pick<SiteConfig, 'name' | 'contact' | 'features' | 'search'> }) {
  const title = PAGE_TITLES[page];
  // Compare mode: the cards' control fills the compare list, and it is compared here (tenant search.card_control).
  const compare = config.features.compare && config.search.card_control === 'compare';
  return (
    <article className="fa-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1>{title}</h1>
      <p className="fa-lede">
        {PAGE_INTROS[page]} If you need a hand, call {config.name} on <a href={telHref(config.contact.phone)}>{config.contact.phone}</a>.
      </p>
      {page === 'watchlist' ? <Island remote="mf-account" module="SavedCars" id="fa-saved-cars" component={SavedCars} props={{}} /> : null}
      {page === 'watchlist' && compare ? (
        <section id="compare" className="fa-compare-section" aria-labelledby="fa-compare-h" tabIndex={-1}>
          <h2 id="fa-compare-h">Compare cars</h2>
          <Island remote="mf-account" module="CompareCars" id="fa-compare-cars" component={CompareCars} props={{}} />
        </section>
      ) : null}
      <p className="fa-back">
        <a className="fc-btn" href="/">
          Back to home
        </a>
      </p>
    </article>
  );
}

