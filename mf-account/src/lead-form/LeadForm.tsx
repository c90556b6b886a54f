import { useEffect, useRef, useState, type FormEvent } from 'react';
import { localStorageOrNull } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';
import { advanceStep, firstStepWithError, newLeadId, sendLead, validateAll } from './flow.ts';
import { CollectionNotice } from './CollectionNotice.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { FormAlert } from './FormAlert.tsx';
import { LeadField } from './LeadField.tsx';
import { RequiredNote } from './RequiredNote.tsx';
import { StepFieldset } from './StepFieldset.tsx';
import { allFields, fieldId, initialValues, type FieldErrors, type LeadFieldName, type LeadFormConfig, type LeadValues } from './model.ts';
import { readContactDetails } from './storage.ts';
import { isTurnstileTestSiteKey, TURNSTILE_TEST_TOKEN } from './submit.ts';
import { TurnstileWidget } from './Turnstile.tsx';
import './lead-form.css';

type Status = 'idle' | 'submitting' | 'success' | 'error';

/**
 * What the shopper already typed into the server-rendered form before this island replaced it (client island mode:
 * during the first render the server form is still in the document), and which field had focus.
 */
function readServerForm(config: LeadFormConfig): { values: LeadValues; focused: string | null } {
  if (typeof document === 'undefined') return { values: {}, focused: null };
  const form = document.getElementById(`${config.id}-form`);
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-no-js')) return { values: {}, focused: null };
  const values: LeadValues = {};
  for (const f of allFields(config)) {
    // A checkbox shares its name with the hidden 'false' before it (namedItem would give a list): ask for the box.
    const box = form.querySelector(`input[type="checkbox"][name="${CSS.escape(f)}"]`);
    if (box instanceof HTMLInputElement) {
      values[f] = box.checked;
      continue;
    }
    const el = form.elements.namedItem(f);
    if (el instanceof HTMLInputElement && el.type === 'checkbox') values[f] = el.checked;
    else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) values[f] = el.value;
  }
  const active = document.activeElement;
  return { values, focused: active && form.contains(active) && active.id ? active.id : null };
}

/**
 * The lead-form island (exposed as `mf-account/LeadForm`): multi-step, validated with the spec's messages, remembered
 * contact details prefilled, one lead id per opened form, submit states of spec §4, then /success.
 */
export default function LeadForm(config: LeadFormConfig) {
  const [boot] = useState(() => {
    const server = readServerForm(config);
    const remembered = readContactDetails(localStorageOrNull());
    // Typed just now > remembered on this device > the host's prefill > the form's defaults.
    return { values: initialValues(config, config.prefill ?? {}, remembered, server.values), focused: server.focused, leadId: newLeadId() };
  });
  const [values, setValues] = useState<LeadValues>(boot.values);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(config.serverError ? 'error' : 'idle');
  const [formError, setFormError] = useState<string | null>(config.serverError ?? null);
  const [remember, setRemember] = useState(true);
  const testKey = Boolean(config.turnstileSiteKey && isTurnstileTestSiteKey(config.turnstileSiteKey));
  const [token, setToken] = useState(testKey ? TURNSTILE_TEST_TOKEN : '');
  // A Turnstile token is spent once siteverify has seen it: after a failed submit a fresh widget gets a new one.
  const [widgetRun, setWidgetRun] = useState(0);
  const [focusTarget, setFocusTarget] = useState<{ kind: 'summary' | 'step' | 'alert' | 'field'; id?: string; n: number } | null>(
    boot.focused ? { kind: 'field', id: boot.focused, n: 0 } : null,
  );
  const busy = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'summary') summaryRef.current?.focus();
    else if (focusTarget.kind === 'step') legendRef.current?.focus();
    else if (focusTarget.kind === 'alert') alertRef.current?.focus();
    else if (focusTarget.id) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const focus = (kind: 'summary' | 'step' | 'alert' | 'field', id?: string) => setFocusTarget((prev) => ({ kind, ...(id ? { id } : {}), n: (prev?.n ?? 0) + 1 }));

  const onChange = (name: LeadFieldName, value: string | boolean) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // A corrected field loses its message at once; new messages wait for Next/Submit.
    if (errors[name]) setErrors((prev) => {
      const next = { ...prev };
      delete next[name];
      return next;
    });
  };

  const fail = (found: FieldErrors, atStep: number) => {
    setErrors(found);
    setStep(atStep);
    focus('summary');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const outcome = advanceStep(config, values, step);
    if (!outcome.ok) return fail(outcome.errors, step);
    if (!outcome.last) {
      setErrors({});
      setStep(outcome.step);
      focus('step');
      return;
    }
    const all = validateAll(config, values);
    if (Object.keys(all).length) return fail(all, firstStepWithError(config, all));
    busy.current = true;
    setErrors({});
    setFormError(null);
    setStatus('submitting');
    const result = await sendLead(
      { config, values, leadId: boot.leadId, remember, ...(token ? { turnstileToken: token } : {}) },
      {
        storage: localStorageOrNull(),
        emit: (payload) => emit('lead.submitted.v1', payload),
        navigate: (href) => window.location.assign(href),
        url: window.location.href,
        userAgent: navigator.userAgent,
      },
    );
    if (result.ok) {
      setStatus('success');
      return;
    }
    // Submitting clears; the same lead id is kept, so trying again never makes a second lead.
    busy.current = false;
    if (config.turnstileSiteKey && !testKey) {
      setToken('');
      setWidgetRun((n) => n + 1);
    }
    setStatus('error');
    setFormError(result.message);
    if (Object.keys(result.fields).length) fail(result.fields, firstStepWithError(config, result.fields));
    else focus('alert');
  };

  const current = config.steps[step] ?? config.steps[0]!;
  const last = step >= config.steps.length - 1;
  const submitting = status === 'submitting' || status === 'success';
  return (
    <form id={`${config.id}-form`} className="flf" noValidate aria-label={config.title} aria-busy={submitting || undefined} onSubmit={onSubmit}>
      <FormAlert message={status === 'error' ? formError : null} alertRef={alertRef} />
      <ErrorSummary
        config={config}
        errors={errors}
        summaryRef={summaryRef}
        onPick={(name) => focus('field', fieldId(config.id, name))}
      />
      <RequiredNote />
      <StepFieldset key={step} title={current.title} index={step} count={config.steps.length} legendRef={legendRef}>
        {current.fields.map((f) => (
          <LeadField key={f} config={config} name={f} value={values[f]} controlled error={errors[f]} onChange={onChange} disabled={submitting} />
        ))}
        {last ? (
          <div className="flf-field flf-field--check">
            <input id={`${config.id}-remember`} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={submitting} />
            <label htmlFor={`${config.id}-remember`}>Remember my contact details on this device</label>
          </div>
        ) : null}
      </StepFieldset>
      {last && config.turnstileSiteKey && !testKey ? <TurnstileWidget key={widgetRun} siteKey={config.turnstileSiteKey} onToken={setToken} /> : null}
      {last ? <CollectionNotice config={config} /> : null}
      <div className="flf-actions">
        {step > 0 ? (
          <button
            type="button"
            className="fc-btn"
            disabled={submitting}
            onClick={() => {
              setErrors({});
              setStep(step - 1);
              focus('step');
            }}
          >
            Back
          </button>
        ) : null}
        <button type="submit" className="fc-btn fc-btn--primary" disabled={submitting}>
          {submitting ? <span className="flf-spinner" aria-hidden="true" /> : null}
          {last ? config.submitLabel : `Next: ${config.steps[step + 1]?.title ?? ''}`}
        </button>
      </div>
      <p className="flf-status" role="status">
        {status === 'submitting' ? 'Sending your enquiry…' : status === 'success' ? 'Enquiry sent. Opening the confirmation page…' : ''}
      </p>
    </form>
  );
}
