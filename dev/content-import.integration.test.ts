/**
 * `npm run content:import` end to end: the CLI runs as a child process against a temporary local state folder and
 * content folder; the CONFIG KV it wrote is then read back through Miniflare over the same state.
 * The first part needs only the demo bundle (demo/dist/index.mjs, for the demo tenants) and no runtime running; the
 * last runs the built platform (dev/platform.mjs) over a state folder of its own and imports into it while it runs:
 * the tenant's pages are purged, so the very next request shows the new content (issue 19).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { getWithHost } from './contract-suite.ts';
// @ts-expect-error plain ESM script without types
import { startPlatform } from './platform.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dev/content-import.mjs');
const TENANT = 'outback-used-cars';
const KEY = `content:${TENANT}`;

let dir: string;
let persist: string;
/** An origin where nothing listens: the runtime the CLI looks for (FORECOURT_LOCAL_URL) is not running. */
let noRuntime: string;

function run(args: string[], localUrl = noRuntime): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, timeout: 60_000, env: { ...process.env, FORECOURT_LOCAL_URL: localUrl } }, (error, stdout, stderr) => {
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

type Kv = { getWithMetadata(key: string, type: 'json'): Promise<{ value: unknown; metadata: unknown }>; put(key: string, value: string): Promise<void> };

async function withConfig<T>(fn: (kv: Kv) => Promise<T>, state = persist): Promise<T> {
  const mf = new Miniflare({
    cf: false,
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
    kvNamespaces: { CONFIG: 'forecourt-config' },
    kvPersist: join(state, 'kv'),
  });
  try {
    return await fn((await mf.getKVNamespace('CONFIG')) as unknown as Kv);
  } finally {
    await mf.dispose();
  }
}

async function folder(name: string, files: Record<string, string>): Promise<string> {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const page = (path: string, blocks: unknown[]) => JSON.stringify({ path, title: 'Warranty', description: 'What our warranty covers.', blocks });
const GOOD = {
  'pages/warranty.json': page('/warranty', [{ type: 'hero', heading: 'Warranty' }, { type: 'markdown', file: 'warranty.md' }]),
  'pages/warranty.md': '## Statutory warranty\n\nEvery car we sell under 10 years old and 160,000 km carries it.',
  'posts/buying-a-used-ute.md': `---\n${JSON.stringify({ heading: 'Buying a used ute', date: '2026-10-01', description: 'What to check.', image: { src: '/demo-img/logo/toyota.svg', alt: '' } })}\n---\nCheck the chassis.\n`,
  'promotions.json': JSON.stringify([{ title: 'We want your car', image: '/demo-img/logo/toyota.svg', href: '/sell-my-car' }]),
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'content-import-'));
  persist = join(dir, 'state');
  noRuntime = await new Promise<string>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(`http://127.0.0.1:${port}`));
    });
  });
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('content:import CLI', () => {
  it('imports a good folder as one document the shell reads, marked as imported', async () => {
    const good = await folder('good', GOOD);
    const dry = await run(['--tenant', TENANT, good, '--persist', persist, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('dry run: 1 page, 1 post, 1 promotion, campaign no would replace the content of outback-used-cars; nothing written');
    await withConfig(async (kv) => expect((await kv.getWithMetadata(KEY, 'json')).value).toBeNull());

    const out = join(dir, 'content.json');
    const { code, stdout, stderr } = await run(['--tenant', TENANT, good, '--persist', persist, '--out', out]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `content:import ${TENANT} (demo tenants) from ${good}: 4 files, 0 problems`,
      `wrote the content document to ${out}`,
      `imported 1 page, 1 post, 1 promotion, campaign no into CONFIG ${KEY} at ${join(persist, 'kv')}`,
      'pages not purged: the local runtime is not running, so no pages are cached',
    ]);
    const written = JSON.parse(await readFile(out, 'utf8'));
    await withConfig(async (kv) => {
      const { value, metadata } = await kv.getWithMetadata(KEY, 'json');
      const content = value as { pages: Array<{ path: string; blocks: unknown[] }>; posts: Array<{ slug: string; body: string }> };
      expect(content.pages[0]?.path).toBe('/warranty');
      expect(content.pages[0]?.blocks[1]).toEqual({ type: 'markdown', markdown: GOOD['pages/warranty.md'] });
      expect(content.posts[0]).toMatchObject({ slug: 'buying-a-used-ute', body: 'Check the chassis.' });
      expect(metadata).toMatchObject({ source: 'import' });
      expect(value).toEqual(written);
    });
  });

  it('reports each problem with its file, field and reason and writes nothing', async () => {
    const bad = await folder('bad', {
      ...GOOD,
      'pages/careers.json': page('/careers', [{ type: 'lead-form', form: 'jobs' }, { type: 'markdown', file: 'roles.md' }]),
      'posts/buying-a-used-ute.md': '---\n{"heading": "Buying a used ute", "date": "yesterday"}\n---\nBody\n',
      'promotions.json': '[{"title": "Oops",}]',
    });
    const { code, stdout, stderr } = await run(['--tenant', TENANT, bad, '--persist', persist]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^pages\/careers\.json: blocks\.1\.file: no such file pages\/roles\.md$/m);
    expect(stdout).toMatch(/^pages\/careers\.json: blocks\.0\.form: Invalid type: Expected \(.*"careers".*\) but received "jobs"$/m);
    expect(stdout).toMatch(/^posts\/buying-a-used-ute\.md: date: Invalid date: /m);
    expect(stdout).toMatch(/^posts\/buying-a-used-ute\.md: description: Invalid key: /m);
    expect(stdout).toMatch(/^promotions\.json: invalid JSON: /m);
    expect(stderr).toContain('nothing imported (the previous content of outback-used-cars stays)');
    // The content of the first test is still there, untouched.
    await withConfig(async (kv) => {
      const content = (await kv.getWithMetadata(KEY, 'json')).value as { pages: Array<{ path: string }> };
      expect(content.pages.map((p) => p.path)).toEqual(['/warranty']);
    });
  });

  it('validates the demo tenants\' own content folders', async () => {
    const { code, stdout } = await run(['--tenant', 'harbourside-toyota', join(ROOT, 'demo/content/harbourside-toyota'), '--persist', persist, '--dry-run']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^dry run: \d+ pages, \d+ posts, \d+ promotions, campaign yes \(summer-spin-2026\) would replace/m);
  });

  it('answers a usage error for an unknown tenant, a missing folder argument or an unknown option', async () => {
    const good = join(dir, 'good');
    const unknown = await run(['--tenant', 'no-such-dealer', good, '--persist', persist]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown tenant "no-such-dealer"');
    expect(unknown.stderr).toContain('Usage: npm run content:import');
    expect((await run(['--tenant', TENANT])).code).toBe(2);
    expect((await run(['--tenant', TENANT, good, '--force'])).stderr).toContain('unknown option --force');
    const missing = await run(['--tenant', TENANT, join(dir, 'nowhere'), '--persist', persist]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read the folder');
  });
});

// Each import is a child process bundling TypeScript (esbuild) beside a running platform: slow on a busy machine.
describe('content:import while the platform runs', { timeout: 180_000 }, () => {
  type Platform = { url: URL; dispose(): Promise<void> };
  let platform: Platform;
  let live: string;
  beforeAll(async () => {
    live = join(dir, 'live');
    // The shell keeps a tenant's config and content for 300 s here: only a purge can show a change at once.
    platform = await startPlatform({ port: 0, persist: live, logLevel: 'error', cronSeconds: 0, configCacheSeconds: 300 });
  }, 240_000);
  afterAll(async () => {
    await platform?.dispose();
  });

  const get = (path: string) => getWithHost(platform.url, `${TENANT}.localhost:${platform.url.port}`, path);
  const layer = (res: { headers: Record<string, string | string[] | undefined> }) => String(res.headers['x-forecourt-cache'] ?? '');
  const wording = (text: string) => folder(`live-${text.split(' ')[0]!.toLowerCase()}`, { ...GOOD, 'pages/warranty.md': `## Statutory warranty\n\n${text}` });

  it("purges the tenant's pages: the very next request shows the new content and composes a kept page again", async () => {
    const first = await run(['--tenant', TENANT, await wording('First wording.'), '--persist', live], platform.url.origin);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`pages purged: ${TENANT} (through the local runtime at ${platform.url.origin}; the next request shows the change)`);
    expect((await get('/warranty')).body).toContain('First wording.');
    // A page the shell keeps whole (the search page, shared for 30 s): the second request is answered from the cache.
    expect((await get('/search/used-cars')).status).toBe(200);
    const kept = await get('/search/used-cars');
    expect(layer(kept)).toMatch(/^(isolate|shared)$/);

    // Written behind the shell's back (no purge), the change does not show: the shell keeps what it read.
    await withConfig(async (kv) => {
      const { value } = await kv.getWithMetadata(KEY, 'json');
      await kv.put(KEY, JSON.stringify(value).replace('First wording.', 'Unpurged wording.'));
    }, live);
    expect((await get('/warranty')).body).toContain('First wording.');
    expect(layer(await get('/search/used-cars'))).toMatch(/^(isolate|shared)$/);

    const second = await run(['--tenant', TENANT, await wording('Second wording.'), '--persist', live], platform.url.origin);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`pages purged: ${TENANT} (through the local runtime at ${platform.url.origin}`);
    // The very next requests: the kept page composed again, the content page with the new wording.
    const after = await get('/search/used-cars');
    expect(after.status).toBe(200);
    expect(layer(after)).toBe('miss');
    const page = await get('/warranty');
    expect(page.body).toContain('Second wording.');
    expect(page.body).not.toContain('First wording.');
    // Kept again from then on.
    expect(layer(await get('/search/used-cars'))).toMatch(/^(isolate|shared)$/);
  });

  it('warns, keeping the import, when the purge fails', async () => {
    // A server that answers the probe but refuses the purge, as a runtime whose page cache broke would.
    const { createServer: createHttpServer } = await import('node:http');
    const broken = createHttpServer((req, res) => {
      req.resume();
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, errors: [{ code: 10000, message: 'the shell page cache answered 500' }], messages: [], result: null }));
    });
    await new Promise<void>((r) => broken.listen(0, '127.0.0.1', r));
    try {
      const origin = `http://127.0.0.1:${(broken.address() as { port: number }).port}`;
      const { code, stdout, stderr } = await run(['--tenant', TENANT, await wording('Third wording.'), '--persist', live], origin);
      expect(code).toBe(0);
      expect(stdout).toContain(`imported 1 page, 1 post, 1 promotion, campaign no into CONFIG ${KEY}`);
      expect(stderr.trim()).toBe(
        `warning: the pages of ${TENANT} were not purged: the local runtime at ${origin} answered 502: 10000 the shell page cache answered 500. The change is saved; they show it within the shell's config cache time (CONFIG_CACHE_SECONDS, 10 s; plus KV's 30 s edge cache when deployed).`,
      );
      await withConfig(async (kv) => expect(JSON.stringify((await kv.getWithMetadata(KEY, 'json')).value)).toContain('Third wording.'), live);
    } finally {
      await new Promise((r) => broken.close(r));
    }
  });
});
