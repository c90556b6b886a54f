import { CollectionNotice } from './CollectionNotice.tsx';
import { FormAlert } from './FormAlert.tsx';
import { LeadField } from './LeadField.tsx';
import type { LeadFormConfig, LeadValues } from './model.ts';
import { RequiredNote } from './RequiredNote.tsx';
import { StepFieldset } from './StepFieldset.tsx';
import { isTurnstileTestSiteKey, TURNSTILE_TEST_TOKEN } from './submit.ts';

/**
 * The form without JavaScript: a plain `<form method="post">` with every step shown, posted urlencoded to edge-api,
 * which answers 303 to /success or back here with `?lead_error=`. Each checkbox follows a hidden 'false', so an
 * unticked opt_in is sent as false rather than missing (which the schema would default to true).
 */
export function NoScriptLeadForm({ config, values }: { config: LeadFormConfig; values?: LeadValues }) {
  const hidden: [string, string][] = [
    // Only a form rendered for one shopper has its own id; a shared one gets its id from edge-api at submit.
    ...(config.leadId ? ([['lead_id', config.leadId]] as [string, string][]) : []),
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
            <LeadField key={f} config={config} name={f} value={values?.[f] ?? (f === 'message' ? config.prefill?.message : undefined) ?? (f === 'opt_in' ? true : '')} controlled={false} />
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
