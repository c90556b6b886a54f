import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from '../leads/rate-limit.ts';
import { leadTenant, post } from '../leads/test-helpers.ts';

/** A mobile no other test texts (the series across all sites is shared by every test file); 041x numbers are all valid. */
const freshPhone = () => `041${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
/** Local form to the spellings a shopper may type. */
const spellings = (phone: string) => [`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`, `+61${phone.slice(1)}`, `61 ${phone.slice(1)}`];

/** Moves the clock edge-api reads (Date) on by `ms` and holds it there. */
function later(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}
afterEach(() => vi.useRealTimers());

const sends = (tenant: string) => env.DB.prepare('SELECT COUNT(*) AS n FROM otp_send_series WHERE tenant = ?').bind(tenant).first<number>('n');

describe('POST /api/rate-limit (spec §7: a not-ok answer blocks the code send)', () => {
  it('counts nothing itself: asking any number of times never uses up or slows down a phone', async () => {
    const t = await leadTenant('rl-peek');
    const phone = freshPhone();
    const headers = { [CLIENT_IP_HEADER]: '203.0.113.40' };
    for (let i = 0; i < 12; i++) expect(await (await post('/api/rate-limit', t, { phone: spellings(phone)[0] }, { headers })).json()).toEqual({ ok: true });
    expect(await sends(t)).toBe(0);
    // The shopper still gets a code, from the same address.
    expect((await post('/api/auth/otp', t, { phone }, { headers })).status).toBe(200);
  });

  it('answers 429 with the spec text and the seconds left while /api/auth/otp would refuse the phone, whatever its spelling', async () => {
    const t = await leadTenant('rl');
    const phone = freshPhone();
    later(0);
    expect((await post('/api/auth/otp', t, { phone }, { headers: { [CLIENT_IP_HEADER]: '203.0.113.50' } })).status).toBe(200);
    later(15_000);
    for (const spelt of spellings(phone)) {
      const blocked = await post('/api/rate-limit', t, { phone: spelt });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({ ok: false, retry_after: 45, error: 'Too many verification attempts. Please try again later.' });
      expect(blocked.headers.get('retry-after')).toBe('45');
    }
    // Another phone, and the same phone on another tenant, are not affected.
    expect((await post('/api/rate-limit', t, { phone: freshPhone() })).status).toBe(200);
    expect((await post('/api/rate-limit', await leadTenant('rl-other'), { phone })).status).toBe(200);
    // Once the cool-down is over it says ok, as the send would.
    later(45_000);
    expect((await post('/api/rate-limit', t, { phone })).status).toBe(200);
    expect((await post('/api/auth/otp', t, { phone })).status).toBe(200);
  });

  it('answers 429 once the client has asked for 10 codes in 10 minutes, not for another browser on its address', async () => {
    // The limit's windows are fixed (10-minute marks of the clock): a run that crossed one mid-test found the count
    // reset (a CI run at 06:09-06:10 got 200). The test starts one minute into the next window, clear of an edge.
    later(RATE_LIMITS.otpClient.windowMs - (Date.now() % RATE_LIMITS.otpClient.windowMs) + 60_000);
    const t = await leadTenant('rl-ip');
    const client = { [CLIENT_IP_HEADER]: '198.51.100.4', 'user-agent': 'script' };
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/otp', t, { phone: freshPhone() }, { headers: client })).status).toBe(200);
    expect((await post('/api/rate-limit', t, { phone: freshPhone() }, { headers: client })).status).toBe(429);
    expect((await post('/api/rate-limit', t, { phone: freshPhone() }, { headers: { ...client, 'user-agent': 'a shopper' } })).status).toBe(200);
    expect((await post('/api/rate-limit', t, { phone: freshPhone() }, { headers: { ...client, [CLIENT_IP_HEADER]: '198.51.100.5' } })).status).toBe(200);
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
