/**
 * One field of a lead form, shared by the server-rendered no-JavaScript form and the island, so both look and read
 * the same: its label, required mark, control and message. Pure: no browser APIs, no state.
 */
import type { ChangeEvent } from 'react';
import { FIELD_DEFS, fieldId, isRequired, type LeadFieldName, type LeadFormConfig } from './model.ts';

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

  // A message or a list of locations takes the whole row where short fields sit two to a row (lead-form.css).
  const wide = def.kind === 'textarea' || def.kind === 'select';
  return (
    <div className={wide ? 'flf-field flf-field--wide' : 'flf-field'} data-field={name}>
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
