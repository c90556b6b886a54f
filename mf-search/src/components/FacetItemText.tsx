import { formatNumber } from '@forecourt/contracts/display';
import type { FacetLink } from '../lib/facets-ui.ts';

/** Facet item text: label, count, and the selected state for screen readers (the tick is decorative). */
export function FacetItemText({ item }: { item: FacetLink }) {
  return (
    <>
      <span className="fs-check" aria-hidden="true" />
      <span className="fs-item__label">{item.label}</span> <span className="fs-item__count">({formatNumber(item.count)})</span>
      {item.selected ? <span className="fc-visually-hidden">, selected</span> : null}
    </>
  );
}
