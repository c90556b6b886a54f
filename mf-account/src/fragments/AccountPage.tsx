import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import CompareCars from '../islands/CompareCars.tsx';
import SavedCars from '../islands/SavedCars.tsx';
import { PAGE_TITLES, type AccountPage as Page } from '../lib/pages.ts';

/** The account pages drawn here; sign-in has its own page (src/sign-in/SignInPage.tsx). */
export type PlaceholderPage = Exclude<Page, 'sign-in'>;

/** What is coming on each page, said plainly: these pages land in a later issue. */
const COMING_SOON: Record<PlaceholderPage, string> = {
  watchlist: 'Saving cars to an account is coming soon; for now, cars you save are kept on this device.',
  'my-garage': 'My Garage, where you will keep your vehicles and service history, is coming soon.',
};

/** An account page (watchlist, my-garage): honest about what is not built yet, with a way to reach the dealer. */
export function AccountPage({ page, config }: { page: PlaceholderPage; config: Pick<SiteConfig, 'name' | 'contact' | 'features' | 'search'> }) {
  const title = PAGE_TITLES[page];
  // Compare mode: the cards' control fills the compare list, and it is compared here (tenant search.card_control).
  const compare = config.features.compare && config.search.card_control === 'compare';
  return (
    <article className="fa-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1>{title}</h1>
      <p>
        {COMING_SOON[page]} If you need a hand, call {config.name} on <a href={telHref(config.contact.phone)}>{config.contact.phone}</a>.
      </p>
      {page === 'watchlist' ? <Island remote="mf-account" module="SavedCars" id="fa-saved-cars" component={SavedCars} props={{}} /> : null}
      {page === 'watchlist' && compare ? (
        <section id="compare" className="fa-compare-section" aria-labelledby="fa-compare-h" tabIndex={-1}>
          <h2 id="fa-compare-h">Compare cars</h2>
          <Island remote="mf-account" module="CompareCars" id="fa-compare-cars" component={CompareCars} props={{}} />
        </section>
      ) : null}
      <p>
        <a className="fc-btn" href="/">
          Back to home
        </a>
      </p>
    </article>
  );
}

