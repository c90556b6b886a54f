/**
 * The embedded parts search (the default adapter of contracts' PartsSearchPort): the tenant's catalogue in the
 * isolate, filtered and ranked in memory. A catalogue is a few hundred to a few thousand lines, so a scan per query is
 * fast; each catalogue's search words are worked out once (kept while the tenant store keeps the catalogue).
 *
 * Rules (the Meilisearch adapter, meilisearch.ts, applies the same filters, counts and sorts; its text matching also
 * forgives typos outside part numbers and ranks words by Meilisearch's own relevance rules):
 * - the text query: every word must be the start of a word of the part (name, part number, category, fits, brand,
 *   description), case and accents ignored;
 * - categories: any of the ticked ones; price: inclusive bounds in dollars;
 * - category counts are disjunctive: counted over the parts matching everything but the category refinement;
 * - most relevant: parts matching more query words exactly first (with a query), then in stock first, then by name,
 *   then catalogue order; the price sorts: by price, then catalogue order.
 */
import * as v from 'valibot';
import type { Part } from '@forecourt/contracts/entities/part';
import { PartsSearchRequestSchema, type PartsScope, type PartsSearchPort, type PartsSearchRequest, type PartsSearchResponse } from '@forecourt/contracts/parts-search';
import { pageWindow } from '../paging.ts';
import { categoryCounts, partSearchText, words } from './rules.ts';

/** A tenant's catalogue, from the tenant store (KV `parts:<slug>`), a test's map or anything else. */
export type PartsSource = (tenant: string) => Promise<readonly Part[]>;

type Doc = { part: Part; words: string[]; rank: number; name: string };

const prepared = new WeakMap<readonly Part[], Doc[]>();

function docsOf(parts: readonly Part[]): Doc[] {
  let docs = prepared.get(parts);
  if (!docs) {
    docs = parts.map((part, rank) => ({ part, words: words(partSearchText(part)), rank, name: part.name.toLowerCase() }));
    prepared.set(parts, docs);
  }
  return docs;
}

const inRange = (price: number, range: PartsSearchRequest['price']) => (range.min === undefined || price >= range.min) && (range.max === undefined || price <= range.max);

/**
 * Creates the embedded parts search over `source`; a query only ever reads `source(scope.tenant)`.
 * @example const parts = createEmbeddedPartsSearch(async (tenant) => (await store.parts(tenant)).parts);
 */
export function createEmbeddedPartsSearch(source: PartsSource): PartsSearchPort {
  return {
    async search(scope: PartsScope, input: PartsSearchRequest): Promise<PartsSearchResponse> {
      // Re-validated so no caller bypasses the contract's limits.
      const request = v.parse(PartsSearchRequestSchema, input);
      const docs = docsOf(await source(scope.tenant));
      const queryWords = [...new Set(words(request.query))];
      const exact = new Map<Doc, number>();
      const textual = docs.filter((doc) => {
        if (!queryWords.every((w) => doc.words.some((d) => d.startsWith(w)))) return false;
        exact.set(doc, queryWords.filter((w) => doc.words.includes(w)).length);
        return true;
      });
      const priced = textual.filter((doc) => inRange(doc.part.price, request.price));
      const counts = new Map<string, number>();
      for (const doc of priced) counts.set(doc.part.category, (counts.get(doc.part.category) ?? 0) + 1);
      const categories = new Set(request.categories);
      const hits = categories.size ? priced.filter((doc) => categories.has(doc.part.category)) : priced;
      const sorted = [...hits].sort((a, b) => {
        if (request.sortBy === 'price_asc') return a.part.price - b.part.price || a.rank - b.rank;
        if (request.sortBy === 'price_desc') return b.part.price - a.part.price || a.rank - b.rank;
        return (exact.get(b)! - exact.get(a)!) || Number(b.part.in_stock) - Number(a.part.in_stock) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.rank - b.rank;
      });
      const window = pageWindow(sorted.length, request.page, request.hitsPerPage);
      return {
        hits: sorted.slice(window.offset, window.end).map((d) => d.part),
        categories: categoryCounts(counts, request.categories),
        count: sorted.length,
        page: request.page,
        pages: window.pages,
        hitsPerPage: request.hitsPerPage,
      };
    },
    async getById(scope: PartsScope, id: string): Promise<Part | null> {
      return (await source(scope.tenant)).find((p) => p.id === id) ?? null;
    },
  };
}
