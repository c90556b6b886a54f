/**
 * Canary one remote for one tenant, on the local runtime (issue 12): two builds of mf-search side by side (the current
 * tree and the demo's canary), one tenant pinned to the canary through the release registry, the platform's contract
 * suite run against the canary, a deliberately broken canary caught, and `npm run canary` pinning, rolling back and
 * promoting while the shell runs, each change purging the tenants' pages so the very next request shows it (issue 19:
 * the shell keeps configs for 300 s here, so nothing else could), with nothing a browser sends able to pick a version.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_NAMES, type RemoteName } from '../contracts/src/tenant.ts';
import { contractFailures, getWithHost, runContractSuite } from './contract-suite.ts';
// @ts-expect-error plain ESM modules without types
import { localWorkerVersionId, prepareCanary } from './canary.mjs';
// @ts-expect-error plain ESM modules without types
import { main as canaryCli } from './canary-cli.mjs';
// @ts-expect-error plain ESM modules without types
import { startPlatform } from './platform.mjs';

type Canary = { remote: RemoteName; version: string; dir: string; source: string };
type Platform = { url: URL; dispose(): Promise<void>; mf: { getKVNamespace(binding: string, worker: string): Promise<{ get(key: string, type: 'json'): Promise<unknown> }> } };

const CANARY_TENANT = 'outback-used-cars';
const OTHERS = ['harbourside-toyota', 'southern-cross-motor-group'];
const host = (slug: string) => `${slug}.localhost`;
let platform: Platform;
let canary: Canary;
let broken: Canary;
let stable: Record<RemoteName, string>;

/** Runs `npm run canary -- <args>` against the running platform; its exit code and what it printed. */
async function cli(...args: string[]) {
  const out: string[] = [];
  const code = (await canaryCli(args, { log: (l: string) => out.push(l), error: (l: string) => out.push(l) })) as number;
  return { code, out: out.join('\n') };
}

/** Which build of mf-search rendered a tenant's search page (the demo canary's count says "in stock now"). */
async function searchBuild(slug: string, headers: Record<string, string> = {}) {
  const page = await getWithHost(platform.url, host(slug), `/search/used-cars?probe=${Math.random()}`, headers);
  expect(page.status).toBe(200);
  const entry = /"mf_search":"\/_mf\/mf-search\/([^/]+)\/remoteEntry\.js"/.exec(page.body)?.[1];
  const text = /in stock now/.test(page.body) ? 'canary' : /vehicles? found/.test(page.body) ? 'stable' : 'neither';
  return { text, entry };
}

/** What `npm run canary` prints once it purged tenants' pages through the running platform. */
const purgedLine = (...slugs: string[]) => `pages purged: ${slugs.join(', ')} (through the local runtime at ${platform.url.origin}; the next request shows the change)`;

/** The search page as the shell keeps it (no query of its own): its build and the cache layer that answered. */
async function keptSearch(slug: string) {
  const page = await getWithHost(platform.url, host(slug), '/search/used-cars');
  expect(page.status).toBe(200);
  return { text: /in stock now/.test(page.body) ? 'canary' : /vehicles? found/.test(page.body) ? 'stable' : 'neither', layer: String(page.headers['x-forecourt-cache'] ?? '') };
}

const tenantConfig = async (slug: string) =>
  (await (await platform.mf.getKVNamespace('CONFIG', 'forecourt-shell')).get(`tenant:${slug}`, 'json')) as { remotes: Record<string, string> };

beforeAll(async () => {
  canary = await prepareCanary({ remote: 'mf-search', source: 'demo' });
  broken = await prepareCanary({ remote: 'mf-search', source: 'demo', label: '0.1.0-broken', change: fileURLToPath(new URL('./fixtures/canary-renamed-event-field.json', import.meta.url)) });
  // Configs kept 300 s: a change shows at once only through the purge `npm run canary` makes after it.
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'error', canaries: [canary, broken], pins: { [CANARY_TENANT]: { 'mf-search': canary.version } }, configCacheSeconds: 300 });
  process.env.FORECOURT_LOCAL_URL = platform.url.origin;
  // The current tree's build of every remote is the stable one (what the runtime registered).
  const releases = (await (await platform.mf.getKVNamespace('CONFIG', 'forecourt-shell')).get('remote-releases', 'json')) as Record<RemoteName, { stable: string }>;
  stable = Object.fromEntries(REMOTE_NAMES.map((r) => [r, releases[r].stable])) as Record<RemoteName, string>;
  expect(stable['mf-search']).toBe('0.1.0');
}, 240_000);

afterAll(async () => {
  delete process.env.FORECOURT_LOCAL_URL;
  await platform?.dispose();
});

describe('two builds of one remote, one tenant on the canary', () => {
  it('serves the pinned tenant the canary’s HTML and bundle, the other tenants stable, in the same run', async () => {
    expect(await searchBuild(CANARY_TENANT)).toEqual({ text: 'canary', entry: canary.version });
    for (const slug of OTHERS) expect(await searchBuild(slug), slug).toEqual({ text: 'stable', entry: '0.1.0' });
    // Each bundle is served from its own build: the canary's only by the canary.
    expect((await getWithHost(platform.url, host(OTHERS[0]!), `/_mf/mf-search/${canary.version}/remoteEntry.js`)).status).toBe(200);
    expect((await getWithHost(platform.url, host(OTHERS[0]!), '/_mf/mf-search/9.9.9/remoteEntry.js')).status).toBe(404);
  });

  it('passes the platform’s contract suite: contracts, fragment protocol, islands, stylesheets, shared APIs, answers per version', async () => {
    const page = await getWithHost(platform.url, host(CANARY_TENANT), '/search/used-cars');
    const slug = /href="\/cars\/([a-z0-9-]+)"/.exec(page.body)![1]!;
    const failures = await runContractSuite({
      origin: platform.url,
      host: host(CANARY_TENANT),
      remote: 'mf-search',
      version: canary.version,
      stable,
      paths: ['/search/used-cars', '/search/new-used-and-demo-cars?sortBy=price_asc', '/special-offers'],
      apiQueries: { compare: `slug=${slug}` },
    });
    expect(failures).toEqual([]);
  });

  it('catches a deliberately broken canary: an event field renamed that stable listeners read', async () => {
    const failures = await contractFailures((path) => getWithHost(platform.url, platform.url.host, path), 'mf-search', broken.version, stable);
    expect(failures.map((f) => f.detail)).toContain(
      'event favourites.changed.v1: mf-search emits it, mf-vehicle, mf-account (stable) listen: payload.favourites: required by the reader, not sent by the writer (removed or renamed)',
    );
    // And the operator tool refuses to pin it, writing nothing.
    const before = await tenantConfig(OTHERS[1]!);
    const refused = await cli('--tenant', OTHERS[1]!, '--remote', 'mf-search', '--version', broken.version);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('would break the stable versions of the platform');
    expect(refused.out).toContain('payload.favourites');
    expect(await tenantConfig(OTHERS[1]!)).toEqual(before);
  });
});

describe('npm run canary against the running platform', () => {
  it('shows which tenant runs which version', async () => {
    const status = await cli('--status');
    expect(status.code).toBe(0);
    expect(status.out).toContain(`mf-search     stable 0.1.0; registered 0.1.0 (${localWorkerVersionId('mf-search', '0.1.0')}), ${canary.version} (${localWorkerVersionId('mf-search', canary.version)})`);
    expect(status.out).toMatch(new RegExp(`${CANARY_TENANT}\\s+${canary.version.replaceAll('.', '\\.')} \\*`));
  });

  it('refuses an unknown remote, version or tenant with a clear message and changes nothing', async () => {
    const before = await tenantConfig(OTHERS[0]!);
    expect(await cli('--tenant', OTHERS[0]!, '--remote', 'mf-nothing', '--version', '0.1.0')).toEqual({ code: 1, out: 'canary: Unknown remote "mf-nothing": choose one of mf-search, mf-vehicle, mf-locations, mf-finance, mf-account' });
    expect(await cli('--tenant', OTHERS[0]!, '--remote', 'mf-search', '--version', '7.7.7')).toEqual({ code: 1, out: `canary: Unknown version "7.7.7" of mf-search: registered are 0.1.0, ${canary.version}, ${broken.version}` });
    expect((await cli('--tenant', 'nobody-motors', '--remote', 'mf-search', '--version', canary.version)).out).toContain('Unknown tenant "nobody-motors"');
    expect((await cli('--remote', 'mf-search')).code).toBe(2);
    expect(await tenantConfig(OTHERS[0]!)).toEqual(before);
  });

  it('rolls a tenant back, pins it again and promotes, each purging the pages it changed: the very next request shows it', async () => {
    // The canary's search page is kept by the shell (the second request is answered from its cache).
    expect((await keptSearch(CANARY_TENANT)).text).toBe('canary');
    expect(await keptSearch(CANARY_TENANT)).toMatchObject({ text: 'canary', layer: expect.stringMatching(/^(isolate|shared)$/) });
    const other = await keptSearch(OTHERS[1]!);
    expect(other.text).toBe('stable');

    const rolledBack = await cli('--tenant', CANARY_TENANT, '--remote', 'mf-search', '--rollback');
    expect(rolledBack).toEqual({ code: 0, out: `${CANARY_TENANT}: mf-search ${canary.version} -> 0.1.0\n1 tenant back on mf-search 0.1.0\n${purgedLine(CANARY_TENANT)}` });
    // The very next request: composed again, from stable; another tenant's kept page is not purged.
    expect(await keptSearch(CANARY_TENANT)).toEqual({ text: 'stable', layer: 'miss' });
    expect(await searchBuild(CANARY_TENANT)).toEqual({ text: 'stable', entry: '0.1.0' });
    expect(await keptSearch(OTHERS[1]!)).toMatchObject({ text: 'stable', layer: expect.stringMatching(/^(isolate|shared)$/) });

    const pinned = await cli('--tenant', OTHERS[0]!, '--remote', 'mf-search', '--version', canary.version);
    expect(pinned).toEqual({ code: 0, out: `contracts: mf-search ${canary.version} runs beside the stable versions\n${OTHERS[0]}: mf-search 0.1.0 -> ${canary.version}\n${purgedLine(OTHERS[0]!)}` });
    expect(await searchBuild(OTHERS[0]!)).toEqual({ text: 'canary', entry: canary.version });
    expect((await searchBuild(CANARY_TENANT)).text).toBe('stable');

    const promoted = await cli('--remote', 'mf-search', '--version', canary.version, '--promote');
    expect(promoted.code).toBe(0);
    // Every tenant it moved is purged (the pinned one already ran the canary: its pages do not change).
    expect(promoted.out.split('\n').at(-1)).toBe(purgedLine(CANARY_TENANT, OTHERS[1]!));
    for (const slug of [CANARY_TENANT, ...OTHERS]) expect((await searchBuild(slug)).entry, slug).toBe(canary.version);
    expect(await keptSearch(OTHERS[1]!)).toEqual({ text: 'canary', layer: 'miss' });
    // Promoted, the canary is what a rollback returns to; nothing changed, nothing purged.
    expect(await cli('--remote', 'mf-search', '--rollback')).toEqual({ code: 0, out: `Every tenant already runs mf-search ${canary.version}` });
  });
});

describe('a browser cannot choose a version', () => {
  it('a forged Cloudflare-Workers-Version-Overrides or x-forecourt-version changes no page, API call or bundle', async () => {
    // After the promotion above, 0.1.0 is no tenant's version: pin one tenant back to it and forge the way to the other.
    expect((await cli('--tenant', OTHERS[1]!, '--remote', 'mf-search', '--version', '0.1.0', '--force')).code).toBe(0);
    expect((await searchBuild(OTHERS[1]!)).text).toBe('stable');
    const forged = {
      'cloudflare-workers-version-overrides': `forecourt-mf-search="${localWorkerVersionId('mf-search', canary.version)}"`,
      'x-forecourt-version': canary.version,
      'x-forecourt-worker-version': localWorkerVersionId('mf-search', canary.version),
    };
    expect((await searchBuild(OTHERS[1]!, forged)).text).toBe('stable');
    const api = await getWithHost(platform.url, host(OTHERS[1]!), '/api/search/view?path=/search/used-cars', forged);
    expect(api.status).toBe(200);
    expect(api.headers['x-forecourt-worker-version']).toBe(localWorkerVersionId('mf-search', '0.1.0'));
    const bundle = await getWithHost(platform.url, host(OTHERS[1]!), '/_mf/mf-search/0.1.0/remoteEntry.js', forged);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['x-forecourt-worker-version']).toBe(localWorkerVersionId('mf-search', '0.1.0'));
  });
});
