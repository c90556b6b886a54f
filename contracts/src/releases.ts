/**
 * Remote versions and the canary (ARCHITECTURE.md "Canary one remote for one tenant").
 *
 * A tenant's config names the version of each remote it runs (`remotes`, its manifest). The release registry, one KV
 * document (`remote-releases`), lists the versions of each remote that exist and which one is stable, and for each the
 * Cloudflare Worker version id (`wrangler versions upload` prints it). The shell sends that id in
 * `Cloudflare-Workers-Version-Overrides` on its subrequests to the remote, so a tenant pinned to a version gets exactly
 * that version while a gradual deployment keeps it at 0% for everyone else; its browser loads the same version's
 * bundle from `/_mf/<remote>/<version>/`. Operators change pins with `npm run canary` (dev/canary-cli.mjs), which
 * writes through the pure changes below.
 */
import * as v from 'valibot';
import { REMOTE_NAMES, VersionLabelSchema, type RemoteManifest, type RemoteName } from './tenant.ts';


/** A Cloudflare Worker version id (a UUID, as `wrangler versions upload` and the version metadata binding give it). */
export const WorkerVersionIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'A Worker version id is a lowercase UUID'));

/** One version of a remote that can run. */
export const RemoteVersionSchema = v.object({
  version: VersionLabelSchema,
  /** Without it the shell sends no override: the remote's deployment decides (its 100% version). */
  worker_version_id: v.optional(WorkerVersionIdSchema),
  registered_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  note: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type RemoteVersion = v.InferOutput<typeof RemoteVersionSchema>;

/** At most this many versions are kept per remote (the registry is read on every config refresh). */
export const MAX_REMOTE_VERSIONS = 20;

export const RemoteReleaseSchema = v.pipe(
  v.object({ stable: VersionLabelSchema, versions: v.pipe(v.array(RemoteVersionSchema), v.minLength(1), v.maxLength(MAX_REMOTE_VERSIONS)) }),
  v.check((r) => r.versions.some((x) => x.version === r.stable), 'The stable version must be one of the versions'),
  v.check((r) => new Set(r.versions.map((x) => x.version)).size === r.versions.length, 'Each version is listed once'),
);
export type RemoteRelease = v.InferOutput<typeof RemoteReleaseSchema>;

/** The registry: a remote it does not name runs as before the canary existed (its manifest version, no override). */
export const RemoteReleasesSchema = v.object({
  'mf-search': v.optional(RemoteReleaseSchema),
  'mf-vehicle': v.optional(RemoteReleaseSchema),
  'mf-locations': v.optional(RemoteReleaseSchema),
  'mf-finance': v.optional(RemoteReleaseSchema),
  'mf-account': v.optional(RemoteReleaseSchema),
});
export type RemoteReleases = v.InferOutput<typeof RemoteReleasesSchema>;

/** The registry's KV key (in the CONFIG namespace, beside the tenant configs). */
export const KV_RELEASES_KEY = 'remote-releases';

/** Parses the stored registry; null when none is stored. @throws naming every bad field. */
export function parseRemoteReleases(raw: unknown): RemoteReleases | null {
  if (raw == null) return null;
  const result = v.safeParse(RemoteReleasesSchema, raw);
  if (!result.success) throw new ReleaseError(`Invalid ${KV_RELEASES_KEY}:\n${result.issues.map((i) => `  ${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('\n')}`);
  return result.output;
}

/** The Cloudflare Worker name of each remote (its wrangler.jsonc `name`, checked by dev/canary.test.ts): the override's key. */
export const REMOTE_WORKER_NAMES = {
  'mf-search': 'forecourt-mf-search',
  'mf-vehicle': 'forecourt-mf-vehicle',
  'mf-locations': 'forecourt-mf-locations',
  'mf-finance': 'forecourt-mf-finance',
  'mf-account': 'forecourt-mf-account',
} as const satisfies Record<RemoteName, string>;

/** Cloudflare's header choosing a Worker version per Worker name (an RFC 8941 dictionary of strings). */
export const VERSION_OVERRIDES_HEADER = 'cloudflare-workers-version-overrides';
/** The Cloudflare Worker version id a remote actually ran (its version metadata binding), on every answer. */
export const WORKER_VERSION_HEADER = 'x-forecourt-worker-version';

const SF_KEY = /^[a-z*][a-z0-9_\-.*]*$/;

/** `forecourt-mf-search="dc8dcd28-..."`: the override of one Worker. */
export function versionOverride(worker: string, versionId: string): string {
  if (!SF_KEY.test(worker)) throw new ReleaseError(`"${worker}" cannot be a version override key`);
  v.parse(WorkerVersionIdSchema, versionId);
  return `${worker}="${versionId}"`;
}

/**
 * Reads a version-overrides header as Cloudflare does: a dictionary of `worker="version id"` members (parameters
 * ignored); null when it is not a valid dictionary of strings, in which case no override applies.
 */
export function parseVersionOverrides(value: string | null | undefined): Record<string, string> | null {
  if (value == null) return null;
  const out: Record<string, string> = {};
  const member = /^\s*([a-z*][a-z0-9_\-.*]*)="((?:[^"\\]|\\["\\])*)"((?:;[a-z*][a-z0-9_\-.*]*(?:=[^,;]*)?)*)\s*(?:,|$)/;
  let rest = value;
  while (rest.trim()) {
    const m = member.exec(rest);
    if (!m) return null;
    out[m[1]!] = m[2]!.replace(/\\(["\\])/g, '$1');
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** What a tenant runs of one remote, as the shell resolves it for a request. */
export type RemotePin = {
  version: string;
  /** The Worker version the shell asks for (null: no override, the deployment decides). */
  workerVersionId: string | null;
  /** The registry's stable version (or no registry for this remote). */
  stable: boolean;
};
export type RemotePins = Record<RemoteName, RemotePin>;

/**
 * Each remote's pin for a tenant: its manifest's version where the registry knows it (with that version's Worker
 * id); a version the registry does not know falls back to stable (listed in `unknown`, so the shell can say so), and
 * a remote the registry does not name keeps its manifest version with no override.
 */
export function resolvePins(manifest: RemoteManifest, releases: RemoteReleases | null): { pins: RemotePins; unknown: RemoteName[] } {
  const unknown: RemoteName[] = [];
  const pins = {} as RemotePins;
  for (const remote of REMOTE_NAMES) {
    const release = releases?.[remote];
    if (!release) {
      pins[remote] = { version: manifest[remote], workerVersionId: null, stable: true };
      continue;
    }
    let entry = release.versions.find((x) => x.version === manifest[remote]);
    if (!entry) {
      unknown.push(remote);
      entry = release.versions.find((x) => x.version === release.stable)!;
    }
    pins[remote] = { version: entry.version, workerVersionId: entry.worker_version_id ?? null, stable: entry.version === release.stable };
  }
  return { pins, unknown };
}

/** The stable pin of a remote (what a canary falls back to), or null when the registry does not name the remote. */
export function stablePin(releases: RemoteReleases | null, remote: RemoteName): RemotePin | null {
  const release = releases?.[remote];
  if (!release) return null;
  const entry = release.versions.find((x) => x.version === release.stable)!;
  return { version: entry.version, workerVersionId: entry.worker_version_id ?? null, stable: true };
}

/** A short, stable text of every pin's version, for cache keys: `mf-search@0.2.0,mf-vehicle@0.1.0,...`. */
export const pinsKey = (pins: RemotePins): string => REMOTE_NAMES.map((r) => `${r}@${pins[r].version}`).join(',');

/** An operator's change that cannot be made (unknown remote, version, tenant): nothing was written. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** @throws ReleaseError naming the remotes there are. */
export function assertRemote(name: string): asserts name is RemoteName {
  if (!(REMOTE_NAMES as readonly string[]).includes(name)) throw new ReleaseError(`Unknown remote "${name}": choose one of ${REMOTE_NAMES.join(', ')}`);
}

function releaseOf(releases: RemoteReleases | null, remote: RemoteName): RemoteRelease {
  const release = releases?.[remote];
  if (!release) throw new ReleaseError(`No versions of ${remote} are registered: register one first (npm run canary -- --remote ${remote} --register <version>)`);
  return release;
}

function registered(release: RemoteRelease, remote: RemoteName, version: string): RemoteVersion {
  const entry = release.versions.find((x) => x.version === version);
  if (!entry) throw new ReleaseError(`Unknown version "${version}" of ${remote}: registered are ${release.versions.map((x) => x.version).join(', ')}`);
  return entry;
}

/** A tenant config (as stored: raw JSON) with one remote's manifest entry changed; everything else is kept as it was. */
type StoredConfig = { slug: string; remotes: Record<string, string> } & Record<string, unknown>;
const withRemote = <C extends StoredConfig>(config: C, remote: RemoteName, version: string): C => ({ ...config, remotes: { ...config.remotes, [remote]: version } });

/** Pins a tenant's remote to a registered version (the canary). @throws ReleaseError, nothing changed. */
export function pinTenant<C extends StoredConfig>(config: C, remote: string, version: string, releases: RemoteReleases | null): C {
  assertRemote(remote);
  registered(releaseOf(releases, remote), remote, version);
  return withRemote(config, remote, version);
}

/** Sends a tenant's remote back to the stable version. */
export function rollbackTenant<C extends StoredConfig>(config: C, remote: string, releases: RemoteReleases | null): C {
  assertRemote(remote);
  return withRemote(config, remote, releaseOf(releases, remote).stable);
}

/** Makes a registered version the stable one (promote). */
export function promoteVersion(releases: RemoteReleases | null, remote: string, version: string): RemoteReleases {
  assertRemote(remote);
  const release = releaseOf(releases, remote);
  registered(release, remote, version);
  return { ...releases, [remote]: { ...release, stable: version } };
}

/**
 * Adds a version of a remote, or updates one: the fields given replace the registered ones, the others are kept (a
 * note added later keeps the Worker version id). The first version registered for a remote becomes its stable one.
 * Past MAX_REMOTE_VERSIONS the oldest version no tenant runs goes (never the stable one or a pinned one).
 * @param pinned the versions of this remote that tenants run now (a pin must never silently fall back to stable)
 */
export function registerVersion(releases: RemoteReleases | null, remote: string, entry: v.InferInput<typeof RemoteVersionSchema>, pinned: readonly string[] = []): RemoteReleases {
  assertRemote(remote);
  const release = releases?.[remote];
  const existing = release?.versions.find((x) => x.version === entry.version);
  const parsed = v.safeParse(RemoteVersionSchema, { ...existing, ...entry });
  if (!parsed.success) throw new ReleaseError(`Cannot register ${remote} ${entry.version}: ${parsed.issues.map((i) => `${v.getDotPath(i) ?? 'version'}: ${i.message}`).join('; ')}`);
  const versions = [...(release?.versions.filter((x) => x.version !== parsed.output.version) ?? []), parsed.output];
  const stable = release?.stable ?? parsed.output.version;
  while (versions.length > MAX_REMOTE_VERSIONS) {
    const oldest = versions.findIndex((x) => x.version !== stable && x.version !== parsed.output.version && !pinned.includes(x.version));
    if (oldest < 0) throw new ReleaseError(`${remote} has ${MAX_REMOTE_VERSIONS} versions registered and tenants run all of them: roll some back first`);
    versions.splice(oldest, 1);
  }
  return v.parse(RemoteReleasesSchema, { ...releases, [remote]: { stable, versions } });
}

/** The part of a request context `reportWorkerVersion` uses (structural: a Hono `Context` fits). */
export type VersionReportContext = { env: { CF_VERSION_METADATA?: { id: string } }; res: Response };

/**
 * Middleware every remote runs: each answer names the Cloudflare Worker version that made it (WORKER_VERSION_HEADER,
 * from the version metadata binding), so the shell can tell when an override did not apply (remote-metrics' skew).
 * @example app.use('*', reportWorkerVersion())
 */
export function reportWorkerVersion() {
  return async (c: VersionReportContext, next: () => Promise<void>): Promise<void> => {
    await next();
    const id = c.env.CF_VERSION_METADATA?.id;
    if (!id) return;
    try {
      c.res.headers.set(WORKER_VERSION_HEADER, id);
    } catch {
      // An answer passed through from a binding (static assets) has immutable headers: answer a copy.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(WORKER_VERSION_HEADER, id);
    }
  };
}
