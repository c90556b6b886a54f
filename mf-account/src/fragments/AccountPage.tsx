import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import CompareCars from '../islands/CompareCars.tsx';
import MergeFavourites from '../islands/MergeFavourites.tsx';
import SavedCars from '../islands/SavedCars.tsx';
import { ACCOUNT_TEXTS, type PageMessages as Messages } from '../account/model.ts';
import { PageMessages } from '../account/PageMessages.tsx';
import { PAGE_TITLES, type AccountPage as Page } from '../lib/pages.ts';

/**
 * The device-favourites page: the watchlist of a shopper who is not signed in, or of a tenant whose `watchlist` switch
 * is off (the signed-in watchlist and My Garage are src/account/'s; sign-in has its own page).
 */
export type PlaceholderPage = Extract<Page, 'watchlist'>;

export type AccountPageProps = {
  page: PlaceholderPage;
  config: Pick<SiteConfig, 'name' | 'contact' | 'features' | 'search'>;
  /** Where to sign in to keep saved cars in the account (the tenant's `watchlist` switch on), else nothing. */
  signInHref?: string | null;
  /** edge-api could not say who the shopper is: say so above the device's list. */
  unavailable?: boolean;
  /** A plain form's outcome (e.g. 'Your account and saved data are deleted.' after My Garage's delete). */
  messages?: Messages;
};

/** What each page does, said plainly. */
const PAGE_INTROS: Record<PlaceholderPage, string> = {
  watchlist: 'Cars you save are kept on this device.',
};

/** An account page (the watchlist) with the cars saved on this device and a way to reach the dealer. */
export function AccountPage({ page, config, signInHref = null, unavailable = false, messages }: AccountPageProps) {
  const title = PAGE_TITLES[page];
  // Compare mode: the cards' control fills the compare list, and it is compared here (tenant search.card_control).
  const compare = config.features.compare && config.search.card_control === 'compare';
  return (
    <article className="fa-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1>{title}</h1>
      {messages ? <PageMessages messages={messages} /> : null}
      {unavailable ? (
        <div className="flf-alert fa-alert" role="alert">
          {ACCOUNT_TEXTS.unavailable}
        </div>
      ) : null}
      <p className="fa-lede">
        {PAGE_INTROS[page]} If you need a hand, call {config.name} on <a href={telHref(config.contact.phone)}>{config.contact.phone}</a>.
      </p>
      {signInHref ? (
        // Signed out on a watchlist site: forget the list this browser cached for a shopper (signed out, or deleted), once there is one.
        <Island remote="mf-account" module="MergeFavourites" id="fa-device-favourites" component={MergeFavourites} props={{ account: null, done: '/watchlist' }} when={[{ kind: 'storage', key: STORAGE_KEYS.watchlist }]} />
      ) : null}
      {signInHref ? (
        <p>
          <a className="fc-btn fc-btn--primary" href={signInHref}>
            {ACCOUNT_TEXTS.keepEverywhere}
          </a>
        </p>
      ) : null}
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

