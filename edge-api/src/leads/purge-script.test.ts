import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../scripts/migrations.mjs';
import { inlineSql, purgeStatements, purgeTenant, retentionCutoff, retentionOf } from '../../scripts/purge-leads.mjs';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/purge-leads.mjs');

type Db = Awaited<ReturnType<Miniflare['getD1Database']>>;

async function seed(db: Db, tenant: string, ageDays: number[]) {
  for (const [i, age] of ageDays.entries()) {
    const id = `${tenant}-lead-${i}`;
    const at = NOW - age * DAY;
    await db.prepare(`INSERT INTO leads (tenant, id, category, payload, created_at, updated_at) VALUES (?, ?, 'General Enquiry', '{"payload":{"name":"x"}}', ?, ?)`).bind(tenant, id, at, at).run();
    await db.prepare(`INSERT INTO lead_outbox (tenant, lead_id, created_at) VALUES (?, ?, ?)`).bind(tenant, id, at).run();
    await db.prepare(`INSERT INTO crm_inbox (tenant, id, lead_id, category, payload, received_at) VALUES (?, ?, ?, 'General Enquiry', '{}', ?)`).bind(tenant, `crm-${id}`, id, at).run();
  }
  await db.prepare(`INSERT INTO rate_limits (tenant, key, window_start, count) VALUES (?, 'lead-phone:old', ?, 1), (?, 'lead-phone:new', ?, 1)`).bind(tenant, NOW - 2 * DAY, tenant, NOW - 60_000).run();
}
const count = async (db: Db, table: string, tenant: string) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant = ?`).bind(tenant).first<{ n: number }>())!.n;

describe('purge-leads: retention rules', () => {
  it('cuts off at now minus the retention in days, and reads it from the tenant config (default 365)', () => {
    expect(retentionCutoff(NOW, 30)).toBe(NOW - 30 * DAY);
    expect(() => retentionCutoff(NOW, 0)).toThrow(/>= 1/);
    expect(retentionOf({ lead_retention_days: 90 })).toBe(90);
    expect(retentionOf({})).toBe(365);
    expect(retentionOf({ lead_retention_days: -3 })).toBe(365);
  });

  it('inlines only slugs and integers for wrangler d1 execute', () => {
    const [first] = purgeStatements('acme-motors', 123, 456);
    expect(inlineSql(first!)).toBe("DELETE FROM lead_outbox WHERE tenant = 'acme-motors' AND lead_id IN (SELECT id FROM leads WHERE tenant = 'acme-motors' AND created_at < 123)");
    expect(() => purgeStatements("x'; DROP TABLE leads; --", 1, 2)).toThrow(/Invalid tenant/);
    expect(() => inlineSql({ sql: 'SELECT ?', params: ['a b'] })).toThrow(/Refusing/);
  });
});

describe('purge-leads on a real local D1 (miniflare)', () => {
  let mf: Miniflare;
  let db: Db;
  beforeAll(async () => {
    mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response(null, { status: 204 }) } }', d1Databases: ['DB'], cf: false });
    db = await mf.getD1Database('DB');
    await applyMigrations(db);
  });
  afterAll(async () => { await mf.dispose(); });

  it("deletes one tenant's leads older than its retention, with their outbox and CRM inbox rows, and stale counters", async () => {
    await seed(db, 'alpha', [400, 366, 364, 1]);
    await seed(db, 'bravo', [400]);
    expect(await purgeTenant(db, { tenant: 'alpha', days: 365, now: NOW, dryRun: true })).toEqual({ tenant: 'alpha', days: 365, cutoff: NOW - 365 * DAY, leads: 2 });
    expect(await count(db, 'leads', 'alpha')).toBe(4);
    expect((await purgeTenant(db, { tenant: 'alpha', days: 365, now: NOW })).leads).toBe(2);
    const { results } = await db.prepare('SELECT id FROM leads WHERE tenant = ? ORDER BY id').bind('alpha').all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual(['alpha-lead-2', 'alpha-lead-3']);
    expect(await count(db, 'lead_outbox', 'alpha')).toBe(2);
    expect(await count(db, 'crm_inbox', 'alpha')).toBe(2);
    expect(await count(db, 'rate_limits', 'alpha')).toBe(1);
    // Another tenant is untouched.
    expect(await count(db, 'leads', 'bravo')).toBe(1);
  });
});

describe('purge-leads command over the persisted local state of npm start', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(path.join(tmpdir(), 'purge-leads-')); });
  afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

  it("purges every tenant in KV CONFIG by its own lead_retention_days and prints counts only", { timeout: 60_000 }, async () => {
    // The same bindings as edge-api/wrangler.jsonc, persisted where the command will look.
    const opts = {
      modules: true, cf: false, script: 'export default { fetch() { return new Response(null, { status: 204 }) } }',
      d1Databases: { DB: '00000000-0000-4000-8000-000000000000' }, kvNamespaces: { CONFIG: 'forecourt-config' },
      d1Persist: path.join(dir, 'd1'), kvPersist: path.join(dir, 'kv'),
    };
    const mf = new Miniflare(opts);
    const db = await mf.getD1Database('DB');
    await applyMigrations(db);
    await seed(db, 'short-keep', [40, 20]);
    await seed(db, 'default-keep', [400, 40]);
    const kv = await mf.getKVNamespace('CONFIG');
    await kv.put('tenant:short-keep', JSON.stringify({ slug: 'short-keep', lead_retention_days: 30 }));
    await kv.put('tenant:default-keep', JSON.stringify({ slug: 'default-keep' }));
    await kv.put('tenant-data:short-keep', '{}');
    await mf.dispose();

    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, '--persist', dir, '--now', String(NOW)]);
    expect(stdout).toContain('short-keep: purged 1 lead(s) older than 30 day(s)');
    expect(stdout).toContain('default-keep: purged 1 lead(s) older than 365 day(s)');

    const after = new Miniflare(opts);
    const db2 = await after.getD1Database('DB');
    expect(await count(db2, 'leads', 'short-keep')).toBe(1);
    expect(await count(db2, 'leads', 'default-keep')).toBe(1);
    await after.dispose();
  });
});
