import { describe, expect, it } from 'vitest';
import {
  parseRemoteReleases,
  parseVersionOverrides,
  pinsKey,
  pinTenant,
  promoteVersion,
  registerVersion,
  ReleaseError,
  reportWorkerVersion,
  resolvePins,
  rollbackTenant,
  stablePin,
  versionOverride,
  MAX_REMOTE_VERSIONS,
  type RemoteReleases,
} from './releases.ts';
import type { RemoteManifest } from './tenant.ts';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const manifest: RemoteManifest = { 'mf-search': '0.2.0', 'mf-vehicle': '0.1.0', 'mf-locations': '0.1.0', 'mf-finance': '0.1.0', 'mf-account': '0.1.0' };
const releases: RemoteReleases = {
  'mf-search': { stable: '0.1.0', versions: [{ version: '0.1.0', worker_version_id: ID_A }, { version: '0.2.0', worker_version_id: ID_B }] },
  'mf-vehicle': { stable: '0.1.0', versions: [{ version: '0.1.0' }] },
};
const config = { slug: 'harbourside-toyota', name: 'Harbourside', remotes: { ...manifest, 'mf-search': '0.1.0' } };

describe('version overrides header', () => {
  it('writes one Worker’s override as an RFC 8941 dictionary member and reads it back', () => {
    const header = versionOverride('forecourt-mf-search', ID_B);
    expect(header).toBe(`forecourt-mf-search="${ID_B}"`);
    expect(parseVersionOverrides(header)).toEqual({ 'forecourt-mf-search': ID_B });
    expect(parseVersionOverrides(`a="1";p=2, b="x\\"y"`)).toEqual({ a: '1', b: 'x"y' });
  });

  it('reads an invalid dictionary as no override (as Cloudflare does) and refuses to write one', () => {
    for (const bad of ['forecourt-mf-search=abc', 'Upper="x"', '="x"', 'a="x" junk']) expect(parseVersionOverrides(bad), bad).toBeNull();
    expect(parseVersionOverrides(null)).toBeNull();
    expect(() => versionOverride('Forecourt', ID_A)).toThrow(ReleaseError);
    expect(() => versionOverride('forecourt-mf-search', 'not-a-uuid')).toThrow();
  });
});

describe('resolvePins', () => {
  it('pins each remote to its manifest version with that version’s Worker id', () => {
    const { pins, unknown } = resolvePins(manifest, releases);
    expect(unknown).toEqual([]);
    expect(pins['mf-search']).toEqual({ version: '0.2.0', workerVersionId: ID_B, stable: false });
    expect(pins['mf-vehicle']).toEqual({ version: '0.1.0', workerVersionId: null, stable: true });
    // No registry entry for the remote: as before the canary existed.
    expect(pins['mf-finance']).toEqual({ version: '0.1.0', workerVersionId: null, stable: true });
    expect(pinsKey(pins)).toBe('mf-search@0.2.0,mf-vehicle@0.1.0,mf-locations@0.1.0,mf-finance@0.1.0,mf-account@0.1.0');
  });

  it('falls back to stable for a version the registry does not know, and says which', () => {
    const { pins, unknown } = resolvePins({ ...manifest, 'mf-search': '9.9.9' }, releases);
    expect(pins['mf-search']).toEqual({ version: '0.1.0', workerVersionId: ID_A, stable: true });
    expect(unknown).toEqual(['mf-search']);
    expect(stablePin(releases, 'mf-search')).toEqual({ version: '0.1.0', workerVersionId: ID_A, stable: true });
    expect(stablePin(releases, 'mf-account')).toBeNull();
  });

  it('without a registry every remote runs its manifest version with no override', () => {
    expect(resolvePins(manifest, null).pins['mf-search']).toEqual({ version: '0.2.0', workerVersionId: null, stable: true });
  });
});

describe('operator changes', () => {
  it('pins, rolls back and promotes, keeping the rest of the stored config as it was', () => {
    const pinned = pinTenant(config, 'mf-search', '0.2.0', releases);
    expect(pinned).toEqual({ ...config, remotes: { ...config.remotes, 'mf-search': '0.2.0' } });
    expect(config.remotes['mf-search']).toBe('0.1.0');
    expect(rollbackTenant(pinned, 'mf-search', releases).remotes['mf-search']).toBe('0.1.0');
    const promoted = promoteVersion(releases, 'mf-search', '0.2.0');
    expect(promoted['mf-search']!.stable).toBe('0.2.0');
    expect(rollbackTenant(pinned, 'mf-search', promoted).remotes['mf-search']).toBe('0.2.0');
  });

  it('refuses an unknown remote or version with a message naming what exists', () => {
    expect(() => pinTenant(config, 'mf-nothing', '0.2.0', releases)).toThrow('Unknown remote "mf-nothing": choose one of mf-search, mf-vehicle, mf-locations, mf-finance, mf-account');
    expect(() => pinTenant(config, 'mf-search', '0.3.0', releases)).toThrow('Unknown version "0.3.0" of mf-search: registered are 0.1.0, 0.2.0');
    expect(() => pinTenant(config, 'mf-account', '0.1.0', releases)).toThrow(/No versions of mf-account are registered/);
    expect(() => promoteVersion(releases, 'mf-search', '0.3.0')).toThrow(ReleaseError);
  });

  it('registers versions: the first becomes stable, a repeat updates only what it names, the oldest unpinned go past the limit', () => {
    let r = registerVersion(null, 'mf-account', { version: '0.1.0', worker_version_id: ID_A });
    expect(r['mf-account']).toEqual({ stable: '0.1.0', versions: [{ version: '0.1.0', worker_version_id: ID_A }] });
    r = registerVersion(r, 'mf-account', { version: '0.1.0', worker_version_id: ID_B });
    expect(r['mf-account']!.versions).toEqual([{ version: '0.1.0', worker_version_id: ID_B }]);
    // A note added later keeps the Worker version id (the shell would otherwise stop overriding).
    r = registerVersion(r, 'mf-account', { version: '0.1.0', note: 'first release' });
    expect(r['mf-account']!.versions).toEqual([{ version: '0.1.0', worker_version_id: ID_B, note: 'first release' }]);
    for (let i = 1; i <= MAX_REMOTE_VERSIONS + 2; i++) r = registerVersion(r, 'mf-account', { version: `1.0.${i}` }, ['1.0.1']);
    expect(r['mf-account']!.versions).toHaveLength(MAX_REMOTE_VERSIONS);
    // The stable and the pinned 1.0.1 stay; the oldest unpinned (1.0.2 to 1.0.4) went.
    expect(r['mf-account']!.versions.slice(0, 3).map((x) => x.version)).toEqual(['0.1.0', '1.0.1', '1.0.5']);
    expect(() => registerVersion(r, 'mf-account', { version: 'bad/version' })).toThrow(/Cannot register mf-account bad\/version/);
    const pinnedAll = r['mf-account']!.versions.map((x) => x.version);
    expect(() => registerVersion(r, 'mf-account', { version: '9.0.0' }, pinnedAll)).toThrow(/tenants run all of them/);
  });

  it('parses a stored registry, naming every bad field', () => {
    expect(parseRemoteReleases(undefined)).toBeNull();
    expect(parseRemoteReleases(releases)).toEqual(releases);
    expect(() => parseRemoteReleases({ 'mf-search': { stable: '0.3.0', versions: [{ version: '0.1.0' }] } })).toThrow(/mf-search: The stable version must be one of the versions/);
  });
});

describe('reportWorkerVersion (every remote names the Worker version that answered)', () => {
  const run = async (env: { CF_VERSION_METADATA?: { id: string } }, res: Response) => {
    const c = { env, res };
    await reportWorkerVersion()(c, async () => {});
    return c.res;
  };
  it('sets the header from the version metadata binding, also on an answer with immutable headers', async () => {
    expect((await run({ CF_VERSION_METADATA: { id: ID_A } }, new Response('x'))).headers.get('x-forecourt-worker-version')).toBe(ID_A);
    const frozen = Response.redirect('https://x.test/', 302);
    const res = await run({ CF_VERSION_METADATA: { id: ID_B } }, frozen);
    expect(res.headers.get('x-forecourt-worker-version')).toBe(ID_B);
    expect(res.status).toBe(302);
  });
  it('adds nothing without the binding', async () => {
    expect((await run({}, new Response('x'))).headers.has('x-forecourt-worker-version')).toBe(false);
  });
});
