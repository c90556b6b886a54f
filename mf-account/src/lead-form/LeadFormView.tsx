/**
 * The lead form's markup, shared by the server-rendered no-JavaScript form and the island, so both look and read
 * the same. Pure components: no browser APIs, no state.
 */
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { FIELD_DEFS, fieldId, isRequired, type FieldErrors, type LeadFieldName, type LeadFormConfig, type LeadValues } from './model.ts';
import { isTurnstileTestSiteKey, TURNSTILE_TEST_TOKEN } from './submit.ts';

export const ERROR_SUMMARY_TITLE = 'Please fix the following errors:';

type FieldProps = {
  config: LeadFormConfig;
  name: LeadFieldName;
  /** Controlled value (island) or initial value (server form). */
  value: string | boolean | undefined;
  controlled: boolean;
  error?: string | undefined;
  onChange?: (name: LeadFieldName, value: string | boolean) => void;
  disabled?: boolean;
};

export function LeadField({ config, name, value, controlled, error, onChange, disabled }: FieldProps) {
  const def = FIELD_DEFS[name];
  const id = fieldId(config.id, name);
  const errorId = `${id}-error`;
  const required = isRequired(name, config.rules);
  const a11y = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    // The island checks with the spec's messages; the no-JavaScript form uses the browser's own check.
    ...(controlled ? { 'aria-required': required || undefined } : { required }),
  } as const;
  const errorLine = error ? (
    <p id={errorId} className="flf-error">
      {error}
    </p>
  ) : null;
  const onText = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange?.(name, e.target.value);
  const textValue = typeof value === 'string' ? value : '';
  const valueProps = controlled ? { value: textValue, onChange: onText } : { defaultValue: textValue };

  if (def.kind === 'checkbox') {
    const checked = value === true;
    const label =
      name === 'terms_conditions' ? (
        <>
          I agree to the <a href={config.termsHref}>terms of use</a>
        </>
      ) : (
        def.label
      );
    return (
      <div className="flf-field flf-field--check" data-field={name}>
        {/* Without JavaScript an unticked box sends nothing; this 'false' before it makes that explicit (last value wins). */}
        {controlled ? null : <input type="hidden" name={name} value="false" />}
        <input
          id={id}
          name={name}
          type="checkbox"
          value="true"
          {...(controlled ? { checked, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(name, e.target.checked) } : { defaultChecked: checked })}
          disabled={disabled}
          {...a11y}
        />
        <label htmlFor={id}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
        {errorLine}
      </div>
    );
  }

  return (
    <div className="flf-field" data-field={name}>
      <label htmlFor={id}>
        {def.label}
        {required ? <RequiredMark /> : null}
      </label>
      {def.kind === 'textarea' ? (
        <textarea id={id} name={name} rows={4} maxLength={def.maxLength} disabled={disabled} {...valueProps} {...a11y} />
      ) : def.kind === 'select' ? (
        <select id={id} name={name} disabled={disabled} {...valueProps} {...a11y}>
          <option value="">Choose a location</option>
          {(config.options.location ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type={def.kind}
          autoComplete={def.autoComplete}
          inputMode={def.inputMode}
          maxLength={def.maxLength}
          pattern={controlled ? undefined : def.pattern}
          disabled={disabled}
          {...valueProps}
          {...a11y}
        />
      )}
      {errorLine}
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="flf-req" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** 'Please fix the following errors:' with a link to each field (spec §8), focused after a failed step or submit. */
export function ErrorSummary({ config, errors, summaryRef, onPick }: { config: LeadFormConfig; errors: FieldErrors; summaryRef?: Ref<HTMLDivElement>; onPick?: (name: LeadFieldName) => void }) {
  const entries = Object.entries(errors) as [LeadFieldName, string][];
  if (!entries.length) return null;
  const titleId = `${config.id}-errors-title`;
  return (
    <div className="flf-summary" ref={summaryRef} tabIndex={-1} aria-labelledby={titleId}>
      <p id={titleId} className="flf-summary__title">
        {ERROR_SUMMARY_TITLE}
      </p>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${fieldId(config.id, name)}`}
              onClick={
                onPick
                  ? (e) => {
                      e.preventDefault();
                      onPick(name);
                    }
                  : undefined
              }
            >
              {FIELD_DEFS[name].label}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The destructive alert: the server's text or 'An unexpected error occured' (spec §8 Lead form failure). */
export function FormAlert({ message, alertRef }: { message: string | null | undefined; alertRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="flf-alert" role="alert" ref={alertRef} tabIndex={-1} hidden={!message}>
      {message ?? ''}
    </div>
  );
}

/** Collection notice (Australian Privacy Principle 5): who collects the details, why, and where the policy is. */
export function CollectionNotice({ config }: { config: LeadFormConfig }) {
  return (
    <p className="flf-notice">
      {config.collector} collects your details to respond to your enquiry. Read our <a href={config.privacyHref}>collection notice and privacy policy</a>.
    </p>
  );
}

export function RequiredNote() {
  return <p className="flf-hint">Fields marked * are required.</p>;
}

/** The step's fieldset; its legend is the step title (focused when the form moves to this step). */
export function StepFieldset({ title, index, count, children, legendRef }: { title: string; index: number; count: number; children: ReactNode; legendRef?: Ref<HTMLLegendElement> }) {
  return (
    <fieldset className="flf-step">
      <legend ref={legendRef} tabIndex={legendRef ? -1 : undefined}>
        {count > 1 ? <span className="flf-step__count">Step {index + 1} of {count}: </span> : null}
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * The form without JavaScript: a plain `<form method="post">` with every step shown, posted urlencoded to edge-api,
 * which answers 303 to /success or back here with `?lead_error=`. Each checkbox follows a hidden 'false', so an
 * unticked opt_in is sent as false rather than missing (which the schema would default to true).
 */
export function NoScriptLeadForm({ config, values }: { config: LeadFormConfig; values?: LeadValues }) {
  const hidden: [string, string][] = [
    ['lead_id', config.leadId],
    ['category', config.category],
    ...(config.subcategory ? ([['subcategory', config.subcategory]] as [string, string][]) : []),
    ...(Object.entries(config.hidden).filter(([, value]) => Boolean(value)) as [string, string][]),
    ...(config.car?.id ? ([['car_id', config.car.id]] as [string, string][]) : []),
    ...(config.car?.dealership_id ? ([['car_dealership_id', config.car.dealership_id]] as [string, string][]) : []),
    // Turnstile's widget needs JavaScript: only a test site key (local runs) gives the no-JavaScript form a token.
    ...(config.turnstileSiteKey && isTurnstileTestSiteKey(config.turnstileSiteKey) ? ([['turnstile_token', TURNSTILE_TEST_TOKEN]] as [string, string][]) : []),
  ];
  const seen = new Set<string>();
  return (
    <form id={`${config.id}-form`} className="flf" method="post" action={config.action} aria-label={config.title} data-no-js="">
      <FormAlert message={config.serverError} />
      <RequiredNote />
      {hidden.map(([name, value]) => {
        if (seen.has(name)) return null;
        seen.add(name);
        return <input key={name} type="hidden" name={name} value={value} />;
      })}
      {config.steps.map((step, i) => (
        <StepFieldset key={step.title} title={step.title} index={i} count={config.steps.length}>
          {step.fields.map((f) => (
            <LeadField key={f} config={config} name={f} value={values?.[f] ?? (f === 'opt_in' ? true : '')} controlled={false} />
          ))}
        </StepFieldset>
      ))}
      <CollectionNotice config={config} />
      <div className="flf-actions">
        <button type="submit" className="fc-btn fc-btn--primary">
          {config.submitLabel}
        </button>
      </div>
    </form>
  );
}
