import { Fragment } from 'react';
import { formatNumber } from '@forecourt/contracts/display';
import { COMPACT_MARK_BOX, compactMarkUrl } from '@forecourt/contracts/marks';
import { makeGroups, type FacetLink, type FacetsView, type MakeGroup } from '../lib/facets-ui.ts';
import { FacetItemLink } from './FacetItemLink.tsx';

/**
 * The box a make's mark gets in the filter (search.css `.fs-make img` states the same size, so nothing shifts when it
 * loads): the logo's compact variant (contracts marks.ts), drawn for this box.
 */
export const MAKE_MARK_BOX = COMPACT_MARK_BOX;

function MakeCard({ item }: { item: FacetLink }) {
  return (
    <a className="fs-make" href={item.href} data-nav="" data-selected={item.selected ? '' : undefined} rel="nofollow">
      {/* Decoration: the make's name is the text beside it. */}
      {item.logo ? (
        <img src={compactMarkUrl(item.logo)} alt="" width={MAKE_MARK_BOX.width} height={MAKE_MARK_BOX.height} loading="lazy" decoding="async" />
      ) : (
        <span className="fs-make__mono" aria-hidden="true">
          {item.label.charAt(0)}
        </span>
      )}
      <span className="fs-make__name">{item.label}</span>
      <span className="fs-item__count">({formatNumber(item.count)})</span>
      {item.selected ? <span className="fc-visually-hidden">, selected</span> : null}
    </a>
  );
}

/** Make cards (spec §4 Make facet, §9): N shown, the rest behind Show all makes / Hide extra makes; models expander. */
export function MakeFacet({ makes }: { makes: FacetsView['makes'] }) {
  if (!makes.items.length) return null;
  const card = (item: FacetLink) =>
    item.selected && makes.models && makes.models.make === item.label && makes.models.items.length ? (
      // The refined make and its models in one box, the models open at once (issue 13: a closed 'Select models'
      // right above the other makes' cards read as a list of other makes' models). The summary still folds them.
      <li key={item.value} className="fs-make-group">
        <MakeCard item={item} />
        <details className="fs-disclosure fs-models" open>
          <summary>
            Select models<span className="fc-visually-hidden"> of {item.label}</span>
          </summary>
          <ul className="fs-list" aria-label={`${item.label} models`}>
            {makes.models.items.map((m) => (
              <li key={m.value}>
                <FacetItemLink item={m} />
              </li>
            ))}
          </ul>
        </details>
      </li>
    ) : (
      <li key={item.value}>
        <MakeCard item={item} />
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
