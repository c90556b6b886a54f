/**
 * Who answers each browser API path (ARCHITECTURE.md "APIs"): `/api/<area>` goes to the area's remote, everything
 * else under `/api` to edge-api (the write side). The shell routes by this table; each remote mounts its API under
 * its own prefix. Declared once here so a new area's API is one line both sides read.
 */
import { ACCOUNT_API } from './account.ts';
import { CHECK_CONTACT_API, WATCHLIST_API, YOUX_API } from './api.ts';
import { CompareResponseSchema } from './search.ts';
import { SPIN_API } from './spin.ts';
import type { RemoteName } from './tenant.ts';
import type { RouteOwner } from './routes.ts';

export type ApiOwner = RemoteName | 'edge-api';

/** Path prefixes of the remotes' APIs (a prefix matches itself and anything below it). */
export const API_OWNERS: ReadonlyArray<readonly [prefix: `/api/${string}`, owner: RemoteName]> = [
  ['/api/search', 'mf-search'],
  ['/api/vehicle', 'mf-vehicle'],
  ['/api/locations', 'mf-locations'],
  ['/api/finance', 'mf-finance'],
  ['/api/account', 'mf-account'],
];

/**
 * edge-api's browser APIs that a page of another part calls by name (everything not under a remote's prefix is
 * edge-api's anyway): listed so that a remote's new prefix can never take one over (api-owners.test.ts).
 */
export const EDGE_API_PATHS: ReadonlyArray<`/api/${string}`> = [SPIN_API, YOUX_API.createCustomer, WATCHLIST_API.save, WATCHLIST_API.remove, WATCHLIST_API.list, CHECK_CONTACT_API, ...Object.values(ACCOUNT_API)];

/**
 * The `/api` prefix a remote serves (the one API_OWNERS names for it): the remote mounts its API there.
 * @throws when the remote owns no API prefix.
 * @example app.route(apiPrefixOf('mf-search'), searchApi(...)) // '/api/search'
 */
export function apiPrefixOf(remote: RemoteName): `/api/${string}` {
  const entry = API_OWNERS.find(([, owner]) => owner === remote);
  if (!entry) throw new Error(`${remote} owns no /api prefix`);
  return entry[0];
}

/** The Worker that answers this `/api/...` path. */
export function apiOwnerOf(path: string): ApiOwner {
  return API_OWNERS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? 'edge-api';
}

/**
 * Browser APIs whose answer a part other than their owner reads, with the schema the reader checks it against (a
 * boundary). The canary's contract check holds the owner's answers to the readers' schema across versions.
 */
export const SHARED_APIS = {
  /** The comparison table (mf-account's CompareCars) reads mf-search's rows. */
  compare: { owner: 'mf-search', path: '/api/search/compare', answer: CompareResponseSchema, readers: ['mf-account'] },
} as const satisfies Record<string, { owner: RemoteName; path: `/api/${string}`; answer: unknown; readers: readonly RouteOwner[] }>;
