/**
 * The platform's contract suite across versions (ARCHITECTURE.md "Canary": contract tests run the canary build of a
 * remote against the stable builds of every other part). Given a running platform where one tenant is pinned to the
 * canary, it checks, and returns every failure (empty: the canary may run beside stable):
 *  - contracts: the canary's published contract surface against each stable remote's (contract-compat.ts): events
 *    (a renamed or removed event or field), slots, islands, pages, API owners, shared APIs, internal endpoints and the
 *    fragment head, all from the JSON Schema snapshot every build publishes (`/_mf/<remote>/<version>/contracts.json`);
 *  - fragment protocol through the stable shell: each page answers 200 HTML, its inline remote map names the canary,
 *    every island it holds is exposed by the entry that map names, every stylesheet it links is served;
 *  - shared browser APIs the canary owns answer within the stable readers' schemas;
 *  - the shell's per-version counts show the canary answering, none failed, none from another version.
 * Used by dev/canary.integration.test.ts; `npm run canary` runs its first part (`contractFailures`) before a pin.
 */
import { request } from 'node:http';
import * as v from 'valibot';
import { SHARED_APIS } from '../contracts/src/api-owners.ts';
import { checkContractCompat, formatCompatIssues } from '../contracts/src/contract-compat.ts';
import { CONTRACT_SURFACE_FILE, type ContractSurface } from '../contracts/src/contract-surface.ts';
import type { RemoteName } from '../contracts/src/tenant.ts';

export type SuiteFailure = { check: 'contracts' | 'page' | 'island' | 'stylesheet' | 'api' | 'metrics'; detail: string };
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** GET on the local platform with a Host header (Node does not resolve `*.localhost` by itself). */
export function getWithHost(origin: URL, host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: origin.hostname, port: origin.port, path, headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads a path of the site (`{ status, body }`): Node's http with a Host locally, `fetch` against a deployed site. */
export type ReadPath = (path: string) => Promise<{ status: number; body: string }>;

/** A build's published contract surface, or null when it publishes none. */
export async function fetchSurface(read: ReadPath, remote: RemoteName, version: string): Promise<ContractSurface | null> {
  const res = await read(`/_mf/${remote}/${encodeURIComponent(version)}/${CONTRACT_SURFACE_FILE}`);
  return res.status === 200 ? (JSON.parse(res.body) as ContractSurface) : null;
}

/**
 * The first part alone: the canary's contracts against each stable remote's (what `npm run canary` checks before a
 * pin or a promotion).
 */
export async function contractFailures(read: ReadPath, remote: RemoteName, version: string, stable: Partial<Record<RemoteName, string>>): Promise<SuiteFailure[]> {
  const canary = await fetchSurface(read, remote, version);
  if (!canary) return [{ check: 'contracts', detail: `${remote} ${version} publishes no ${CONTRACT_SURFACE_FILE}` }];
  const seen = new Set<string>();
  const failures: SuiteFailure[] = [];
  for (const [other, otherVersion] of Object.entries(stable) as Array<[RemoteName, string]>) {
    const surface = await fetchSurface(read, other, otherVersion);
    if (!surface) {
      failures.push({ check: 'contracts', detail: `the stable ${other} ${otherVersion} publishes no ${CONTRACT_SURFACE_FILE}` });
      continue;
    }
    for (const issue of checkContractCompat({ stable: surface, canary, part: remote })) {
      const line = formatCompatIssues([issue]);
      if (!seen.has(line)) failures.push({ check: 'contracts', detail: line.slice(2) });
      seen.add(line);
    }
  }
  return failures;
}

export type SuiteOptions = {
  origin: URL;
  /** The Host of the tenant pinned to the canary, e.g. `outback-used-cars.localhost`. */
  host: string;
  remote: RemoteName;
  version: string;
  /** The stable version of every remote. */
  stable: Record<RemoteName, string>;
  /** Pages of the canary remote to probe for that tenant. */
  paths: string[];
  /** Queries for the shared APIs the canary owns (by SHARED_APIS name), e.g. `{ compare: 'slug=...' }`. */
  apiQueries?: Partial<Record<keyof typeof SHARED_APIS, string>>;
};

const attr = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Runs the whole suite; see the file's comment. */
export async function runContractSuite(o: SuiteOptions): Promise<SuiteFailure[]> {
  const failures = await contractFailures((path) => getWithHost(o.origin, o.host, path), o.remote, o.version, o.stable);
  const entries = new Map<string, string>();
  const entryText = async (path: string) => {
    if (!entries.has(path)) entries.set(path, (await getWithHost(o.origin, o.host, path)).body);
    return entries.get(path)!;
  };
  for (const path of o.paths) {
    const page = await getWithHost(o.origin, o.host, path);
    if (page.status !== 200 || !String(page.headers['content-type']).includes('text/html')) {
      failures.push({ check: 'page', detail: `${path} answered ${page.status} ${page.headers['content-type']}` });
      continue;
    }
    const mapJson = /<script id="forecourt-remotes" type="application\/json">([^<]*)<\/script>/.exec(page.body)?.[1];
    const map = mapJson ? (JSON.parse(mapJson) as Record<string, string>) : {};
    const ownEntry = `/_mf/${o.remote}/${o.version}/remoteEntry.js`;
    if (map[o.remote.replace(/-/g, '_')] !== ownEntry) failures.push({ check: 'page', detail: `${path}: the remote map names ${map[o.remote.replace(/-/g, '_')]}, not ${ownEntry}` });
    for (const island of new Set(attr(page.body, /data-island="([^"]+)"/g))) {
      const [remote, module] = island.split('/');
      const entry = map[remote!.replace(/-/g, '_')];
      if (!entry) failures.push({ check: 'island', detail: `${path}: ${island} names a remote the page's map does not have` });
      else if (!(await entryText(entry)).includes(`"./${module}"`)) failures.push({ check: 'island', detail: `${path}: ${island} is not exposed by ${entry}` });
    }
    for (const href of new Set(attr(page.body, /<link rel="stylesheet" href="(\/_mf\/[^"]+)"/g))) {
      const css = await getWithHost(o.origin, o.host, href);
      if (css.status !== 200 || !String(css.headers['content-type']).includes('text/css')) failures.push({ check: 'stylesheet', detail: `${path}: ${href} answered ${css.status}` });
    }
  }
  for (const [name, api] of Object.entries(SHARED_APIS) as Array<[keyof typeof SHARED_APIS, (typeof SHARED_APIS)[keyof typeof SHARED_APIS]]>) {
    if (api.owner !== o.remote) continue;
    const query = o.apiQueries?.[name];
    if (query === undefined) {
      failures.push({ check: 'api', detail: `${api.path}: no query given to probe it` });
      continue;
    }
    const res = await getWithHost(o.origin, o.host, `${api.path}?${query}`, { accept: 'application/json' });
    const parsed = res.status === 200 ? v.safeParse(api.answer, JSON.parse(res.body)) : null;
    if (!parsed?.success) failures.push({ check: 'api', detail: `${api.path}?${query}: ${res.status} ${parsed ? v.summarize(parsed.issues) : res.body.slice(0, 200)} (read by ${api.readers.join(', ')})` });
  }
  const metrics = await getWithHost(o.origin, o.host, '/_forecourt/remote-versions?format=json');
  if (metrics.status === 200) {
    const row = (JSON.parse(metrics.body) as { versions: Array<{ remote: string; version: string; answers: number; failed: number; timeout: number; skewed: number }> }).versions.find((r) => r.remote === o.remote && r.version === o.version);
    if (!row?.answers) failures.push({ check: 'metrics', detail: `the shell counted no answer of ${o.remote} ${o.version}` });
    else if (row.failed || row.timeout || row.skewed) failures.push({ check: 'metrics', detail: `${o.remote} ${o.version}: ${row.failed} failed, ${row.timeout} timed out, ${row.skewed} answered by another version` });
  }
  return failures;
}
