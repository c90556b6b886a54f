import type { ReactNode } from 'react';
import type { RangeFacet as RangeName } from '@forecourt/contracts/search';
import type { FacetsView } from '../lib/facets-ui.ts';
import type { RangeValue } from '../lib/slider.ts';
import type { UrlRefinements } from '../lib/url-state.ts';
import { FacetItemLink } from './FacetItemLink.tsx';
import { FacetItemText } from './FacetItemText.tsx';
import { MakeFacet } from './MakeFacet.tsx';
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

/** The facets panel (spec §2 Search results): search input (children), makes, bodies, lists, ranges. */
export function Facets({ facets, pathname, refinements, interactive, onRange, resetKey = 0, children }: Props) {
  return (
    <>
      {children}
      {facets.specials ? (
        <section className="fs-facet" aria-labelledby="fs-facet-specials">
          <h3 id="fs-facet-specials">Specials</h3>
          <FacetItemLink item={facets.specials} />
        </section>
      ) : null}
      <MakeFacet makes={facets.makes} />
      {facets.bodies.length ? (
        <section className="fs-facet" aria-labelledby="fs-facet-body">
          <h3 id="fs-facet-body">Body type</h3>
          <ul className="fs-bodies">
            {facets.bodies.map((item) => (
              <li key={item.value}>
                <a className="fs-item fs-body" href={item.href} data-nav="" data-selected={item.selected ? '' : undefined} rel="nofollow">
                  {item.logo ? <img src={item.logo} alt="" width={48} height={24} loading="lazy" decoding="async" /> : null}
                  <FacetItemText item={item} />
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
                <FacetItemLink item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
