/**
 * The operator tools' page purge (dev/purge-pages.mjs) against a server on 127.0.0.1 speaking Cloudflare's
 * `purge_cache` wire format: what it sends (tenant tags, 30 a call, the bearer token), and what it makes of a success,
 * a refusal with `errors[]`, a server error, an answer without the envelope, no answer in time and no server at all;
 * and `npm run canary -- --cloudflare` against that server (its KV API too): it purges exactly the tenants a change
 * moved, warns when the purge fails, and says so when it has no zone id.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTenants } from '../demo/src/index.ts';
// @ts-expect-error plain ESM modules without types
import { main as canaryCli } from './canary-cli.mjs';
// @ts-expect-error plain ESM modules without types
import { NOT_RUNNING, TAGS_PER_PURGE, cloudflarePurgeTarget, localPurgeTarget, localRuntime, purgeAfterWrite, purgeTenantPages } from './purge-pages.mjs';

type Call = { method: string; path: string; auth?: string; contentType?: string; body: { tags: string[] } };
type Reply = (req: IncomingMessage, res: ServerResponse, call: Call) => void;
type Target = { kind: 'api'; apiBase: string; zoneId: string; token: string; where: string };
type Outcome = { purged: string[]; failed: Array<{ tenants: string[]; error: string }> };

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const ok: Reply = (_req, res) => json(res, 200, { success: true, errors: [], messages: [], result: { id: ZONE } });

let server: Server;
let origin: string;
let calls: Call[];
let reply: Reply;
/** The CONFIG namespace behind the server's KV API (account `acc`, namespace `ns`). */
const kv = new Map<string, string>();
const KV_ROUTE = /^\/client\/v4\/accounts\/acc\/storage\/kv\/namespaces\/ns\/(?:values\/([^?]+)|keys\?(.*))$/;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const m = KV_ROUTE.exec(req.url!);
      if (m?.[1] && req.method === 'PUT') return void (kv.set(decodeURIComponent(m[1]), text), json(res, 200, { success: true, errors: [], messages: [], result: null }));
      if (m?.[1]) return void (kv.has(decodeURIComponent(m[1])) ? res.writeHead(200).end(kv.get(decodeURIComponent(m[1]))) : json(res, 404, { success: false, errors: [{ code: 10009, message: "get: 'key not found'" }] }));
      if (m) {
        const prefix = new URLSearchParams(m[2]).get('prefix') ?? '';
        return void json(res, 200, { success: true, errors: [], messages: [], result: [...kv.keys()].filter((k) => k.startsWith(prefix)).map((name) => ({ name })), result_info: { cursor: '' } });
      }
      const call = { method: req.method!, path: req.url!, auth: req.headers.authorization, contentType: req.headers['content-type'], body: JSON.parse(text || 'null') };
      calls.push(call);
      reply(req, res, call);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // contracts are bundled on first use (esbuild): seconds on a busy machine, so once here rather than in a test.
  await purgeTenantPages(target(), []);
}, 60_000);
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});
beforeEach(() => {
  calls = [];
  reply = ok;
});

const target = (): Target => cloudflarePurgeTarget({ apiBase: `${origin}/client/v4`, zoneId: ZONE, token: 'purge-token' });
const purge = (tenants: string[], options: { timeoutMs?: number } = {}): Promise<Outcome> => purgeTenantPages(target(), tenants, options);

describe('purgeTenantPages (Cloudflare purge by tag)', () => {
  it("posts each tenant's tag to the zone's purge_cache with the bearer token, and counts a 200 success as purged", async () => {
    expect(await purge(['harbourside-toyota', 'outback-used-cars', 'harbourside-toyota'])).toEqual({ purged: ['harbourside-toyota', 'outback-used-cars'], failed: [] });
    expect(calls).toEqual([
      { method: 'POST', path: `/client/v4/zones/${ZONE}/purge_cache`, auth: 'Bearer purge-token', contentType: 'application/json', body: { tags: ['t:harbourside-toyota', 't:outback-used-cars'] } },
    ]);
  });

  it('sends at most 30 tags a call, and one failing batch does not stop the others', async () => {
    const tenants = Array.from({ length: 65 }, (_, i) => `dealer-${i}`);
    reply = (_req, res, call) => (call.body.tags.includes('t:dealer-30') ? json(res, 500, { success: false, errors: [{ code: 10000, message: 'Internal error' }] }) : ok(_req, res, call));
    const { purged, failed } = await purge(tenants);
    expect(TAGS_PER_PURGE).toBe(30);
    expect(calls.map((c) => c.body.tags.length)).toEqual([30, 30, 5]);
    expect(purged).toEqual([...tenants.slice(0, 30), ...tenants.slice(60)]);
    expect(failed).toEqual([{ tenants: tenants.slice(30, 60), error: `Cloudflare zone ${ZONE} answered 500: 10000 Internal error` }]);
  });

  it("reports a 4xx with Cloudflare's errors[], a 200 that says success false, and a 5xx without the envelope", async () => {
    reply = (_req, res) => json(res, 403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null });
    expect(await purge(['outback-used-cars'])).toEqual({ purged: [], failed: [{ tenants: ['outback-used-cars'], error: `Cloudflare zone ${ZONE} answered 403: 10000 Authentication error` }] });
    reply = (_req, res) => json(res, 200, { success: false, errors: [{ code: 1012, message: 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"' }] });
    expect((await purge(['outback-used-cars'])).failed[0]!.error).toBe(`Cloudflare zone ${ZONE} answered 200: 1012 Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"`);
    reply = (_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    expect((await purge(['outback-used-cars'])).failed[0]!.error).toBe(`Cloudflare zone ${ZONE} answered 502 without its JSON envelope`);
  });

  it('gives up on a batch with no answer in time, and says when the API cannot be reached', async () => {
    reply = () => {}; // never answers
    const started = Date.now();
    expect(await purge(['outback-used-cars'], { timeoutMs: 200 })).toEqual({ purged: [], failed: [{ tenants: ['outback-used-cars'], error: `Cloudflare zone ${ZONE} gave no answer in 0.2 s` }] });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Headers sent, then the body stalls.
    reply = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"success":');
    expect((await purge(['outback-used-cars'], { timeoutMs: 200 })).failed[0]!.error).toBe(`Cloudflare zone ${ZONE} gave no answer in 0.2 s`);
    const closed = await new Promise<number>((r) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => r(port));
      });
    });
    const gone = await purgeTenantPages(localPurgeTarget(`http://127.0.0.1:${closed}`), ['outback-used-cars']);
    expect(gone.failed[0]!.error).toMatch(new RegExp(`^the local runtime at http://127\\.0\\.0\\.1:${closed} unreachable \\(ECONNREFUSED: `));
  });

  it('sends nothing for a slug that cannot be a page-cache tag', async () => {
    const { purged, failed } = await purge(['Not A Slug']);
    expect(purged).toEqual([]);
    expect(failed[0]!.error).toMatch(/^not page-cache tags \(/);
    expect(calls).toEqual([]);
  });
});

describe('purgeAfterWrite (what the tools print)', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, log: (l: string) => out.push(l), warn: (l: string) => err.push(l) };
  };

  it('says which pages were purged, and where', async () => {
    const o = io();
    expect(await purgeAfterWrite(target(), ['harbourside-toyota'], o)).toBe(true);
    expect(o.out).toEqual([`pages purged: harbourside-toyota (through Cloudflare zone ${ZONE}; the next request shows the change)`]);
    expect(o.err).toEqual([]);
  });

  it('warns, keeping the write, when the purge failed', async () => {
    reply = (_req, res) => json(res, 403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] });
    const o = io();
    expect(await purgeAfterWrite(target(), ['harbourside-toyota'], o)).toBe(false);
    expect(o.out).toEqual([]);
    expect(o.err).toEqual([
      `warning: the pages of harbourside-toyota were not purged: Cloudflare zone ${ZONE} answered 403: 10000 Authentication error. The change is saved; they show it within the shell's config cache time (CONFIG_CACHE_SECONDS, 10 s; plus KV's 30 s edge cache when deployed).`,
    ]);
  });

  it('says why nothing was purged: no runtime running, or no zone id; and is silent when nothing changed', async () => {
    const o = io();
    expect(await purgeAfterWrite(NOT_RUNNING, ['outback-used-cars'], o)).toBe(true);
    expect(await purgeAfterWrite(cloudflarePurgeTarget({ zoneId: undefined, token: 't' }), ['outback-used-cars'], o)).toBe(true);
    expect(await purgeAfterWrite(target(), [], o)).toBe(true);
    expect(o.out).toEqual([
      'pages not purged: the local runtime is not running, so no pages are cached',
      "pages not purged: no zone id (--zone-id or CLOUDFLARE_ZONE_ID), so they show it within the shell's config cache time (CONFIG_CACHE_SECONDS, 10 s; plus KV's 30 s edge cache when deployed)",
    ]);
    expect(calls).toEqual([]);
    expect(cloudflarePurgeTarget({ zoneId: ZONE, token: 't' })).toMatchObject({ apiBase: 'https://api.cloudflare.com/client/v4', zoneId: ZONE });
  });
});

describe('localRuntime', () => {
  it('answers the origin of a runtime that answers, null when none does', async () => {
    expect(await localRuntime(`${origin}/`)).toBe(origin);
    const closed = await new Promise<number>((r) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => r(port));
      });
    });
    expect(await localRuntime(`http://127.0.0.1:${closed}`)).toBeNull();
  });
});

// Each run of the tool bundles its TypeScript again (esbuild): slow on a busy machine.
describe('npm run canary -- --cloudflare: the pages of the tenants a change moved are purged', { timeout: 60_000 }, () => {
  const V1 = '00000000-0000-4000-8000-000000000001';
  const V2 = '00000000-0000-4000-8000-000000000002';
  const env = { CLOUDFLARE_API_TOKEN: 'cf-token', CLOUDFLARE_ACCOUNT_ID: 'acc', FORECOURT_CONFIG_NAMESPACE_ID: 'ns', CLOUDFLARE_ZONE_ID: undefined };
  const saved: Record<string, string | undefined> = {};
  const config = (slug: string) => JSON.parse(kv.get(`tenant:${slug}`)!) as { remotes: Record<string, string> };
  beforeAll(() => {
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    // Harbourside names mf-search 0.2.0, which the registry does not list yet: it runs stable 0.1.0 until it does.
    for (const t of demoTenants().filter((x) => x.slug !== 'southern-cross-motor-group')) {
      kv.set(`tenant:${t.slug}`, JSON.stringify({ ...t, remotes: { ...t.remotes, 'mf-search': t.slug === 'harbourside-toyota' ? '0.2.0' : '0.1.0' } }));
    }
    kv.set('remote-releases', JSON.stringify({ 'mf-search': { stable: '0.1.0', versions: [{ version: '0.1.0', worker_version_id: V1 }] } }));
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  const cli = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = (await canaryCli(['--cloudflare', '--api-base', `${origin}/client/v4`, ...args], { log: (l: string) => out.push(l), error: (l: string) => err.push(l) })) as number;
    return { code, out, err };
  };

  it('registering a version purges only the tenant it moves (by --zone-id), with the API token', async () => {
    const registered = await cli('--zone-id', ZONE, '--remote', 'mf-search', '--register', '0.2.0', '--worker-version', V2);
    expect(registered).toEqual({ code: 0, out: ['mf-search 0.2.0 registered', `pages purged: harbourside-toyota (through Cloudflare zone ${ZONE}; the next request shows the change)`], err: [] });
    expect(calls).toEqual([{ method: 'POST', path: `/client/v4/zones/${ZONE}/purge_cache`, auth: 'Bearer cf-token', contentType: 'application/json', body: { tags: ['t:harbourside-toyota'] } }]);
    // Status reads only: nothing purged.
    calls = [];
    expect((await cli('--zone-id', ZONE, '--status')).code).toBe(0);
    expect(calls).toEqual([]);
  });

  it('a rollback whose purge is refused still rolls back, warns and exits 0', async () => {
    reply = (_req, res) => json(res, 403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] });
    process.env.CLOUDFLARE_ZONE_ID = ZONE;
    try {
      const rolledBack = await cli('--remote', 'mf-search', '--rollback');
      expect(rolledBack.code).toBe(0);
      expect(rolledBack.out).toEqual(['harbourside-toyota: mf-search 0.2.0 -> 0.1.0', '1 tenant back on mf-search 0.1.0']);
      expect(rolledBack.err).toEqual([
        `warning: the pages of harbourside-toyota were not purged: Cloudflare zone ${ZONE} answered 403: 10000 Authentication error. The change is saved; they show it within the shell's config cache time (CONFIG_CACHE_SECONDS, 10 s; plus KV's 30 s edge cache when deployed).`,
      ]);
      expect(config('harbourside-toyota').remotes['mf-search']).toBe('0.1.0');
    } finally {
      delete process.env.CLOUDFLARE_ZONE_ID;
    }
  });

  it('without a zone id it pins, purges nothing and says when the pages show it', async () => {
    const pinned = await cli('--tenant', 'outback-used-cars', '--remote', 'mf-search', '--version', '0.2.0', '--force');
    expect(pinned.code).toBe(0);
    expect(pinned.out.at(-1)).toBe("pages not purged: no zone id (--zone-id or CLOUDFLARE_ZONE_ID), so they show it within the shell's config cache time (CONFIG_CACHE_SECONDS, 10 s; plus KV's 30 s edge cache when deployed)");
    expect(config('outback-used-cars').remotes['mf-search']).toBe('0.2.0');
    expect(calls).toEqual([]);
  });
});
