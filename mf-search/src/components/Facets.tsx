import { Fragment, type ReactNode } from 'react';
import { formatNumber } from '@forecourt/contracts/display';
import type { RangeFacet as RangeName } from '@forecourt/contracts/search';
import { makeGroups, type FacetLink, type FacetsView, type MakeGroup } from '../lib/facets-ui.ts';
import type { RangeValue } from '../lib/slider.ts';
import type { UrlRefinements } from '../lib/url-state.ts';
import { RangeFacet } from './RangeFacet.tsx';

type Props = {
  facets: FacetsView;
  pathname: string;
  refinements: UrlRefinements;
  interactive: boolean;
  onRange: (facet: RangeName, range: RangeValue) => void;
  /** Changes when a load failed: range controls drop what was not applied. */
  resetKey?: number;
  children?: ReactNode;
};

/** Facet item text: label, count, and the selected state for screen readers (the tick is decorative). */
function ItemText({ item }: { item: FacetLink }) {
  return (
    <>
      <span className="fs-check" aria-hidden="true" />
      <span className="fs-item__label">{item.label}</span> <span className="fs-item__count">({formatNumber(item.count)})</span>
      {item.selected ? <span className="fc-visually-hidden">, selected</span> : null}
    </>
  );
}

/** A facet link: a plain link to the toggled URL (no JS), intercepted by the island (data-nav). */
const ItemLink = ({ item, className = 'fs-item' }: { item: FacetLink; className?: string }) => (
  <a className={className} href={item.href} data-nav="" data-selected={item.selected ? '' : undefined} rel="nofollow">
    <ItemText item={item} />
  </a>
);

function MakeCard({ item }: { item: FacetLink }) {
  return (
    <a className="fs-make" href={item.href} data-nav="" data-selected={item.selected ? '' : undefined} rel="nofollow">
      {item.logo ? <img src={item.logo} alt="" width={40} height={40} loading="lazy" decoding="async" /> : <span className="fs-make__mono" aria-hidden="true">{item.label.charAt(0)}</span>}
      <span className="fs-make__name">{item.label}</span>
      <span className="fs-item__count">({formatNumber(item.count)})</span>
      {item.selected ? <span className="fc-visually-hidden">, selected</span> : null}
    </a>
  );
}

/** Make cards (spec §4 Make facet, §9): N shown, the rest behind Show all makes / Hide extra makes; models expander. */
function MakeFacet({ makes }: { makes: FacetsView['makes'] }) {
  if (!makes.items.length) return null;
  const card = (item: FacetLink) => (
    <li key={item.value}>
      <MakeCard item={item} />
      {item.selected && makes.models && makes.models.make === item.label && makes.models.items.length ? (
        <details className="fs-disclosure fs-models" open={makes.models.items.some((m) => m.selected)}>
          <summary>
            Select models<span className="fc-visually-hidden"> of {item.label}</span>
          </summary>
          <ul className="fs-list">
            {makes.models.items.map((m) => (
              <li key={m.value}>
                <ItemLink item={m} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
  const { shown, more } = makeGroups(makes);
  const group = (g: MakeGroup, i: number) => (
    <Fragment key={`${g.heading ?? 'more'}-${i}`}>
      {g.heading ? <h4 className="fs-subhead">{g.heading}</h4> : null}
      <ul className="fs-makes">{g.items.map(card)}</ul>
    </Fragment>
  );
  return (
    <section className="fs-facet" aria-labelledby="fs-facet-make">
      <h3 id="fs-facet-make">Make</h3>
      {shown.map(group)}
      {more.length ? (
        <details className="fs-disclosure fs-more" open={more.some((g) => g.items.some((m) => m.selected))}>
          <summary>
            <span className="fs-more__show">Show all makes</span>
            <span className="fs-more__hide">Hide extra makes</span>
          </summary>
          {more.map(group)}
        </details>
      ) : null}
    </section>
  );
}

/** The facets panel (spec §2 Search results): search input (children), makes, bodies, lists, ranges. */
export function Facets({ facets, pathname, refinements, interactive, onRange, resetKey = 0, children }: Props) {
  return (
    <>
      {children}
      <MakeFacet makes={facets.makes} />
      {facets.bodies.length ? (
        <section className="fs-facet" aria-labelledby="fs-facet-body">
          <h3 id="fs-facet-body">Body type</h3>
          <ul className="fs-bodies">
            {facets.bodies.map((item) => (
              <li key={item.value}>
                <a className="fs-item fs-body" href={item.href} data-nav="" data-selected={item.selected ? '' : undefined} rel="nofollow">
                  {item.logo ? <img src={item.logo} alt="" width={48} height={24} loading="lazy" decoding="async" /> : null}
                  <ItemText item={item} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {facets.ranges.map((control) => (
        <RangeFacet key={control.facet} control={control} pathname={pathname} refinements={refinements} interactive={interactive} onChange={onRange} resetKey={resetKey} />
      ))}
      {facets.lists.map((list) => (
        <section key={list.facet} className="fs-facet" aria-labelledby={`fs-facet-${list.facet}`}>
          <h3 id={`fs-facet-${list.facet}`}>{list.title}</h3>
          <ul className="fs-list">
            {list.items.map((item) => (
              <li key={item.value}>
                <ItemLink item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
