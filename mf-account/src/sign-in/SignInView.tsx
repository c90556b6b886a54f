/**
 * The sign-in forms' markup, shared by the server-rendered no-JavaScript page and the island, so both read the same.
 * Pure components: no browser APIs, no state. Both forms always post urlencoded to edge-api (method, action, hidden
 * redirect/type/back); the island takes the submit over with JSON when it can, and lets it through when it cannot.
 */
import type { ChangeEvent, FormEvent, ReactNode, Ref } from 'react';
import { SIGN_IN_API, OTP_LENGTH } from '@forecourt/contracts/sign-in';
import { FIELD_LABELS, maskPhone, NAME_MAX_LENGTH, PHONE_FIELDS, phoneStepHref, type FieldErrors, type PhoneField, type PhoneValues, type SignInQuery } from './model.ts';

export const SIGN_IN_ID = 'fa-sign-in';
export const fieldId = (name: PhoneField | 'token') => `${SIGN_IN_ID}-${name}`;
export const PHONE_FORM_ID = `${SIGN_IN_ID}-phone-form`;
export const CODE_FORM_ID = `${SIGN_IN_ID}-code-form`;
export const RESEND_FORM_ID = `${SIGN_IN_ID}-resend-form`;

/** Spec §4 Phone verification texts. */
export const SENDING_LABEL = 'Sending...';
export const RESEND_LABEL = 'Resend Code';
export const CODE_SENT = 'Code sent!';
export const VERIFYING_LABEL = 'Verifying...';
/** When the number a code went to is not known here (e.g. after a reload): step 1 again. */
export const NEW_CODE_LABEL = 'Send a new code or use another number';

type Mode = 'server' | 'island';

const FIELD_ATTRS: Record<PhoneField, { type: 'tel' | 'text' | 'email'; autoComplete: string; inputMode: 'tel' | 'text' | 'email'; maxLength: number; hint?: string }> = {
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20, hint: 'An Australian mobile, e.g. 0412 345 678.' },
  first_name: { type: 'text', autoComplete: 'given-name', inputMode: 'text', maxLength: NAME_MAX_LENGTH },
  last_name: { type: 'text', autoComplete: 'family-name', inputMode: 'text', maxLength: NAME_MAX_LENGTH },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
};

/** The redirect, type and back of the page, carried by each form so edge-api's 303s come back to the same journey. */
function HiddenJourney({ query }: { query: Pick<SignInQuery, 'type' | 'redirect' | 'back'> }) {
  return (
    <>
      <input type="hidden" name="redirect" value={query.redirect} />
      {query.type ? <input type="hidden" name="type" value={query.type} /> : null}
      <input type="hidden" name="back" value={query.back} />
    </>
  );
}

/** The destructive alert: a failed post's text (spec §8), announced when it appears. */
export function SignInAlert({ message, alertRef }: { message: string | null | undefined; alertRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="flf-alert" role="alert" ref={alertRef} tabIndex={-1} hidden={!message}>
      {message ?? ''}
    </div>
  );
}

type FieldProps = {
  name: PhoneField | 'token';
  label: string;
  hint?: string | undefined;
  required: boolean;
  error?: string | undefined;
  mode: Mode;
  /** Another element that describes the field (read before its hint), e.g. where the code went. */
  describedBy?: string;
  children: (a11y: Record<string, unknown>) => ReactNode;
};

/** A labelled field with its hint and its message, tied with aria-describedby; aria-invalid while it has a message. */
function Field({ name, label, hint, required, error, mode, describedBy: extra, children }: FieldProps) {
  const id = fieldId(name);
  const describedBy = [extra ?? null, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const a11y = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    // The island checks with the spec's messages; the no-JavaScript form uses the browser's own check.
    ...(mode === 'island' ? { 'aria-required': required || undefined } : { required }),
  };
  return (
    <div className="flf-field" data-field={name}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="fa-optional"> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="flf-hint">
          {hint}
        </p>
      ) : null}
      {children(a11y)}
      {error ? (
        <p id={`${id}-error`} className="flf-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type PhoneFormProps = {
  mode: Mode;
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
          <Field key={name} name={name} label={FIELD_LABELS[name]} hint={attrs.hint} required={name === 'phone'} error={errors[name]} mode={mode}>
            {(a11y) => <input type={attrs.type} autoComplete={attrs.autoComplete} inputMode={attrs.inputMode} maxLength={attrs.maxLength} readOnly={busy || undefined} {...valueProps} {...a11y} />}
          </Field>
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

export type CodeFormProps = {
  mode: Mode;
  query: Pick<SignInQuery, 'type' | 'redirect' | 'back'>;
  /** The phone the code went to, when known (shown masked; the no-JavaScript resend form carries it). */
  phone: string | null;
  code?: string;
  error?: string | undefined;
  busy?: boolean;
  /** Island: the cool-down before 'Resend Code' works again, as text. */
  resendWait?: string;
  /** Island: what just happened, announced (role=status): 'Sending...', 'Code sent! ...'. */
  announce?: string;
  resendDisabled?: boolean;
  /** Island: a new code is on its way ('Sending...' on the button). */
  resending?: boolean;
  onChange?: (value: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onResend?: () => void;
  onOtherNumber?: () => void;
};

/** Where the code went, masked (spec §4: help 'Code sent!'). */
export function sentToText(phone: string | null): string {
  return phone ? `We sent a code to ${maskPhone(phone)}.` : 'We sent a code to your mobile.';
}

/** Step 2: the 6-digit code, 'Verify', 'Resend Code' and 'Use another number'. */
export function CodeForm({ mode, query, phone, code = '', error, busy = false, resendWait = '', announce = '', resendDisabled = false, resending = false, onChange, onSubmit, onResend, onOtherNumber }: CodeFormProps) {
  const island = mode === 'island';
  const valueProps = island ? { value: code, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value) } : { defaultValue: code };
  return (
    <>
      <form
        id={CODE_FORM_ID}
        className="flf fa-sign-in__form"
        method="post"
        action={SIGN_IN_API.verify}
        aria-labelledby={`${CODE_FORM_ID}-title`}
        aria-busy={busy || undefined}
        {...(island ? { noValidate: true, onSubmit } : { 'data-no-js': '' })}
      >
        <h2 id={`${CODE_FORM_ID}-title`} className="fa-sign-in__step">
          Enter your code
        </h2>
        <p id={`${SIGN_IN_ID}-sent`} className="fa-sign-in__sent">
          {CODE_SENT} {sentToText(phone)} It can take a minute to arrive.
        </p>
        <HiddenJourney query={query} />
        <Field name="token" label={FIELD_LABELS.token} hint={`The ${OTP_LENGTH} digits in the text message.`} required error={error} mode={mode} describedBy={`${SIGN_IN_ID}-sent`}>
          {(a11y) => (
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`\\d{${OTP_LENGTH}}`}
              maxLength={OTP_LENGTH}
              className="fa-sign-in__code"
              readOnly={busy || undefined}
              {...valueProps}
              {...a11y}
            />
          )}
        </Field>
        <div className="flf-actions">
          <button type="submit" className="fc-btn fc-btn--primary" disabled={busy}>
            {busy ? <span className="flf-spinner" aria-hidden="true" /> : null}
            {busy ? VERIFYING_LABEL : 'Verify'}
          </button>
        </div>
      </form>
      <div className="fa-sign-in__more">
        {island ? (
          <>
            {phone ? (
              <button type="button" className="fc-btn" onClick={onResend} disabled={resendDisabled || busy} aria-describedby={resendWait ? `${SIGN_IN_ID}-resend-wait` : undefined}>
                {resending ? <span className="flf-spinner" aria-hidden="true" /> : null}
                {resending ? SENDING_LABEL : RESEND_LABEL}
              </button>
            ) : null}
            <button type="button" className="fc-btn" onClick={onOtherNumber} disabled={busy}>
              {phone ? 'Use another number' : NEW_CODE_LABEL}
            </button>
          </>
        ) : (
          <>
            {phone ? (
              // Without JavaScript a new code is the step 1 post again, with the number the last one went to.
              <form id={RESEND_FORM_ID} method="post" action={SIGN_IN_API.sendCode} className="fa-sign-in__inline">
                <input type="hidden" name="phone" value={phone} />
                <HiddenJourney query={query} />
                <button type="submit" className="fc-btn">
                  {RESEND_LABEL}
                </button>
              </form>
            ) : null}
            <a className="fc-btn" href={phoneStepHref(query)}>
              {phone ? 'Use another number' : NEW_CODE_LABEL}
            </a>
          </>
        )}
      </div>
      {island ? (
        <>
          {/* The cool-down as text, not only a disabled button; not a live region (it changes every second). */}
          <p id={`${SIGN_IN_ID}-resend-wait`} className="flf-hint">
            {resendWait}
          </p>
          {/* Announced only: the same words are on screen already (the sent line, the busy button). */}
          <p className="fc-visually-hidden" role="status">
            {announce}
          </p>
        </>
      ) : null}
    </>
  );
}
