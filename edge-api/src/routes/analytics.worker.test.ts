import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../index.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';

const send = (tenant: string, body: unknown, contentType = 'application/json') =>
  app.request('/api/analytics', {
    method: 'POST',
    headers: tenantHeaders(tenant, { 'content-type': contentType }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }, env);

type Row = { tenant: string; event_id: number; page: string; car_id: string | null; meta: string | null; created_at: number };
const rowsOf = (tenant: string) =>
  env.DB.prepare('SELECT tenant, event_id, page, car_id, meta, created_at FROM analytics_events WHERE tenant = ? ORDER BY id').bind(tenant).all<Row>().then((r) => r.results);

describe('POST /api/analytics', () => {
  const a = uniqueTenant('alpha');
  const b = uniqueTenant('bravo');
  beforeAll(async () => { await putTenant(a); await putTenant(b); });

  it('stores the event under the request tenant (never a tenant named in the body) and answers 202', async () => {
    const before = Date.now();
    const res = await send(a, { event_id: 4, tenant: b, page: '/cars/2021-toyota-corolla-1', car_id: 'car-1', meta: { source: 'card' } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: true });
    const rows = await rowsOf(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenant: a, event_id: 4, page: '/cars/2021-toyota-corolla-1', car_id: 'car-1' });
    expect(JSON.parse(rows[0]!.meta!)).toEqual({ source: 'card' });
    expect(rows[0]!.created_at).toBeGreaterThanOrEqual(before);
    expect(await rowsOf(b)).toHaveLength(0);
  });

  it('keeps tenants apart', async () => {
    await send(b, { event_id: 49, page: '/search/used-cars' });
    await send(b, { event_id: 61, page: '/cars/x' });
    expect((await rowsOf(b)).map((r) => r.event_id)).toEqual([49, 61]);
    expect((await rowsOf(a)).every((r) => r.tenant === a)).toBe(true);
  });

  it('accepts every spec §7 id', async () => {
    const t = uniqueTenant('ids');
    await putTenant(t);
    const ids = [4, 9, 14, 15, 17, 18, 22, 25, 26, 36, 37, 39, 48, 49, 51, 60, 61];
    for (const id of ids) expect((await send(t, { event_id: id, page: '/' })).status).toBe(202);
    expect((await rowsOf(t)).map((r) => r.event_id)).toEqual(ids);
  });

  it('rejects an unknown event id with a clear 400 and stores nothing', async () => {
    const t = uniqueTenant('bad');
    await putTenant(t);
    const res = await send(t, { event_id: 5, page: '/' });
    expect(res.status).toBe(400);
    const { error } = await res.json<{ error: string }>();
    expect(error).toBe('Invalid request: event_id: Unknown analytics event id, expected one of 4, 9, 14, 15, 17, 18, 22, 25, 26, 36, 37, 39, 48, 49, 51, 60, 61.');
    expect(await rowsOf(t)).toHaveLength(0);
  });

  it('names every bad field', async () => {
    const res = await send(a, { event_id: '4', page: 'cars/x', meta: 'x' });
    expect(res.status).toBe(400);
    const { error } = await res.json<{ error: string }>();
    expect(error).toMatch(/event_id: Unknown analytics event id, expected one of 4, 9/);
    expect(error).not.toMatch(/received|cars\/x/);
    expect(error).toMatch(/page: .*Expected "\/"/);
    expect(error).toMatch(/meta: .*Expected Object/);
  });

  it('rejects oversized meta', async () => {
    const res = await send(a, { event_id: 4, page: '/', meta: { blob: 'x'.repeat(5000) } });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toBe('Invalid request: meta: meta must be at most 4096 bytes as JSON.');
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await send(a, '{"event_id":', 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json<{ error: string }>()).toHaveProperty('error');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await send(a, { event_id: 4, page: '/', meta: { blob: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large.' });
  });
});
