import type { QuickOption, QuickSearchView } from '../lib/quick-search.ts';

function Select({ id, name, label, any, options, groups }: { id: string; name: string; label: string; any: string; options?: QuickOption[]; groups?: QuickSearchView['models'] }) {
  return (
    <div className="fs-qs__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue="">
        <option value="">{any}</option>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups?.map((g) => (
          <optgroup key={g.make} label={g.make}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/**
 * The quick search slot (contracts SLOTS.quickSearch): keyword, stock type, make, model (grouped by make), body type
 * and price cap, as a GET form to the search page (works without JavaScript). Only the stock's own values are offered;
 * a field with nothing to choose is left out. Laid out by this remote's own `.fs-qs` rules (styles/search.css); the
 * host page only places the card it sits in.
 */
export function QuickSearch({ view }: { view: QuickSearchView }) {
  return (
    <>
      <h2 id="fs-quick-search-title" className="fs-qs__title">
        {view.heading}
      </h2>
      <form className="fs-qs" action={view.action} method="get" role="search" aria-labelledby="fs-quick-search-title">
        <div className="fs-qs__field fs-qs__field--wide">
          <label htmlFor="fc-home-q">Keyword</label>
          <input id="fc-home-q" name="query" type="search" placeholder="Make, model or keyword" autoComplete="off" />
        </div>
        {view.types.length > 1 && <Select id="fs-qs-type" name="car_type" label="Condition" any="New, demo and used" options={view.types} />}
        {view.makes.length > 1 && <Select id="fs-qs-make" name="make" label="Make" any="Any make" options={view.makes} />}
        {view.models.length > 0 && <Select id="fs-qs-model" name="make_model" label="Model" any="Any model" groups={view.models} />}
        {view.bodies.length > 1 && <Select id="fs-qs-body" name="simple_body" label="Body type" any="Any body type" options={view.bodies} />}
        <Select id="fs-qs-price" name="price_max" label="Price up to" any="Any price" options={view.prices} />
        <button className="fc-btn fc-btn--primary fs-qs__submit" type="submit">
          Show cars
        </button>
      </form>
    </>
  );
}
