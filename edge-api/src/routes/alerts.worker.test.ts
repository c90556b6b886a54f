import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FORM_ERRORS } from '@forecourt/contracts/account';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { Hono } from 'hono';
import app from '../index.ts';
import { alertLinkKey, signOptOut, type AlertLinkEnv } from '../alerts/token.ts';
import { tenantMiddleware } from '../lib/tenant.ts';
import type { AppEnv } from '../types.ts';
import { putTenant, tenantHeaders, uniqueTenant } from '../test/fixtures.ts';
import { createAlertRoutes, OPT_OUT_MESSAGES, OPT_OUT_RATE_LIMIT } from './alerts.ts';

const OPT_OUT = '/api/alerts/opt-out';
type Handler = { request: typeof app.request };

async function shopper(prefix: string) {
  const tenant = uniqueTenant(prefix);
  await putTenant(tenant);
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (tenant, id, phone, sms_alerts) VALUES (?, ?, '0412000111', 1)").bind(tenant, id).run();
  await env.DB.prepare(
    "INSERT INTO alert_outbox (tenant, id, user_id, kind, car_id, dedupe_key, payload, next_attempt_at, created_at) VALUES (?, 'a1', ?, 'sold', 'c1', 'sold:c1', '{}', 0, 0)",
  ).bind(tenant, id).run();
  return { tenant, id, token: await signOptOut(alertLinkKey(env as AlertLinkEnv), tenant, id, Date.now()) };
}

const state = async (tenant: string, id: string) => ({
  sms_alerts: await env.DB.prepare('SELECT sms_alerts FROM users WHERE tenant = ? AND id = ?').bind(tenant, id).first<number>('sms_alerts'),
  alerts: (await env.DB.prepare('SELECT status FROM alert_outbox WHERE tenant = ? AND user_id = ?').bind(tenant, id).all<{ status: string }>()).results.map((r) => r.status),
});

const ip = () => ({ [CLIENT_IP_HEADER]: `198.51.100.${Math.floor(Math.random() * 250)}` });
const json = (tenant: string, body: unknown, handler: Handler = app, headers = ip()) =>
  handler.request(`https://${tenant}.example.com.au${OPT_OUT}`, { method: 'POST', headers: tenantHeaders(tenant, { 'content-type': 'application/json', ...headers }), body: JSON.stringify(body) }, env);
const form = (tenant: string, fields: Record<string, string>) =>
  app.request(`https://${tenant}.example.com.au${OPT_OUT}`, { method: 'POST', headers: tenantHeaders(tenant, { 'content-type': 'application/x-www-form-urlencoded', ...ip() }), body: new URLSearchParams(fields).toString() }, env);

describe('POST /api/alerts/opt-out (the signed link of every alert text, no sign-in)', () => {
  it('turns alerts off and cancels pending ones for a valid token, without a session', async () => {
    const { tenant, id, token } = await shopper('opt-json');
    const res = await json(tenant, { t: token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true });
    expect(await state(tenant, id)).toEqual({ sms_alerts: 0, alerts: ['cancelled'] });
    // The same link again: the same answer.
    expect((await json(tenant, { t: token })).status).toBe(200);
  });

  it('answers the plain form with a 303 to the stop page (done, or the link error)', async () => {
    const { tenant, id, token } = await shopper('opt-form');
    const done = await form(tenant, { t: token, redirect: `/alerts/stop?t=${encodeURIComponent(token)}` });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/alerts/stop?account_done=opted-out');
    expect((await state(tenant, id)).sms_alerts).toBe(0);
    const bad = await form(tenant, { t: `${token.slice(0, -2)}xx`, redirect: 'https://evil.example/' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/?account_error=link');
    const missing = await form(tenant, { redirect: '/alerts/stop' });
    expect(missing.headers.get('location')).toBe('/alerts/stop?account_error=link');
  });

  it('refuses a tampered token, another tenant’s token and a malformed body, changing nothing', async () => {
    const { tenant, id, token } = await shopper('opt-bad');
    const other = await shopper('opt-other');
    for (const t of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, other.token, 'abcdefghijklmnop']) {
      const res = await json(tenant, { t });
      expect(res.status, t).toBe(400);
      expect(await res.json()).toEqual({ error: ACCOUNT_FORM_ERRORS.link });
    }
    // The other tenant's link used on its own site works; asked on this site it opted nobody out.
    expect(await state(tenant, id)).toEqual({ sms_alerts: 1, alerts: ['pending'] });
    expect(await state(other.tenant, other.id)).toEqual({ sms_alerts: 1, alerts: ['pending'] });
    const invalid = await json(tenant, { token });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: OPT_OUT_MESSAGES.invalid });
  });

  it('is rate-limited per address', async () => {
    const { tenant } = await shopper('opt-limit');
    const at = Date.now();
    const frozen = new Hono<AppEnv>().use('/api/*', tenantMiddleware).route('/api', createAlertRoutes({ now: () => at }));
    const address = { [CLIENT_IP_HEADER]: '203.0.113.77' };
    for (let i = 0; i < OPT_OUT_RATE_LIMIT.limit; i++) expect((await json(tenant, { t: 'abcdefghijklmnop' }, frozen, address)).status).toBe(400);
    const limited = await json(tenant, { t: 'abcdefghijklmnop' }, frozen, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
