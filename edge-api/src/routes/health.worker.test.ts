import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import app from '../index.ts';

describe('GET /api/health', () => {
  it('answers without a tenant, with D1 up and every migration applied', async () => {
    const res = await app.request('/api/health', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, service: 'edge-api', db: 'ok', migrations: env.TEST_MIGRATIONS.length });
    expect(env.TEST_MIGRATIONS.length).toBeGreaterThanOrEqual(1);
  });

  it('reports db error with 503 when D1 fails', async () => {
    const brokenDb = { prepare: () => { throw new Error('D1 is down'); } } as unknown as D1Database;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/api/health', {}, { ...env, DB: brokenDb });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, service: 'edge-api', db: 'error', migrations: 0 });
  });
});
