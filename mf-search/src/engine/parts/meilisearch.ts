/**
 * The Meilisearch adapter of the parts search port. Against the embedded one (embedded.ts): the same filters
 * (categories, price bounds, the tenant), disjunctive category counts, price sorts, paging and tenant isolation, held
 * to the same answers on the shared suite's catalogues (test/parts-adapter-suite.ts). Text matching is not the same:
 * Meilisearch forgives typos in words (never in part numbers, `PARTS_INDEX_SETTINGS.typoTolerance`) where the
 * embedded engine only matches word starts, and "most relevant" with words ranks by Meilisearch's rules (words, typo,
 * proximity, attribute, exactness) where the embedded engine counts exact words; so a misspelt or loosely worded
 * query can find or order parts differently. One index per tenant (`partsIndexUid`: `<the tenant's search_service index>-parts-<slug>`),
 * and every query also filters on the tenant, so a misfiled document can never show on another dealer's site.
 * Filters are built here from the structured request (`category IN [...] AND price >= "x" AND price <= "y"`), every
 * value quoted by filter.ts's `quote`, attributes from a fixed list. Category counts are disjunctive: with categories
 * ticked, a second query in the same `/multi-search` counts them without the category clause.
 */
import type { Meilisearch, Settings } from 'meilisearch';
import * as v from 'valibot';
import type { Part } from '@forecourt/contracts/entities/part';
import { PART_CATEGORY_LABELS } from '@forecourt/contracts/entities/part';
import { PartsSearchRequestSchema, type PartsSearchPort, type PartsSearchRequest, type PartsSort } from '@forecourt/contracts/parts-search';
import { pageWindow } from '../paging.ts';
import { createMeilisearchClient, DEFAULT_TIMEOUT_MS, type MeilisearchOptions } from '../meilisearch/adapter.ts';
import { SearchServiceError, SearchUnavailableError, unwrapSearchError } from '../meilisearch/errors.ts';
import { quote } from '../meilisearch/filter.ts';
import { documentId } from '../meilisearch/settings.ts';
import { categoryCounts } from './rules.ts';

/** The parts index of a tenant: one per tenant, beside the stock index it is named after. */
export const partsIndexUid = (stockIndex: string, tenant: string) => `${stockIndex}-parts-${tenant}`;

/** Attributes a filter may name (also the index's filterable attributes). */
const PARTS_FILTER_ATTRIBUTES = ['tenant', 'doc_id', 'category', 'price'] as const;
type PartsFilterAttribute = (typeof PARTS_FILTER_ATTRIBUTES)[number];

/** Fields added to a part in its document (removed again from hits). */
const DERIVED = ['doc_id', 'tenant', 'category_label', 'in_stock_rank', 'name_sort', 'tie_rank'] as const;

export const PARTS_INDEX_SETTINGS: Settings = {
  searchableAttributes: ['name', 'part_number', 'category_label', 'fits', 'manufacturer_slug', 'description'],
  filterableAttributes: [...PARTS_FILTER_ATTRIBUTES],
  sortableAttributes: ['price', 'tie_rank'],
  // `sort` first: a price sort is by price alone; most relevant (no sort) is words, then in stock, then name.
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'in_stock_rank:asc', 'name_sort:asc', 'tie_rank:asc'],
  // A part number is looked up exactly as the parts counter has it (as the stock index's `stocknum`): 'PZ434-G1005'
  // must not also match a neighbouring part number one character away.
  typoTolerance: { disableOnAttributes: ['part_number'] },
  faceting: { maxValuesPerFacet: 100 },
  pagination: { maxTotalHits: 10_000 },
};

const SORTS: Readonly<Record<PartsSort, string[]>> = {
  relevance: [],
  price_asc: ['price:asc', 'tie_rank:asc'],
  price_desc: ['price:desc', 'tie_rank:asc'],
};

const clause = (attribute: PartsFilterAttribute, op: '=' | '>=' | '<=', value: string | number) => `${attribute} ${op} ${quote(value)}`;
const all = (clauses: (string | undefined)[]) => clauses.filter((c): c is string => Boolean(c)).map((c) => `(${c})`).join(' AND ');

/** The request's filters: the tenant always; the price bounds; the categories unless counting them. */
export function partsFilter(tenant: string, request: Pick<PartsSearchRequest, 'categories' | 'price'>, withCategories = true): string {
  const categories = [...new Set(request.categories)];
  return all([
    clause('tenant', '=', tenant),
    request.price.min !== undefined ? clause('price', '>=', request.price.min) : undefined,
    request.price.max !== undefined ? clause('price', '<=', request.price.max) : undefined,
    withCategories && categories.length ? `category IN [${categories.map(quote).join(', ')}]` : undefined,
  ]);
}

type PartDocument = Part & { doc_id: string; tenant: string; category_label: string; in_stock_rank: number; name_sort: string; tie_rank: number };

/** A tenant's catalogue as documents (catalogue order kept as the last tie-break, as the embedded engine). */
export function toPartDocuments(tenant: string, parts: readonly Part[]): PartDocument[] {
  return parts.map((part, i) => ({
    ...part,
    doc_id: documentId(tenant, part.id),
    tenant,
    category_label: PART_CATEGORY_LABELS[part.category],
    in_stock_rank: part.in_stock ? 0 : 1,
    name_sort: part.name.toLowerCase(),
    tie_rank: i,
  }));
}

function fromPartDocument(doc: Record<string, unknown>): Part {
  const part: Record<string, unknown> = { ...doc };
  for (const field of DERIVED) delete part[field];
  return part as Part;
}

async function settled(task: { waitTask: () => Promise<{ status: string; error: { message: string; code: string } | null }> }, ignore: string[] = []) {
  const done = await task.waitTask();
  if (done.status === 'succeeded' || (done.error && ignore.includes(done.error.code))) return;
  throw new SearchServiceError(done.error?.message ?? `Meilisearch task ${done.status}`, { status: 0, code: done.error?.code });
}

/**
 * Replaces a tenant's parts index with its catalogue: creates the index if missing, applies the settings, then swaps
 * the documents (all deleted, the catalogue added). Used by imports and tests.
 */
export async function indexParts(client: Meilisearch, uid: string, tenant: string, parts: readonly Part[]): Promise<{ documents: number }> {
  await settled(client.createIndex(uid, { primaryKey: 'doc_id' }), ['index_already_exists']);
  const index = client.index<PartDocument>(uid);
  await settled(index.updateSettings(PARTS_INDEX_SETTINGS));
  await settled(index.deleteDocuments({ filter: clause('tenant', '=', tenant) }));
  const docs = toPartDocuments(tenant, parts);
  for (let i = 0; i < docs.length; i += 1000) await settled(index.addDocuments(docs.slice(i, i + 1000), { primaryKey: 'doc_id' }));
  return { documents: docs.length };
}

type RawResult = { hits: Record<string, unknown>[]; totalHits?: number; estimatedTotalHits?: number; facetDistribution?: Record<string, Record<string, number>> };

export type MeilisearchPartsOptions = Omit<MeilisearchOptions, 'indexUid'> & {
  /** The tenant's stock index (`search_service.index`): each tenant's parts index is named after it (`partsIndexUid`). */
  stockIndex: string;
};

/**
 * The parts search port: each query goes to the scope's tenant's own parts index (`partsIndexUid`) and filters on
 * that tenant too. A tenant whose catalogue was never imported (no index) has an empty catalogue.
 * @example createMeilisearchPartsSearch({ host, apiKey, stockIndex: 'cars' }).search({ tenant: 'acme-motors' }, request)
 */
export function createMeilisearchPartsSearch(options: MeilisearchPartsOptions): PartsSearchPort {
  const { stockIndex, ...clientOptions } = options;
  const client = createMeilisearchClient({ timeoutMs: DEFAULT_TIMEOUT_MS, ...clientOptions });

  /** The answers, or null when the tenant's index does not exist. */
  async function multiSearch(queries: Record<string, unknown>[]): Promise<RawResult[] | null> {
    try {
      const response = (await client.multiSearch({ queries: queries as never })) as unknown as { results: RawResult[] };
      if (!response || !Array.isArray(response.results) || response.results.length !== queries.length) throw new SearchUnavailableError('Search service sent an unexpected multi-search response');
      return response.results;
    } catch (error) {
      const unwrapped = unwrapSearchError(error);
      if (unwrapped instanceof SearchServiceError && unwrapped.code === 'index_not_found') return null;
      throw unwrapped;
    }
  }

  return {
    async search(scope, input) {
      const request = v.parse(PartsSearchRequestSchema, input);
      const indexUid = partsIndexUid(stockIndex, scope.tenant);
      const q = request.query.trim();
      const common = { indexUid, ...(q ? { q, matchingStrategy: 'all' } : {}), attributesToHighlight: [] };
      const refined = request.categories.length > 0;
      const queries: Record<string, unknown>[] = [
        { ...common, filter: partsFilter(scope.tenant, request), page: request.page, hitsPerPage: request.hitsPerPage, sort: SORTS[request.sortBy], facets: refined ? [] : ['category'] },
      ];
      if (refined) queries.push({ ...common, filter: partsFilter(scope.tenant, request, false), limit: 0, facets: ['category'] });
      const results = await multiSearch(queries);
      if (!results) return { hits: [], categories: categoryCounts(new Map(), request.categories), count: 0, page: request.page, pages: 0, hitsPerPage: request.hitsPerPage };
      const [main, counted = main] = results;
      const count = main!.totalHits ?? main!.estimatedTotalHits ?? 0;
      const counts = new Map(Object.entries(counted!.facetDistribution?.category ?? {}));
      return {
        // Defence in depth: a hit of another tenant (a misfiled document) is never shown.
        hits: main!.hits.filter((hit) => hit.tenant === scope.tenant).map(fromPartDocument),
        categories: categoryCounts(counts, request.categories),
        count,
        page: request.page,
        pages: pageWindow(count, request.page, request.hitsPerPage).pages,
        hitsPerPage: request.hitsPerPage,
      };
    },
    async getById(scope, id) {
      const indexUid = partsIndexUid(stockIndex, scope.tenant);
      const results = await multiSearch([{ indexUid, filter: all([clause('tenant', '=', scope.tenant), clause('doc_id', '=', documentId(scope.tenant, id))]), limit: 5, attributesToHighlight: [] }]);
      // doc_id is compared case-insensitively by Meilisearch: the part is the one with exactly this id.
      return (results?.[0]?.hits ?? []).filter((hit) => hit.tenant === scope.tenant).map(fromPartDocument).find((p) => p.id === id) ?? null;
    },
  };
}
