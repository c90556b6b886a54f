/**
 * The journey's steps as plain forms (no browser APIs, no state): each posts to edge-api with a hidden `return`, so
 * the whole journey works without JavaScript; the island (TradeInJourney.tsx) renders the same markup and posts it
 * as JSON instead. Field ids are `ftr-<name>`, the error summary's link targets.
 */
import type { ReactNode, Ref } from 'react';
import { telHref } from '@forecourt/contracts/display';
import { FIX_ERRORS_HEADING } from '@forecourt/contracts/form-errors';
import { contactPromiseText, TRADE_IN_QUESTIONS, type TradeInJourneyState, type TradeInTaxonomy } from '@forecourt/contracts/trade-in';
import {
  actionFor,
  answerFieldName,
  AU_STATES,
  fieldDomId,
  NO_ESTIMATE_TEXTS,
  offerRangeText,
  pageHref,
  SCREEN_HEADINGS,
  TRADE_IN_FIELD_LABELS,
  validUntilText,
  vehicleName,
  type TradeInScreen,
} from './rules.ts';
import { TurnstileField } from './Turnstile.tsx';
import type { TradeInJourneyProps } from './view.ts';

export type StepFormsProps = {
  props: TradeInJourneyProps;
  screen: TradeInScreen;
  state: TradeInJourneyState | null;
  error: TradeInJourneyProps['error'];
  busy: boolean;
  /** The manual form's lists (the island fills them from the taxonomy API); null: free text and the year list. */
  taxonomy: (TradeInTaxonomy & { make: string; model: string; year: string }) | null;
  headingRef?: Ref<HTMLHeadingElement>;
  alertRef?: Ref<HTMLDivElement>;
  onTaxonomyPick?: (field: 'make' | 'model' | 'year', value: string) => void;
  /** The page's path for the manual form's no-JavaScript list refinement (RefineButton); absent once the island runs. */
  refinePath?: string | undefined;
};

/** The red alert (role=alert): the form-level text, or 'Please fix the following errors:' with a link to each field. */
export function ErrorAlert({ error, alertRef }: { error: TradeInJourneyProps['error']; alertRef?: Ref<HTMLDivElement> | undefined }) {
  const listed = Object.entries(error?.fields ?? {});
  return (
    <div className="ftr-alert" role="alert" ref={alertRef} tabIndex={-1} hidden={!error} id="ftr-alert">
      {error && listed.length ? (
        <>
          <p className="ftr-alert__title">{FIX_ERRORS_HEADING}</p>
          <ul>
            {listed.map(([name, message]) => (
              <li key={name}>
                <a href={`#${fieldDomId(name)}`}>{`${TRADE_IN_FIELD_LABELS[name] ?? name}: ${message}`}</a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        (error?.message ?? '')
      )}
    </div>
  );
}

/** A field's error line and the control's aria attributes. */
function fieldA11y(name: string, error: TradeInJourneyProps['error']) {
  const message = error?.fields[name];
  return {
    attrs: message ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldDomId(name)}-error` } : {},
    line: message ? (
      <p className="ftr-error" id={`${fieldDomId(name)}-error`}>
        {message}
      </p>
    ) : null,
  };
}

function Required() {
  return (
    <span className="ftr-req" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  error: TradeInJourneyProps['error'];
  required?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
  pattern?: string;
  defaultValue?: string;
  hint?: string;
  className?: string;
};

function TextField({ name, label, error, required, type = 'text', autoComplete, inputMode, maxLength, pattern, defaultValue, hint, className }: TextFieldProps) {
  const { attrs, line } = fieldA11y(name, error);
  const hintId = hint ? `${fieldDomId(name)}-hint` : undefined;
  const described = [hintId, (attrs as { 'aria-describedby'?: string })['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ftr-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={fieldDomId(name)}>
        {label}
        {required ? <Required /> : null}
      </label>
      {hint ? (
        <p className="ftr-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={fieldDomId(name)}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        pattern={pattern}
        defaultValue={defaultValue}
        {...attrs}
        aria-describedby={described}
      />
      {line}
    </div>
  );
}

function SelectField({ name, label, error, required, options, placeholder, defaultValue, onPick }: { name: string; label: string; error: TradeInJourneyProps['error']; required?: boolean; options: readonly (string | number)[]; placeholder: string; defaultValue?: string; onPick?: ((value: string) => void) | undefined }) {
  const { attrs, line } = fieldA11y(name, error);
  return (
    <div className="ftr-field">
      <label htmlFor={fieldDomId(name)}>
        {label}
        {required ? <Required /> : null}
      </label>
      <select id={fieldDomId(name)} name={name} required={required} defaultValue={defaultValue ?? ''} onChange={onPick ? (e) => onPick(e.target.value) : undefined} {...attrs}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={String(o)}>
            {o}
          </option>
        ))}
      </select>
      {line}
    </div>
  );
}

/** 'I agree to the terms of use' where the tenant's lead rules ask (a hidden 'false' first: unticked is sent as false). */
function TermsField({ error }: { error: TradeInJourneyProps['error'] }) {
  const { attrs, line } = fieldA11y('terms_conditions', error);
  return (
    <div className="ftr-check">
      <input type="hidden" name="terms_conditions" value="false" />
      <input id={fieldDomId('terms_conditions')} type="checkbox" name="terms_conditions" value="true" required {...attrs} />
      <label htmlFor={fieldDomId('terms_conditions')}>
        I agree to the <a href="/terms-and-conditions">terms of use</a>
        <Required />
      </label>
      {line}
    </div>
  );
}

/** The hidden fields every form carries: the page to come back to, and the journey's kind and car on the first step. */
function Hidden({ props, first, journeyId }: { props: TradeInJourneyProps; first: boolean; journeyId?: string | null }) {
  return (
    <>
      <input type="hidden" name="return" value={props.returnPath} />
      {first ? <input type="hidden" name="journey" value={props.kind} /> : null}
      {first && props.carId ? <input type="hidden" name="car_id" value={props.carId} /> : null}
      {first && journeyId ? <input type="hidden" name="id" value={journeyId} /> : null}
    </>
  );
}

function Submit({ busy, children, extra }: { busy: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="ftr-actions">
      <button type="submit" className="fc-btn fc-btn--primary ftr-submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Please wait…' : children}
      </button>
      {extra}
    </div>
  );
}

/**
 * Without JavaScript, the next list of the manual form comes from a reload: this button sends the form as a GET to the
 * page itself (`refine=1`, the picks so far), which answers with the make's models, the model's years or the year's
 * badges. It comes after Continue, so Enter still continues. The island fills the lists as they change instead.
 */
function RefineButton({ lists, pagePath }: { lists: NonNullable<StepFormsProps['taxonomy']>; pagePath: string }) {
  const label = !lists.make ? 'Show the models of this make' : !lists.model ? 'Show the years of this model' : !lists.year ? 'Show the badges of this year' : null;
  if (!label) return null;
  return (
    <button type="submit" name="refine" value="1" formMethod="get" formAction={pagePath} formNoValidate className="fc-btn ftr-refine">
      {label}
    </button>
  );
}

/** The step's main column: its heading (focused when the island swaps steps), the alert and the step's form. */
export function StepForms({ props, screen, state, error, busy, taxonomy, headingRef, alertRef, onTaxonomyPick, refinePath }: StepFormsProps) {
  const journeyId = state?.id ?? null;
  const action = actionFor(screen, journeyId);
  const heading = (
    <h2 id="ftr-step-heading" className="ftr-step__heading" tabIndex={-1} ref={headingRef}>
      {SCREEN_HEADINGS[screen]}
    </h2>
  );
  const startAgain = journeyId ? (
    <p className="ftr-restart">
      <a href={props.returnPath}>Start again</a>
    </p>
  ) : null;
  const common = { className: 'ftr-form', method: 'post', action, 'aria-labelledby': 'ftr-step-heading', 'data-screen': screen } as const;

  switch (screen) {
    case 'vehicle':
      return (
        <section className="ftr-step" aria-labelledby="ftr-step-heading">
          {heading}
          <ErrorAlert error={error} alertRef={alertRef} />
          <form {...common}>
            <Hidden props={props} first />
            <p className="ftr-lead">Enter your registration and we’ll look up your car.</p>
            <div className="ftr-row">
              <TextField name="rego" label="Registration (rego)" error={error} required autoComplete="off" maxLength={12} className="ftr-field--rego" />
              <SelectField name="regoState" label="State" error={error} required options={AU_STATES} placeholder="Choose a state" />
            </div>
            <Submit busy={busy}>Find my car</Submit>
          </form>
          <p className="ftr-alt">
            <a href={pageHref(props.returnPath, { manual: '1' })} data-manual="">
              Enter my car’s details instead
            </a>
          </p>
        </section>
      );
    case 'manual': {
      const lookupMissed = state?.step === 'vehicle';
      const lists = taxonomy;
      return (
        <section className="ftr-step" aria-labelledby="ftr-step-heading">
          {heading}
          <ErrorAlert error={error} alertRef={alertRef} />
          {lookupMissed && !error ? <p className="ftr-lead">We couldn’t find that registration. Please tell us about your car instead.</p> : null}
          <form {...common}>
            <Hidden props={props} first journeyId={journeyId} />
            <div className="ftr-row">
              {lists?.makes.length ? (
                <SelectField name="make" label="Make" error={error} required options={lists.makes} placeholder="Choose a make" defaultValue={lists.make} onPick={(value) => onTaxonomyPick?.('make', value)} />
              ) : (
                <TextField name="make" label="Make" error={error} required maxLength={60} defaultValue={lists?.make ?? ''} />
              )}
              {lists?.models.length ? (
                <SelectField key={`model-${lists.make}`} name="model" label="Model" error={error} required options={lists.models} placeholder="Choose a model" defaultValue={lists.model} onPick={(value) => onTaxonomyPick?.('model', value)} />
              ) : (
                <TextField name="model" label="Model" error={error} required maxLength={80} defaultValue={lists?.model ?? ''} />
              )}
            </div>
            <div className="ftr-row">
              <SelectField
                key={`year-${lists?.model ?? ''}`}
                name="year"
                label="Year"
                error={error}
                required
                options={lists?.years.length ? lists.years : props.years}
                placeholder="Choose a year"
                defaultValue={lists?.year ?? ''}
                onPick={onTaxonomyPick ? (value) => onTaxonomyPick('year', value) : undefined}
              />
              {lists?.badges.length ? (
                <SelectField key={`badge-${lists.year}`} name="badge" label="Badge (optional)" error={error} options={lists.badges} placeholder="Choose a badge" />
              ) : (
                <TextField name="badge" label="Badge (optional)" error={error} maxLength={120} hint="The variant, e.g. Ascent Sport" />
              )}
            </div>
            {lists?.makes.length ? (
              // A link, so it works without JavaScript: the page answers `free=1` with free-text fields (the island swaps in place).
              <p className="ftr-alt">
                <a href={pageHref(props.returnPath, { journey: journeyId, manual: '1', free: '1' })} data-free="">
                  My car isn’t listed
                </a>
              </p>
            ) : null}
            <Submit busy={busy} extra={lists && refinePath ? <RefineButton lists={lists} pagePath={refinePath} /> : null}>
              Continue
            </Submit>
          </form>
          {journeyId ? null : (
            <p className="ftr-alt">
              <a href={props.returnPath} data-rego="">
                Look up my car by rego instead
              </a>
            </p>
          )}
          {startAgain}
        </section>
      );
    }
    case 'condition':
      return (
        <section className="ftr-step" aria-labelledby="ftr-step-heading">
          {state?.vehicle ? (
            <div className="ftr-car">
              <p className="ftr-car__label">Your car</p>
              <p className="ftr-car__name">{vehicleName(state.vehicle)}</p>
              <p className="ftr-car__facts">
                {[state.vehicle.body, state.vehicle.transmission, state.vehicle.fuel, state.rego_masked && state.regoState ? `${state.rego_masked} (${state.regoState})` : null].filter(Boolean).join(' · ')}
              </p>
              <p className="ftr-car__change">
                <a href={pageHref(props.returnPath, { journey: journeyId, manual: '1' })} data-manual="">
                  Not my car?
                </a>
              </p>
            </div>
          ) : null}
          {heading}
          <ErrorAlert error={error} alertRef={alertRef} />
          <form {...common}>
            <Hidden props={props} first={false} />
            <TextField
              name="odometer"
              label="Odometer (km)"
              error={error}
              required
              inputMode="numeric"
              maxLength={9}
              defaultValue={state?.odometer != null ? String(state.odometer) : ''}
              className="ftr-field--short"
              hint="The reading on the dashboard, e.g. 85,000"
            />
            {TRADE_IN_QUESTIONS.map((q) => {
              const name = answerFieldName(q.id);
              const { attrs, line } = fieldA11y(name, error);
              const chosen = state?.answers?.[q.id];
              return (
                <fieldset key={q.id} className="ftr-question" id={fieldDomId(name)} {...(line ? { 'aria-describedby': `${fieldDomId(name)}-error` } : {})}>
                  <legend>
                    {q.label}
                    <Required />
                  </legend>
                  {line}
                  <div className="ftr-options">
                    {q.options.map((o, i) => (
                      <label key={o.value} className="ftr-option">
                        <input type="radio" name={name} value={o.value} required={i === 0} defaultChecked={chosen === o.value} {...(i === 0 ? attrs : {})} />
                        <span>{o.label}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
            <Submit busy={busy}>Continue</Submit>
          </form>
          {startAgain}
        </section>
      );
    case 'contact':
      return (
        <section className="ftr-step" aria-labelledby="ftr-step-heading">
          {heading}
          <ErrorAlert error={error} alertRef={alertRef} />
          <p className="ftr-lead">{`Where should ${props.dealerName} send your offer? Fields marked * are required.`}</p>
          <form {...common}>
            <Hidden props={props} first={false} />
            <input type="hidden" name="lead_id" value={props.leadId} />
            <div className="ftr-row">
              <TextField name="name" label="First name" error={error} required autoComplete="given-name" maxLength={100} />
              <TextField name="last_name" label="Last name" error={error} autoComplete="family-name" maxLength={100} />
            </div>
            <div className="ftr-row">
              <TextField name="email" label="Email" type="email" error={error} required autoComplete="email" inputMode="email" maxLength={254} />
              {props.verifyPhone ? (
                <TextField name="phone" label="Mobile" type="tel" error={error} required autoComplete="tel" inputMode="tel" maxLength={20} hint="We text you a code to check it, e.g. 0412 345 678" />
              ) : (
                <TextField name="phone" label="Phone" type="tel" error={error} required autoComplete="tel" inputMode="tel" maxLength={20} />
              )}
            </div>
            {props.postcodeRequired ? <TextField name="postcode" label="Postcode" error={error} required autoComplete="postal-code" inputMode="numeric" maxLength={4} pattern="\d{4}" className="ftr-field--short" /> : null}
            {props.termsRequired ? <TermsField error={error} /> : null}
            <TurnstileField siteKey={props.turnstileSiteKey} />
            <p className="ftr-notice">
              {props.dealerName} collects your details to respond to your enquiry. Read our <a href={props.privacyHref}>collection notice and privacy policy</a>.
            </p>
            <Submit busy={busy}>See my offer</Submit>
          </form>
          {startAgain}
        </section>
      );
    case 'verify':
      return (
        <section className="ftr-step" aria-labelledby="ftr-step-heading">
          {heading}
          <ErrorAlert error={error} alertRef={alertRef} />
          <p className="ftr-lead">{`We’ve texted a 6-digit code to ${state?.phone_masked ?? 'your phone'}. Enter it to see your offer.`}</p>
          <form {...common}>
            <Hidden props={props} first={false} />
            <TextField name="code" label="Code" error={error} required autoComplete="one-time-code" inputMode="numeric" maxLength={6} pattern="\d{6}" className="ftr-field--short" />
            <Submit busy={busy}>Verify</Submit>
          </form>
          <form className="ftr-form ftr-form--inline" method="post" action={action} aria-label="Send a new code">
            <Hidden props={props} first={false} />
            <input type="hidden" name="resend" value="yes" />
            <p className="ftr-small">
              No code?{' '}
              <button type="submit" className="ftr-linkbtn" disabled={busy}>
                Send a new code
              </button>
            </p>
          </form>
          {startAgain}
        </section>
      );
    case 'offer': {
      const offer = state?.offer ?? null;
      return (
        <section className="ftr-step" aria-labelledby="ftr-step-heading">
          {heading}
          <ErrorAlert error={error} alertRef={alertRef} />
          {state?.vehicle ? <p className="ftr-lead">{vehicleName(state.vehicle)}</p> : null}
          {offer?.kind === 'estimate' ? (
            <>
              <div className="ftr-offer">
                <p className="ftr-offer__label">Our offer for your car</p>
                <p className="ftr-offer__range">{offerRangeText(offer)}</p>
                <p className="ftr-offer__valid">{validUntilText(offer)}</p>
              </div>
              <p className="ftr-small">The final figure is confirmed when {props.dealerName} inspects the car.</p>
              <form {...common}>
                <Hidden props={props} first={false} />
                <input type="hidden" name="accept" value="yes" />
                <Submit busy={busy}>Accept this offer</Submit>
              </form>
            </>
          ) : (
            <div className="ftr-offer ftr-offer--none">
              <p className="ftr-offer__label">No online estimate</p>
              <p>{offer?.kind === 'none' ? NO_ESTIMATE_TEXTS[offer.reason] : NO_ESTIMATE_TEXTS.unavailable}</p>
              <p className="ftr-offer__promise">
                {offer?.kind === 'none' ? contactPromiseText(offer.contact_by, props.now, props.timeZone, props.hours) : 'We’ll call you the same or next business day.'}
              </p>
              <p>
                Or call us now: <a href={telHref(props.phone)}>{props.phone}</a>
              </p>
              {offer ? null : (
                // The offer could not be made yet (a provider failed after the details were in): edge-api's accept
                // path makes the missing offer and answers it, without accepting anything.
                <form {...common}>
                  <Hidden props={props} first={false} />
                  <input type="hidden" name="accept" value="yes" />
                  <Submit busy={busy}>Try again for an online offer</Submit>
                </form>
              )}
            </div>
          )}
          {startAgain}
        </section>
      );
    }
    case 'accepted':
      return (
        <section className="ftr-step ftr-step--done" aria-labelledby="ftr-step-heading">
          {heading}
          <p className="ftr-lead">
            Thank you: {props.dealerName} has your accepted offer{state?.vehicle ? ` for your ${vehicleName(state.vehicle)}` : ''}
            {state?.offer?.kind === 'estimate' ? ` (${offerRangeText(state.offer)})` : ''}.
          </p>
          <h3 className="ftr-next__title">What happens next</h3>
          <ol className="ftr-next">
            <li>Our trade-in team calls you the same or next business day to book a time to inspect the car.</li>
            <li>Bring the car, its service books, every key and the registration papers (and your finance details if money is owing).</li>
            <li>Once the inspection matches what you told us, we confirm the offer and arrange payment{props.next.car ? ' or put it toward your next car' : ''}.</li>
          </ol>
          {props.next.car ? (
            <p className="ftr-actions">
              <a className="fc-btn fc-btn--primary" href={props.next.car.href}>
                {`Back to the ${props.next.car.name}`}
              </a>
              {props.next.finance ? (
                <a className="fc-btn" href={props.next.finance}>
                  Get finance
                </a>
              ) : null}
              {props.next.reserve ? (
                <a className="fc-btn" href={props.next.reserve}>
                  Reserve this car
                </a>
              ) : null}
            </p>
          ) : (
            <p className="ftr-actions">
              <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
                Browse our cars
              </a>
            </p>
          )}
        </section>
      );
  }
}
