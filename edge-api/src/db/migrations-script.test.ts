import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { applyMigrations, readMigrations, splitSqlStatements } from '../../scripts/migrations.mjs';

describe('splitSqlStatements', () => {
  it('splits on semicolons outside quotes and comments and drops comment-only pieces', () => {
    const sql = `-- header; with a semicolon
CREATE TABLE a (x TEXT DEFAULT 'a;b'); /* block; comment */
INSERT INTO a VALUES ('it''s; fine'), ("q;q");
-- trailing comment only;
`;
    expect(splitSqlStatements(sql)).toEqual([
      `CREATE TABLE a (x TEXT DEFAULT 'a;b')`,
      `INSERT INTO a VALUES ('it''s; fine'), ("q;q")`,
    ]);
  });

  it('keeps a last statement without a semicolon and refuses an unterminated quote', () => {
    expect(splitSqlStatements('SELECT 1; SELECT 2')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(() => splitSqlStatements("SELECT 'x")).toThrow(/Unterminated/);
  });
});

describe('applyMigrations on a real local D1 (miniflare, as the dev runner uses it)', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response(null, { status: 204 }) } }', d1Databases: ['DB'], cf: false });
    await mf.ready;
  });
  afterAll(async () => { await mf.dispose(); });

  it('reads the migrations in order, one statement per query', async () => {
    const migrations = await readMigrations();
    expect(migrations[0]!.name).toBe('0001_init.sql');
    expect(migrations[0]!.queries.every((q) => /^(CREATE|INSERT|ALTER|DROP|UPDATE)\b/i.test(q))).toBe(true);
  });

  it('applies every migration once, recorded in d1_migrations like wrangler does', async () => {
    const db = await mf.getD1Database('DB');
    const migrations = await readMigrations();
    expect(await applyMigrations(db)).toEqual(migrations.map((m) => m.name));
    expect(await applyMigrations(db)).toEqual([]);
    const { results } = await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    const table = await db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'lead_outbox'`).first();
    expect(table).toEqual({ name: 'lead_outbox' });
  });
});
