/**
 * Who answers each browser API path (ARCHITECTURE.md "APIs"): `/api/<area>` goes to the area's remote, everything
 * else under `/api` to edge-api (the write side). The shell routes by this table; each remote mounts its API under
 * its own prefix. Declared once here so a new area's API is one line both sides read.
 */
import type { RemoteName } from './tenant.ts';

export type ApiOwner = RemoteName | 'edge-api';

/** Path prefixes of the remotes' APIs (a prefix matches itself and anything below it). */
export const API_OWNERS: ReadonlyArray<readonly [prefix: `/api/${string}`, owner: RemoteName]> = [
  ['/api/search', 'mf-search'],
  ['/api/vehicle', 'mf-vehicle'],
  ['/api/locations', 'mf-locations'],
  ['/api/finance', 'mf-finance'],
  ['/api/account', 'mf-account'],
];

/** The Worker that answers this `/api/...` path. */
export function apiOwnerOf(path: string): ApiOwner {
  return API_OWNERS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? 'edge-api';
}
