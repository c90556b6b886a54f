import type { ReactNode } from 'react';

/** One input with its slider, label, range hint and error (described by both, spec §5 messages). */
export function SliderField({ id, label, hint, error, input, slider, prefix, suffix }: { id: string; label: string; hint: string; error?: string | null; input: ReactNode; slider: ReactNode; prefix?: string; suffix?: string }) {
  return (
    <div className={error ? 'ffc-field ffc-field--error' : 'ffc-field'}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <span className="ffc-field__input">
        {prefix && <span aria-hidden="true">{prefix}</span>}
        {input}
        {suffix && <span aria-hidden="true">{suffix}</span>}
      </span>
      {slider}
      <small id={`${id}-hint`} className="ffc-field__hint">
        {hint}
      </small>
      {error && (
        <p id={`${id}-error`} className="ffc-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
