import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_WORKER_NAMES } from '../contracts/src/releases.ts';
import { REMOTE_NAMES } from '../contracts/src/tenant.ts';
// @ts-expect-error plain ESM modules without types
import { applyChange, localWorkerVersionId, parseCanaryArg, readDemoChange } from './canary.mjs';
// @ts-expect-error plain ESM modules without types
import { kvOverHttp, parseArgs } from './canary-cli.mjs';
// @ts-expect-error plain ESM modules without types
import { REMOTES, ROOT, readWranglerConfig, VERSION_LABEL as DEV_VERSION_LABEL } from './workers.mjs';
import { VERSION_LABEL } from '../contracts/src/tenant.ts';

describe('canary builds (dev/canary.mjs)', () => {
  it('gives each remote version a stable Cloudflare-shaped Worker version id', () => {
    const id = localWorkerVersionId('mf-search', '0.1.0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localWorkerVersionId('mf-search', '0.1.0')).toBe(id);
    expect(localWorkerVersionId('mf-search', '0.2.0')).not.toBe(id);
    expect(localWorkerVersionId('mf-vehicle', '0.1.0')).not.toBe(id);
  });

  it('reads --canary <remote>=<source>[@<label>]', () => {
    expect(parseCanaryArg('mf-search=demo')).toEqual({ remote: 'mf-search', source: 'demo', label: undefined });
    expect(parseCanaryArg('mf-search=HEAD~2@0.2.0-rc.1')).toEqual({ remote: 'mf-search', source: 'HEAD~2', label: '0.2.0-rc.1' });
    expect(parseCanaryArg('mf-finance=../other-checkout')).toEqual({ remote: 'mf-finance', source: '../other-checkout', label: undefined });
    expect(() => parseCanaryArg('mf-nothing=demo')).toThrow(/unknown remote "mf-nothing"/);
    expect(() => parseCanaryArg('mf-search')).toThrow(/--canary takes/);
  });

  it('the demo’s canary change still applies to this tree (each edit found exactly once)', () => {
    const change = readDemoChange('mf-search');
    for (const edit of change.edits) {
      const text = readFileSync(join(ROOT, edit.file), 'utf8');
      expect(text.split(edit.find).length - 1, edit.file).toBe(1);
    }
    const broken = JSON.parse(readFileSync(join(ROOT, 'dev/fixtures/canary-renamed-event-field.json'), 'utf8'));
    for (const edit of broken.edits) expect(readFileSync(join(ROOT, edit.file), 'utf8').split(edit.find).length - 1, edit.file).toBe(1);
  });

  it('applies a change, and fails loudly on an edit whose text is missing or repeated', () => {
    const tree = mkdtempSync(join(tmpdir(), 'canary-'));
    mkdirSync(join(tree, 'a'));
    writeFileSync(join(tree, 'a/x.ts'), 'one two two');
    applyChange(tree, { description: 'ok', edits: [{ file: 'a/x.ts', find: 'one', replace: 'ONE' }] });
    expect(readFileSync(join(tree, 'a/x.ts'), 'utf8')).toBe('ONE two two');
    expect(() => applyChange(tree, { description: 'twice', edits: [{ file: 'a/x.ts', find: 'two', replace: '2' }] })).toThrow(/must hold "two" exactly once/);
    expect(() => applyChange(tree, { description: 'gone', edits: [{ file: 'a/x.ts', find: 'three', replace: '3' }] })).toThrow(/exactly once/);
  });

  it('the dev tools’ list of remotes and version pattern are contracts’ own', () => {
    expect(REMOTES).toEqual([...REMOTE_NAMES]);
    expect(DEV_VERSION_LABEL.source).toBe(VERSION_LABEL.source);
  });

  it('names each remote’s Cloudflare Worker as its wrangler.jsonc and the shell’s service bindings do (the override’s key)', () => {
    const services = readWranglerConfig('shell').services.map((s: { service: string }) => s.service);
    for (const remote of REMOTE_NAMES) {
      expect(readWranglerConfig(remote).name, remote).toBe(REMOTE_WORKER_NAMES[remote]);
      expect(services).toContain(REMOTE_WORKER_NAMES[remote]);
      expect(readWranglerConfig(remote).version_metadata, remote).toEqual({ binding: 'CF_VERSION_METADATA' });
    }
  });
});

describe('npm run canary: arguments', () => {
  it('reads each command and what it needs', () => {
    expect(parseArgs(['--status']).command).toBe('status');
    expect(parseArgs(['--tenant', 't', '--remote', 'mf-search', '--version', '0.2.0'])).toMatchObject({ command: 'pin', tenant: 't', remote: 'mf-search', version: '0.2.0' });
    expect(parseArgs(['--remote', 'mf-search', '--version', '0.2.0', '--promote']).command).toBe('promote');
    expect(parseArgs(['--remote', 'mf-search', '--rollback']).command).toBe('rollback');
    expect(parseArgs(['--remote', 'mf-search', '--register', '0.2.0', '--worker-version', 'x'])).toMatchObject({ command: 'register', register: '0.2.0', workerVersion: 'x' });
    expect(parseArgs(['--cloudflare', '--namespace-id', 'ns', '--status'])).toMatchObject({ cloudflare: true, namespaceId: 'ns' });
  });

  it('refuses what it cannot do with a usage error', () => {
    expect(() => parseArgs([])).toThrow(/say what to do/);
    expect(() => parseArgs(['--promote', '--remote', 'mf-search'])).toThrow('--promote needs --version');
    expect(() => parseArgs(['--status', '--rollback'])).toThrow(/one command at a time/);
    expect(() => parseArgs(['--tenant'])).toThrow('--tenant needs a value');
    expect(() => parseArgs(['--bogus'])).toThrow('unknown option --bogus');
  });
});

describe('Cloudflare KV REST adapter (kvOverHttp) against a local server speaking the API', () => {
  let server: Server;
  let base: string;
  const store = new Map<string, string>([['tenant:a', '{"slug":"a"}'], ['tenant:b', '{"slug":"b"}'], ['host:x', 'a']]);
  const seen: Array<{ method: string; path: string; auth?: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      seen.push({ method: req.method!, path: url.pathname, auth: req.headers.authorization });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Bearer good') return json(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null });
      const m = /^\/client\/v4\/accounts\/acc\/storage\/kv\/namespaces\/ns\/(?:values\/(.+)|keys)$/.exec(url.pathname);
      if (!m) return json(404, { success: false, errors: [{ code: 7003, message: 'Could not route' }], messages: [], result: null });
      if (!m[1]) {
        // Pages of one key, as Cloudflare answers with a cursor.
        const names = [...store.keys()].filter((k) => k.startsWith(url.searchParams.get('prefix') ?? '')).sort();
        const at = Number(url.searchParams.get('cursor') || 0);
        return json(200, { success: true, errors: [], messages: [], result: names.slice(at, at + 1).map((name) => ({ name })), result_info: { count: 1, cursor: at + 1 < names.length ? String(at + 1) : '' } });
      }
      const key = decodeURIComponent(m[1]);
      if (req.method === 'GET') return store.has(key) ? res.writeHead(200).end(store.get(key)) : json(404, { success: false, errors: [{ code: 10009, message: "get: 'key not found'" }], messages: [], result: null });
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        store.set(key, body);
        json(200, { success: true, errors: [], messages: [], result: null });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    base = `http://127.0.0.1:${port}/client/v4`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('reads, writes and lists keys page by page, with the bearer token', async () => {
    const kv = kvOverHttp({ base, account: 'acc', namespace: 'ns', token: 'good' });
    expect(await kv.get('tenant:a')).toBe('{"slug":"a"}');
    expect(await kv.get('tenant:none')).toBeNull();
    await kv.put('remote-releases', '{"mf-search":{}}');
    expect(store.get('remote-releases')).toBe('{"mf-search":{}}');
    expect(await kv.list('tenant:')).toEqual(['tenant:a', 'tenant:b']);
    expect(seen.every((s) => s.auth === 'Bearer good')).toBe(true);
    expect(seen.filter((s) => s.path.endsWith('/keys'))).toHaveLength(2);
  });

  it('fails with Cloudflare’s own error text', async () => {
    const kv = kvOverHttp({ base, account: 'acc', namespace: 'ns', token: 'bad' });
    await expect(kv.get('tenant:a')).rejects.toThrow('Cloudflare KV get tenant:a answered 403 (10000: Authentication error)');
    await expect(kv.put('k', 'v')).rejects.toThrow(/answered 403/);
  });
});
