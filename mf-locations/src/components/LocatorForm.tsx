import type { FormEvent, RefObject } from 'react';
import { NEAR_MAX_LENGTH } from '../lib/locator-texts.ts';
import type { LocatorView } from '../lib/list-page.ts';

export type LocatorFormProps = {
  locator: LocatorView;
  /** The box's error now: the server's, or the island's own check of the box. */
  fieldError: string | null;
  /** The live region's text ('Use my location' refused), or ''. */
  live: string;
  /** 'Use my location' can be offered (hydrated, and the browser has geolocation): until then it keeps its place, invisible. */
  canLocate: boolean;
  locating?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onLocate?: () => void;
};

/** Ids the field's error and hint use (aria-describedby). */
export const LOCATOR_IDS = { form: 'fl-locator', title: 'fl-locator-title', near: 'fl-near', hint: 'fl-near-hint', error: 'fl-near-error', type: 'fl-locator-type', brand: 'fl-locator-brand' } as const;

/**
 * 'Find your nearest dealer' (spec §5 Postcode field; a GET form to /dealer-locator, so it works without JavaScript):
 * a postcode or suburb box (its error tied to it: aria-invalid, aria-describedby), the location type and brand
 * filters, Find, and 'Use my location' (island only: invisible and out of the tab order until the island can offer
 * it, so showing it moves nothing).
 */
export function LocatorForm({ locator, fieldError, live, canLocate, locating = false, inputRef, onSubmit, onLocate }: LocatorFormProps) {
  const describedBy = fieldError ? `${LOCATOR_IDS.hint} ${LOCATOR_IDS.error}` : LOCATOR_IDS.hint;
  return (
    <form className="fc-card fl-locator" id={LOCATOR_IDS.form} method="get" action="/dealer-locator" role="search" aria-labelledby={LOCATOR_IDS.title} noValidate onSubmit={onSubmit}>
      <h2 className="fl-locator__title" id={LOCATOR_IDS.title}>
        Find your nearest dealer
      </h2>
      <div className="fl-locator__fields">
        <div className="fl-field fl-field--near">
          <label htmlFor={LOCATOR_IDS.near}>Postcode or suburb</label>
          <input
            ref={inputRef}
            id={LOCATOR_IDS.near}
            name="near"
            type="text"
            inputMode="text"
            autoComplete="postal-code"
            spellCheck={false}
            maxLength={NEAR_MAX_LENGTH}
            defaultValue={locator.near}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
          />
          <p className="fl-field__hint" id={LOCATOR_IDS.hint}>
            A 4-digit postcode, or a suburb name.
          </p>
          {fieldError ? (
            <p className="fl-field__error" id={LOCATOR_IDS.error}>
              {fieldError}
            </p>
          ) : null}
        </div>
        <FilterSelect id={LOCATOR_IDS.type} name="type" label="Location type" all="All types" options={locator.typeOptions} value={locator.type} />
        <FilterSelect id={LOCATOR_IDS.brand} name="brand" label="Brand" all="All brands" options={locator.brandOptions} value={locator.brand} />
      </div>
      <div className="fl-locator__actions">
        <button className="fc-btn fc-btn--primary" type="submit">
          Find
        </button>
        <button
          className="fc-btn fl-locator__locate"
          type="button"
          data-ready={canLocate ? 'true' : 'false'}
          aria-hidden={canLocate ? undefined : true}
          tabIndex={canLocate ? undefined : -1}
          disabled={locating}
          onClick={onLocate}
        >
          {locating ? 'Finding your location…' : 'Use my location'}
        </button>
        {locator.active ? (
          <a className="fl-locator__clear" href="/dealer-locator">
            Clear search
          </a>
        ) : null}
      </div>
      <p className="fl-locator__live" role="status">
        {live}
      </p>
    </form>
  );
}

/** One of the locator's filters (type, brand): a labelled select with 'All …' first; none when there is nothing to choose. */
function FilterSelect({ id, name, label, all, options, value }: { id: string; name: string; label: string; all: string; options: ReadonlyArray<{ value: string; label: string }>; value: string }) {
  if (options.length <= 1) return null;
  return (
    <div className="fl-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
