import { Hono } from 'hono';
import type { AppEnv } from '../types.ts';

export type HealthBody = { ok: boolean; service: 'edge-api'; db: 'ok' | 'error'; migrations: number };

/** Counts applied migrations in wrangler's / applyD1Migrations' bookkeeping table; 0 before the first one. */
async function countMigrations(db: D1Database): Promise<number> {
  const table = await db
    .prepare(`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'`)
    .first<{ found: number }>();
  if (!table) return 0;
  const row = await db.prepare('SELECT COUNT(*) AS n FROM d1_migrations').first<{ n: number }>();
  return row?.n ?? 0;
}

/** Platform probe: no tenant needed, never cached, 503 when D1 does not answer. */
export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  c.header('cache-control', 'no-store');
  try {
    const migrations = await countMigrations(c.env.DB);
    return c.json<HealthBody>({ ok: true, service: 'edge-api', db: 'ok', migrations }, 200);
  } catch (err) {
    console.error('edge-api health: D1 check failed:', err);
    return c.json<HealthBody>({ ok: false, service: 'edge-api', db: 'error', migrations: 0 }, 503);
  }
});
