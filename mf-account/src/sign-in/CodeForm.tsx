import type { ChangeEvent, FormEvent } from 'react';
import { OTP_LENGTH, SIGN_IN_API } from '@forecourt/contracts/sign-in';
import { SignInField } from './SignInField.tsx';
import { HiddenJourney } from './HiddenJourney.tsx';
import { CODE_FORM_ID, CODE_SENT, NEW_CODE_LABEL, RESEND_FORM_ID, RESEND_LABEL, SENDING_LABEL, SIGN_IN_ID, sentToText, VERIFYING_LABEL, type FormMode } from './markup.ts';
import { FIELD_LABELS, phoneStepHref, type SignInQuery } from './model.ts';

export type CodeFormProps = {
  mode: FormMode;
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
        <SignInField name="token" label={FIELD_LABELS.token} hint={`The ${OTP_LENGTH} digits in the text message.`} required error={error} mode={mode} describedBy={`${SIGN_IN_ID}-sent`}>
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
        </SignInField>
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
