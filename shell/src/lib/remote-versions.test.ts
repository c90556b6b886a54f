import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteReleases } from '@forecourt/contracts/releases';
import { assetPin, applyOverride, overrideHeaders, pinsFor, UNKNOWN_PINS_REPORTED_MAX, unknownPinsReported } from './remote-versions.ts';
import { recordCanaryAnswer, resetBreaker } from './canary-breaker.ts';

const STABLE_ID = '11111111-1111-4111-8111-111111111111';
const CANARY_ID = '22222222-2222-4222-8222-222222222222';
const releases: RemoteReleases = {
  'mf-search': { stable: '0.1.0', versions: [{ version: '0.1.0', worker_version_id: STABLE_ID }, { version: '0.2.0', worker_version_id: CANARY_ID }] },
};
const remotes = { 'mf-search': '0.2.0', 'mf-vehicle': '0.1.0', 'mf-locations': '0.1.0', 'mf-finance': '0.1.0', 'mf-account': '0.1.0' };
const canaryTenant = { slug: 'outback-used-cars', remotes };

afterEach(() => {
  resetBreaker();
  vi.restoreAllMocks();
});

describe('pinsFor', () => {
  it('runs the tenant’s manifest versions with their Worker version ids', () => {
    const pins = pinsFor(canaryTenant, releases);
    expect(pins['mf-search']).toEqual({ version: '0.2.0', workerVersionId: CANARY_ID, stable: false });
    expect(pins['mf-vehicle']).toEqual({ version: '0.1.0', workerVersionId: null, stable: true });
    expect(pinsFor({ ...canaryTenant, remotes: { ...remotes, 'mf-search': '0.1.0' } }, releases)['mf-search']).toEqual({ version: '0.1.0', workerVersionId: STABLE_ID, stable: true });
  });

  it('serves stable for a version the registry does not list, and logs it once', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tenant = { slug: 'typo-motors', remotes: { ...remotes, 'mf-search': '0.9.9' } };
    expect(pinsFor(tenant, releases)['mf-search']).toEqual({ version: '0.1.0', workerVersionId: STABLE_ID, stable: true });
    pinsFor(tenant, releases);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]!.join(' ')).toContain('typo-motors pins mf-search 0.9.9');
  });

  it('replaces a canary whose breaker is open with stable, marked as a fallback, until it cools off', () => {
    const options = { failures: 3, coolOffMs: 60_000 };
    for (let i = 0; i < 2; i++) expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 1000)).toBe(false);
    expect(recordCanaryAnswer('mf-search', '0.2.0', false, options, 1000)).toBe(true);
    expect(pinsFor(canaryTenant, releases, 2000)['mf-search']).toEqual({ version: '0.1.0', workerVersionId: STABLE_ID, stable: true, fellBack: true });
    expect(pinsFor(canaryTenant, releases, 61_001)['mf-search'].version).toBe('0.2.0');
  });
});

describe('version override header', () => {
  it('names the remote’s Worker and the pinned version id; none without an id', () => {
    expect(overrideHeaders('mf-search', { workerVersionId: CANARY_ID })).toEqual({ 'cloudflare-workers-version-overrides': `forecourt-mf-search="${CANARY_ID}"` });
    expect(overrideHeaders('mf-search', { workerVersionId: null })).toEqual({});
  });

  it('replaces whatever override the headers held (only the shell decides)', () => {
    const forged = new Headers({ 'Cloudflare-Workers-Version-Overrides': `forecourt-mf-search="${CANARY_ID}"` });
    expect(applyOverride(forged, 'mf-search', { workerVersionId: null }).has('cloudflare-workers-version-overrides')).toBe(false);
    expect(applyOverride(new Headers(), 'mf-search', { workerVersionId: STABLE_ID }).get('cloudflare-workers-version-overrides')).toBe(`forecourt-mf-search="${STABLE_ID}"`);
  });
});

describe('assetPin (/_mf/<remote>/<version>/)', () => {
  it('serves a registered version from its Worker version, refuses an unregistered one, passes through without a registry', () => {
    expect(assetPin(releases, 'mf-search', '0.2.0')).toEqual({ version: '0.2.0', workerVersionId: CANARY_ID, stable: false });
    expect(assetPin(releases, 'mf-search', '0.3.0')).toBeNull();
    expect(assetPin(releases, 'mf-account', '0.1.0')).toEqual({ version: '0.1.0', workerVersionId: null, stable: true });
    expect(assetPin(null, 'mf-search', 'anything')).toEqual({ version: 'anything', workerVersionId: null, stable: true });
  });
});

// Last in this file: it fills the isolate's set of logged unknown pins.
describe('bound of the unknown-pin log', () => {
  it(`remembers at most ${UNKNOWN_PINS_REPORTED_MAX} unknown pins it logged (then logs no more)`, () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (let i = 0; i < UNKNOWN_PINS_REPORTED_MAX + 20; i++) pinsFor({ slug: `bound-${i}`, remotes: { ...remotes, 'mf-search': '9.9.9' } }, releases);
    expect(unknownPinsReported()).toBe(UNKNOWN_PINS_REPORTED_MAX);
    expect(errors.mock.calls.length).toBeLessThanOrEqual(UNKNOWN_PINS_REPORTED_MAX);
  });
});
