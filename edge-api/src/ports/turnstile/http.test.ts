import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTurnstile, TurnstileUnavailableError } from './http.ts';
import { selectTurnstile } from './select.ts';

const SECRET = 'test-secret-not-a-real-key';

/** A local siteverify speaking the documented wire format: form-encoded secret/response/remoteip in, JSON out. */
function siteverify(received: URLSearchParams[]): Server {
  return createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    received.push(form);
    const json = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return json(405, { success: false, 'error-codes': ['bad-request'] });
    }
    if (form.get('secret') !== SECRET) return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
    switch (form.get('response')) {
      case 'good-token':
        return json(200, { success: true, challenge_ts: '2026-11-22T01:00:00.000Z', hostname: 'example.com.au', 'error-codes': [], action: 'lead', cdata: '' });
      case 'used-token':
        return json(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
      case 'internal':
        return json(200, { success: false, 'error-codes': ['internal-error'] });
      case 'crash':
        return json(502, { success: false });
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      case 'slow':
        return setTimeout(() => json(200, { success: true, 'error-codes': [] }), 800);
      default:
        return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
    }
  });
}

describe('HttpTurnstile against a local siteverify on 127.0.0.1', () => {
  const received: URLSearchParams[] = [];
  const server = siteverify(received);
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = (opts: { secret?: string; timeoutMs?: number } = {}) => new HttpTurnstile({ secret: opts.secret ?? SECRET, url, timeoutMs: opts.timeoutMs ?? 2000 });

  it('passes a good token and sends secret, response and remoteip form-encoded', async () => {
    received.length = 0;
    await expect(adapter().verify('good-token', '203.0.113.7')).resolves.toEqual({ success: true, errorCodes: [] });
    expect(Object.fromEntries(received[0]!)).toEqual({ secret: SECRET, response: 'good-token', remoteip: '203.0.113.7' });
  });

  it("returns siteverify's failures as they are", async () => {
    await expect(adapter().verify('forged')).resolves.toEqual({ success: false, errorCodes: ['invalid-input-response'] });
    await expect(adapter().verify('used-token')).resolves.toEqual({ success: false, errorCodes: ['timeout-or-duplicate'] });
    await expect(adapter({ secret: 'wrong' }).verify('good-token')).resolves.toEqual({ success: false, errorCodes: ['invalid-input-secret'] });
  });

  it('answers a missing token without calling siteverify', async () => {
    received.length = 0;
    await expect(adapter().verify('  ')).resolves.toEqual({ success: false, errorCodes: ['missing-input-response'] });
    expect(received).toHaveLength(0);
  });

  it('throws TurnstileUnavailableError when siteverify cannot answer', async () => {
    for (const token of ['internal', 'crash', 'html']) await expect(adapter().verify(token), token).rejects.toBeInstanceOf(TurnstileUnavailableError);
    await expect(adapter({ timeoutMs: 100 }).verify('slow')).rejects.toBeInstanceOf(TurnstileUnavailableError);
    const closed = new HttpTurnstile({ secret: SECRET, url: 'http://127.0.0.1:9/turnstile/v0/siteverify', timeoutMs: 1000 });
    await expect(closed.verify('good-token')).rejects.toBeInstanceOf(TurnstileUnavailableError);
  });

  it('is chosen by TURNSTILE_ADAPTER=http and refuses to start without the secret', async () => {
    const port = selectTurnstile({ TURNSTILE_ADAPTER: 'http', TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: url });
    expect(port).toBeInstanceOf(HttpTurnstile);
    await expect(port.verify('good-token')).resolves.toEqual({ success: true, errorCodes: [] });
    expect(() => selectTurnstile({ TURNSTILE_ADAPTER: 'http' })).toThrow(/TURNSTILE_SECRET_KEY is not set/);
  });
});
