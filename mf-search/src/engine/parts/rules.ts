/**
 * What both parts search adapters agree on (embedded.ts, meilisearch.ts): which words a part is found by, how a query
 * splits into words, and the category facet's order. Pure, no Node APIs.
 */
import { PART_CATEGORIES, PART_CATEGORY_LABELS, type Part, type PartCategory } from '@forecourt/contracts/entities/part';
import type { PartCategoryCount } from '@forecourt/contracts/parts-search';

/**
 * Words of a text: lowercase, accents stripped, split on anything but letters and digits (so a part number
 * `PZ434-G1005-ZB` is found by `pz434 g1005` or by itself; Meilisearch splits the same way).
 */
export function words(text: string): string[] {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * The text a part is searched by: name, part number, category label, the models it fits, its brand (the slug's
 * words: `isuzu-trucks`) and description. Meilisearch's searchable attributes are the same fields.
 */
export function partSearchText(part: Part): string {
  return [part.name, part.part_number, PART_CATEGORY_LABELS[part.category], ...part.fits, part.manufacturer_slug ?? '', part.description].join(' ');
}

/** Category counts in the fixed category order: those with a match, and the refined ones even at 0 (still untickable). */
export function categoryCounts(counts: ReadonlyMap<string, number>, refined: readonly PartCategory[]): PartCategoryCount[] {
  return PART_CATEGORIES.filter((c) => (counts.get(c) ?? 0) > 0 || refined.includes(c)).map((value) => ({ value, count: counts.get(value) ?? 0 }));
}
