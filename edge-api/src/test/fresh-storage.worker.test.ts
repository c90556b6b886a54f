import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { freshStorage } from '../../../dev/vitest-workers-storage.mjs';

// The workers projects run their files in a shared workerd (isolate: false, dev/vitest-workers.mjs): what keeps one
// file's rows, keys and cached responses from the next is this reset, the first set-up file of every project.
describe('each Worker test file starts with empty storage (dev/vitest-workers-storage.mjs)', () => {
  it('empties D1 (tables and the migrations record), KV and the Cache API', async () => {
    const cached = 'https://isolation.test/page';
    await env.DB.prepare('CREATE TABLE isolation_probe (id TEXT)').run();
    await env.DB.prepare('INSERT INTO isolation_probe (id) VALUES (?)').bind('left-over').run();
    await env.CONFIG.put('isolation-probe', 'left-over');
    await caches.default.put(cached, new Response('left-over', { headers: { 'cache-control': 'max-age=600' } }));
    expect(await caches.default.match(cached)).toBeDefined();

    await freshStorage();

    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'sqlite_sequence'").all<{ name: string }>();
    expect(tables.results).toEqual([]);
    expect(await env.CONFIG.get('isolation-probe')).toBeNull();
    expect(await caches.default.match(cached)).toBeUndefined();

    // As apply-migrations.ts does after the reset: the schema back, no rows.
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    const applied = await env.DB.prepare('SELECT COUNT(*) AS n FROM d1_migrations').first<{ n: number }>();
    expect(applied?.n).toBe(env.TEST_MIGRATIONS.length);
  });
});
