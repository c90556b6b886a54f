import { describe, expect, it } from 'vitest';
import { CODE_LENGTH_MESSAGE, REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';
import { SESSION_COOKIE } from '@forecourt/contracts/routes';
import { PENDING_PHONE_COOKIE, SIGN_IN_MESSAGES } from '@forecourt/contracts/sign-in';
import {
  checkCode,
  cleanCode,
  EMAIL_MESSAGE,
  emptyPhoneValues,
  hasSessionCookie,
  maskPhone,
  pendingPhoneFromCookie,
  phoneStepHref,
  readSignInQuery,
  RESEND_COOLDOWN_MS,
  resendSecondsLeft,
  resendWaitText,
  signInErrorText,
  signInHeading,
  validateCodeStep,
  validatePhoneStep,
} from './model.ts';

const q = (s: string) => readSignInQuery(new URLSearchParams(s));

describe('signInHeading (why sign-in is asked for, spec §6 gated journeys)', () => {
  it.each([
    ['checkout', 'Sign in to reserve this car'],
    ['checkout-journey', 'Sign in to reserve this car'],
    ['watchlist', 'Sign in to save cars'],
    ['my-garage', 'Sign in to My Garage'],
    ['personalised-finance', 'Sign in to see your personalised finance'],
    ['', 'Sign in'],
    [null, 'Sign in'],
    ['toString', 'Sign in'],
    ['something-else', 'Sign in'],
  ])('%s -> %s', (type, heading) => {
    expect(signInHeading(type)).toBe(heading);
  });
});

describe('readSignInQuery (spec §2 /sign-in?type=&redirect=&back=)', () => {
  it('reads type, redirect, back, step and the error', () => {
    expect(q('type=checkout&redirect=%2Fcars%2Fabc%2Fcheckout&back=%2Fcars%2Fabc&step=code&sign_in_error=invalid_code')).toEqual({
      type: 'checkout',
      redirect: '/cars/abc/checkout',
      back: '/cars/abc',
      step: 'code',
      error: SIGN_IN_MESSAGES.invalidCode,
    });
  });
  it('defaults: step 1, home, back = redirect, no error', () => {
    expect(q('')).toEqual({ type: '', redirect: '/', back: '/', step: 'phone', error: null });
    expect(q('redirect=/watchlist').back).toBe('/watchlist');
    expect(q('step=nonsense').step).toBe('phone');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'evil.example', '/.//evil.example', '/a/..//evil.example'])('never sends the shopper off-site: redirect/back %s -> /', (target) => {
    const read = q(new URLSearchParams({ redirect: target, back: target }).toString());
    expect(read.redirect).toBe('/');
    expect(read.back).toBe('/');
  });
  it('drops a type that is not a page name (it is echoed into forms and links)', () => {
    expect(q('type=%22%3E%3Cscript%3E').type).toBe('');
    expect(q(`type=${'a'.repeat(41)}`).type).toBe('');
  });
  it('phoneStepHref goes back to step 1 of the same journey', () => {
    expect(phoneStepHref(q('type=checkout&redirect=/cars/abc/checkout&back=/cars/abc&step=code'))).toBe('/sign-in?type=checkout&redirect=%2Fcars%2Fabc%2Fcheckout&back=%2Fcars%2Fabc');
    expect(phoneStepHref(q(''))).toBe('/sign-in?redirect=%2F&back=%2F');
  });
});

describe('signInErrorText (the query is anyone\'s to write: codes only, issue 10.4)', () => {
  const text = (query: string) => signInErrorText(new URLSearchParams(query));
  it("shows the catalogue's sentence of each code edge-api sends", () => {
    expect(text('sign_in_error=invalid_code')).toBe(SIGN_IN_MESSAGES.invalidCode);
    expect(text('sign_in_error=too_many_attempts')).toBe(SIGN_IN_MESSAGES.tooManyAttempts);
    expect(text('sign_in_error=unknown_verification')).toBe(SIGN_IN_MESSAGES.unknownVerification);
    expect(text('sign_in_error=invalid_phone')).toBe('Invalid phone number.');
  });
  it('nothing for empty', () => {
    expect(text('')).toBeNull();
    expect(text('sign_in_error=')).toBeNull();
  });
  it.each([
    'Your account is locked, call 0400 123 456',
    'Verify at https://evil.example now',
    SIGN_IN_MESSAGES.invalidCode,
    'x'.repeat(201),
  ])('any text (even a real sentence) is not a code and reads as the general failure: %s', (raw) => {
    expect(text(`sign_in_error=${encodeURIComponent(raw)}`)).toBe('An error occurred when submitting this form');
  });
});

describe('maskPhone (where the code went, middle hidden)', () => {
  it.each([
    ['0412345678', '04xx xxx 678'],
    ['0412 345 678', '04xx xxx 678'],
    ['+61 412 345 678', '04xx xxx 678'],
    ['61412345678', '04xx xxx 678'],
    ['(07) 3000 0123', '07 xxxx x123'],
    ['+64 21 123 4567', '64xxxxxx567'],
    ['12345', 'xxxxx'],
  ])('%s -> %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
  it('never shows the middle digits', () => {
    expect(maskPhone('0498765432')).not.toMatch(/876|765/);
  });
});

describe('validatePhoneStep (contracts SendCodeRequestSchema, spec §5 phone checked before sending)', () => {
  it('phone required; blank optional fields are left out of the body', () => {
    expect(validatePhoneStep(emptyPhoneValues())).toEqual({ ok: false, errors: { phone: REQUIRED_FIELD_MESSAGE } });
    expect(validatePhoneStep({ ...emptyPhoneValues(), phone: ' 0412 345 678 ' })).toEqual({ ok: true, body: { phone: '0412 345 678' } });
  });
  it('sends the profile metadata that is filled in (spec §7)', () => {
    expect(validatePhoneStep({ phone: '0412345678', first_name: ' Jo ', last_name: 'Citizen', email: 'jo@example.com' })).toEqual({
      ok: true,
      body: { phone: '0412345678', first_name: 'Jo', last_name: 'Citizen', email: 'jo@example.com' },
    });
  });
  it('a message per field, in the form\'s order', () => {
    const result = validatePhoneStep({ phone: 'call me', first_name: 'x'.repeat(101), last_name: '', email: 'jo@' });
    expect(result).toEqual({ ok: false, errors: { phone: 'Invalid phone number.', first_name: 'Please use at most 100 characters.', email: EMAIL_MESSAGE } });
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['phone', 'first_name', 'email']);
  });
  it('accepts what edge-api accepts: +61 and brackets', () => {
    expect(validatePhoneStep({ ...emptyPhoneValues(), phone: '+61 (4) 1234-5678' }).ok).toBe(true);
    expect(validatePhoneStep({ ...emptyPhoneValues(), phone: '1234567' }).ok).toBe(false);
  });
});

describe('validateCodeStep (spec §5: required, exactly 6 digits; §8 texts)', () => {
  it('required, then 6 digits', () => {
    expect(validateCodeStep('0412345678', '')).toEqual({ ok: false, error: REQUIRED_FIELD_MESSAGE });
    expect(validateCodeStep('0412345678', '  ')).toEqual({ ok: false, error: REQUIRED_FIELD_MESSAGE });
    for (const code of ['12345', '1234567', '12345a', 'abcdef']) expect(validateCodeStep('0412345678', code)).toEqual({ ok: false, error: CODE_LENGTH_MESSAGE });
  });
  it('a pasted "123 456" is the code 123456; the body is VerifyCodeRequest with type sms', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(validateCodeStep('0412345678', '123 456')).toEqual({ ok: true, body: { phone: '0412345678', token: '123456', type: 'sms' } });
  });
  it('checkCode: the code alone (a reloaded step 2 whose number only edge-api knows)', () => {
    expect(checkCode(' 12 34 56 ')).toEqual({ ok: true, token: '123456' });
    expect(checkCode('')).toEqual({ ok: false, error: REQUIRED_FIELD_MESSAGE });
    expect(checkCode('12345x')).toEqual({ ok: false, error: CODE_LENGTH_MESSAGE });
  });
  it('the phone must still be a phone', () => {
    expect(validateCodeStep('nope', '123456')).toEqual({ ok: false, error: 'Invalid phone number.' });
  });
});

describe("resend cool-down (edge-api's 60 s, said as text)", () => {
  it('counts whole seconds down to 0', () => {
    const sent = 1_000_000;
    expect(RESEND_COOLDOWN_MS).toBe(60_000);
    expect(resendSecondsLeft(null, sent)).toBe(0);
    expect(resendSecondsLeft(sent, sent)).toBe(60);
    expect(resendSecondsLeft(sent, sent + 59_001)).toBe(1);
    expect(resendSecondsLeft(sent, sent + 60_000)).toBe(0);
    expect(resendSecondsLeft(sent, sent + 99_000)).toBe(0);
  });
  it("waits as long as edge-api's retry_after says when that is longer (its back-off)", () => {
    const sent = 1_000_000;
    expect(resendSecondsLeft(sent, sent + 60_000, sent + 60_000 + 120_000)).toBe(120);
    expect(resendSecondsLeft(null, sent, sent + 1_500)).toBe(2);
    // A shorter wait never shortens the cool-down.
    expect(resendSecondsLeft(sent, sent, sent + 5_000)).toBe(60);
  });
  it('text', () => {
    expect(resendWaitText(30)).toBe('You can ask for a new code in 30 seconds.');
    expect(resendWaitText(1)).toBe('You can ask for a new code in 1 second.');
    expect(resendWaitText(0)).toBe('');
  });
});

describe('pendingPhoneFromCookie (no-JavaScript step 2)', () => {
  it('reads a plain or URL-encoded phone from the pending cookie', () => {
    expect(pendingPhoneFromCookie(`a=b; ${PENDING_PHONE_COOKIE}=0412345678; c=d`)).toBe('0412345678');
    expect(pendingPhoneFromCookie(`${PENDING_PHONE_COOKIE}=%2B61%20412%20345%20678`)).toBe('+61 412 345 678');
  });
  it('null when absent, malformed or not a phone (e.g. an opaque or signed value)', () => {
    expect(pendingPhoneFromCookie(null)).toBeNull();
    expect(pendingPhoneFromCookie('a=b')).toBeNull();
    expect(pendingPhoneFromCookie(`x${PENDING_PHONE_COOKIE}=0412345678`)).toBeNull();
    expect(pendingPhoneFromCookie(`${PENDING_PHONE_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(pendingPhoneFromCookie(`${PENDING_PHONE_COOKIE}=0412345678.c2lnbmF0dXJl`)).toBeNull();
    expect(pendingPhoneFromCookie(`${PENDING_PHONE_COOKIE}=%3Cscript%3E`)).toBeNull();
  });
});

describe('hasSessionCookie', () => {
  it('true only for a non-empty session cookie of that exact name', () => {
    expect(hasSessionCookie(`a=1; ${SESSION_COOKIE}=abc`)).toBe(true);
    expect(hasSessionCookie(`${SESSION_COOKIE}=`)).toBe(false);
    expect(hasSessionCookie(`x${SESSION_COOKIE}=abc`)).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
