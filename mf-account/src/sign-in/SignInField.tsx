import type { ReactNode } from 'react';
import { fieldId, type FormMode } from './markup.ts';
import type { PhoneField } from './model.ts';

type SignInFieldProps = {
  name: PhoneField | 'token';
  label: string;
  hint?: string | undefined;
  required: boolean;
  error?: string | undefined;
  mode: FormMode;
  /** Another element that describes the field (read before its hint), e.g. where the code went. */
  describedBy?: string;
  children: (a11y: Record<string, unknown>) => ReactNode;
};

/** A labelled field with its hint and its message, tied with aria-describedby; aria-invalid while it has a message. */
export function SignInField({ name, label, hint, required, error, mode, describedBy: extra, children }: SignInFieldProps) {
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
