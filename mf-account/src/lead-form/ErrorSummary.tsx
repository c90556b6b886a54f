import type { Ref } from 'react';
import { FIELD_DEFS, fieldId, type FieldErrors, type LeadFieldName, type LeadFormConfig } from './model.ts';

export const ERROR_SUMMARY_TITLE = 'Please fix the following errors:';

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
