/**
 * Meilisearch index settings and the document shape (one index for many tenants; every query filters `tenant`).
 *
 * A document is the Car as the feed sent it plus these fields (all derived at import, see toDocument):
 * - `doc_id`: primary key, base64url of `tenant NUL id` (ids are unique per tenant only; Meilisearch keys allow
 *   only [A-Za-z0-9_-]).
 * - `tenant`: the tenant slug; `import_batch`: the stock import that wrote it (older batches are deleted).
 * - `is_sold`: status sold or the feed's sold flag (spec §4); `sold_rank` the same as 0/1, the first key of every sort
 *   (cars for sale before sold ones; Meilisearch sorts numbers, not booleans); `sale_price`: the price the card shows
 *   (pricing.ts sortPrice, 0 for none), what price sorts rank by and filter on; `is_reduced`: shown at a reduced price
 *   (the specials); `stocknum_key`: the stock number trimmed, lowercased
 *   and URI-encoded (excluded stock numbers compare on it; encoded so a filter value never holds `"` or `\`).
 * - `type_rank`: spec §9 type order (new 0, demo 1, used 2); `tie_rank`: the car's position in the "most relevant"
 *   order of its tenant's import (type order, newest first, id), the last tie-break of every sort so pages never
 *   overlap, exactly as in the embedded engine.
 * - `body_label`: the body type's label ('Ute', 'SUV'), searchable like the embedded engine's text.
 * - `fk_<facet>`: the facet's normalised key (facetKey: 'Land Rover' and 'land-rover' are one value), filtered on.
 * - `fd_<facet>`: `key US value US label` (US = U+001F) with the tenant's canonical spelling and label of that key
 *   (first car of the import, as the embedded engine), so facetDistribution yields one entry per key with its label.
 * Pure ESM, no Node APIs.
 */
import type { Meilisearch, Settings } from 'meilisearch';
import type { Car } from '@forecourt/contracts/entities/car';
import { TERM_FACETS, type TermFacet } from '@forecourt/contracts/search';
import { facetKey, facetLabel, facetRawValues, type FacetValueInfo } from '../facets.ts';
import { isReduced, sortPrice } from '../pricing.ts';
import { compareRelevance, saleRank, TYPE_ORDER } from '../sorting.ts';
import { isSold } from '../visibility.ts';
import { and, eq, FILTER_ATTRIBUTES, not, toFilterString } from './filter.ts';
import { SearchServiceError } from './errors.ts';

export const PRIMARY_KEY = 'doc_id';
/** Separates key, value and label inside an `fd_` facet value. */
export const FACET_SEPARATOR = '\u001f';

export const facetKeyAttribute = <F extends TermFacet>(facet: F) => `fk_${facet}` as const;
export const facetDisplayAttribute = <F extends TermFacet>(facet: F) => `fd_${facet}` as const;
export const FACET_DISPLAY_ATTRIBUTES = TERM_FACETS.map(facetDisplayAttribute);

/** Fields the adapter adds to a Car; removed again when a hit is turned back into a Car. */
export const DERIVED_FIELDS = [
  PRIMARY_KEY, 'tenant', 'import_batch', 'is_sold', 'sold_rank', 'sale_price', 'is_reduced', 'stocknum_key', 'type_rank', 'tie_rank', 'body_label',
  ...TERM_FACETS.map(facetKeyAttribute), ...FACET_DISPLAY_ATTRIBUTES,
] as const;

export type CarDocument = Car & {
  doc_id: string;
  tenant: string;
  import_batch: string;
  is_sold: boolean;
  sold_rank: 0 | 1;
  sale_price: number;
  is_reduced: boolean;
  stocknum_key?: string;
  type_rank: number;
  tie_rank: number;
  body_label: string | null;
} & Partial<Record<`fk_${TermFacet}` | `fd_${TermFacet}`, string | string[]>>;

/** Searchable text in ranked order: what the embedded engine searches (text.ts), most telling fields first. */
export const SEARCHABLE_ATTRIBUTES = ['make', 'model', 'badge', 'series', 'name', 'body', 'body_label', 'colour', 'stocknum'];

export const SORTABLE_ATTRIBUTES = ['sold_rank', 'sale_price', 'price', 'km', 'created_at_timestamp', 'subscription_price', 'type_rank', 'tie_rank'];

/**
 * Ranking: `sort` first, so a chosen sort (price, km, latest) orders the hits and words only filter them, as in
 * the embedded engine; without a sort ("most relevant") text relevance leads and the spec §9 type order, newest
 * first and the import's tie rank break ties (they are also the whole order of a search without words).
 */
export const RANKING_RULES = ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'type_rank:asc', 'created_at_timestamp:desc', 'tie_rank:asc'];

/** Above the largest facet (makes x models of one tenant stay far below 1000 values). */
export const MAX_VALUES_PER_FACET = 1000;
/** Deep pages of large stock stay reachable (page 1000 x 100 hits). */
export const MAX_TOTAL_HITS = 100_000;

export const INDEX_SETTINGS: Settings = {
  searchableAttributes: SEARCHABLE_ATTRIBUTES,
  filterableAttributes: [...FILTER_ATTRIBUTES, ...FACET_DISPLAY_ATTRIBUTES],
  sortableAttributes: SORTABLE_ATTRIBUTES,
  rankingRules: RANKING_RULES,
  displayedAttributes: ['*'],
  distinctAttribute: null,
  // The embedded engine's typo rules (text.ts): none under 4 characters, 1 from 4, 2 from 8; none on stock numbers.
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 }, disableOnAttributes: ['stocknum'] },
  faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET, sortFacetValuesBy: { '*': 'count' } },
  pagination: { maxTotalHits: MAX_TOTAL_HITS },
};

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Primary key of a tenant's car: injective, and only characters Meilisearch accepts. */
export function documentId(tenant: string, id: string): string {
  return base64url(new TextEncoder().encode(`${tenant}\u0000${id}`));
}

/** Stock number as excluded stock numbers are compared (visibility.ts: trimmed, case-insensitive), URI-encoded. */
export function stocknumKey(stocknum: string): string {
  return encodeURIComponent(stocknum.trim().toLowerCase());
}

/** The cars a tenant's index holds: first of each id, preferring one shown on the website (as the embedded engine). */
function distinctCars(cars: readonly Car[]): Car[] {
  const byId = new Map<string, Car>();
  for (const car of cars) {
    const held = byId.get(car.id);
    if (!held || (held.show_on_dealer_website !== true && car.show_on_dealer_website === true)) byId.set(car.id, car);
  }
  return [...byId.values()];
}

/** Turns a tenant's whole stock into documents (canonical facet spellings and tie ranks need the whole stock). */
export function toDocuments(tenant: string, cars: readonly Car[], importBatch: string): CarDocument[] {
  const stock = distinctCars(cars);
  // Canonical spelling and label per facet key: first car shown on the website, in feed order (embedded: describe()).
  const info = Object.fromEntries(TERM_FACETS.map((f) => [f, new Map<string, FacetValueInfo>()])) as Record<TermFacet, Map<string, FacetValueInfo>>;
  for (const car of stock) {
    if (car.show_on_dealer_website !== true) continue;
    for (const facet of TERM_FACETS) {
      for (const raw of facetRawValues(car, facet)) {
        const key = facetKey(raw);
        if (key !== '' && !info[facet].has(key)) info[facet].set(key, { value: raw, label: facetLabel(facet, raw, car) });
      }
    }
  }
  const tie = new Map([...stock].sort(compareRelevance).map((car, rank) => [car.id, rank]));
  return stock.map((car) => {
    const doc: CarDocument = {
      ...car,
      doc_id: documentId(tenant, car.id),
      tenant,
      import_batch: importBatch,
      is_sold: isSold(car),
      sold_rank: saleRank(car),
      sale_price: sortPrice(car),
      is_reduced: isReduced(car),
      type_rank: TYPE_ORDER[car.car_type],
      tie_rank: tie.get(car.id)!,
      body_label: car.simple_body ? facetLabel('simple_body', car.simple_body) : null,
    };
    if (car.stocknum) doc.stocknum_key = stocknumKey(car.stocknum);
    for (const facet of TERM_FACETS) {
      const keys = [...new Set(facetRawValues(car, facet).map(facetKey).filter(Boolean))];
      if (keys.length === 0) continue;
      const display = keys.map((key) => {
        const known = info[facet].get(key) ?? { value: key, label: key };
        return [key, known.value, known.label].join(FACET_SEPARATOR);
      });
      doc[facetKeyAttribute(facet)] = facet === 'categories' ? keys : keys[0]!;
      doc[facetDisplayAttribute(facet)] = facet === 'categories' ? display : display[0]!;
    }
    return doc;
  });
}

/** A hit back into a Car (the derived fields removed) and its tie rank. */
export function fromDocument(doc: Record<string, unknown>): { car: Car; tieRank: number } {
  const car: Record<string, unknown> = { ...doc };
  for (const field of DERIVED_FIELDS) delete car[field];
  return { car: car as Car, tieRank: typeof doc.tie_rank === 'number' ? doc.tie_rank : Number.MAX_SAFE_INTEGER };
}

/** Splits an `fd_` facet value into its key, value and label. */
export function parseFacetDisplay(text: string): { key: string; value: string; label: string } {
  const [key = '', value = key, label = value] = text.split(FACET_SEPARATOR);
  return { key, value, label };
}

async function settled(task: { waitTask: () => Promise<{ status: string; error: { message: string; code: string; type: string; link: string } | null }> }, ignoreCodes: string[] = []): Promise<void> {
  const done = await task.waitTask();
  if (done.status === 'succeeded') return;
  if (done.error && ignoreCodes.includes(done.error.code)) return;
  throw new SearchServiceError(done.error?.message ?? `Meilisearch task ${done.status}`, { status: 0, code: done.error?.code, type: done.error?.type, link: done.error?.link });
}

/** Creates the index if missing and applies INDEX_SETTINGS (idempotent: run it before every import). */
export async function ensureIndex(client: Meilisearch, uid: string): Promise<void> {
  await settled(client.createIndex(uid, { primaryKey: PRIMARY_KEY }), ['index_already_exists']);
  await settled(client.index(uid).updateSettings(INDEX_SETTINGS));
}

/** Documents per request when importing. */
export const IMPORT_CHUNK = 1000;

/**
 * Replaces a tenant's stock in the index: adds/replaces every car (waiting for each task), then deletes the
 * tenant's documents left from earlier imports. Other tenants' documents are untouched.
 */
export async function indexStock(client: Meilisearch, uid: string, tenant: string, cars: readonly Car[], importBatch: string = crypto.randomUUID()): Promise<{ documents: number }> {
  const docs = toDocuments(tenant, cars, importBatch);
  const index = client.index<CarDocument>(uid);
  for (let i = 0; i < docs.length; i += IMPORT_CHUNK) {
    await settled(index.addDocuments(docs.slice(i, i + IMPORT_CHUNK), { primaryKey: PRIMARY_KEY }));
  }
  const stale = and(eq('tenant', tenant), not(eq('import_batch', importBatch)))!;
  await settled(index.deleteDocuments({ filter: toFilterString(stale) }));
  return { documents: docs.length };
}
