import type { ChangeEvent, FormEvent } from 'react';
import { SIGN_IN_API } from '@forecourt/contracts/sign-in';
import { SignInField } from './SignInField.tsx';
import { HiddenJourney } from './HiddenJourney.tsx';
import { PHONE_FORM_ID, SENDING_LABEL, type FormMode } from './markup.ts';
import { FIELD_LABELS, NAME_MAX_LENGTH, PHONE_FIELDS, type FieldErrors, type PhoneField, type PhoneValues, type SignInQuery } from './model.ts';

const FIELD_ATTRS: Record<PhoneField, { type: 'tel' | 'text' | 'email'; autoComplete: string; inputMode: 'tel' | 'text' | 'email'; maxLength: number; hint?: string }> = {
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20, hint: 'An Australian mobile, e.g. 0412 345 678.' },
  first_name: { type: 'text', autoComplete: 'given-name', inputMode: 'text', maxLength: NAME_MAX_LENGTH },
  last_name: { type: 'text', autoComplete: 'family-name', inputMode: 'text', maxLength: NAME_MAX_LENGTH },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
};

export type PhoneFormProps = {
  mode: FormMode;
  query: Pick<SignInQuery, 'type' | 'redirect' | 'back'>;
  values?: Partial<PhoneValues>;
  errors?: FieldErrors<PhoneField>;
  busy?: boolean;
  onChange?: (name: PhoneField, value: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
};

/** Step 1: the mobile number (required) and the optional profile, then 'Send code'. */
export function PhoneForm({ mode, query, values = {}, errors = {}, busy = false, onChange, onSubmit }: PhoneFormProps) {
  const island = mode === 'island';
  return (
    <form
      id={PHONE_FORM_ID}
      className="flf fa-sign-in__form"
      method="post"
      action={SIGN_IN_API.sendCode}
      aria-labelledby={`${PHONE_FORM_ID}-title`}
      aria-busy={busy || undefined}
      {...(island ? { noValidate: true, onSubmit } : { 'data-no-js': '' })}
    >
      <h2 id={`${PHONE_FORM_ID}-title`} className="fa-sign-in__step">
        Your mobile number
      </h2>
      <HiddenJourney query={query} />
      {PHONE_FIELDS.map((name) => {
        const attrs = FIELD_ATTRS[name];
        const value = values[name] ?? '';
        const valueProps = island ? { value, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(name, e.target.value) } : { defaultValue: value };
        return (
          <SignInField key={name} name={name} label={FIELD_LABELS[name]} hint={attrs.hint} required={name === 'phone'} error={errors[name]} mode={mode}>
            {(a11y) => <input type={attrs.type} autoComplete={attrs.autoComplete} inputMode={attrs.inputMode} maxLength={attrs.maxLength} readOnly={busy || undefined} {...valueProps} {...a11y} />}
          </SignInField>
        );
      })}
      <div className="flf-actions">
        <button type="submit" className="fc-btn fc-btn--primary" disabled={busy}>
          {busy ? <span className="flf-spinner" aria-hidden="true" /> : null}
          {busy ? SENDING_LABEL : 'Send code'}
        </button>
      </div>
    </form>
  );
}
