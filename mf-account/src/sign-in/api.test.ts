import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_API, SIGN_IN_MESSAGES, SIGN_IN_REQUEST_TIMEOUT_MS } from '@forecourt/contracts/sign-in';
import { readSession, requestCode, signOut, verifyCode } from './api.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const user = { id: 'u1', phone: '0412345678', first_name: 'Jo', last_name: null, email: null };
const fetchOf = (res: Response | (() => Response)) => vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => (typeof res === 'function' ? res() : res));

describe('requestCode (POST /api/auth/otp)', () => {
  it('POSTs the SendCodeRequest as JSON, same origin, with the spec §9 timeout', async () => {
    const fetch = fetchOf(json(200, { ok: true, expires_in: 600 }));
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    expect(await requestCode({ phone: '0412345678', first_name: 'Jo' }, { fetch })).toEqual({ ok: true, data: { ok: true, expires_in: 600 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(SIGN_IN_API.sendCode);
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(init!.body as string)).toEqual({ phone: '0412345678', first_name: 'Jo' });
    expect(init!.signal).toBeInstanceOf(AbortSignal);
    expect(timeout).toHaveBeenCalledWith(SIGN_IN_REQUEST_TIMEOUT_MS);
    expect(SIGN_IN_REQUEST_TIMEOUT_MS).toBe(15_000);
    timeout.mockRestore();
  });
  it("400/503 give the server's text; 429 keeps Retry-After", async () => {
    expect(await requestCode({ phone: 'x' }, { fetch: fetchOf(json(400, { error: 'Invalid phone number.' })) })).toEqual({ ok: false, status: 400, message: 'Invalid phone number.' });
    // Field messages (non-empty strings only) come along for the form to place under its fields.
    expect(await requestCode({ phone: 'x' }, { fetch: fetchOf(json(400, { error: 'phone: Invalid phone number.', fields: { phone: 'Invalid phone number.', email: '', x: 5 } })) })).toEqual({
      ok: false,
      status: 400,
      message: 'phone: Invalid phone number.',
      fields: { phone: 'Invalid phone number.' },
    });
    expect(await requestCode({ phone: 'x' }, { fetch: fetchOf(json(503, { error: 'We could not send a code just now.' })) })).toEqual({ ok: false, status: 503, message: 'We could not send a code just now.' });
    expect(await requestCode({ phone: 'x' }, { fetch: fetchOf(json(429, { error: SIGN_IN_MESSAGES.tooManyAttempts }, { 'retry-after': '60' })) })).toEqual({
      ok: false,
      status: 429,
      message: SIGN_IN_MESSAGES.tooManyAttempts,
      retryAfter: 60,
    });
    // The body's retry_after when no header came through.
    expect(await requestCode({ phone: 'x' }, { fetch: fetchOf(json(429, { error: SIGN_IN_MESSAGES.tooManyAttempts, retry_after: 42 })) })).toMatchObject({ status: 429, retryAfter: 42 });
  });
  it("no usable answer (HTML, empty error, a 200 that is not SendCodeResponse, network failure) is 'An unknown error occurred.'", async () => {
    for (const res of [new Response('<html>', { status: 502 }), json(400, { error: ' ' }), json(200, { ok: false }), json(200, { ok: true, expires_in: 0 })]) {
      const result = await requestCode({ phone: '0412345678' }, { fetch: fetchOf(res) });
      expect(result).toMatchObject({ ok: false, message: SIGN_IN_MESSAGES.unknown });
    }
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await requestCode({ phone: '0412345678' }, { fetch: offline })).toEqual({ ok: false, status: 0, message: SIGN_IN_MESSAGES.unknown });
  });
  it('gives up when edge-api does not answer in time', async () => {
    const hang = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const started = Date.now();
    expect(await requestCode({ phone: '0412345678' }, { fetch: hang as unknown as typeof fetch, timeoutMs: 30 })).toEqual({ ok: false, status: 0, message: SIGN_IN_MESSAGES.unknown });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('verifyCode (POST /api/auth/verify)', () => {
  it('200 { user } is the signed-in shopper', async () => {
    const fetch = fetchOf(json(200, { user }));
    expect(await verifyCode({ phone: '0412345678', token: '123456', type: 'sms' }, { fetch })).toEqual({ ok: true, data: user });
    expect(fetch.mock.calls[0]![0]).toBe(SIGN_IN_API.verify);
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ phone: '0412345678', token: '123456', type: 'sms' });
  });
  it("the invalid-code text, or 'An unknown error occurred during verification.'", async () => {
    expect(await verifyCode({ phone: '0412345678', token: '000000', type: 'sms' }, { fetch: fetchOf(json(400, { error: SIGN_IN_MESSAGES.invalidCode })) })).toEqual({ ok: false, status: 400, message: SIGN_IN_MESSAGES.invalidCode });
    expect(await verifyCode({ phone: '0412345678', token: '000000', type: 'sms' }, { fetch: fetchOf(json(200, { user: { id: 'u1' } })) })).toEqual({ ok: false, status: 200, message: SIGN_IN_MESSAGES.unknownVerification });
    expect(await verifyCode({ phone: '0412345678', token: '000000', type: 'sms' }, { fetch: fetchOf(new Response('', { status: 500 })) })).toEqual({ ok: false, status: 500, message: SIGN_IN_MESSAGES.unknownVerification });
  });
});

describe('readSession / signOut', () => {
  it('session: the user on 200, null on 401, failure or a malformed answer', async () => {
    const fetch = fetchOf(json(200, { user }));
    expect(await readSession({ fetch })).toEqual(user);
    expect(fetch.mock.calls[0]![0]).toBe(SIGN_IN_API.session);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET' });
    expect(await readSession({ fetch: fetchOf(json(401, { error: 'Not signed in.' })) })).toBeNull();
    expect(await readSession({ fetch: fetchOf(json(200, { user: null })) })).toBeNull();
    expect(await readSession({ fetch: vi.fn(async () => Promise.reject(new Error('offline'))) })).toBeNull();
  });
  it('sign-out: POST, ok on 200, the unknown error otherwise', async () => {
    const fetch = fetchOf(json(200, { ok: true }));
    expect(await signOut({ fetch })).toEqual({ ok: true, data: true });
    expect(fetch.mock.calls[0]![0]).toBe(SIGN_IN_API.signOut);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
    expect(await signOut({ fetch: fetchOf(new Response('', { status: 502 })) })).toEqual({ ok: false, status: 502, message: SIGN_IN_MESSAGES.unknown });
  });
});
