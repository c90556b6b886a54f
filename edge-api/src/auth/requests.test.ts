import { describe, expect, it } from 'vitest';
import { CODE_LENGTH_MESSAGE, REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';
import { SMS_PHONE_MESSAGE, parseSendCode, parseVerifyCode, sendCodeFormFields, smsPhone } from './requests.ts';

describe('smsPhone (spec §5 local form, §9 default country 61)', () => {
  it('accepts Australian mobiles in any usual spelling, in local form', () => {
    expect(smsPhone('0412 345 678')).toBe('0412345678');
    expect(smsPhone('+61 412 345 678')).toBe('0412345678');
    expect(smsPhone('61412345678')).toBe('0412345678');
  });

  it('refuses what cannot receive a text: landlines, 13 numbers, junk', () => {
    expect(smsPhone('02 9876 5432')).toBeNull();
    expect(smsPhone('131313')).toBeNull();
    expect(smsPhone('not a phone')).toBeNull();
  });

  it('texts no number abroad (SMS toll fraud), whatever its form', () => {
    expect(smsPhone('+64 21 123 4567')).toBeNull();
    expect(smsPhone('+44 7911 123456')).toBeNull();
  });
});

describe('parseSendCode', () => {
  it('keeps the profile metadata, trimmed, email lowercased, empty fields dropped', () => {
    expect(parseSendCode({ phone: '0412 345 678', first_name: ' Sam ', last_name: '', email: 'Sam@Example.com', dealership_slug: 'outback-north' })).toEqual({
      ok: true,
      value: { phone: '0412345678', profile: { first_name: 'Sam', email: 'sam@example.com', dealership_slug: 'outback-north' } },
    });
  });

  it('names the field it refuses', () => {
    expect(parseSendCode({})).toMatchObject({ ok: false, fields: { phone: REQUIRED_FIELD_MESSAGE } });
    expect(parseSendCode({ phone: '02 9876 5432' })).toMatchObject({ ok: false, error: `phone: ${SMS_PHONE_MESSAGE}` });
    expect(parseSendCode({ phone: '0412345678', email: 'nope' })).toMatchObject({ ok: false, fields: { email: expect.any(String) } });
    expect(parseSendCode({ phone: '0412345678', first_name: 'x'.repeat(101) })).toMatchObject({ ok: false, fields: { first_name: 'Must be at most 100 characters.' } });
    expect(parseSendCode([1])).toMatchObject({ ok: false, error: 'Invalid request: expected a JSON object.' });
  });

  it('reads the form fields a JSON body would carry', () => {
    expect(sendCodeFormFields(new URLSearchParams({ phone: '0412345678', first_name: 'Sam', redirect: '/x', type: 'checkout' }))).toEqual({ phone: '0412345678', first_name: 'Sam' });
  });
});

describe('parseVerifyCode', () => {
  it('accepts a 6-digit token for a normalised phone', () => {
    expect(parseVerifyCode({ phone: '+61412345678', token: '012345', type: 'sms' })).toEqual({ ok: true, value: { phone: '0412345678', token: '012345' } });
  });

  it('refuses a token that is not 6 digits with the spec text, and another type', () => {
    expect(parseVerifyCode({ phone: '0412345678', token: '12345' })).toMatchObject({ ok: false, error: `token: ${CODE_LENGTH_MESSAGE}` });
    expect(parseVerifyCode({ phone: '0412345678', token: '12345a' })).toMatchObject({ ok: false, fields: { token: CODE_LENGTH_MESSAGE } });
    expect(parseVerifyCode({ phone: '0412345678', token: '123456', type: 'email' })).toMatchObject({ ok: false, fields: { type: expect.any(String) } });
    expect(parseVerifyCode({ token: '123456' })).toMatchObject({ ok: false, fields: { phone: REQUIRED_FIELD_MESSAGE } });
  });
});
