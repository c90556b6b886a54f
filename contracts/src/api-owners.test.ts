import { describe, expect, it } from 'vitest';
import { API_OWNERS, EDGE_API_PATHS, apiOwnerOf, apiPrefixOf } from './api-owners.ts';
import { REMOTE_NAMES } from './tenant.ts';

describe('API owner table', () => {
  it("sends each area's API to its remote and the rest to edge-api", () => {
    expect(apiOwnerOf('/api/search')).toBe('mf-search');
    expect(apiOwnerOf('/api/search/compare')).toBe('mf-search');
    expect(apiOwnerOf('/api/finance/quote')).toBe('mf-finance');
    expect(apiOwnerOf('/api/vehicle/pdf')).toBe('mf-vehicle');
    // A longer word is not the area: /api/searches belongs to edge-api.
    expect(apiOwnerOf('/api/searches')).toBe('edge-api');
    expect(apiOwnerOf('/api/leads')).toBe('edge-api');
    expect(apiOwnerOf('/api/auth/session')).toBe('edge-api');
  });
  it("keeps edge-api's named browser APIs with edge-api (spin-to-win)", () => {
    expect(EDGE_API_PATHS).toContain('/api/spin-to-win');
    for (const path of EDGE_API_PATHS) expect(apiOwnerOf(path), path).toBe('edge-api');
  });
  it('names every remote once, each under /api/<its area>', () => {
    expect(API_OWNERS.map(([, owner]) => owner).sort()).toEqual([...REMOTE_NAMES].sort());
    for (const [prefix, owner] of API_OWNERS) expect(prefix).toBe(`/api/${owner.replace(/^mf-/, '')}`);
  });
});

describe('apiPrefixOf', () => {
  it('names the prefix each remote mounts its API at (the one the shell routes to it)', () => {
    expect(apiPrefixOf('mf-search')).toBe('/api/search');
    for (const [prefix, owner] of API_OWNERS) {
      expect(apiPrefixOf(owner)).toBe(prefix);
      expect(apiOwnerOf(`${apiPrefixOf(owner)}/anything`)).toBe(owner);
    }
  });
});
