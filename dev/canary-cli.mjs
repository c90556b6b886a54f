#!/usr/bin/env node
/**
 * `npm run canary`: canary one remote for one tenant, widen it, roll it back (README "Canary a remote for one tenant").
 * It changes tenant manifests (`tenant:<slug>`, `remotes`) and the release registry (`remote-releases`) in the CONFIG
 * KV namespace through Cloudflare's KV REST API: api.cloudflare.com with `--cloudflare`, or the same API served by the
 * local runtime (dev/cloudflare-api.mjs) while `npm start` runs, or over its saved state when it does not. Every change
 * is validated before anything is written (contracts' releases.ts and the tenant config schema); a pin or a promotion
 * first checks the version's contracts against the stable versions' (contract-compat.ts, over the `contracts.json` each
 * build publishes beside its bundle). After every write the pages of each tenant it changed (a tenant written, or one
 * whose versions a registry change moves) are purged through Cloudflare's purge by tag (purge-pages.mjs: the local
 * runtime's, or api.cloudflare.com with `--cloudflare` and a zone id), so the next request shows the change; without a
 * purge a running shell picks a change up within CONFIG_CACHE_SECONDS (10 s) plus KV's edge cache (30 s).
 * Exit codes: 0 done (a purge that failed is a warning: the change is made); 1 refused or failed (nothing changed);
 * 2 usage error.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importBundle } from './local-kv.mjs';
import { NOT_RUNNING, cloudflarePurgeTarget, localPurgeTarget, localRuntime, purgeAfterWrite } from './purge-pages.mjs';
import { ROOT, readWranglerConfig } from './workers.mjs';

export const USAGE = `Usage: npm run canary -- <command> [target options]

Commands
  --status                                        which tenant runs which version of every remote
  --tenant <slug> --remote <name> --version <v>   pin one tenant's remote to a registered version (the canary)
  --remote <name> --version <v> --promote         make <v> stable and move every tenant to it
  --remote <name> --rollback [--tenant <slug>]    back to the stable version (every tenant, or one)
  --remote <name> --register <v> [--worker-version <id>] [--note <text>]
                                                  list a version (after \`wrangler versions upload\`: its version id)
  --remote <name> --version <v> --check           only compare <v>'s contracts with the stable versions'
  --force                                         pin or promote although the contract check failed or could not run

Target (default: the local runtime on ${'$'}FORECOURT_LOCAL_URL or http://127.0.0.1:8787, else its saved state)
  --persist <dir>            the local state folder when the local runtime is not running (default .wrangler/state)
  --cloudflare               Cloudflare's API: CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, and the CONFIG namespace
                             id (--namespace-id or FORECOURT_CONFIG_NAMESPACE_ID)
  --zone-id <id>             with --cloudflare: the zone the shop hosts are served from (or CLOUDFLARE_ZONE_ID); the
                             changed tenants' pages are purged there (the token needs Zone > Cache Purge). Without
                             it nothing is purged and the pages show the change within the config cache time
  --api-base <url>           another Cloudflare API base (default https://api.cloudflare.com/client/v4)
  --site <url>               where the bundles' contracts.json are read (default: the local runtime)

After a change the pages of every tenant it changed are purged (the local runtime's own purge while it runs; none
over its saved state, where nothing is cached). A purge that fails is a warning, not a failure: the change is made.`;

class UsageError extends Error {}
class Refused extends Error {}

export function parseArgs(argv) {
  const opts = { command: null, tenant: null, remote: null, version: null, register: null, workerVersion: null, note: null, force: false, persist: join(ROOT, '.wrangler/state'), cloudflare: false, namespaceId: null, zoneId: null, apiBase: null, site: null };
  const commands = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--help' || arg === '-h') commands.push('help');
    else if (arg === '--status') commands.push('status');
    else if (arg === '--promote') commands.push('promote');
    else if (arg === '--rollback') commands.push('rollback');
    else if (arg === '--check') commands.push('check');
    else if (arg === '--register') {
      commands.push('register');
      opts.register = value();
    } else if (arg === '--tenant') opts.tenant = value();
    else if (arg === '--remote') opts.remote = value();
    else if (arg === '--version') opts.version = value();
    else if (arg === '--worker-version') opts.workerVersion = value();
    else if (arg === '--note') opts.note = value();
    else if (arg === '--force') opts.force = true;
    else if (arg === '--persist') opts.persist = value();
    else if (arg === '--cloudflare') opts.cloudflare = true;
    else if (arg === '--namespace-id') opts.namespaceId = value();
    else if (arg === '--zone-id') opts.zoneId = value();
    else if (arg === '--api-base') opts.apiBase = value();
    else if (arg === '--site') opts.site = value();
    else throw new UsageError(`unknown option ${arg}`);
  }
  if (commands.length > 1) throw new UsageError(`one command at a time (got ${commands.map((c) => `--${c}`).join(', ')})`);
  opts.command = commands[0] ?? (opts.tenant && opts.remote && opts.version ? 'pin' : null);
  if (!opts.command) throw new UsageError('say what to do: --status, a pin (--tenant --remote --version), --promote, --rollback, --register or --check');
  const need = (...names) => {
    for (const name of names) if (!opts[name]) throw new UsageError(`--${opts.command} needs --${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  };
  if (opts.command === 'promote' || opts.command === 'check') need('remote', 'version');
  if (opts.command === 'rollback' || opts.command === 'register') need('remote');
  if (opts.command === 'pin' && opts.register) throw new UsageError('--register lists a version; pin it in a second call');
  return opts;
}

/**
 * A KV namespace through Cloudflare's REST API (values and keys). The one adapter for production and local runs.
 * @param {{ base: string, account: string, namespace: string, token: string, fetch?: typeof fetch }} options
 */
export function kvOverHttp({ base, account, namespace, token, fetch: doFetch = fetch }) {
  const root = `${base.replace(/\/+$/, '')}/accounts/${encodeURIComponent(account)}/storage/kv/namespaces/${encodeURIComponent(namespace)}`;
  const headers = { authorization: `Bearer ${token}` };
  const failed = async (res, what) => {
    let detail = '';
    try {
      const body = await res.json();
      detail = (body.errors ?? []).map((e) => `${e.code}: ${e.message}`).join('; ');
    } catch {}
    return new Error(`Cloudflare KV ${what} answered ${res.status}${detail ? ` (${detail})` : ''}`);
  };
  return {
    async get(key) {
      const res = await doFetch(`${root}/values/${encodeURIComponent(key)}`, { headers });
      if (res.status === 404) return null;
      if (!res.ok) throw await failed(res, `get ${key}`);
      return res.text();
    },
    async put(key, value) {
      const res = await doFetch(`${root}/values/${encodeURIComponent(key)}`, { method: 'PUT', headers: { ...headers, 'content-type': 'text/plain' }, body: value });
      if (!res.ok) throw await failed(res, `put ${key}`);
    },
    async list(prefix) {
      const names = [];
      let cursor = '';
      do {
        const q = new URLSearchParams({ prefix, limit: '1000', ...(cursor ? { cursor } : {}) });
        const res = await doFetch(`${root}/keys?${q}`, { headers });
        if (!res.ok) throw await failed(res, `list ${prefix}`);
        const body = await res.json();
        names.push(...body.result.map((k) => k.name));
        cursor = body.result_info?.cursor ?? '';
      } while (cursor);
      return names;
    },
  };
}

/** Where to read and write, and where the changed tenants' pages are purged: `{ kv, site, purge, close, where }`. */
async function openTarget(opts, log) {
  if (opts.cloudflare) {
    const token = process.env.CLOUDFLARE_API_TOKEN;
    const account = process.env.CLOUDFLARE_ACCOUNT_ID;
    const namespace = opts.namespaceId ?? process.env.FORECOURT_CONFIG_NAMESPACE_ID;
    if (!token || !account || !namespace) throw new UsageError('--cloudflare needs CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID and the CONFIG namespace id (--namespace-id or FORECOURT_CONFIG_NAMESPACE_ID)');
    const purge = cloudflarePurgeTarget({ apiBase: opts.apiBase, zoneId: opts.zoneId ?? process.env.CLOUDFLARE_ZONE_ID, token });
    return { kv: kvOverHttp({ base: opts.apiBase ?? 'https://api.cloudflare.com/client/v4', account, namespace, token }), site: opts.site, purge, close: async () => {}, where: `Cloudflare account ${account}` };
  }
  const namespace = readWranglerConfig('shell').kv_namespaces.find((ns) => ns.binding === 'CONFIG').id;
  const origin = await localRuntime();
  if (origin) return { kv: kvOverHttp({ base: `${origin}/client/v4`, account: 'local', namespace, token: 'local' }), site: opts.site ?? origin, purge: localPurgeTarget(origin), close: async () => {}, where: `the local runtime at ${origin}` };
  // Not running: the same API over the saved state, served by a Miniflare of its own.
  if (!existsSync(join(opts.persist, 'kv'))) throw new Refused(`The local runtime is not running and ${opts.persist} holds no state: run \`npm start\` first`);
  log(`The local runtime is not running: changing its saved state in ${opts.persist} (seen at the next \`npm start\` only for what it does not seed again)`);
  const { Miniflare, Log, LogLevel } = await import('miniflare');
  const { build } = await import('esbuild');
  const script = (await build({ entryPoints: [join(ROOT, 'dev/cloudflare-api.mjs')], bundle: true, format: 'esm', write: false, logLevel: 'silent' })).outputFiles[0].text;
  const mf = new Miniflare({ host: '127.0.0.1', port: 0, cf: false, modules: true, script, kvNamespaces: { CONFIG: namespace }, bindings: { NAMESPACES: { [namespace]: 'CONFIG' } }, kvPersist: join(opts.persist, 'kv'), log: new Log(LogLevel.WARN) });
  const url = await mf.ready;
  return { kv: kvOverHttp({ base: `${url.origin}/client/v4`, account: 'local', namespace, token: 'local' }), site: opts.site, purge: NOT_RUNNING, close: () => mf.dispose(), where: `the saved state in ${opts.persist}` };
}

/** The contract check of `remote@version` against the stable version of every remote (dev/contract-suite.ts). */
async function contractIssues(lib, site, releases, remote, version) {
  if (!site) throw new Refused('No --site to read the versions\' contracts.json from: pass --site <url>, or --force to skip the check');
  const read = async (path) => {
    const res = await fetch(`${site.replace(/\/+$/, '')}${path}`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.text() };
  };
  const stable = Object.fromEntries(Object.entries(releases ?? {}).filter(([, r]) => r).map(([r, release]) => [r, release.stable]));
  return lib.contractFailures(read, remote, version, stable);
}

const parseJson = (text, what) => {
  try {
    return JSON.parse(text);
  } catch {
    throw new Refused(`${what} is not JSON`);
  }
};

export async function main(argv, { log = console.log, error = console.error } = {}) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    error(`canary: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.command === 'help') {
    log(USAGE);
    return 0;
  }
  const lib = await importBundle({ contents: `export * from './canary-lib.ts'; export { resolvePins } from '../contracts/src/releases.ts';`, resolveDir: join(ROOT, 'dev') });
  let target;
  /** The tenants whose pages a write changed (purged once the command ends, even when a later write failed). */
  const changed = new Set();
  try {
    target = await openTarget(opts, log);
    const { kv } = target;
    const releasesText = await kv.get(lib.KV_RELEASES_KEY);
    const releases = releasesText === null ? null : lib.parseRemoteReleases(parseJson(releasesText, lib.KV_RELEASES_KEY));
    const tenants = async () => {
      const out = [];
      for (const key of (await kv.list('tenant:')).sort()) {
        const raw = parseJson(await kv.get(key), key);
        try {
          out.push({ key, raw, config: lib.parseSiteConfig(raw) });
        } catch (error) {
          throw new Refused(`${key} is not a valid tenant config, so nothing was changed:\n${error.message}`);
        }
      }
      return out;
    };
    /** A changed config, which must still be a valid config (checked before anything is written). */
    const validated = (next) => {
      try {
        lib.parseSiteConfig(next);
      } catch (error) {
        throw new Refused(`${next.slug}: the changed config would not be valid, so nothing was changed:\n${error.message}`);
      }
      return next;
    };
    /** Each tenant's config as written by this command. */
    const written = new Map();
    const writeTenant = async ({ key, raw }, next) => {
      await kv.put(key, JSON.stringify(validated(next)));
      written.set(raw.slug, next);
      changed.add(raw.slug);
      log(`${raw.slug}: ${opts.remote} ${raw.remotes[opts.remote]} -> ${next.remotes[opts.remote]}`);
    };
    /**
     * Writes the registry; a tenant whose versions it moves (as the shell resolves them: a version, or the Worker
     * version that serves it) has changed pages too. Only being called stable changes no page.
     */
    const writeReleases = async (next, all) => {
      await kv.put(lib.KV_RELEASES_KEY, JSON.stringify(next));
      const pins = (remotes, registry) => Object.entries(lib.resolvePins(remotes, registry).pins).map(([remote, pin]) => `${remote}@${pin.version}/${pin.workerVersionId}`).join(',');
      for (const { raw } of all) {
        const { remotes } = written.get(raw.slug) ?? raw;
        if (pins(remotes, releases) !== pins(remotes, next)) changed.add(raw.slug);
      }
    };
    const checked = async (version) => {
      if (opts.force) return log(`contract check of ${opts.remote} ${version} skipped (--force)`);
      const failures = await contractIssues(lib, target.site, releases, opts.remote, version);
      if (failures.length) throw new Refused(`${opts.remote} ${version} would break the stable versions of the platform:\n${failures.map((f) => `- ${f.detail}`).join('\n')}\nNothing changed (--force to go ahead anyway).`);
      log(`contracts: ${opts.remote} ${version} runs beside the stable versions`);
    };

    switch (opts.command) {
      case 'status': {
        log(`Remote versions in ${target.where}`);
        for (const remote of lib.REMOTE_NAMES) {
          const r = releases?.[remote];
          log(`  ${remote.padEnd(13)} ${r ? `stable ${r.stable}; registered ${r.versions.map((x) => `${x.version}${x.worker_version_id ? ` (${x.worker_version_id})` : ''}`).join(', ')}` : 'no registry: each tenant runs its manifest version, no override'}`);
        }
        log('\nTenants (* = not the stable version)');
        log(`  ${'tenant'.padEnd(28)} ${lib.REMOTE_NAMES.map((r) => r.padEnd(22)).join('')}`);
        for (const { config } of await tenants()) {
          log(`  ${config.slug.padEnd(28)} ${lib.REMOTE_NAMES.map((r) => `${config.remotes[r]}${releases?.[r] && config.remotes[r] !== releases[r].stable ? ' *' : ''}`.padEnd(22)).join('')}`);
        }
        if (!opts.cloudflare && target.site) log(`\nPer version answers, failures and latency: ${target.site}/_forecourt/remote-versions`);
        return 0;
      }
      case 'check': {
        await checked(opts.version);
        return 0;
      }
      case 'register': {
        const all = await tenants();
        const pinned = all.map((t) => t.raw.remotes[opts.remote]);
        const next = lib.registerVersion(releases, opts.remote, { version: opts.register, ...(opts.workerVersion ? { worker_version_id: opts.workerVersion } : {}), ...(opts.note ? { note: opts.note } : {}), registered_at: new Date().toISOString() }, pinned);
        await writeReleases(next, all);
        log(`${opts.remote} ${opts.register} registered${next[opts.remote].stable === opts.register ? ' (stable)' : ''}`);
        return 0;
      }
      case 'pin': {
        const all = await tenants();
        const tenant = all.find((t) => t.config.slug === opts.tenant);
        if (!tenant) throw new Refused(`Unknown tenant "${opts.tenant}": there are ${all.map((t) => t.config.slug).join(', ') || 'none'}`);
        const next = lib.pinTenant(tenant.raw, opts.remote, opts.version, releases);
        await checked(opts.version);
        await writeTenant(tenant, next);
        return 0;
      }
      case 'promote': {
        const promoted = lib.promoteVersion(releases, opts.remote, opts.version);
        await checked(opts.version);
        // Every change computed and validated before the first write: an invalid stored config stops it with nothing
        // written. Tenants first, the registry last, so a write that fails midway is finished by running it again.
        const all = await tenants();
        const moves = all.filter((t) => t.raw.remotes[opts.remote] !== opts.version).map((t) => [t, validated(lib.pinTenant(t.raw, opts.remote, opts.version, promoted))]);
        for (const [t, next] of moves) await writeTenant(t, next);
        await writeReleases(promoted, all);
        log(`${opts.remote} ${opts.version} is stable`);
        return 0;
      }
      case 'rollback': {
        const all = await tenants();
        if (opts.tenant && !all.some((t) => t.config.slug === opts.tenant)) throw new Refused(`Unknown tenant "${opts.tenant}"`);
        const stable = lib.stablePin(releases, opts.remote)?.version;
        if (!stable) throw new Refused(`No versions of ${opts.remote} are registered: nothing to roll back to`);
        const moves = all.filter((t) => (!opts.tenant || t.config.slug === opts.tenant) && t.raw.remotes[opts.remote] !== stable).map((t) => [t, validated(lib.rollbackTenant(t.raw, opts.remote, releases))]);
        for (const [t, next] of moves) await writeTenant(t, next);
        const changed = moves.length;
        log(changed ? `${changed} tenant${changed === 1 ? '' : 's'} back on ${opts.remote} ${stable}` : `Every ${opts.tenant ? 'named ' : ''}tenant already runs ${opts.remote} ${stable}`);
        return 0;
      }
    }
    return 2;
  } catch (e) {
    if (e instanceof Refused || e?.name === 'ReleaseError' || e instanceof UsageError) {
      error(`canary: ${e.message}`);
      return e instanceof UsageError ? 2 : 1;
    }
    throw e;
  } finally {
    // The write is made: a purge only makes it show at once, and a failed one is a warning (purge-pages.mjs).
    if (target && changed.size) await purgeAfterWrite(target.purge, [...changed], { log, warn: error });
    await target?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`canary: ${e.stack ?? e}`);
      process.exit(1);
    },
  );
}
