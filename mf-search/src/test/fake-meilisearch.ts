/**
 * Test support (Node only): a real HTTP server on 127.0.0.1 speaking the part of Meilisearch's documented wire
 * format the adapter uses, with its error bodies `{ message, code, type, link }`:
 * `POST /indexes`, `GET|PATCH /indexes/{uid}/settings`, `POST|PUT /indexes/{uid}/documents`,
 * `POST /indexes/{uid}/documents/delete`, `POST /indexes/{uid}/search`, `POST /multi-search`, `GET /tasks/{uid}`.
 * It evaluates filter strings itself (fake-meilisearch-filter.ts) and rejects malformed ones with `invalid_search_filter`, so
 * an escaping bug fails a test. Tasks finish at once (GET /tasks/{uid} reports them succeeded or failed).
 *
 * Differences from Meilisearch, on purpose: the text query matches every query word as a case- and
 * accent-insensitive prefix of a word in the searchable attributes (no typo tolerance, `matchingStrategy` is
 * always "all"); with words and no sort, hits with more exact word matches come first, then the custom ranking
 * rules. Switches: `outage` (503), `delayMs` (slow answers), `apiKey` (401/403).
 */
import { attributesOf, FilterSyntaxError, fieldOf, matches, parseFilter, type Expr } from './fake-meilisearch-filter.ts';

// The mf-search program has no Node types (it runs in workerd): the few node:http members used here, typed locally.
type IncomingMessage = AsyncIterable<Uint8Array> & { method?: string; url?: string; headers: Record<string, string | string[] | undefined> & { authorization?: string } };
type ServerResponse = { destroyed: boolean; writeHead(status: number, headers: Record<string, string>): unknown; end(body?: string): unknown };
type Server = {
  listen(port: number, host: string, callback: () => void): unknown;
  address(): { port: number } | string | null;
  close(callback: (error?: Error) => void): unknown;
  closeAllConnections(): void;
};
type NodeHttp = { createServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server };
/** A variable specifier keeps bundlers and the type checker away from node:http (Node-only test support). */
const NODE_HTTP = 'node:http';

type Doc = Record<string, unknown>;
type Settings = {
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  rankingRules: string[];
  displayedAttributes: string[];
  distinctAttribute: string | null;
  typoTolerance: Record<string, unknown>;
  faceting: { maxValuesPerFacet: number; sortFacetValuesBy: Record<string, string> };
  pagination: { maxTotalHits: number };
  [key: string]: unknown;
};
type Index = { uid: string; primaryKey: string | null; docs: Map<string, Doc>; settings: Settings; createdAt: string; updatedAt: string };
type Task = {
  uid: number;
  batchUid: number;
  indexUid: string | null;
  status: 'enqueued' | 'processing' | 'succeeded' | 'failed';
  type: string;
  canceledBy: null;
  details: Record<string, unknown>;
  error: MeiliError | null;
  duration: string;
  enqueuedAt: string;
  startedAt: string;
  finishedAt: string;
};
type MeiliError = { message: string; code: string; type: string; link: string };

const DEFAULT_SETTINGS = (): Settings => ({
  searchableAttributes: ['*'],
  filterableAttributes: [],
  sortableAttributes: [],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
  displayedAttributes: ['*'],
  distinctAttribute: null,
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: [] },
  faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
  pagination: { maxTotalHits: 1000 },
});

class HttpError extends Error {
  constructor(readonly status: number, readonly body: MeiliError) {
    super(body.message);
  }
}

const TYPES: Record<number, string> = { 400: 'invalid_request', 401: 'auth', 403: 'auth', 404: 'invalid_request' };
function meiliError(status: number, code: string, message: string): HttpError {
  return new HttpError(status, { message, code, type: TYPES[status] ?? 'internal', link: `https://docs.meilisearch.com/errors#${code}` });
}

/** Words of a text: lowercase, accents stripped, split on anything but letters and digits. */
function words(text: string): string[] {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function textOf(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (typeof value === 'object') return Object.values(value).map(textOf).join(' ');
  return String(value);
}

function compareValues(a: unknown, b: unknown): number {
  const missingA = a == null;
  const missingB = b == null;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1; // numbers before strings, as Meilisearch
  if (typeof b === 'number') return 1;
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export type FakeMeilisearch = {
  url: string;
  /** Indexes by uid (tests may inspect documents and settings). */
  indexes: Map<string, Index>;
  /** Requests received: method, path and parsed body. */
  requests: { method: string; path: string; body: unknown }[];
  /** While true every request gets 503 with a non-Meilisearch body (a proxy in front of a down service). */
  outage: boolean;
  /** Every answer waits this long (ms) before it is sent. */
  delayMs: number;
  close(): Promise<void>;
};

/** Starts the fake on 127.0.0.1 with a free port. With `apiKey`, requests need `Authorization: Bearer <apiKey>`. */
export async function startFakeMeilisearch(options: { apiKey?: string } = {}): Promise<FakeMeilisearch> {
  const indexes = new Map<string, Index>();
  const tasks = new Map<number, Task>();
  let nextTask = 0;

  function task(indexUid: string | null, type: string, details: Record<string, unknown>, run: () => void): Record<string, unknown> {
    const now = new Date().toISOString();
    let error: MeiliError | null = null;
    try {
      run();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      error = e.body;
    }
    const uid = nextTask++;
    tasks.set(uid, { uid, batchUid: uid, indexUid, status: error ? 'failed' : 'succeeded', type, canceledBy: null, details, error, duration: 'PT0S', enqueuedAt: now, startedAt: now, finishedAt: now });
    return { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: now };
  }

  function indexOf(uid: string): Index {
    const index = indexes.get(uid);
    if (!index) throw meiliError(404, 'index_not_found', `Index \`${uid}\` not found.`);
    return index;
  }

  function createIndex(uid: string, primaryKey: string | null): Index {
    const now = new Date().toISOString();
    const index: Index = { uid, primaryKey, docs: new Map(), settings: DEFAULT_SETTINGS(), createdAt: now, updatedAt: now };
    indexes.set(uid, index);
    return index;
  }

  function filterOf(index: Index, filter: unknown, code = 'invalid_search_filter'): Expr | undefined {
    if (filter == null) return undefined;
    let expr: Expr | undefined;
    if (typeof filter === 'string') {
      try {
        expr = parseFilter(filter);
      } catch (e) {
        if (e instanceof FilterSyntaxError) throw meiliError(400, code, `${e.message}\n${filter}`);
        throw e;
      }
    } else if (Array.isArray(filter)) {
      // Array form: AND of items, an inner array is an OR.
      const parts = filter.map((item) => (Array.isArray(item) ? item.map((s) => filterOf(index, s, code)).reduce<Expr | undefined>((l, r) => (l && r ? { kind: 'or', left: l, right: r } : l ?? r), undefined) : filterOf(index, item, code)));
      expr = parts.reduce<Expr | undefined>((l, r) => (l && r ? { kind: 'and', left: l, right: r } : l ?? r), undefined);
      return expr;
    } else {
      throw meiliError(400, code, 'Invalid syntax for the filter parameter: expected a string or an array.');
    }
    const filterable = new Set(index.settings.filterableAttributes);
    for (const attribute of attributesOf(expr)) {
      if (!filterable.has(attribute)) {
        throw meiliError(400, code, `Attribute \`${attribute}\` is not filterable. Available filterable attributes are: \`${[...filterable].sort().join(', ')}\`.\n${filter}`);
      }
    }
    return expr;
  }

  function search(index: Index, params: Record<string, unknown>): Record<string, unknown> {
    const started = performance.now();
    const s = index.settings;
    const expr = filterOf(index, params.filter);
    const q = typeof params.q === 'string' ? params.q : '';
    const qWords = words(q);
    const searchable = s.searchableAttributes.includes('*') ? undefined : s.searchableAttributes;
    let candidates: { doc: Doc; order: number; exact: number }[] = [];
    let order = 0;
    for (const doc of index.docs.values()) {
      order++;
      if (!matches(expr, doc)) continue;
      let exact = 0;
      if (qWords.length > 0) {
        const docWords = words(searchable ? searchable.map((a) => textOf(fieldOf(doc, a))).join(' ') : textOf(doc));
        if (!qWords.every((w) => docWords.some((d) => d.startsWith(w)))) continue;
        exact = qWords.filter((w) => docWords.includes(w)).length;
      }
      candidates.push({ doc, order, exact });
    }

    // Sort by the ranking rules: `sort` applies the sort parameter, custom `attr:asc|desc` rules compare fields.
    const sort = params.sort == null ? [] : (params.sort as unknown[]);
    if (!Array.isArray(sort)) throw meiliError(400, 'invalid_search_sort', 'Invalid value type at `.sort`: expected an array.');
    const sortable = new Set(s.sortableAttributes);
    const sortKeys = sort.map((item) => {
      const m = typeof item === 'string' ? /^([^:]+):(asc|desc)$/.exec(item) : null;
      if (!m) throw meiliError(400, 'invalid_search_sort', `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${String(item)}\`.`);
      if (!sortable.has(m[1]!)) throw meiliError(400, 'invalid_search_sort', `Attribute \`${m[1]}\` is not sortable. Available sortable attributes are: \`${[...sortable].sort().join(', ')}\`.`);
      return { attribute: m[1]!, dir: m[2] === 'asc' ? 1 : -1 };
    });
    const comparators: ((a: (typeof candidates)[number], b: (typeof candidates)[number]) => number)[] = [];
    for (const rule of s.rankingRules) {
      if (rule === 'sort') for (const key of sortKeys) comparators.push((a, b) => compareValues(fieldOf(a.doc, key.attribute), fieldOf(b.doc, key.attribute)) * key.dir);
      else if (rule === 'exactness' || rule === 'words') {
        if (rule === 'exactness' && qWords.length > 0) comparators.push((a, b) => b.exact - a.exact);
      } else {
        const m = /^([^:]+):(asc|desc)$/.exec(rule);
        if (m) comparators.push((a, b) => compareValues(fieldOf(a.doc, m[1]!), fieldOf(b.doc, m[1]!)) * (m[2] === 'asc' ? 1 : -1));
      }
    }
    candidates.sort((a, b) => {
      for (const compare of comparators) {
        const c = compare(a, b);
        if (c !== 0) return c;
      }
      return a.order - b.order;
    });

    // Facets are counted over every match; hits are capped at maxTotalHits.
    const facetNames = params.facets == null ? undefined : (params.facets as unknown[]);
    let facetDistribution: Record<string, Record<string, number>> | undefined;
    let facetStats: Record<string, { min: number; max: number }> | undefined;
    if (facetNames) {
      if (!Array.isArray(facetNames)) throw meiliError(400, 'invalid_search_facets', 'Invalid value type at `.facets`: expected an array.');
      const filterable = new Set(s.filterableAttributes);
      facetDistribution = {};
      facetStats = {};
      for (const name of facetNames) {
        if (typeof name !== 'string' || (!filterable.has(name) && name !== '*')) {
          throw meiliError(400, 'invalid_search_facets', `Invalid facet distribution: Attribute \`${String(name)}\` is not filterable. Available filterable attributes are: \`${[...filterable].sort().join(', ')}\`.`);
        }
        const counts = new Map<string, number>();
        let min = Infinity;
        let max = -Infinity;
        for (const { doc } of candidates) {
          const value = fieldOf(doc, name);
          const items = new Set((Array.isArray(value) ? value : [value]).filter((x) => x != null && typeof x !== 'object').map((x) => (typeof x === 'number' ? x : String(x))));
          for (const item of items) {
            if (typeof item === 'number') {
              min = Math.min(min, item);
              max = Math.max(max, item);
            }
            const key = String(item);
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
        }
        const byCount = (s.faceting.sortFacetValuesBy[name] ?? s.faceting.sortFacetValuesBy['*']) === 'count';
        const entries = [...counts].sort((a, b) => (byCount ? b[1] - a[1] : 0) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, s.faceting.maxValuesPerFacet);
        facetDistribution[name] = Object.fromEntries(entries);
        if (min !== Infinity) facetStats[name] = { min, max };
      }
    }

    const capped = candidates.slice(0, s.pagination.maxTotalHits);
    const toHit = (doc: Doc) => structuredClone(doc);
    const base: Record<string, unknown> = { query: q, processingTimeMs: Math.round(performance.now() - started) };
    if (facetDistribution) {
      base.facetDistribution = facetDistribution;
      base.facetStats = facetStats;
    }
    const int = (value: unknown, name: string, fallback: number, min = 0): number => {
      if (value == null) return fallback;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw meiliError(400, `invalid_search_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, `Invalid value at \`.${name}\`: expected a positive integer, but found \`${String(value)}\`.`);
      return value;
    };
    if (params.page != null || params.hitsPerPage != null) {
      const page = int(params.page, 'page', 1, 1);
      const hitsPerPage = int(params.hitsPerPage, 'hitsPerPage', 20);
      const start = (page - 1) * hitsPerPage;
      return {
        ...base,
        hits: capped.slice(start, start + hitsPerPage).map((c) => toHit(c.doc)),
        page,
        hitsPerPage,
        totalHits: capped.length,
        totalPages: hitsPerPage === 0 ? 0 : Math.ceil(capped.length / hitsPerPage),
      };
    }
    const offset = int(params.offset, 'offset', 0);
    const limit = int(params.limit, 'limit', 20);
    return { ...base, hits: capped.slice(offset, offset + limit).map((c) => toHit(c.doc)), offset, limit, estimatedTotalHits: capped.length };
  }

  function addDocuments(uid: string, docs: unknown, primaryKeyParam: string | null, replace: boolean): Record<string, unknown> {
    if (!Array.isArray(docs)) throw meiliError(400, 'malformed_payload', 'The `json` payload provided is malformed. `Couldn\'t serialize document value: invalid type: map, expected a sequence`.');
    return task(uid, 'documentAdditionOrUpdate', { receivedDocuments: docs.length, indexedDocuments: docs.length }, () => {
      const index = indexes.get(uid) ?? createIndex(uid, primaryKeyParam);
      if (primaryKeyParam && index.primaryKey && index.primaryKey !== primaryKeyParam && index.docs.size > 0) {
        throw meiliError(400, 'index_primary_key_already_exists', `Index \`${uid}\`: Index already has a primary key: \`${index.primaryKey}\`.`);
      }
      index.primaryKey ??= primaryKeyParam;
      const key = index.primaryKey;
      if (!key) throw meiliError(400, 'index_primary_key_no_candidate_found', `Index \`${uid}\`: The primary key inference failed as the engine did not find any field ending with \`id\` in its name.`);
      for (const doc of docs as Doc[]) {
        const id = doc[key];
        if (!((typeof id === 'string' && /^[A-Za-z0-9_-]{1,511}$/.test(id)) || (typeof id === 'number' && Number.isInteger(id)))) {
          throw meiliError(400, 'invalid_document_id', `Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_), and can not be more than 511 bytes.`);
        }
      }
      for (const doc of docs as Doc[]) {
        const id = String(doc[key]);
        const held = index.docs.get(id);
        index.docs.set(id, replace || !held ? structuredClone(doc) : { ...held, ...structuredClone(doc) });
      }
      index.updatedAt = new Date().toISOString();
    });
  }

  async function route(method: string, path: string, body: unknown): Promise<[number, unknown]> {
    const parts = path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
    const query = new URLSearchParams(path.split('?')[1] ?? '');
    const obj = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && parts.length === 1 && parts[0] === 'indexes') {
      const uid = obj.uid;
      if (typeof uid !== 'string' || !/^[A-Za-z0-9_-]{1,400}$/.test(uid)) throw meiliError(400, 'invalid_index_uid', `\`${String(uid)}\` is not a valid index uid.`);
      return [202, task(uid, 'indexCreation', { primaryKey: obj.primaryKey ?? null }, () => {
        if (indexes.has(uid)) throw meiliError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
        createIndex(uid, typeof obj.primaryKey === 'string' ? obj.primaryKey : null);
      })];
    }
    if (method === 'POST' && parts.length === 1 && parts[0] === 'multi-search') {
      if (!Array.isArray(obj.queries)) throw meiliError(400, 'bad_request', 'Missing field `queries`');
      const results = obj.queries.map((q: Record<string, unknown>, i: number) => {
        try {
          const { indexUid, ...params } = q;
          return { indexUid, ...search(indexOf(String(indexUid)), params) };
        } catch (e) {
          if (e instanceof HttpError) throw new HttpError(e.status, { ...e.body, message: `Inside \`.queries[${i}]\`: ${e.body.message}` });
          throw e;
        }
      });
      return [200, { results }];
    }
    if (method === 'GET' && parts.length === 2 && parts[0] === 'tasks') {
      const t = tasks.get(Number(parts[1]));
      if (!t) throw meiliError(404, 'task_not_found', `Task \`${parts[1]}\` not found.`);
      return [200, t];
    }
    if (parts[0] === 'indexes' && parts.length >= 2) {
      const uid = parts[1]!;
      const rest = parts.slice(2).join('/');
      if (method === 'GET' && rest === '') {
        const index = indexOf(uid);
        return [200, { uid, primaryKey: index.primaryKey, createdAt: index.createdAt, updatedAt: index.updatedAt }];
      }
      if (method === 'POST' && rest === 'search') return [200, search(indexOf(uid), obj)];
      if (method === 'GET' && rest === 'settings') return [200, indexOf(uid).settings];
      if (method === 'PATCH' && rest === 'settings') {
        return [202, task(uid, 'settingsUpdate', obj, () => {
          const index = indexes.get(uid) ?? createIndex(uid, null);
          for (const [key, value] of Object.entries(obj)) {
            if (!(key in index.settings)) throw meiliError(400, 'bad_request', `Unknown field \`${key}\` inside \`.\``);
            const held = index.settings[key];
            index.settings[key] = value !== null && typeof value === 'object' && !Array.isArray(value) && held && typeof held === 'object' && !Array.isArray(held) ? { ...held, ...value } : value ?? DEFAULT_SETTINGS()[key];
          }
        })];
      }
      if ((method === 'POST' || method === 'PUT') && rest === 'documents') return [202, addDocuments(uid, body, query.get('primaryKey'), method === 'POST')];
      if (method === 'POST' && rest === 'documents/delete') {
        const index = indexOf(uid);
        const expr = filterOf(index, obj.filter, 'invalid_document_filter');
        return [202, task(uid, 'documentDeletion', { originalFilter: obj.filter }, () => {
          for (const [id, doc] of index.docs) if (matches(expr, doc)) index.docs.delete(id);
        })];
      }
    }
    throw new HttpError(404, { message: 'Not found', code: 'not_found', type: 'invalid_request', link: '' });
  }

  const fake: FakeMeilisearch = { url: '', indexes, requests: [], outage: false, delayMs: 0, close: async () => {} };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of req) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    let status = 200;
    let payload: unknown;
    let raw: string | undefined;
    try {
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw meiliError(400, 'malformed_payload', 'The json payload provided is malformed.');
      }
      fake.requests.push({ method, path, body });
      if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
      if (fake.outage) {
        status = 503;
        raw = '<html><body>503 Service Unavailable</body></html>';
      } else {
        if (options.apiKey !== undefined) {
          const auth = req.headers.authorization;
          if (!auth) throw meiliError(401, 'missing_authorization_header', 'The Authorization header is missing. It must use the bearer authorization method.');
          if (auth !== `Bearer ${options.apiKey}`) throw meiliError(403, 'invalid_api_key', 'The provided API key is invalid.');
        }
        [status, payload] = await route(method, path, body);
      }
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      status = e.status;
      payload = e.body;
    }
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': raw ? 'text/html' : 'application/json' });
    res.end(raw ?? JSON.stringify(payload));
  }

  const { createServer } = (await import(/* @vite-ignore */ NODE_HTTP)) as NodeHttp;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (res.destroyed) return;
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(e), code: 'internal', type: 'internal', link: '' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((e) => (e ? reject(e) : resolve()));
    });
  return fake;
}
