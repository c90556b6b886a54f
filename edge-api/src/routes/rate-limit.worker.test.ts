import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { leadTenant, post } from '../leads/test-helpers.ts';

describe('POST /api/rate-limit (spec §7: a not-ok answer blocks the code send)', () => {
  // Platform-wide daily counts (tenant '*') would carry over between tests texting the same phones.
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM rate_limits WHERE tenant = '*'").run();
  });

  it('counts nothing itself: asking any number of times never uses up or locks out a phone', async () => {
    const t = await leadTenant('rl-peek');
    for (let i = 0; i < 6; i++) expect(await (await post('/api/rate-limit', t, { phone: '0412 345 678' })).json()).toEqual({ ok: true });
    // The shopper can still have the 3 codes of the window.
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/otp', t, { phone: '0412345678' }, { headers: { [CLIENT_IP_HEADER]: `203.0.113.${40 + i}` } })).status).toBe(200);
  });

  it('answers 429 with the spec text once /api/auth/otp would refuse the phone (3 codes per 10 minutes), whatever its spelling', async () => {
    const t = await leadTenant('rl');
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/otp', t, { phone: '0412345678' }, { headers: { [CLIENT_IP_HEADER]: `203.0.113.${50 + i}` } })).status).toBe(200);
    for (const phone of ['0412 345 678', '+61412345678', '61 412 345 678']) {
      const blocked = await post('/api/rate-limit', t, { phone });
      expect(blocked.status).toBe(429);
      const body = await blocked.json<{ ok: boolean; retry_after: number; error: string }>();
      expect(body).toMatchObject({ ok: false, error: 'Too many verification attempts. Please try again later.' });
      expect(body.retry_after).toBeGreaterThan(0);
      expect(body.retry_after).toBeLessThanOrEqual(600);
      expect(blocked.headers.get('retry-after')).toBe(String(body.retry_after));
    }
    // Another phone, and the same phone on another tenant, are not affected.
    expect((await post('/api/rate-limit', t, { phone: '0498765432' })).status).toBe(200);
    expect((await post('/api/rate-limit', await leadTenant('rl-other'), { phone: '0412345678' })).status).toBe(200);
  });

  it('answers 429 once the IP has asked for 30 codes in 10 minutes', async () => {
    const t = await leadTenant('rl-ip');
    const headers = { [CLIENT_IP_HEADER]: '198.51.100.4' };
    for (let i = 0; i < 30; i++) expect((await post('/api/auth/otp', t, { phone: `04${String(20000000 + i)}` }, { headers })).status).toBe(200);
    expect((await post('/api/rate-limit', t, { phone: '0420000099' }, { headers })).status).toBe(429);
    expect((await post('/api/rate-limit', t, { phone: '0420000099' }, { headers: { [CLIENT_IP_HEADER]: '198.51.100.5' } })).status).toBe(200);
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
