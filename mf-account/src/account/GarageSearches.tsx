import { ACCOUNT_API, type SavedSearch } from '@forecourt/contracts/account';
import { BROWSE_HREF } from '../islands/SavedCars.tsx';
import { HiddenFields } from './HiddenFields.tsx';
import { ACCOUNT_TEXTS, savedSearchHref } from './model.ts';

/**
 * My Garage's saved searches: each label links to its search, says whether its alerts are on, and has two plain forms
 * (ACCOUNT_API.changeSearch): switch its alerts (`alerts` true/false) and Remove (no `alerts`).
 */
export function GarageSearches({ searches, smsAlerts, redirect }: { searches: readonly SavedSearch[]; smsAlerts: boolean; redirect: string }) {
  return (
    <section className="fa-section" aria-labelledby="fa-garage-searches-h">
      <h2 id="fa-garage-searches-h">Saved searches</h2>
      {searches.length === 0 ? (
        <p>
          {ACCOUNT_TEXTS.noSearches} <a href={BROWSE_HREF}>Search our stock</a>
        </p>
      ) : (
        <>
          {smsAlerts ? null : <p className="flf-hint">Text alerts are off for your account, so saved searches send no texts. Turn them on in Your details.</p>}
          <ul className="fa-list">
            {searches.map((search) => {
              const href = savedSearchHref(search.url);
              return (
                <li key={search.id} className="fa-list__row">
                  <span className="fa-list__main">
                    {href ? <a href={href}>{search.label}</a> : search.label}
                    <span className="fa-saved__meta"> Alerts {search.alerts ? 'on' : 'off'}</span>
                  </span>
                  <form method="post" action={ACCOUNT_API.changeSearch} className="fa-inline-form">
                    <HiddenFields redirect={redirect} fields={{ id: search.id, alerts: search.alerts ? 'false' : 'true' }} />
                    <button type="submit" className="fc-btn fc-btn--sm">
                      {search.alerts ? 'Turn alerts off' : 'Turn alerts on'}
                      <span className="fc-visually-hidden"> for {search.label}</span>
                    </button>
                  </form>
                  <form method="post" action={ACCOUNT_API.changeSearch} className="fa-inline-form">
                    <HiddenFields redirect={redirect} fields={{ id: search.id }} />
                    <button type="submit" className="fc-btn fc-btn--sm">
                      Remove<span className="fc-visually-hidden"> {search.label}</span>
                    </button>
                  </form>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
