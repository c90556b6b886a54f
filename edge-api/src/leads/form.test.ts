import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { formErrorLocation, formToLeadRequest, NO_JS_LEAD_WINDOW_MS, noJsLeadId, noJsLeadIdKey, successLocation } from './form.ts';

const ENV = { OTP_HASH_KEY: 'otp-hash-key-for-tests-0123456789' };
const TENANT = { tenant: 'outback-used-cars', env: ENV };

describe('no-JavaScript lead form', () => {
  it('maps flat fields to payload and userData, with checkbox, list and number fields', async () => {
    const form = new URLSearchParams([
      ['lead_id', '6f1c2b0e-9d7a-4c1e-8f00-1234567890ab'], ['name', 'Jane'], ['opt_in', 'false'], ['terms_conditions', 'on'],
      ['additional_services', 'Finance'], ['additional_services', ''], ['additional_services', 'Trade-in'], ['offer_price', '$12,500'],
      ['car_id', 'car-9'], ['url', '/cars/x'], ['cf-turnstile-response', 'tok'], ['unknown', 'dropped'],
    ]);
    const out = await formToLeadRequest(form, new Headers({ 'user-agent': 'UA', referer: 'https://site.example/other' }), TENANT);
    expect(out).toEqual({
      lead_id: '6f1c2b0e-9d7a-4c1e-8f00-1234567890ab',
      turnstile_token: 'tok',
      payload: { name: 'Jane', opt_in: false, terms_conditions: true, additional_services: ['Finance', 'Trade-in'], offer_price: 12500, car_id: 'car-9' },
      userData: { url: '/cars/x', car_id: 'car-9', user_agent: 'UA' },
    });
  });

  it('takes the page from Referer and mints the id of a form rendered without one', async () => {
    const out = await formToLeadRequest(new URLSearchParams('name=J'), new Headers({ referer: 'https://site.example/contact' }), TENANT);
    expect(out.userData).toMatchObject({ url: 'https://site.example/contact', user_agent: '' });
    expect(out.lead_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
  it('sends errors back to the form page on this site only, as codes', () => {
    const headers = new Headers();
    expect(formErrorLocation(new URLSearchParams('url=/contact?a=1&lead_error=old'), headers, 'Lead submission failed')).toBe('/contact?a=1&lead_error=lead_failed');
    expect(formErrorLocation(new URLSearchParams('url=https://other.example/x'), headers, 'E')).toBe('/x?lead_error=failed');
    expect(formErrorLocation(new URLSearchParams('url=https://a.example//evil.example/'), headers, 'E')).toBe('/?lead_error=failed');
    expect(formErrorLocation(new URLSearchParams(), new Headers({ referer: 'https://site.example/sell' }), 'E')).toBe('/sell?lead_error=failed');
  });

  // Issue 10.3: a `url` with a non-web scheme kept its path ('x:\\\\evil.example' -> Location '\\\\evil.example?...', which
  // browsers read as https://evil.example/; 'javascript:alert(1)' -> a relative 'alert(1)?...').
  it.each(['x:\\\\evil.example', 'javascript:alert(1)', 'data:text/html,hi', '\\\\evil.example', '/.//evil.example', 'alert(1)', '//evil.example/x'])(
    'never sends the shopper off this site for url=%j',
    (url) => {
      const location = formErrorLocation(new URLSearchParams({ url }), new Headers({ referer: 'javascript:alert(2)' }), 'E');
      expect(location).toBe('/?lead_error=failed');
    },
  );

  it('carries validation failures as field codes (issue 10.4: no free text in the query)', () => {
    const error = 'Please fix the following errors: email: Invalid email address.; message: This is a required field.';
    expect(formErrorLocation(new URLSearchParams('url=/contact'), new Headers(), error, { email: 'Invalid email address.', message: 'This is a required field.' }))
      .toBe('/contact?lead_error=invalid&lead_error_fields=email%3Ainvalid_email%2Cmessage%3Arequired');
  });

  it('gives the success page', () => {
    expect(successLocation('a b')).toBe('/success?lead_id=a%20b');
  });
});

describe('the lead id of a no-JavaScript form, minted at submit (shared pages carry none)', () => {
  const now = 1_790_000_000_000 - (1_790_000_000_000 % NO_JS_LEAD_WINDOW_MS) + 60_000;
  const page = 'name=Jane&email=jane%40example.com&phone=0412345678&message=Is+it+available%3F&car_id=car-9&url=%2Fcars%2Fx';
  const from = (ip: string, extra: Record<string, string> = {}) => new Headers({ [CLIENT_IP_HEADER]: ip, ...extra });
  const idOf = async (form: string, headers: Headers, at = now, tenant = TENANT.tenant) => (await formToLeadRequest(new URLSearchParams(form), headers, { tenant, now: at, env: ENV })).lead_id;

  it('the same page posted again (back, then submit) within the window is the same lead id', async () => {
    const first = await idOf(page, from('203.0.113.7'));
    // Minutes later, another bot token, another browser header, the fields in another order: still the same submission.
    const again = await idOf(`${page.split('&').reverse().join('&')}&cf-turnstile-response=tok2`, from('203.0.113.7', { 'user-agent': 'Other' }), now + 8 * 60_000);
    expect(again).toBe(first);
    expect(first).toBe(await noJsLeadId(TENANT.tenant, new URLSearchParams(page), from('203.0.113.7'), now, noJsLeadIdKey(ENV)));
  });

  it('two shoppers are two leads: another address, other details, another tenant or another window', async () => {
    const first = await idOf(page, from('203.0.113.7'));
    const others = await Promise.all([
      idOf(page, from('198.51.100.4')),
      idOf(page.replace('Jane', 'John'), from('203.0.113.7')),
      idOf(page, from('203.0.113.7'), now, 'harbourside-toyota'),
      idOf(page, from('203.0.113.7'), now + NO_JS_LEAD_WINDOW_MS),
    ]);
    expect(new Set([first, ...others]).size).toBe(5);
  });

  it('is keyed by a Worker secret: without the key, a guessed email and address cannot be checked against a lead id', async () => {
    const first = await idOf(page, from('203.0.113.7'));
    const unkeyed = async (...parts: string[]) => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000'))));
      const hex = [...digest].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
    };
    const fields = [...new URLSearchParams(page)].sort(([a], [b]) => (a < b ? -1 : 1));
    const canonical = `[${fields.map(([k, v]) => `[${JSON.stringify(k)},${JSON.stringify(v)}]`).join(',')}]`;
    expect(first).not.toBe(await unkeyed('no-js-lead', TENANT.tenant, String(Math.floor(now / NO_JS_LEAD_WINDOW_MS)), '203.0.113.7', canonical));
    // Another secret, another id; LEAD_ID_KEY wins over the key derived from OTP_HASH_KEY (which is not OTP_HASH_KEY itself).
    const other = { OTP_HASH_KEY: 'another-otp-hash-key-0123456789' };
    expect(await noJsLeadId(TENANT.tenant, new URLSearchParams(page), from('203.0.113.7'), now, noJsLeadIdKey(other))).not.toBe(first);
    expect(noJsLeadIdKey(ENV)).not.toBe(ENV.OTP_HASH_KEY);
    expect(noJsLeadIdKey({ ...ENV, LEAD_ID_KEY: 'lead-id-key-0123456789' })).toBe('lead-id-key-0123456789');
    expect(() => noJsLeadIdKey({})).toThrow(/OTP_HASH_KEY/);
    // A form with its own id needs no key at all.
    const own = '6f1c2b0e-9d7a-4c1e-8f00-1234567890ab';
    expect((await formToLeadRequest(new URLSearchParams(`lead_id=${own}&${page}`), from('203.0.113.7'), { tenant: TENANT.tenant, env: {} })).lead_id).toBe(own);
  });

  it("keeps a form's own id, and reads the shell's old per-render token as none", async () => {
    const own = '6f1c2b0e-9d7a-4c1e-8f00-1234567890ab';
    expect(await idOf(`lead_id=${own}&${page}`, from('203.0.113.7'))).toBe(own);
    expect(await idOf(`lead_id=${LEAD_ID_RENDER_TOKEN}&${page}`, from('203.0.113.7'))).toBe(await idOf(page, from('203.0.113.7')));
  });
});
