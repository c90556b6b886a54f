/**
 * `/parts/search` (spec §7 "Offers/parts search": filters on categories and price): the tenant's parts and
 * accessories catalogue, server-rendered and complete without JavaScript. One GET form (words, categories with their
 * counts, price from/to, sort, Search) above the result cards; each card's 'Enquire about this part' reloads the same
 * search with `enquire=<id>`, which shows the part and mf-account's parts enquiry form (the lead-form slot) above the
 * results, at `#parts-enquiry`.
 */
import { Breadcrumbs } from '@forecourt/ui';
import { slotMarker } from '@forecourt/contracts/fragments';
import { formatNumber } from '@forecourt/contracts/display';
import { PART_CATEGORY_LABELS, partPriceText, type Part } from '@forecourt/contracts/entities/part';
import type { PartsSearchResponse, PartsSort } from '@forecourt/contracts/parts-search';
import { PARTS_ENQUIRY_ANCHOR, PARTS_ENQUIRY_SLOT } from '../lib/parts-enquiry.ts';
import { PARTS_SEARCH_PATH, partsSearchHref, type PartsQuery } from '../lib/parts-query.ts';

export const PARTS_SEARCH_HEADING = 'Parts and accessories search';
export const PARTS_EMPTY_TEXT = 'No parts match your search.';

/** The sort choices as the select lists them. */
export const PARTS_SORT_LABELS: Readonly<Record<PartsSort, string>> = {
  relevance: 'Most relevant',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export type PartsSearchView = {
  query: PartsQuery;
  result: PartsSearchResponse;
  /** Brand names by manufacturer slug (the tenant's data), for the cards' Brand line. */
  brands: ReadonlyMap<string, string>;
  /** The part an `enquire=` link names (this tenant's, found), shown with its enquiry form. */
  enquiry: Part | null;
};

const money = (n: number) => `$${formatNumber(n)}`;
const brandOf = (part: Part, brands: ReadonlyMap<string, string>) => (part.manufacturer_slug ? brands.get(part.manufacturer_slug) ?? part.manufacturer_slug : 'Universal');

function PartFacts({ part, brands }: { part: Part; brands: ReadonlyMap<string, string> }) {
  return (
    <dl className="fs-part__facts">
      <div><dt>Part number</dt><dd>{part.part_number}</dd></div>
      <div><dt>Category</dt><dd>{PART_CATEGORY_LABELS[part.category]}</dd></div>
      <div><dt>Brand</dt><dd>{brandOf(part, brands)}</dd></div>
      {part.fits.length > 0 && <div><dt>Fits</dt><dd>{part.fits.join(', ')}</dd></div>}
    </dl>
  );
}

function PartPrice({ part }: { part: Part }) {
  return (
    <p className="fs-part__price">
      <strong>{partPriceText(part)}</strong>
      {part.fitted_price != null && <span className="fs-part__fitted">{`Fitted ${money(part.fitted_price)}`}</span>}
      <span className="fs-part__stock" data-in-stock={part.in_stock ? '' : undefined}>{part.in_stock ? 'In stock' : 'Available to order'}</span>
    </p>
  );
}

function PartCard({ part, query, brands }: { part: Part; query: PartsQuery; brands: ReadonlyMap<string, string> }) {
  const titleId = `part-${part.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <li>
      <article className="fs-part" aria-labelledby={titleId}>
        {/* A site path or an https address: the catalogue's PartSchema refuses any other image (contracts ImageSrcSchema). */}
        {part.image && <img className="fs-part__img" src={part.image} alt="" width={320} height={240} loading="lazy" decoding="async" />}
        <h3 id={titleId} className="fs-part__name">{part.name}</h3>
        <PartFacts part={part} brands={brands} />
        {part.description && <p className="fs-part__desc">{part.description}</p>}
        <PartPrice part={part} />
        <a className="fc-btn fs-part__enquire" href={`${partsSearchHref(query, { enquire: part.id })}#${PARTS_ENQUIRY_ANCHOR}`} aria-describedby={titleId}>
          Enquire about this part
        </a>
      </article>
    </li>
  );
}

function Enquiry({ part, query, brands }: { part: Part; query: PartsQuery; brands: ReadonlyMap<string, string> }) {
  return (
    <section id={PARTS_ENQUIRY_ANCHOR} className="fs-parts-enquiry" aria-labelledby="parts-enquiry-title" tabIndex={-1}>
      <h2 id="parts-enquiry-title">Enquire about {part.name}</h2>
      <div className="fs-parts-enquiry__part">
        <PartFacts part={part} brands={brands} />
        <PartPrice part={part} />
      </div>
      <div className="fs-parts-enquiry__form" dangerouslySetInnerHTML={{ __html: slotMarker(PARTS_ENQUIRY_SLOT) }} />
      <a className="fs-clear" href={partsSearchHref(query)}>Close the enquiry</a>
    </section>
  );
}

function Paging({ query, pages }: { query: PartsQuery; pages: number }) {
  if (pages <= 1) return null;
  const current = Math.min(query.page, pages);
  const numbers = [...new Set([1, current - 1, current, current + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return (
    <nav className="fs-parts-paging" aria-label="Pages">
      <ul>
        {current > 1 && <li><a href={partsSearchHref(query, { page: current - 1 })} rel="prev">Previous</a></li>}
        {numbers.map((n) => (
          <li key={n}>
            {n === current ? <span aria-current="page">{n}</span> : <a href={partsSearchHref(query, { page: n })} aria-label={`Page ${n}`}>{n}</a>}
          </li>
        ))}
        {current < pages && <li><a href={partsSearchHref(query, { page: current + 1 })} rel="next">Next</a></li>}
      </ul>
    </nav>
  );
}

function SearchForm({ query, result }: { query: PartsQuery; result: PartsSearchResponse }) {
  return (
    <form className="fs-parts-form" method="get" action={PARTS_SEARCH_PATH} role="search" aria-label="Parts and accessories">
      <div className="fs-parts-field">
        <label htmlFor="parts-query">Search parts</label>
        <input id="parts-query" name="query" type="search" defaultValue={query.query} maxLength={200} placeholder="e.g. floor mats" autoComplete="off" />
      </div>
      <fieldset className="fs-facet">
        <legend>Category</legend>
        {result.categories.length === 0 ? (
          <p className="fs-subhead">No categories to choose from.</p>
        ) : (
          <ul className="fs-list">
            {result.categories.map((c) => (
              <li key={c.value}>
                <label className="fs-parts-check">
                  <input type="checkbox" name="category" value={c.value} defaultChecked={query.categories.includes(c.value)} />
                  <span>{PART_CATEGORY_LABELS[c.value]}</span> <span className="fs-item__count">{`(${formatNumber(c.count)})`}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className="fs-facet">
        <legend>Price</legend>
        <div className="fs-parts-price">
          <div className="fs-parts-field">
            <label htmlFor="parts-price-min">From ($)</label>
            <input id="parts-price-min" name="price_min" type="number" inputMode="numeric" min={0} step="any" defaultValue={query.priceMin ?? ''} />
          </div>
          <div className="fs-parts-field">
            <label htmlFor="parts-price-max">To ($)</label>
            <input id="parts-price-max" name="price_max" type="number" inputMode="numeric" min={0} step="any" defaultValue={query.priceMax ?? ''} />
          </div>
        </div>
      </fieldset>
      <div className="fs-parts-field">
        <label htmlFor="parts-sort">Sort by</label>
        <select id="parts-sort" name="sortBy" defaultValue={query.sortBy}>
          {(Object.keys(PARTS_SORT_LABELS) as PartsSort[]).map((s) => (
            <option key={s} value={s}>{PARTS_SORT_LABELS[s]}</option>
          ))}
        </select>
      </div>
      <button type="submit" className="fc-btn fc-btn--primary">Search</button>
    </form>
  );
}

/** The page: breadcrumbs, heading, the form beside the results (the enquiry first when one is open), paging. */
export function PartsSearchPage({ view }: { view: PartsSearchView }) {
  const { query, result, brands, enquiry } = view;
  const filtered = Boolean(query.query || query.categories.length || query.priceMin !== undefined || query.priceMax !== undefined);
  return (
    <div className="fs-page fs-parts">
      <header className="fs-page-head">
        <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Parts and accessories', href: '/vehicle-parts-and-accessories' }, { label: 'Search' }]} />
        <h1>{PARTS_SEARCH_HEADING}</h1>
      </header>
      <div className="fs-parts-layout">
        <SearchForm query={query} result={result} />
        <div className="fs-parts-results">
          {enquiry && <Enquiry part={enquiry} query={query} brands={brands} />}
          <h2 className="fs-parts-count" id="parts-results-title">
            {result.count === 1 ? '1 part' : `${formatNumber(result.count)} parts`}
          </h2>
          {result.hits.length === 0 ? (
            <div className="fs-parts-empty">
              <p>{PARTS_EMPTY_TEXT}</p>
              {filtered && <a className="fs-clear" href={PARTS_SEARCH_PATH}>Clear the search</a>}
            </div>
          ) : (
            <ul className="fs-parts-list" aria-labelledby="parts-results-title">
              {result.hits.map((part) => (
                <PartCard key={part.id} part={part} query={query} brands={brands} />
              ))}
            </ul>
          )}
          <Paging query={query} pages={result.pages} />
        </div>
      </div>
    </div>
  );
}
