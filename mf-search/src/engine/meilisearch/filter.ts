/**
 * Meilisearch filter strings built from a small expression tree, never by pasting input into a string.
 * - Attribute names come only from FILTER_ATTRIBUTES (a fixed allow-list); anything else throws.
 * - Every value is double-quoted with `\` and `"` escaped. Meilisearch's parser skips the character after a
 *   backslash when looking for the closing quote and then unescapes only `\"`, so an escaped value can never end
 *   the string early: a quote in a value cannot break or widen a filter. (A value holding a backslash reaches
 *   Meilisearch with its backslashes doubled, so it can only match less; the adapter's own values never hold one.)
 * - Every operand of AND/OR/NOT is parenthesised, so precedence never depends on what a child holds.
 * - An empty IN list is never emitted: `anyOf` / `noneOf` return undefined for it and the caller decides
 *   (a term filter without values is no filter, as in the embedded engine; an empty exclusion list excludes nothing).
 * Pure ESM, no Node APIs.
 */

/** Every attribute a filter may name (they are also the index's filterableAttributes, see settings.ts). */
export const FILTER_ATTRIBUTES = [
  'tenant',
  'doc_id',
  'slug',
  'show_on_dealer_website',
  'status',
  'is_sold',
  'is_reduced',
  'sale_price',
  'car_type',
  'km',
  'price',
  'year',
  'subscription_price',
  'created_at_timestamp',
  'sold_date_timestamp',
  'stocknum_key',
  'import_batch',
  'fk_car_type',
  'fk_make',
  'fk_model',
  'fk_make_model',
  'fk_simple_body',
  'fk_badge',
  'fk_status',
  'fk_categories',
  'fk_city',
  'fk_colour',
  'fk_simple_fuel',
  'fk_simple_transmission',
  'fk_simple_drive',
  'fk_dealership_slug',
  'fk_location_id',
  'fk_certified',
] as const;
export type FilterAttribute = (typeof FILTER_ATTRIBUTES)[number];

const ALLOWED = new Set<string>(FILTER_ATTRIBUTES);

export type Comparison = '=' | '!=' | '>' | '>=' | '<' | '<=';
export type FilterValue = string | number | boolean;

export type Filter =
  | { kind: 'cmp'; attribute: FilterAttribute; op: Comparison; value: FilterValue }
  | { kind: 'in'; attribute: FilterAttribute; values: FilterValue[] }
  | { kind: 'not'; filter: Filter }
  | { kind: 'and' | 'or'; filters: Filter[] };

export class FilterBuildError extends Error {
  override name = 'FilterBuildError';
}

function attribute(name: string): FilterAttribute {
  // Checked at run time too: a cast from input must not smuggle an attribute in.
  if (!ALLOWED.has(name)) throw new FilterBuildError(`Attribute not allowed in a filter: ${JSON.stringify(name)}`);
  return name as FilterAttribute;
}

function checkValue(value: FilterValue): FilterValue {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new FilterBuildError(`Not a finite number: ${value}`);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw new FilterBuildError('Filter values are strings, numbers or booleans');
  return value;
}

/** `attribute op "value"`. */
export function cmp(name: FilterAttribute, op: Comparison, value: FilterValue): Filter {
  if (!['=', '!=', '>', '>=', '<', '<='].includes(op)) throw new FilterBuildError(`Unknown operator ${JSON.stringify(op)}`);
  return { kind: 'cmp', attribute: attribute(name), op, value: checkValue(value) };
}

export const eq = (name: FilterAttribute, value: FilterValue): Filter => cmp(name, '=', value);

/** `attribute IN [...]` over the distinct values, or undefined for an empty list. */
export function anyOf(name: FilterAttribute, values: readonly FilterValue[]): Filter | undefined {
  const distinct = [...new Set(values.map(checkValue))];
  if (distinct.length === 0) return undefined;
  return { kind: 'in', attribute: attribute(name), values: distinct };
}

/** `NOT attribute IN [...]` (also true for documents without the attribute), or undefined for an empty list. */
export function noneOf(name: FilterAttribute, values: readonly FilterValue[]): Filter | undefined {
  const inList = anyOf(name, values);
  return inList && not(inList);
}

export function not(filter: Filter): Filter {
  return { kind: 'not', filter };
}

/** AND of the defined operands; undefined when none. */
export function and(...filters: (Filter | undefined)[]): Filter | undefined {
  const defined = filters.filter((f): f is Filter => f !== undefined);
  if (defined.length === 0) return undefined;
  return defined.length === 1 ? defined[0] : { kind: 'and', filters: defined };
}

/** OR of the defined operands; undefined when none. */
export function or(...filters: (Filter | undefined)[]): Filter | undefined {
  const defined = filters.filter((f): f is Filter => f !== undefined);
  if (defined.length === 0) return undefined;
  return defined.length === 1 ? defined[0] : { kind: 'or', filters: defined };
}

/** Inclusive range: `a >= "min" AND a <= "max"`; undefined when neither bound is a finite number. */
export function range(name: FilterAttribute, bounds: { min?: number | undefined; max?: number | undefined } | undefined): Filter | undefined {
  if (!bounds) return undefined;
  const min = typeof bounds.min === 'number' && Number.isFinite(bounds.min) ? cmp(name, '>=', bounds.min) : undefined;
  const max = typeof bounds.max === 'number' && Number.isFinite(bounds.max) ? cmp(name, '<=', bounds.max) : undefined;
  return and(min, max);
}

/** A value as a Meilisearch quoted string: `"` and `\` escaped with a backslash. */
export function quote(value: FilterValue): string {
  const text = typeof value === 'string' ? value : String(value);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The filter string Meilisearch receives. */
export function toFilterString(filter: Filter): string {
  switch (filter.kind) {
    case 'cmp':
      return `${attribute(filter.attribute)} ${filter.op} ${quote(filter.value)}`;
    case 'in':
      if (filter.values.length === 0) throw new FilterBuildError('Empty IN list');
      return `${attribute(filter.attribute)} IN [${filter.values.map(quote).join(', ')}]`;
    case 'not':
      return `NOT (${toFilterString(filter.filter)})`;
    case 'and':
    case 'or': {
      if (filter.filters.length === 0) throw new FilterBuildError(`Empty ${filter.kind.toUpperCase()}`);
      const joiner = filter.kind === 'and' ? ' AND ' : ' OR ';
      return filter.filters.map((f) => `(${toFilterString(f)})`).join(joiner);
    }
  }
}
