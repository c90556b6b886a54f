import type { AccountSummary } from '@forecourt/contracts/account';
import { signInPath } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs } from '@forecourt/ui';
import { PAGE_TITLES } from '../lib/pages.ts';
import type { CarLookup } from './data.ts';
import { GarageData, GarageSignOut } from './GarageData.tsx';
import { GarageDetails } from './GarageDetails.tsx';
import { GarageEnquiries } from './GarageEnquiries.tsx';
import { GarageReservations } from './GarageReservations.tsx';
import { GarageSavedCars } from './GarageSavedCars.tsx';
import { GarageSearches } from './GarageSearches.tsx';
import { ACCOUNT_TEXTS, type PageMessages as Messages } from './model.ts';
import { PageMessages } from './PageMessages.tsx';

type GarageConfig = Pick<SiteConfig, 'name' | 'features' | 'time_zone'>;

export type MyGaragePageProps = {
  config: GarageConfig;
  /** The page's own path (the my-garage route the shopper is on): every form comes back here. */
  path: string;
  messages: Messages;
  /** The shopper's data; `signed-out` (the session is gone) and `unavailable` (edge-api failed) show none. */
  account: { kind: 'signed-in'; summary: AccountSummary; cars: ReadonlyMap<string, CarLookup> } | { kind: 'signed-out' } | { kind: 'unavailable' };
};

/**
 * My Garage (issue 16; spec §2 my-garage pages, always gated, §6): the signed-in shopper's own area on this site:
 * saved cars (when the tenant's watchlist is on), saved searches, reservations, enquiries, their details, sign out and
 * their data (download, delete). Every form is plain and comes back to `path`.
 */
export function MyGaragePage({ config, path, messages, account }: MyGaragePageProps) {
  const title = PAGE_TITLES['my-garage'];
  return (
    <article className="fa-page fa-garage">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1>{title}</h1>
      <PageMessages messages={messages} />
      {account.kind === 'signed-out' ? (
        <>
          <p className="fa-lede">{ACCOUNT_TEXTS.signedOut}</p>
          <p>
            <a className="fc-btn fc-btn--primary" href={signInPath('my-garage', path)}>
              Sign in
            </a>
          </p>
        </>
      ) : account.kind === 'unavailable' ? (
        <div className="flf-alert fa-alert" role="alert">
          {ACCOUNT_TEXTS.unavailable}
        </div>
      ) : (
        <GarageSections config={config} path={path} summary={account.summary} cars={account.cars} />
      )}
    </article>
  );
}

function GarageSections({ config, path, summary, cars }: { config: GarageConfig; path: string; summary: AccountSummary; cars: ReadonlyMap<string, CarLookup> }) {
  const name = summary.user.first_name?.trim();
  return (
    <>
      <p className="fa-lede">{name ? `Welcome back, ${name}.` : 'Welcome back.'} Everything you keep on {config.name}'s site, in one place.</p>
      {config.features.watchlist ? <GarageSavedCars ids={summary.watchlist} cars={cars} /> : null}
      <GarageSearches searches={summary.saved_searches} smsAlerts={summary.preferences.sms_alerts} redirect={path} />
      <GarageReservations reservations={summary.reservations} cars={cars} timeZone={config.time_zone} />
      <GarageEnquiries enquiries={summary.enquiries} cars={cars} timeZone={config.time_zone} />
      <GarageDetails summary={summary} redirect={path} />
      <GarageSignOut />
      <GarageData dealer={config.name} />
    </>
  );
}

/** The cars My Garage names: the first saved cars it lists (when the watchlist is on), then reserved and enquired cars. */
export function garageCarIds(summary: Pick<AccountSummary, 'watchlist' | 'reservations' | 'enquiries'>, watchlistOn: boolean, savedShown: number): string[] {
  const ids = [...(watchlistOn ? summary.watchlist.slice(0, savedShown) : []), ...summary.reservations.map((r) => r.car_id), ...summary.enquiries.map((e) => e.car_id)];
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}
