import type { AccountSummary } from '@forecourt/contracts/account';
import { COMPARE_MAX } from '@forecourt/contracts/constants';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { ACCOUNT_DONE_PARAM } from '@forecourt/contracts/account';
import { Breadcrumbs, Island } from '@forecourt/ui';
import MergeFavourites from '../islands/MergeFavourites.tsx';
import { BROWSE_HREF } from '../islands/SavedCars.tsx';
import { PAGE_TITLES } from '../lib/pages.ts';
import { CompareTable } from './CompareTable.tsx';
import { lookupOf, type CarLookup } from './data.ts';
import { ACCOUNT_TEXTS, COMPARE_MIN, DEFAULT_GARAGE_PATH, WATCHLIST_PATH, type PageMessages as Messages } from './model.ts';
import { PageMessages } from './PageMessages.tsx';
import { COMPARE_FORM_ID, SavedCarItem } from './SavedCarItem.tsx';
import { SmsAlertsForm } from './SmsAlertsForm.tsx';

export type WatchlistPageProps = {
  config: Pick<SiteConfig, 'name' | 'features'>;
  summary: Pick<AccountSummary, 'user' | 'preferences' | 'watchlist'>;
  cars: ReadonlyMap<string, CarLookup>;
  messages: Messages;
  /** The comparison asked for (`?compare=`), null when none. */
  compare: { ids: string[]; problem: string | null } | null;
};

/**
 * The signed-in shopper's watchlist (issue 16, the View List target of spec §4 Watchlist toggle): their saved cars with
 * live price and honest status, Remove, a comparison of 2 to 4 of them (a GET form, so it works without JavaScript),
 * the text-alerts opt-in and a way to My Garage. All plain forms.
 */
export function WatchlistPage({ config, summary, cars, messages, compare }: WatchlistPageProps) {
  const title = PAGE_TITLES.watchlist;
  const canCompare = config.features.compare && summary.watchlist.length >= COMPARE_MIN;
  const chosen = new Set(compare?.ids ?? []);
  const compared = compare && !compare.problem ? compare.ids.map((id) => lookupOf(cars, id)).flatMap((l) => (l.kind === 'car' ? [{ car: l.car, reserved: l.reserved }] : [])) : [];
  const left = compare && !compare.problem ? compare.ids.length - compared.length : 0;
  return (
    <article className="fa-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1>{title}</h1>
      <PageMessages messages={messages} />
      <p className="fa-lede">
        Cars you save while signed in are kept with your account on every device. See your saved searches, enquiries and reservations in{' '}
        <a href={DEFAULT_GARAGE_PATH}>My Garage</a>.
      </p>
      {/* Keeps the browser's cached list in step with this page, and offers favourites saved on this device before signing in. */}
      <Island
        remote="mf-account"
        module="MergeFavourites"
        id="fa-device-favourites"
        component={MergeFavourites}
        props={{ account: { phone: summary.user.phone, saved: summary.watchlist }, done: `${WATCHLIST_PATH}?${ACCOUNT_DONE_PARAM}=merged` }}
      />
      {summary.watchlist.length === 0 ? (
        <div className="fa-empty">
          <p>{ACCOUNT_TEXTS.emptyWatchlist}</p>
          <a className="fc-btn fc-btn--primary" href={BROWSE_HREF}>
            Browse our stock
          </a>
        </div>
      ) : (
        <>
          <p>
            {summary.watchlist.length === 1 ? 'You have 1 saved car.' : `You have ${summary.watchlist.length} saved cars.`}
          </p>
          <ul className="fa-saved" aria-label="Saved cars">
            {summary.watchlist.map((id) => (
              <SavedCarItem key={id} id={id} lookup={lookupOf(cars, id)} phone={summary.user.phone} compare={canCompare} compareChecked={chosen.has(id)} />
            ))}
          </ul>
        </>
      )}
      {canCompare ? (
        <section id="compare" className="fa-compare-section" aria-labelledby="fa-compare-h" tabIndex={-1}>
          <h2 id="fa-compare-h">Compare saved cars</h2>
          <form id={COMPARE_FORM_ID} method="get" action={WATCHLIST_PATH} className="fa-inline-form">
            <p className="flf-hint">{ACCOUNT_TEXTS.compareHint}</p>
            <button type="submit" className="fc-btn fc-btn--primary">
              Compare
            </button>
          </form>
          {compare?.problem ? (
            <div className="flf-alert fa-alert" role="alert">
              {compare.problem}
            </div>
          ) : null}
          {compared.length > 0 ? (
            <>
              <p>
                {compared.length} of {COMPARE_MAX} cars.
              </p>
              <CompareTable cars={compared} />
            </>
          ) : null}
          {left > 0 ? <p className="fa-saved__meta">{ACCOUNT_TEXTS.compareGone}</p> : null}
        </section>
      ) : null}
      <SmsAlertsForm on={summary.preferences.sms_alerts} redirect={WATCHLIST_PATH} />
      <p className="fa-back">
        <a className="fc-btn" href={DEFAULT_GARAGE_PATH}>
          My Garage
        </a>
      </p>
    </article>
  );
}
