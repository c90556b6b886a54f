import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { INTERNAL } from '@forecourt/contracts/internal';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { createApp } from '../app.tsx';
import { APPLICATION_COOKIE, applicationCookie, decodeApplication, PREAPPROVAL_MESSAGES, type Application } from '../lib/preapproval.ts';
import { siteConfigInput, testEnv, type FakeHandler, type TestEnvOptions } from '../test/tenant.ts';

const on = siteConfigInput('test-motors', { features: { finance_preapproval: true } } as never);
const off = siteConfigInput('plain-motors');
const details = { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', phone: '0412 345 678', postCode: '4000' };
const estimate = { vehiclePriceBudget: '45990', loanTerm: '5', selfAssessedCreditScore: 'DECENT' };
const SESSION = '__Host-fc_session=s3cr3t; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=2592000';
const stored: Application = {
  estimate: { price: 45_990, term: 5, credit: 'DECENT' },
  details: { ...details, phone: '0412345678', subscribe: false },
  car: { car_id: '148223', car_type: 'used' },
  leadId: '3b241101-e2bb-4255-8caf-4136c566a962',
  codeSent: true,
  verified: false,
};
const cookieOf = (a: Application) => applicationCookie(a).split(';')[0]!;

/** edge-api as the journey meets it: codes sent, code 123456 verifies, the customer created. */
function edge(over: Partial<Record<'sendCode' | 'verifyCode' | 'createCustomer', () => Response>> = {}): FakeHandler {
  return (url) => {
    if (url.pathname === INTERNAL.sendCode.path) return over.sendCode?.() ?? Response.json({ ok: true, expires_in: 600 });
    if (url.pathname === INTERNAL.verifyCode.path) return over.verifyCode?.() ?? Response.json({ user: { id: 'u1', phone: '0412345678' } }, { headers: { 'set-cookie': SESSION } });
    if (url.pathname === INTERNAL.createCustomer.path) return over.createCustomer?.() ?? Response.json({ redirectUrl: 'https://apply.youx.example/start/abc' });
    return undefined;
  };
}

function setup(options: TestEnvOptions & { config?: typeof on } = {}) {
  const seen: NonNullable<TestEnvOptions['seen']> = [];
  const env = testEnv([options.config ?? on, off], { edge: edge(), ...options, seen });
  const app = createApp({ styles: [], version: '1.0.0' });
  const post = (body: Record<string, unknown> | URLSearchParams, headers: Record<string, string> = {}, tenant = 'test-motors') =>
    app.request('https://test-motors.example.com.au/api/finance/preapproval', {
      method: 'POST',
      headers: { [TENANT_HEADER]: tenant, [CLIENT_IP_HEADER]: '203.0.113.9', 'user-agent': 'Mozilla/5.0', ...(body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : { 'content-type': 'application/json' }), ...headers },
      body: body instanceof URLSearchParams ? body.toString() : JSON.stringify(body),
    }, env);
  const edgeCalls = () => seen.filter((s) => s.worker === 'edge-api').map((s) => s.url.pathname);
  const bodyOf = (path: string) => JSON.parse(String(seen.find((s) => s.url.pathname === path)!.init!.body)) as Record<string, unknown>;
  const headerOf = (path: string, name: string) => new Headers(seen.find((s) => s.url.pathname === path)!.init!.headers).get(name);
  return { env, post, seen, edgeCalls, bodyOf, headerOf };
}
const appCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${APPLICATION_COOKIE}=`));
const applicationOf = (res: Response) => decodeApplication(appCookie(res)?.split(';')[0]!.split('=').slice(1).join('='));

describe('POST /api/finance/preapproval', () => {
  it('is a 404 where the site has no instant pre-approval', async () => {
    const { post, edgeCalls } = setup();
    expect((await post({ action: 'details', ...details }, {}, 'plain-motors')).status).toBe(404);
    expect(edgeCalls()).toEqual([]);
  });

  it('Your Details: refuses each bad field by name and texts nothing', async () => {
    const { post, edgeCalls } = setup();
    const res = await post({ action: 'details', ...estimate, ...details, email: 'nope', phone: '07 3000 0000' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ step: 2, fields: { email: 'Invalid email address.', phone: 'Please enter an Australian mobile number (we text a code to it).' } });
    expect(edgeCalls()).toEqual([]);
  });

  it('Your Details: texts a code through edge-api with the shopper address, quotes, keeps the application, goes to step 3', async () => {
    const { post, edgeCalls, bodyOf, headerOf } = setup();
    const res = await post({ action: 'details', ...estimate, ...details, car_id: '148223', car_type: 'used', subscribe: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ step: 3, quote: { weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 }, phone: '0412 ••• 678' });
    expect(edgeCalls()).toEqual([INTERNAL.sendCode.path, INTERNAL.quickQuote.path]);
    expect(bodyOf(INTERNAL.sendCode.path)).toEqual({ phone: '0412345678', first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com' });
    expect(headerOf(INTERNAL.sendCode.path, CLIENT_IP_HEADER)).toBe('203.0.113.9');
    expect(headerOf(INTERNAL.sendCode.path, TENANT_HEADER)).toBe('test-motors');
    expect(bodyOf(INTERNAL.quickQuote.path)).toMatchObject({ selfAssessedCreditScore: 'DECENT', purchasePrice: 45_990, loanTerm: 5 });
    const kept = applicationOf(res);
    expect(kept).toMatchObject({ estimate: { price: 45_990, term: 5, credit: 'DECENT' }, car: { car_id: '148223', car_type: 'used' }, codeSent: true, verified: false });
    expect(kept?.details).toMatchObject({ phone: '0412345678', subscribe: true });
    expect(appCookie(res)).toMatch(/HttpOnly; SameSite=Lax; Max-Age=1800$/);
  });

  it('without JavaScript: the plain forms go on with 303s to the step pages, refusals back to the step with the draft kept', async () => {
    const { post } = setup();
    const bad = await post(new URLSearchParams({ action: 'details', ...estimate, ...details, firstName: '' }));
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/finance?step=2&vehiclePriceBudget=45990&loanTerm=5&selfAssessedCreditScore=DECENT&check=1#finance-form');
    expect(applicationOf(bad)?.details).toMatchObject({ firstName: '', email: 'sam@example.com' });
    const good = await post(new URLSearchParams({ action: 'details', ...estimate, ...details, car_id: '148223' }));
    expect(good.headers.get('location')).toBe('/finance?step=3&vehiclePriceBudget=45990&loanTerm=5&selfAssessedCreditScore=DECENT&car_id=148223#finance-form');
    const wrong = setup({ edge: edge({ verifyCode: () => Response.json({ error: PREAPPROVAL_MESSAGES.invalidCode }, { status: 400 }) }) });
    const refused = await wrong.post(new URLSearchParams({ action: 'apply', code: '000000', terms: 'on' }), { cookie: cookieOf(stored) });
    expect(refused.headers.get('location')).toContain('step=4');
    expect(refused.headers.get('location')).toContain('preapproval_error=invalidCode');
  });

  it('a code that cannot be sent stops with spec §8 texts (too many, unknown)', async () => {
    const busy = setup({ edge: edge({ sendCode: () => Response.json({ error: 'Too many verification attempts. Please try again later.' }, { status: 429, headers: { 'retry-after': '60' } }) }) });
    const tooMany = await busy.post({ action: 'details', ...estimate, ...details });
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).toBe('60');
    expect(await tooMany.json()).toEqual({ step: 2, error: 'Too many verification attempts. Please try again later.' });
    const down = setup({ edge: edge({ sendCode: () => Response.json({ error: 'SMS down' }, { status: 503 }) }) });
    const failed = await down.post({ action: 'details', ...estimate, ...details });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ step: 2, error: 'An unknown error occurred while advancing step.' });
  });

  it('Apply: verifies the code, then creates the lead and the customer with the new session, then the lender address', async () => {
    const { post, edgeCalls, bodyOf, headerOf } = setup();
    const res = await post({ action: 'apply', code: '123 456', terms: true }, { cookie: `other=1; ${cookieOf(stored)}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectUrl: 'https://apply.youx.example/start/abc' });
    expect(edgeCalls()).toEqual([INTERNAL.verifyCode.path, INTERNAL.createCustomer.path]);
    expect(bodyOf(INTERNAL.verifyCode.path)).toEqual({ phone: '0412345678', token: '123456', type: 'sms' });
    expect(headerOf(INTERNAL.createCustomer.path, 'cookie')).toBe('__Host-fc_session=s3cr3t');
    const created = bodyOf(INTERNAL.createCustomer.path) as { data: Record<string, unknown>; additionalData: { payload: Record<string, unknown>; userData: Record<string, unknown> }; lead_id: string };
    expect(created.lead_id).toBe(stored.leadId);
    expect(created.data).toMatchObject({ phoneNumber: '0412345678', purchasePrice: 45_990, loanTerm: 5, selfAssessedCreditScore: 'DECENT', firstName: 'Sam' });
    expect(created.additionalData.payload).toMatchObject({ category: 'Finance Enquiry', phone: '0412345678', car_id: '148223' });
    expect(created.additionalData.userData.url).toBe('https://test-motors.example.com.au/finance');
    // The shopper is signed in (edge-api's session cookie passed on) and the application is done.
    expect(res.headers.getSetCookie()).toContain(SESSION);
    expect(appCookie(res)).toContain('Max-Age=0');
  });

  it("without JavaScript the final submit ends on step 4 with the lender's address kept for its link (forms may not leave the site)", async () => {
    const { post } = setup();
    const res = await post(new URLSearchParams({ action: 'apply', code: '123456', terms: 'on' }), { cookie: cookieOf(stored) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/finance?step=4&vehiclePriceBudget=45990&loanTerm=5&selfAssessedCreditScore=DECENT&car_id=148223&car_type=used#finance-form');
    expect(applicationOf(res)).toMatchObject({ verified: true, redirectUrl: 'https://apply.youx.example/start/abc' });
  });

  const failures: Array<[string, Parameters<typeof edge>[0], number, Record<string, unknown>]> = [
    ['a wrong code', { verifyCode: () => Response.json({ error: 'x' }, { status: 400 }) }, 400, { step: 4, fields: { code: 'The verification code is invalid. Please try again.' }, verified: false }],
    ['too many codes', { verifyCode: () => Response.json({ error: 'x' }, { status: 429 }) }, 429, { step: 4, error: 'Too many verification attempts. Please try again later.', verified: false }],
    ['verification down', { verifyCode: () => Response.json({ error: 'x' }, { status: 503 }) }, 502, { step: 4, error: 'An unknown error occurred during verification.', verified: false }],
    ['YouX failing (edge-api keeps the lead: its worker test)', { createCustomer: () => Response.json({ error: 'Failed to create YouX customer' }, { status: 502 }) }, 502, { step: 4, error: 'Failed to create customer with YouX', verified: true }],
    ['no redirect URL', { createCustomer: () => Response.json({ redirectUrl: '' }) }, 502, { step: 4, error: 'Failed to create customer or no redirect URL received.', verified: true }],
    ['edge-api refusing the lead', { createCustomer: () => Response.json({ error: 'Invalid request' }, { status: 400 }) }, 502, { step: 4, error: 'An error occurred when submitting this form', verified: true }],
    ['the lead not recorded', { createCustomer: () => Response.json({ error: 'Lead submission failed' }, { status: 503 }) }, 502, { step: 4, error: 'An error occurred when submitting this form', verified: true }],
  ];
  for (const [name, over, status, body] of failures) {
    it(`Apply stops on ${name} with its text`, async () => {
      const { post } = setup({ edge: edge(over) });
      const res = await post({ action: 'apply', code: '123456', terms: true }, { cookie: cookieOf(stored) });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(body);
      expect(appCookie(res)).not.toContain('Max-Age=0');
    });
  }

  it('a retried Apply after the code was verified skips the check and uses the browser session', async () => {
    const { post, edgeCalls, headerOf } = setup({ edge: edge({ createCustomer: () => Response.json({ error: 'x' }, { status: 502 }) }) });
    const first = await post({ action: 'apply', code: '123456', terms: true }, { cookie: cookieOf(stored) });
    expect(applicationOf(first)?.verified).toBe(true);
    const retry = setup();
    const res = await retry.post({ action: 'apply', terms: true }, { cookie: `__Host-fc_session=s3cr3t; ${cookieOf({ ...stored, verified: true })}` });
    expect(res.status).toBe(200);
    expect(retry.edgeCalls()).toEqual([INTERNAL.createCustomer.path]);
    expect(retry.headerOf(INTERNAL.createCustomer.path, 'cookie')).toContain('__Host-fc_session=s3cr3t');
    expect(edgeCalls()).toEqual([INTERNAL.verifyCode.path, INTERNAL.createCustomer.path]);
    expect(headerOf(INTERNAL.verifyCode.path, TENANT_HEADER)).toBe('test-motors');
  });

  it('Apply without an application (expired) or without a code is refused before edge-api is asked', async () => {
    const { post, edgeCalls } = setup();
    const expired = await post({ action: 'apply', code: '123456', terms: true });
    expect(expired.status).toBe(409);
    expect(await expired.json()).toEqual({ step: 1, error: 'Your application has expired. Please start again.' });
    const noCode = await post({ action: 'apply', code: '12', terms: true }, { cookie: cookieOf(stored) });
    expect(await noCode.json()).toEqual({ step: 4, fields: { code: 'Code must be 6 digits.' }, verified: false });
    const noTerms = await post({ action: 'apply', code: '123456' }, { cookie: cookieOf(stored) });
    expect(await noTerms.json()).toEqual({ step: 4, fields: { terms: 'You must agree to the terms of use before submitting the form.' }, verified: false });
    expect(edgeCalls()).toEqual([]);
  });

  it('new details keep the lead id of an unfinished application, but a verified or finished one starts a new lead', async () => {
    const { post } = setup();
    const same = await post({ action: 'details', ...estimate, ...details }, { cookie: cookieOf(stored) });
    expect(applicationOf(same)?.leadId).toBe(stored.leadId);
    for (const finished of [{ ...stored, verified: true }, { ...stored, verified: true, redirectUrl: 'https://apply.youx.example/x' }]) {
      const res = await post({ action: 'details', ...estimate, ...details }, { cookie: cookieOf(finished) });
      expect(applicationOf(res)?.leadId).not.toBe(stored.leadId);
      expect(applicationOf(res)).toMatchObject({ verified: false, codeSent: true });
      expect(applicationOf(res)?.redirectUrl).toBeUndefined();
    }
  });

  it('back to fix a detail with the same phone while its code lives sends no second text; another phone gets one', async () => {
    const { post, edgeCalls } = setup();
    const sent = { ...stored, codeSentAt: Date.now() - 60_000 };
    const same = await post({ action: 'details', ...estimate, ...details, email: 'sam.lee@example.com' }, { cookie: cookieOf(sent) });
    expect(same.status).toBe(200);
    expect(edgeCalls()).not.toContain(INTERNAL.sendCode.path);
    expect(applicationOf(same)).toMatchObject({ codeSent: true, codeSentAt: sent.codeSentAt, details: { email: 'sam.lee@example.com' } });
    await post({ action: 'details', ...estimate, ...details, phone: '0412 999 000' }, { cookie: cookieOf(sent) });
    expect(edgeCalls()).toContain(INTERNAL.sendCode.path);
    const old = setup();
    await old.post({ action: 'details', ...estimate, ...details }, { cookie: cookieOf({ ...stored, codeSentAt: Date.now() - 11 * 60_000 }) });
    expect(old.edgeCalls()).toContain(INTERNAL.sendCode.path);
  });

  it('a phone edge-api will not text comes back to Your Details on the field (plain form too)', async () => {
    const { post } = setup({ edge: edge({ sendCode: () => Response.json({ error: 'phone: Please enter an Australian mobile number (we text the code to it).' }, { status: 400 }) }) });
    const json = await post({ action: 'details', ...estimate, ...details });
    expect(await json.json()).toEqual({ step: 2, fields: { phone: 'Please enter an Australian mobile number (we text the code to it).' } });
    const form = await post(new URLSearchParams({ action: 'details', ...estimate, ...details }));
    expect(form.headers.get('location')).toContain('preapproval_error=phone');
  });

  it('Send a new code goes to the application phone', async () => {
    const { post, bodyOf } = setup();
    const res = await post({ action: 'resend' }, { cookie: cookieOf(stored) });
    expect(await res.json()).toEqual({ step: 4, quote: null, phone: '0412 ••• 678' });
    expect(bodyOf(INTERNAL.sendCode.path)).toMatchObject({ phone: '0412345678' });
  });

  it('is limited per tenant and client address, and refuses a body that is neither JSON nor a form', async () => {
    const { post, env } = setup();
    for (let i = 0; i < 20; i++) await post({ action: 'details' });
    const limited = await post({ action: 'details', ...estimate, ...details });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ step: 2, error: 'Too many requests. Please try again in a minute.' });
    expect(env.PREAPPROVAL_LIMITER.calls.at(-1)).toBe('test-motors:203.0.113.9');
    const fresh = setup();
    expect((await fresh.post({ action: 'dance' })).status).toBe(400);
  });
});
