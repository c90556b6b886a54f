import type { FacetLink } from '../lib/facets-ui.ts';
import { FacetItemText } from './FacetItemText.tsx';

/** A facet link: a plain link to the toggled URL (no JS), intercepted by the island (data-nav). */
export const FacetItemLink = ({ item, className = 'fs-item' }: { item: FacetLink; className?: string }) => (
  <a className={className} href={item.href} data-nav="" data-selected={item.selected ? '' : undefined} rel="nofollow">
    <FacetItemText item={item} />
  </a>
);
