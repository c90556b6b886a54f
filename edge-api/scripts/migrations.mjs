/**
 * edge-api's D1 migrations for runners outside wrangler (the local multi-Worker miniflare of `npm start`).
 * Same bookkeeping as `wrangler d1 migrations apply` and the Workers test pool's applyD1Migrations:
 * table `d1_migrations(id, name UNIQUE, applied_at)`, one atomic batch per migration, applied ones skipped.
 *
 * @example
 *   import { applyMigrations } from '../edge-api/scripts/migrations.mjs';
 *   await applyMigrations(await mf.getD1Database('DB', 'forecourt-edge-api'));
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
export const MIGRATIONS_TABLE = 'd1_migrations';

/** Splits SQL into statements on `;`, ignoring `;` inside quotes and comments, dropping comment-only pieces. */
export function splitSqlStatements(sql) {
  const statements = [];
  let current = '';
  let hasCode = false;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      current += '\n';
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) throw new Error('Unterminated /* comment in SQL');
      i = end + 1;
      current += ' ';
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) throw new Error(`Unterminated ${ch} quote in SQL`);
        if (sql[j] === ch) {
          if (sql[j + 1] === ch) { j += 2; continue; }
          break;
        }
        j++;
      }
      current += sql.slice(i, j + 1);
      hasCode = true;
      i = j;
      continue;
    }
    if (ch === ';') {
      if (hasCode) statements.push(current.trim());
      current = '';
      hasCode = false;
      continue;
    }
    current += ch;
    if (!/\s/.test(ch)) hasCode = true;
  }
  if (hasCode) statements.push(current.trim());
  return statements;
}

/** Reads `NNNN_name.sql` files in migration-number order, each split into statements. */
export async function readMigrations(dir = MIGRATIONS_DIR) {
  const files = (await readdir(dir)).filter((f) => /^\d+_.*\.sql$/.test(f));
  files.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));
  return Promise.all(files.map(async (name) => ({ name, queries: splitSqlStatements(await readFile(path.join(dir, name), 'utf8')) })));
}

/**
 * Applies the migrations not yet recorded in `d1_migrations`, each in one batch (atomic in D1).
 * Returns the names applied by this call.
 */
export async function applyMigrations(db, migrations, table = MIGRATIONS_TABLE) {
  const list = migrations ?? (await readMigrations());
  await db.prepare(`CREATE TABLE IF NOT EXISTS ${table} (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT UNIQUE,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
  )`).run();
  const applied = new Set((await db.prepare(`SELECT name FROM ${table}`).all()).results.map((r) => r.name));
  const done = [];
  for (const migration of list) {
    if (applied.has(migration.name)) continue;
    await db.batch([
      ...migration.queries.map((q) => db.prepare(q)),
      db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(migration.name),
    ]);
    done.push(migration.name);
  }
  return done;
}
