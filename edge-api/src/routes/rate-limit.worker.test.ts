import { describe, expect, it } from 'vitest';
import { leadTenant, post } from '../leads/test-helpers.ts';

describe('POST /api/rate-limit (spec §7: a not-ok answer blocks the code send)', () => {
  it('allows 3 code requests per phone in 10 minutes, whatever its spelling, then 429 with the spec text', async () => {
    const t = await leadTenant('rl');
    const spellings = ['0412 345 678', '+61412345678', '61 412 345 678'];
    for (const phone of spellings) {
      const res = await post('/api/rate-limit', t, { phone });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const blocked = await post('/api/rate-limit', t, { phone: '0412345678' });
    expect(blocked.status).toBe(429);
    const body = await blocked.json<{ ok: boolean; retry_after: number; error: string }>();
    expect(body).toMatchObject({ ok: false, error: 'Too many verification attempts. Please try again later.' });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(600);
    expect(blocked.headers.get('retry-after')).toBe(String(body.retry_after));
    // Another phone, and the same phone on another tenant, are not affected.
    expect((await post('/api/rate-limit', t, { phone: '0498765432' })).status).toBe(200);
    expect((await post('/api/rate-limit', await leadTenant('rl-other'), { phone: '0412345678' })).status).toBe(200);
  });

  it('allows 10 code requests per IP in 10 minutes', async () => {
    const t = await leadTenant('rl-ip');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/rate-limit', t, { phone: `04${String(20000000 + i)}` }, { headers: { 'cf-connecting-ip': '198.51.100.4' } })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('answers a missing or bad phone 400 and a wrong body 415/400, all JSON', async () => {
    const t = await leadTenant('rl-bad');
    expect(await (await post('/api/rate-limit', t, {})).json()).toEqual({ ok: false, error: 'phone: This is a required field.' });
    const bad = await post('/api/rate-limit', t, { phone: '12345678' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: 'phone: Invalid phone number.' });
    expect((await post('/api/rate-limit', t, 'phone=0412345678', { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post('/api/rate-limit', t, '{')).status).toBe(400);
    expect(await (await post('/api/rate-limit', t, 'null')).json()).toEqual({ ok: false, error: 'Invalid request: expected a JSON object.' });
  });
});
