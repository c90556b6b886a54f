import { ACCOUNT_API, ACCOUNT_FORM_ERRORS, ALERTS_STOP_PATH } from '@forecourt/contracts/account';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs } from '@forecourt/ui';
import { PAGE_TITLES } from '../lib/pages.ts';
import { HiddenFields } from './HiddenFields.tsx';
import { DEFAULT_GARAGE_PATH, type PageMessages as Messages } from './model.ts';
import { PageMessages } from './PageMessages.tsx';

/**
 * `/alerts/stop?t=` (issue 16: every alert text carries this link; no sign-in needed): what stopping does and one button
 * (POST ACCOUNT_API.optOut with the link's token). A token that cannot be one shows the invalid-link text instead.
 */
export function AlertsStopPage({ config, token, messages }: { config: Pick<SiteConfig, 'name'>; token: string | null; messages: Messages }) {
  const title = PAGE_TITLES['alerts-stop'];
  // After the 303 (done or refused) the page shows its message; the link's own token is not in that URL.
  const answered = Boolean(messages.done || messages.error);
  return (
    <article className="fa-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: title }]} />
      <h1>{title}</h1>
      <PageMessages messages={messages} />
      {token ? (
        <>
          <p className="fa-lede">
            Stop the texts {config.name} sends you about price drops and sold cars on your watchlist and new cars matching your saved searches. You will get no more alerts by
            text; your saved cars and searches stay in your account.
          </p>
          <form method="post" action={ACCOUNT_API.optOut} className="fa-inline-form">
            <HiddenFields redirect={ALERTS_STOP_PATH} fields={{ t: token }} />
            <button type="submit" className="fc-btn fc-btn--primary">
              Stop text alerts
            </button>
          </form>
        </>
      ) : answered ? null : (
        <div className="flf-alert fa-alert" role="alert">
          {ACCOUNT_FORM_ERRORS.link}
        </div>
      )}
      <p className="fa-back">
        You can also turn text alerts on or off in <a href={DEFAULT_GARAGE_PATH}>My Garage</a> (sign-in needed).
      </p>
    </article>
  );
}
