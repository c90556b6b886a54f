import { ACCOUNT_API, type AccountSummary } from '@forecourt/contracts/account';
import { ALERTS_EXPLAINED } from './alerts-text.ts';
import { HiddenFields } from './HiddenFields.tsx';

/**
 * My Garage's profile form (POST ACCOUNT_API.profile): first name, last name, email and the text-alerts choice. The
 * unticked box still sends `sms_alerts=false` (a hidden field before it; the last value counts, as in the lead-form kit).
 */
export function GarageDetails({ summary, redirect }: { summary: Pick<AccountSummary, 'user' | 'preferences'>; redirect: string }) {
  const { user } = summary;
  return (
    <section className="fa-section" aria-labelledby="fa-garage-details-h">
      <h2 id="fa-garage-details-h">Your details</h2>
      <p>
        Signed in with the mobile number <strong>{user.phone}</strong>.
      </p>
      <form method="post" action={ACCOUNT_API.profile} className="flf fa-form">
        <HiddenFields redirect={redirect} />
        <div className="flf-step">
          <div className="flf-field">
            <label htmlFor="fa-first-name">First name</label>
            <input id="fa-first-name" name="first_name" type="text" autoComplete="given-name" maxLength={100} defaultValue={user.first_name ?? ''} />
          </div>
          <div className="flf-field">
            <label htmlFor="fa-last-name">Last name</label>
            <input id="fa-last-name" name="last_name" type="text" autoComplete="family-name" maxLength={100} defaultValue={user.last_name ?? ''} />
          </div>
          <div className="flf-field flf-field--wide">
            <label htmlFor="fa-email">Email</label>
            <input id="fa-email" name="email" type="email" autoComplete="email" maxLength={254} defaultValue={user.email ?? ''} />
          </div>
          <div className="flf-field flf-field--check">
            <input type="hidden" name="sms_alerts" value="false" />
            <input id="fa-sms-alerts" name="sms_alerts" type="checkbox" value="true" defaultChecked={summary.preferences.sms_alerts} aria-describedby="fa-sms-alerts-hint" />
            <label htmlFor="fa-sms-alerts">Text me alerts about my saved cars and searches</label>
            <p id="fa-sms-alerts-hint" className="flf-hint">
              {ALERTS_EXPLAINED}
            </p>
          </div>
        </div>
        <div className="flf-actions">
          <button type="submit" className="fc-btn fc-btn--primary">
            Save details
          </button>
        </div>
      </form>
    </section>
  );
}
