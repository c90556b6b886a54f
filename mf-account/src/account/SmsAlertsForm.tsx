import { ACCOUNT_API } from '@forecourt/contracts/account';
import { ALERTS_EXPLAINED } from './alerts-text.ts';
import { HiddenFields } from './HiddenFields.tsx';

/**
 * The opt-in to text alerts (POST ACCOUNT_API.profile with `sms_alerts`): says what alerts are and the account's current
 * choice, with one button to change it. Plain form, so it works without JavaScript.
 */
export function SmsAlertsForm({ on, redirect }: { on: boolean; redirect: string }) {
  return (
    <section className="fa-section" aria-labelledby="fa-alerts-h">
      <h2 id="fa-alerts-h">Text alerts</h2>
      <p>{ALERTS_EXPLAINED}</p>
      <p>
        <strong>{on ? 'Text alerts are on.' : 'Text alerts are off.'}</strong>
      </p>
      <form method="post" action={ACCOUNT_API.profile} className="fa-inline-form">
        <HiddenFields redirect={redirect} fields={{ sms_alerts: on ? 'false' : 'true' }} />
        <button type="submit" className={on ? 'fc-btn' : 'fc-btn fc-btn--primary'}>
          {on ? 'Stop text alerts' : 'Text me alerts'}
        </button>
      </form>
    </section>
  );
}
