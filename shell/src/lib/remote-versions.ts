/**
 * Which version of each remote a request runs, and the subrequests that run it (ARCHITECTURE.md "Canary one remote for
 * one tenant"). The tenant's manifest names a version per remote; the release registry gives that version's Cloudflare
 * Worker version id; every subrequest to the remote (its fragments, its slots, `/api/<area>`, its bundle under
 * `/_mf/<remote>/<version>/`) carries `Cloudflare-Workers-Version-Overrides: <worker>="<id>"`, which Cloudflare
 * honours on service-binding subrequests the caller sets it on. Locally the runtime routes by the same header
 * (dev/version-router.mjs). A browser never chooses: its own `cf-*`/`cloudflare-*` headers are dropped (proxy.ts).
 *
 * Not pinned: the calls a remote makes to another Worker itself (mf-vehicle's internal similar-cars call to mf-search,
 * writes to edge-api). They reach that Worker's deployment default, its stable version; the contract check runs a
 * canary's internal endpoints against the stable callers for that reason (README "What a pin covers").
 */
import { REMOTE_WORKER_NAMES, resolvePins, stablePin, VERSION_OVERRIDES_HEADER, versionOverride, type RemotePin, type RemoteReleases } from '@forecourt/contracts/releases';
import { REMOTE_NAMES, type RemoteName, type SiteConfig } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';
import { canaryFallenBack } from './canary-breaker.ts';

/** A pin as the shell uses it: `fellBack` when the stable version stands in for a failing canary (the breaker). */
export type ShellPin = RemotePin & { fellBack?: boolean };
export type ShellPins = Record<RemoteName, ShellPin>;

/**
 * Tenant/remote/version triples already logged as unknown to the registry, at most this many per isolate: a manifest
 * naming a version the registry does not know is logged once, not per request; past the bound (a registry emptied by
 * mistake with many tenants) lines are no longer logged, so the set cannot grow with requests (~100 KB at most).
 */
export const UNKNOWN_PINS_REPORTED_MAX = 1_000;
const reportedUnknown = new Set<string>();

/** How many unknown pins were logged in this isolate (tests of the bound). */
export const unknownPinsReported = () => reportedUnknown.size;

/**
 * The versions a tenant's request runs: its manifest's, resolved against the registry (an unknown version runs
 * stable), with a canary whose breaker is open replaced by stable.
 */
export function pinsFor(config: Pick<SiteConfig, 'slug' | 'remotes'>, releases: RemoteReleases | null, now = Date.now()): ShellPins {
  const { pins, unknown } = resolvePins(config.remotes, releases);
  for (const remote of unknown) {
    const k = `${config.slug}|${remote}|${config.remotes[remote]}`;
    if (reportedUnknown.has(k) || reportedUnknown.size >= UNKNOWN_PINS_REPORTED_MAX) continue;
    reportedUnknown.add(k);
    console.error(`shell: tenant ${config.slug} pins ${remote} ${config.remotes[remote]}, which the release registry does not list: serving stable ${pins[remote].version}`);
  }
  const out = {} as ShellPins;
  for (const remote of REMOTE_NAMES) {
    const pin = pins[remote];
    const stable = pin.stable ? null : stablePin(releases, remote);
    out[remote] = stable && canaryFallenBack(remote, pin.version, now) ? { ...stable, fellBack: true } : pin;
  }
  return out;
}

/**
 * Whether every remote runs its stable version (no canary, none fallen back): then the pins depend on the tenant's
 * config and the registry alone, never on the canary breaker's state (page-cache.ts early hits rely on it).
 */
export const allStable = (pins: ShellPins): boolean => REMOTE_NAMES.every((remote) => pins[remote].stable && !pins[remote].fellBack);

/** The request headers that make a service-binding subrequest run `pin`'s version (none without a Worker id). */
export function overrideHeaders(remote: RemoteName, pin: Pick<RemotePin, 'workerVersionId'>): Record<string, string> {
  return pin.workerVersionId ? { [VERSION_OVERRIDES_HEADER]: versionOverride(REMOTE_WORKER_NAMES[remote], pin.workerVersionId) } : {};
}

/** Sets a remote's override on a subrequest's headers (replacing any other: only the shell decides). */
export function applyOverride(headers: Headers, remote: RemoteName, pin: Pick<RemotePin, 'workerVersionId'>): Headers {
  headers.delete(VERSION_OVERRIDES_HEADER);
  for (const [name, value] of Object.entries(overrideHeaders(remote, pin))) headers.set(name, value);
  return headers;
}

/** The service binding of each remote (so `env[REMOTE_BINDING[remote]]` is a `Fetcher`). */
export const REMOTE_BINDING = {
  'mf-search': 'SEARCH',
  'mf-vehicle': 'VEHICLE',
  'mf-locations': 'LOCATIONS',
  'mf-finance': 'FINANCE',
  'mf-account': 'ACCOUNT',
} as const satisfies Record<RemoteName, keyof Env>;

/** The service binding of a remote. */
export const remoteBinding = (env: Env, remote: RemoteName): Fetcher => env[REMOTE_BINDING[remote]];

/**
 * The pin of a bundle path `/_mf/<remote>/<version>/`: the registry's entry for that version; null when the registry
 * lists the remote but not that version (no such bundle: 404 without asking the remote); the version with no override
 * when the registry does not name the remote.
 */
export function assetPin(releases: RemoteReleases | null, remote: RemoteName, version: string): RemotePin | null {
  const release = releases?.[remote];
  if (!release) return { version, workerVersionId: null, stable: true };
  const entry = release.versions.find((x) => x.version === version);
  return entry ? { version, workerVersionId: entry.worker_version_id ?? null, stable: version === release.stable } : null;
}

