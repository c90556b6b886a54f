import { useState, type FormEvent } from 'react';
import './checkout.css';

/** The reserve form's props (server-rendered, then hydrated as the island `mf-vehicle/ReserveForm`). */
export type ReserveFormProps = {
  /** `POST /api/payments/reserve` (edge-api through the shell). */
  action: string;
  /** Car, form key, amount shown, return path: sent as they are. */
  hidden: Record<string, string>;
  /** 'Reserve This Car ($200)'. */
  buttonText: string;
  /** The tenant's terms and collection notice (Privacy). */
  termsHref: string;
  privacyHref: string;
  dealerName: string;
  amountLabel: string;
  postcodeRequired: boolean;
  /** The server's error text after a no-JavaScript submission (`?reserve_error=`). */
  error: string | null;
};

type Answer = { redirect_url?: string; error?: string; fields?: Record<string, string> };

/** spec §8 texts. */
const FIX_ERRORS = 'Please fix the following errors:';
const UNEXPECTED = 'An unexpected error occured';

const FIELD_LABELS: Record<string, string> = {
  name: 'First name', last_name: 'Last name', email: 'Email', phone: 'Phone', postcode: 'Postcode', message: 'Message', terms_conditions: 'Terms',
};

/**
 * Contact details and the payment terms, then on to the payment processor. Works without JavaScript (a plain form
 * POST answered with a 303 to the processor, or back here with `reserve_error`); with it, the answer's field errors
 * show beside their fields and the button says what is happening. The form key makes a double click one payment.
 */
export default function ReserveForm(props: ReserveFormProps) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(props.error);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const body = {
      ...data,
      amount: Number(data.amount),
      terms_conditions: (form.elements.namedItem('terms_conditions') as HTMLInputElement | null)?.checked === true,
    };
    setBusy(true);
    setFields({});
    setFormError(null);
    try {
      const res = await fetch(props.action, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json().catch(() => ({}))) as Answer;
      if (res.ok && answer.redirect_url) {
        window.location.assign(answer.redirect_url);
        return;
      }
      if (res.status === 401) {
        const back = `${location.pathname}${location.search}`;
        window.location.assign(`/sign-in?${new URLSearchParams({ type: 'checkout', redirect: back, back })}`);
        return;
      }
      setFields(answer.fields ?? {});
      setFormError(answer.error ?? UNEXPECTED);
    } catch {
      setFormError(UNEXPECTED);
    }
    setBusy(false);
  }

  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="fco-field__error" id={`fco-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;
  const described = (name: string) => (fields[name] ? { 'aria-invalid': true as const, 'aria-describedby': `fco-${name}-error` } : {});
  const listed = Object.entries(fields);

  return (
    <form className="fco-form" method="post" action={props.action} onSubmit={(e) => void onSubmit(e)} aria-describedby={formError ? 'fco-form-error' : undefined}>
      {formError ? (
        <div className="fco-alert fco-alert--error" role="alert" id="fco-form-error">
          {listed.length ? (
            <>
              <p>{FIX_ERRORS}</p>
              <ul>
                {listed.map(([name, message]) => (
                  <li key={name}>
                    {FIELD_LABELS[name] ?? name}: {message}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{formError}</p>
          )}
        </div>
      ) : null}
      {Object.entries(props.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="fco-fieldset">
        <legend>Your details</legend>
        <div className="fco-row">
          <label className="fco-field">
            <span>First name</span>
            <input name="name" autoComplete="given-name" required maxLength={100} {...described('name')} />
            {fieldError('name')}
          </label>
          <label className="fco-field">
            <span>Last name</span>
            <input name="last_name" autoComplete="family-name" maxLength={100} {...described('last_name')} />
            {fieldError('last_name')}
          </label>
        </div>
        <div className="fco-row">
          <label className="fco-field">
            <span>Email</span>
            <input name="email" type="email" autoComplete="email" required maxLength={254} {...described('email')} />
            {fieldError('email')}
          </label>
          <label className="fco-field">
            <span>Phone</span>
            <input name="phone" type="tel" autoComplete="tel" required maxLength={20} {...described('phone')} />
            {fieldError('phone')}
          </label>
        </div>
        <label className="fco-field fco-field--short">
          <span>Postcode{props.postcodeRequired ? '' : ' (optional)'}</span>
          <input name="postcode" inputMode="numeric" pattern="\d{4}" maxLength={4} autoComplete="postal-code" required={props.postcodeRequired} {...described('postcode')} />
          {fieldError('postcode')}
        </label>
        <label className="fco-field">
          <span>Message (optional)</span>
          <textarea name="message" rows={3} maxLength={5000} {...described('message')} />
          {fieldError('message')}
        </label>
      </fieldset>
      <label className="fco-check">
        <input type="checkbox" name="terms_conditions" value="on" required {...described('terms_conditions')} />
        <span>
          I agree to the <a href={props.termsHref}>terms and conditions</a> and to paying {props.amountLabel} to reserve this car with {props.dealerName}.
        </span>
      </label>
      {fieldError('terms_conditions')}
      <p className="fco-note">
        We pass your details to {props.dealerName} so they can contact you about this car (<a href={props.privacyHref}>collection notice</a>). Card details are entered on the
        payment page, never on this site.
      </p>
      <button type="submit" className="fc-btn fc-btn--primary fco-submit" disabled={busy}>
        {busy ? 'Going to payment…' : props.buttonText}
      </button>
    </form>
  );
}
