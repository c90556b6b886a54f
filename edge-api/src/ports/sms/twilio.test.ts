import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, serveHandler } from '../../test/serve.ts';
import { MAX_SMS_LENGTH } from './embedded.ts';
import { selectSms } from './select.ts';
import { createFakeTwilio } from './testing.ts';
import { TWILIO_TIMEOUT_MS, TwilioSms, TwilioSmsError, toE164 } from './twilio.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'local_only_auth_token_0123456789';
const SERVICE = 'MG0123456789abcdef0123456789abcdef';
const FROM = '+61480000111';
const fake = createFakeTwilio({ accountSid: SID, authToken: TOKEN, senders: [FROM, 'Forecourt'], messagingServiceSids: [SERVICE] });
const server = serveHandler(fake.handle);
let apiBase = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => fake.reset());

const adapter = (opts: Partial<ConstructorParameters<typeof TwilioSms>[0]> = {}) =>
  new TwilioSms({ accountSid: SID, authToken: TOKEN, from: FROM, apiBase, timeoutMs: 2_000, ...opts });
const CODE_TEXT = '482913 is your Springwood Toyota sign-in code. It expires in 10 minutes.';
const message = { tenant: 'springwood-toyota', to: '0412345678', body: CODE_TEXT };
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have thrown'), (e: unknown) => e as TwilioSmsError);
/** An error must never carry the phone or the code (the body). */
const expectNoSecrets = (error: Error) => {
  for (const secret of ['0412345678', '412345678', '482913', 'sign-in code']) expect(error.message).not.toContain(secret);
};

describe('TwilioSms against a local Twilio on 127.0.0.1', () => {
  it('posts the form to the account Messages.json with Basic auth, To in E.164, and answers the message sid', async () => {
    const receipt = await adapter().send(message);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({ To: '+61412345678', Body: CODE_TEXT, From: FROM });
    expect(fake.messages).toHaveLength(1);
    expect(receipt).toEqual({ id: fake.messages[0]!.sid });
    expect(receipt.id).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('sends MessagingServiceSid instead of From when a messaging service is set (Twilio answers "accepted")', async () => {
    const receipt = await adapter({ from: undefined, messagingServiceSid: SERVICE }).send(message);
    expect(fake.requests[0]!.form).toEqual({ To: '+61412345678', Body: CODE_TEXT, MessagingServiceSid: SERVICE });
    expect(fake.messages[0]).toMatchObject({ sid: receipt.id, from: null, messagingServiceSid: SERVICE });
    // Both set: the service wins, From is not sent.
    await adapter({ messagingServiceSid: SERVICE }).send(message);
    expect(fake.requests[1]!.form).not.toHaveProperty('From');
  });

  it('keeps an international number and sends an alphanumeric sender id as From', async () => {
    await adapter({ from: 'Forecourt' }).send({ ...message, to: '+447911123456' });
    expect(fake.requests[0]!.form).toMatchObject({ To: '+447911123456', From: 'Forecourt' });
    expect(fake.messages).toHaveLength(1);
  });

  it("400 with Twilio's error JSON throws naming status and Twilio code, never the phone or the body", async () => {
    // Twilio's own message quotes the number: it must not reach the error.
    fake.overrideNext(json(400, { code: 21211, message: "Invalid 'To' Phone Number: +61412345678", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }));
    const error = await failure(adapter().send(message));
    expect(error).toBeInstanceOf(TwilioSmsError);
    expect(error.message).toBe('Twilio message for tenant springwood-toyota: Twilio answered 400 (Twilio error 21211)');
    expect(error).toMatchObject({ status: 400, twilioCode: 21211 });
    expectNoSecrets(error);
    expect(fake.messages).toEqual([]);
  });

  it("a From the account does not own: the fake's own 21606", async () => {
    const error = await failure(adapter({ from: '+61480000999' }).send(message));
    expect(error).toMatchObject({ status: 400, twilioCode: 21606 });
    expect(error.message).not.toContain('+61480000999');
    expectNoSecrets(error);
  });

  it("401 (Twilio 20003) on a wrong auth token or another account's SID", async () => {
    const refused = await failure(adapter({ authToken: 'wrong' }).send(message));
    expect(refused.message).toBe('Twilio message for tenant springwood-toyota: Twilio answered 401 (Twilio error 20003)');
    expect(refused).toMatchObject({ status: 401, twilioCode: 20003 });
    expect(refused.message).not.toContain('wrong');
    const otherAccount = await failure(adapter({ accountSid: 'AC' + 'f'.repeat(32) }).send(message));
    expect(otherAccount).toMatchObject({ status: 401, twilioCode: 20003 });
    expect(fake.messages).toEqual([]);
  });

  it('500: with JSON it names the code, without JSON it says so', async () => {
    fake.overrideNext(json(500, { code: 20500, message: 'Internal Server Error', more_info: 'https://www.twilio.com/docs/errors/20500', status: 500 }));
    await expect(adapter().send(message)).rejects.toThrow('Twilio answered 500 (Twilio error 20500)');
    fake.overrideNext(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failure(adapter().send(message));
    expect(error.message).toBe('Twilio message for tenant springwood-toyota: Twilio answered 502 without JSON');
    expect(error).toMatchObject({ status: 502, twilioCode: null });
  });

  it('a 201 that is not JSON, or not a message resource, throws without echoing it', async () => {
    fake.overrideNext(() => new Response('OK', { status: 201 }));
    await expect(adapter().send(message)).rejects.toThrow('Twilio answered 201 without JSON');
    fake.overrideNext(json(201, { to: '+61412345678', body: CODE_TEXT, status: 'queued' }));
    const error = await failure(adapter().send(message));
    expect(error.message).toMatch(/Twilio answered an unexpected body \(sid: /);
    expectNoSecrets(error);
    fake.overrideNext(json(201, { sid: 'not-a-sid', status: 'queued' }));
    await expect(adapter().send(message)).rejects.toThrow(/unexpected body \(sid: /);
  });

  it('a message created as failed is not a receipt', async () => {
    const sid = `SM${'a'.repeat(32)}`;
    fake.overrideNext(json(201, { sid, status: 'failed', error_code: 30007, to: '+61412345678', body: CODE_TEXT }));
    const error = await failure(adapter().send(message));
    expect(error.message).toBe(`Twilio message for tenant springwood-toyota: Twilio created message ${sid} as failed (Twilio error 30007)`);
    expect(error.twilioCode).toBe(30007);
  });

  it('gives up on a hanging Twilio at its timeout', async () => {
    expect(TWILIO_TIMEOUT_MS).toBe(10_000);
    fake.delay(400);
    const started = Date.now();
    const error = await failure(adapter({ timeoutMs: 100 }).send(message));
    expect(error).toBeInstanceOf(TwilioSmsError);
    expect(error.message).toMatch(/Twilio unreachable \((TimeoutError|AbortError)\)$/);
    expect(error.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('fails when nothing listens', async () => {
    const port = await closedPort();
    await expect(adapter({ apiBase: `http://127.0.0.1:${port}` }).send(message)).rejects.toThrow(/Twilio unreachable/);
  });

  it('refuses a malformed number, an empty or over-long body before any request', async () => {
    await expect(adapter().send({ ...message, to: '0298765432' })).rejects.toThrow(/^Invalid phone number/);
    await expect(adapter().send({ ...message, to: 'call me' })).rejects.toThrow(TwilioSmsError);
    await expect(adapter().send({ ...message, body: '' })).rejects.toThrow(`SMS body must be 1-${MAX_SMS_LENGTH} characters.`);
    await expect(adapter().send({ ...message, body: 'x'.repeat(MAX_SMS_LENGTH + 1) })).rejects.toThrow(/SMS body/);
    expect(fake.requests).toEqual([]);
  });
});

describe('toE164', () => {
  it('turns an Australian mobile in local form into +61 without the trunk 0', () => {
    expect(toE164('0412345678')).toBe('+61412345678');
    expect(toE164('0412 345 678')).toBe('+61412345678');
    expect(toE164(' (0412) 345-678 ')).toBe('+61412345678');
    expect(toE164('0512345678')).toBe('+61512345678');
  });

  it('keeps an international number', () => {
    expect(toE164('+447911123456')).toBe('+447911123456');
    expect(toE164('+61412345678')).toBe('+61412345678');
    expect(toE164('+64 21 123 4567')).toBe('+64211234567');
  });

  it('throws on anything else, without echoing the number', () => {
    for (const bad of ['', '412345678', '04123456789', '041234567', '0298765432', '1300123456', '61412345678', '+0412345678', '+610412345678', '+1234', 'call me', '04-ABC-45678']) {
      expect(() => toE164(bad), bad).toThrow(TwilioSmsError);
    }
    try {
      toE164('0312345678');
    } catch (e) {
      expect((e as Error).message).not.toContain('0312345678');
    }
  });
});

describe('TwilioSms settings', () => {
  const base = { accountSid: SID, authToken: TOKEN, from: FROM };
  it('throws at construction naming the missing or malformed setting', () => {
    expect(() => new TwilioSms({ ...base, accountSid: '' })).toThrow(/^TWILIO_ACCOUNT_SID is not set/);
    expect(() => new TwilioSms({ ...base, accountSid: 'SK0123456789abcdef0123456789abcdef' })).toThrow(/^TWILIO_ACCOUNT_SID is not a Twilio account SID/);
    expect(() => new TwilioSms({ ...base, authToken: '' })).toThrow(/^TWILIO_AUTH_TOKEN is not set/);
    expect(() => new TwilioSms({ accountSid: SID, authToken: TOKEN })).toThrow(/^TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is not set/);
    expect(() => new TwilioSms({ ...base, from: '  ' })).toThrow(/TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is not set/);
    expect(() => new TwilioSms({ ...base, from: '0412345678' })).toThrow(/^TWILIO_FROM is neither/);
    expect(() => new TwilioSms({ ...base, from: 'ForecourtCars1' })).toThrow(/^TWILIO_FROM is neither/);
    expect(() => new TwilioSms({ ...base, messagingServiceSid: 'MG123' })).toThrow(/^TWILIO_MESSAGING_SERVICE_SID is not/);
    expect(() => new TwilioSms({ ...base, apiBase: 'twilio' })).toThrow('TWILIO_API_BASE="twilio" is not a URL.');
    expect(new TwilioSms({ ...base, from: 'Forecourt' })).toBeInstanceOf(TwilioSms);
  });

  it('selectSms builds it from env and it texts through the local Twilio', async () => {
    const env = { SMS_ADAPTER: 'twilio', DB: {} as D1Database, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_BASE: apiBase };
    const sms = selectSms(env);
    expect(sms).toBeInstanceOf(TwilioSms);
    const { id } = await sms.send(message);
    expect(fake.messages).toMatchObject([{ sid: id, to: '+61412345678', from: FROM, body: CODE_TEXT }]);
    // In-process fetch, no server: same fake.
    const inProcess = selectSms({ ...env, TWILIO_API_BASE: undefined }, { fetch: fake.fetch });
    await expect(inProcess.send({ ...message, to: '+447911123456' })).resolves.toMatchObject({ id: expect.stringMatching(/^SM/) });
    expect(fake.requests.at(-1)!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
  });
});
