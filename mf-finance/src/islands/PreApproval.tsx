import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { QUICK_ESTIMATE, QUOTE_DEBOUNCE_MS } from '@forecourt/contracts/constants';
import { formatAud, formatNumber } from '@forecourt/contracts/display';
import {
  CAR_CONTEXT_KEYS, checkDetails, LOAN_TERMS, yearsText, clampPrice, CODE_MESSAGE, codeOf, CREDIT_LABELS, DETAIL_FIELDS, DETAIL_LABELS, estimateQuery, LAST_STEP, PREAPPROVAL_HEADING,
  PREAPPROVAL_MESSAGES, PREAPPROVAL_STEPS, priceDigits, TERMS_TEXT, type CarContext, type DetailField, type DetailsDraft, type Estimate, type StepNumber,
} from '../lib/preapproval.ts';
import '../styles/finance.css';

/** Where the steps post (routes/preapproval.ts), and the quote the first step shows. */
export const PREAPPROVAL_API = '/api/finance/preapproval';
const QUOTE_API = '/api/finance/quote';

export type PreApprovalProps = {
  step: StepNumber;
  estimate: Estimate;
  details: DetailsDraft;
  car: CarContext;
  /** Messages by field (details, `code`), from the server's check of a plain form. */
  fieldErrors: Partial<Record<DetailField | 'code' | 'terms', string>>;
  /** A message for the whole step (spec §8 texts). */
  error: string | null;
  /** Step 3's personalised quote. */
  quote: FinanceQuickQuoteResponse | null;
  /** The phone the code went to, masked (steps 3 and 4). */
  phone: string | null;
  /** The shopper has proven the phone (a retried final submit needs no code). */
  verified: boolean;
  /** The application was made (a plain form's last answer): where the lender continues it. */
  redirectUrl: string | null;
  /** 'dialog': the popup variant, opened from a link (the finance enquiry pages); default inline (#finance-form). */
  variant?: 'inline' | 'dialog';
};

type FieldName = DetailField | 'code' | 'terms';
const AUTOCOMPLETE: Record<DetailField, string> = { firstName: 'given-name', lastName: 'family-name', email: 'email', phone: 'tel', postCode: 'postal-code' };
const TYPES: Record<DetailField, string> = { firstName: 'text', lastName: 'text', email: 'email', phone: 'tel', postCode: 'text' };

/** The link to a step of the plain (no-JavaScript) journey, the estimate and the car in its query. */
function stepHref(step: StepNumber, estimate: Estimate, car: CarContext): string {
  return `/finance?${new URLSearchParams({ step: String(step), ...estimateQuery(estimate), ...car })}#finance-form`;
}

/** The masked phone (0412 ••• 678) as a screen reader should hear it: "your mobile ending 678". */
function MaskedPhone({ phone }: { phone: string | null }) {
  if (!phone) return <>your mobile</>;
  return (
    <>
      <span aria-hidden="true">{phone}</span>
      <span className="fc-visually-hidden">your mobile ending {phone.slice(-3)}</span>
    </>
  );
}

/** Hidden fields carrying the car (and, for forms that post details, the estimate). */
function CarFields({ car }: { car: CarContext }) {
  return (
    <>
      {CAR_CONTEXT_KEYS.map((key) => (car[key] ? <input key={key} type="hidden" name={key} value={car[key]} /> : null))}
    </>
  );
}

/**
 * The instant pre-approval (spec §2 Finance page popup variant, §4 Finance popup journey): 4 steps — Quick Estimate,
 * Your Details, Instant pre-approval, Apply to lender. Server-rendered as plain forms that work without JavaScript
 * (step 1 a GET form to step 2; steps 2 and 4 POST to routes/preapproval.ts, which sends the shopper on with a 303);
 * once hydrated, the same forms move between steps in place, focus goes to each step's heading, field errors are
 * tied to their fields, and the final submit ends on the lender's page.
 */
export default function PreApproval(props: PreApprovalProps) {
  const [step, setStep] = useState<StepNumber>(props.step);
  const [estimate, setEstimate] = useState<Estimate>(props.estimate);
  const [priceText, setPriceText] = useState(formatNumber(props.estimate.price));
  const [details, setDetails] = useState<DetailsDraft>(props.details);
  const [code, setCode] = useState('');
  const [terms, setTerms] = useState(false);
  const [verified, setVerified] = useState(props.verified);
  const [fieldErrors, setFieldErrors] = useState(props.fieldErrors);
  const [error, setError] = useState<string | null>(props.error);
  const [notice, setNotice] = useState<string | null>(null);
  const [quote, setQuote] = useState<FinanceQuickQuoteResponse | null>(props.quote);
  const [estimateQuote, setEstimateQuote] = useState<FinanceQuickQuoteResponse | null>(null);
  const [phone, setPhone] = useState<string | null>(props.phone);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const moved = useRef(false);
  const { car } = props;

  useEffect(() => setHydrated(true), []);
  // Focus follows the shopper to each new step's heading (not on first render: the page decides that).
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
  }, [step]);
  // Step 1's estimate: the provider's quick quote, 500 ms after the last change (spec §5); nothing on failure. Only once
  // the shopper changes something: a page view alone costs no provider call (the page's calculator quotes already).
  useEffect(() => {
    if (!hydrated || step !== 1 || !touched) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(QUOTE_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ selfAssessedCreditScore: estimate.credit, purchasePrice: estimate.price, loanTerm: estimate.term, ...(car.vin ? { vin: car.vin } : {}), ...(car.nvic ? { nvic: car.nvic } : {}) }),
        signal: controller.signal,
      })
        .then((r) => (r.ok ? r.json() : null))
        .then((q: FinanceQuickQuoteResponse | null) => setEstimateQuote(q && typeof q.weeklyRepaymentAmount === 'number' ? q : null))
        .catch(() => setEstimateQuote(null));
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [hydrated, touched, step, estimate.price, estimate.term, estimate.credit]);

  const go = (to: StepNumber, message: string | null = null) => {
    moved.current = true;
    setError(message);
    setNotice(null);
    setStep(to);
  };
  /** Field errors shown and the first invalid field focused. */
  const refuse = (fields: Partial<Record<FieldName, string>>) => {
    setFieldErrors(fields);
    const first = (step === 4 ? ['code', 'terms'] : DETAIL_FIELDS).find((f) => fields[f as FieldName]);
    if (first) requestAnimationFrame(() => document.getElementById(`ffp-${first}`)?.focus());
  };

  async function post(body: Record<string, unknown>): Promise<{ status: number; data: Record<string, unknown> } | null> {
    try {
      const res = await fetch(PREAPPROVAL_API, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
      const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      return { status: res.status, data };
    } catch {
      return null;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (step === 1) {
      const price = clampPrice(priceText);
      setEstimate((e) => ({ ...e, price }));
      setPriceText(formatNumber(price));
      go(2);
      return;
    }
    if (step === 3) {
      go(4);
      return;
    }
    if (step === 2) {
      const checked = checkDetails(details);
      if (!checked.ok) return refuse(checked.fields);
      setFieldErrors({});
      setBusy(true);
      const answer = await post({ action: 'details', ...estimateQuery(estimate), ...car, ...details, subscribe: details.subscribe === true });
      setBusy(false);
      if (answer?.status === 200) {
        setQuote((answer.data.quote as FinanceQuickQuoteResponse | null) ?? null);
        setPhone(typeof answer.data.phone === 'string' ? answer.data.phone : null);
        go(3);
      } else if (answer?.data.fields) refuse(answer.data.fields as Record<string, string>);
      else setError(typeof answer?.data.error === 'string' ? answer.data.error : PREAPPROVAL_MESSAGES.advance);
      return;
    }
    // Step 4: a new code, or the final submit.
    if (submitter?.value === 'resend') {
      setBusy(true);
      const answer = await post({ action: 'resend' });
      setBusy(false);
      if (answer?.status === 200) {
        setError(null);
        setNotice(`We have texted a new code to ${typeof answer.data.phone === 'string' ? answer.data.phone : 'your mobile'}.`);
      } else setError(typeof answer?.data.error === 'string' ? answer.data.error : PREAPPROVAL_MESSAGES.advance);
      return;
    }
    const missing: Partial<Record<FieldName, string>> = {
      ...(!verified && !codeOf(code) ? { code: CODE_MESSAGE } : {}),
      ...(!terms ? { terms: TERMS_TEXT } : {}),
    };
    if (Object.keys(missing).length) return refuse(missing);
    setFieldErrors({});
    setNotice(null);
    setBusy(true);
    const answer = await post({ action: 'apply', code, terms });
    if (answer?.status === 200 && typeof answer.data.redirectUrl === 'string') {
      // The lender's application (or the dealer's confirmation page): the journey ends there.
      window.location.assign(answer.data.redirectUrl);
      return;
    }
    setBusy(false);
    // The server says whether the code is still needed (a session gone: yes; verified before YouX failed: no).
    if (typeof answer?.data.verified === 'boolean') setVerified(answer.data.verified);
    if (answer?.data.fields) refuse(answer.data.fields as Record<string, string>);
    else if (answer?.status === 409) go(1, PREAPPROVAL_MESSAGES.expired);
    else setError(typeof answer?.data.error === 'string' ? answer.data.error : PREAPPROVAL_MESSAGES.submit);
  }

  const title = PREAPPROVAL_STEPS[step - 1];
  const errorId = 'ffp-error';
  const fieldError = (name: FieldName) =>
    fieldErrors[name] ? (
      <p className="ffc-field__error" id={`ffp-${name}-error`}>
        {fieldErrors[name]}
      </p>
    ) : null;
  const described = (name: FieldName, hint?: string) => [hint, fieldErrors[name] ? `ffp-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const back = step > 1 && !props.redirectUrl ? (step - 1) as StepNumber : null;
  const weekly = (q: FinanceQuickQuoteResponse) => formatAud(Math.round(q.weeklyRepaymentAmount));

  const content = (
    <div className="ffp" role="region" aria-labelledby="ffp-heading">
      <h2 id="ffp-heading">{PREAPPROVAL_HEADING}</h2>
      <ol className="ffp-progress" aria-label="Steps">
        {PREAPPROVAL_STEPS.map((label, i) => (
          <li key={label} aria-current={i + 1 === step ? 'step' : undefined} className={i + 1 < step ? 'ffp-progress__done' : undefined}>
            <span className="ffp-progress__n" aria-hidden="true">{i + 1}</span> {label}
            {i + 1 < step ? <span className="fc-visually-hidden"> (done)</span> : null}
          </li>
        ))}
      </ol>
      <form
        className="ffp-form"
        method={step === 1 || step === 3 ? 'get' : 'post'}
        action={step === 1 || step === 3 ? '/finance#finance-form' : PREAPPROVAL_API}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={error ? errorId : undefined}
      >
        <h3 id="ffp-step-heading" ref={heading} tabIndex={-1}>
          Step {step} of {LAST_STEP}: {title}
        </h3>
        {error ? (
          <p className="ffp-alert" role="alert" id={errorId}>
            {error}
          </p>
        ) : null}
        {notice ? (
          <p className="ffp-notice" role="status">
            {notice}
          </p>
        ) : null}
        <CarFields car={car} />
        {step === 1 ? (
          <>
            <input type="hidden" name="step" value="2" />
            <div className="ffc-field">
              <label htmlFor="ffp-price">Purchase price</label>
              <div className="ffc-field__input">
                <span aria-hidden="true">$</span>
                <input
                  id="ffp-price" name="vehiclePriceBudget" inputMode="numeric" autoComplete="off" value={priceText} aria-describedby="ffp-price-hint"
                  onChange={(e) => setPriceText(priceDigits(e.target.value))}
                  onBlur={() => {
                    const price = clampPrice(priceText);
                    setPriceText(formatNumber(price));
                    setEstimate((x) => ({ ...x, price }));
                    setTouched(true);
                  }}
                />
              </div>
              <span className="ffc-field__hint" id="ffp-price-hint">
                {formatAud(QUICK_ESTIMATE.minPrice)} to {formatAud(QUICK_ESTIMATE.maxPrice)}
              </span>
            </div>
            <div className="ffc-field">
              <label htmlFor="ffp-term">Loan term</label>
              <select id="ffp-term" name="loanTerm" value={estimate.term} onChange={(e) => {
                  setEstimate((x) => ({ ...x, term: Number(e.target.value) }));
                  setTouched(true);
                }}>
                {LOAN_TERMS.map((t) => (
                  <option key={t} value={t}>
                    {yearsText(t)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="ffc-frequency">
              <legend>Credit history</legend>
              {(['GREAT', 'DECENT', 'POOR'] as const).map((c) => (
                <label key={c}>
                  <input type="radio" name="selfAssessedCreditScore" value={c} checked={estimate.credit === c} onChange={() => {
                      setEstimate((x) => ({ ...x, credit: c }));
                      setTouched(true);
                    }} /> {CREDIT_LABELS[c]}
                </label>
              ))}
            </fieldset>
            <div className="ffc-result" aria-live="polite">
              {estimateQuote ? (
                <p className="ffc-result__payment">
                  Estimated <strong>{weekly(estimateQuote)}</strong> per week at {estimateQuote.advertisedRate}% p.a. (comparison rate {estimateQuote.comparisonRate}% p.a.)
                </p>
              ) : (
                <p className="ffc-note">Your estimate is worked out on a {estimate.term} year term with a 10% deposit and a 30% final payment. Getting pre-approved has no impact on your credit score.</p>
              )}
            </div>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <input type="hidden" name="action" value="details" />
            {Object.entries(estimateQuery(estimate)).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <p className="ffc-note">All fields are required unless marked optional.</p>
            <div className="ffp-grid">
              {DETAIL_FIELDS.map((f) => (
                <div key={f} className={fieldErrors[f] ? 'ffc-field ffc-field--error' : 'ffc-field'}>
                  <label htmlFor={`ffp-${f}`}>{DETAIL_LABELS[f]}</label>
                  <div className="ffc-field__input">
                    <input
                      id={`ffp-${f}`} name={f} type={TYPES[f]} autoComplete={AUTOCOMPLETE[f]} required
                      {...(f === 'postCode' ? { inputMode: 'numeric' as const, maxLength: 4 } : {})}
                      value={details[f] ?? ''} aria-invalid={fieldErrors[f] ? true : undefined} aria-describedby={described(f, f === 'phone' ? 'ffp-phone-hint' : undefined)}
                      onChange={(e) => setDetails((d) => ({ ...d, [f]: e.target.value }))}
                    />
                  </div>
                  {f === 'phone' ? (
                    <span className="ffc-field__hint" id="ffp-phone-hint">
                      We text a code to it to confirm it is you.
                    </span>
                  ) : null}
                  {fieldError(f)}
                </div>
              ))}
            </div>
            <label className="ffp-check">
              <input type="checkbox" name="subscribe" checked={details.subscribe === true} onChange={(e) => setDetails((d) => ({ ...d, subscribe: e.target.checked }))} /> Send me offers and news (optional)
            </label>
          </>
        ) : null}
        {step === 3 ? (
          <>
            <input type="hidden" name="step" value="4" />
            {Object.entries(estimateQuery(estimate)).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <div className="ffc-result">
              {quote ? (
                <>
                  <p className="ffc-result__payment">
                    You are pre-approved for about <strong>{weekly(quote)}</strong> per week
                  </p>
                  <dl className="ffc-result__list">
                    <div><dt>Amount</dt><dd>{formatAud(estimate.price)}</dd></div>
                    <div><dt>Term</dt><dd>{yearsText(estimate.term)}</dd></div>
                    <div><dt>Interest rate</dt><dd>{quote.advertisedRate}% p.a.</dd></div>
                    <div><dt>Comparison rate</dt><dd>{quote.comparisonRate}% p.a.</dd></div>
                  </dl>
                </>
              ) : (
                <p className="ffc-result__payment">
                  Your details are ready for pre-approval on {formatAud(estimate.price)} over {yearsText(estimate.term)}.
                </p>
              )}
              <p className="ffc-note">Subject to the lender's checks. Based on a 10% deposit and a 30% final payment; no impact on your credit score.</p>
            </div>
            <p>
              We have texted a 6-digit code to <MaskedPhone phone={phone} />. You will need it on the next step to apply.
            </p>
          </>
        ) : null}
        {step === 4 && props.redirectUrl ? (
          <div className="ffc-result" role="status">
            <p className="ffc-result__payment">Your application has been sent to the lender.</p>
            <p>
              <a className="fc-btn fc-btn--primary" href={props.redirectUrl}>
                Continue your application with the lender
              </a>
            </p>
          </div>
        ) : null}
        {step === 4 && !props.redirectUrl ? (
          <>
            {verified ? (
              <p>Your mobile is confirmed. Apply to send your application to the lender.</p>
            ) : (
              <div className={fieldErrors.code ? 'ffc-field ffc-field--error' : 'ffc-field'}>
                <label htmlFor="ffp-code">
                  Code we texted to <MaskedPhone phone={phone} />
                </label>
                <div className="ffc-field__input">
                  <input
                    id="ffp-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} required aria-required="true"
                    aria-invalid={fieldErrors.code ? true : undefined} aria-describedby={described('code')}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </div>
                {fieldError('code')}
              </div>
            )}
            <div className={fieldErrors.terms ? 'ffc-field ffc-field--error' : 'ffc-field'}>
              <label className="ffp-check">
                <input
                  id="ffp-terms" type="checkbox" name="terms" checked={terms} required aria-required="true"
                  aria-invalid={fieldErrors.terms ? true : undefined} aria-describedby={described('terms')}
                  onChange={(e) => setTerms(e.target.checked)}
                />{' '}
                I agree to the terms and conditions and the privacy policy, and to my details being sent to the lender.
              </label>
              {fieldError('terms')}
            </div>
            <p className="ffc-note">Applying sends your details to the lender, who will take you through the rest of your application.</p>
          </>
        ) : null}
        <div className="ffp-actions">
          {back ? (
            hydrated ? (
              <button type="button" className="fc-btn" onClick={() => go(back)} disabled={busy}>
                Back
              </button>
            ) : (
              <a className="fc-btn" href={stepHref(back, estimate, car)}>
                Back
              </a>
            )
          ) : null}
          {step === 4 && props.redirectUrl ? null : step === 4 ? (
            <>
              <button type="submit" className="fc-btn fc-btn--primary" name="action" value="apply" disabled={busy} aria-busy={busy || undefined}>
                {busy ? 'Applying...' : 'Apply to lender'}
              </button>
              {verified ? null : (
                <button type="submit" className="fc-btn" name="action" value="resend" formNoValidate disabled={busy}>
                  Send a new code
                </button>
              )}
            </>
          ) : (
            <button type="submit" className="fc-btn fc-btn--primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Please wait...' : 'Next'}
            </button>
          )}
        </div>
      </form>
    </div>
  );
  if (props.variant !== 'dialog') return content;
  // The popup variant (spec §2): a link to the finance form that, once this island runs, opens the same 4 steps in a
  // modal dialog instead (Escape or Close shuts it, focus goes back to the link).
  return (
    <>
      <a
        className="fc-btn fc-btn--primary" href={stepHref(1, props.estimate, car)} aria-haspopup="dialog"
        onClick={(e) => {
          if (typeof dialog.current?.showModal !== 'function') return;
          e.preventDefault();
          dialog.current.showModal();
        }}
      >
        Get instant pre-approval
      </a>
      <dialog ref={dialog} className="ffp-dialog" aria-labelledby="ffp-heading">
        <div className="ffp-dialog__bar">
          <button type="button" className="fc-btn" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        {content}
      </dialog>
    </>
  );
}
