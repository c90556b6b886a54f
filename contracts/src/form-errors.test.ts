import { describe, expect, it } from 'vitest';
import { FIELD_ERROR_TEXTS, FIX_ERRORS_HEADING, FORM_ERROR_TEXTS, formErrorCode, formErrorParams, readFormError } from './form-errors.ts';
import { withQueryParams } from './redirects.ts';

const back = (params: Record<string, string | null>) => new URL(withQueryParams('/contact', params), 'https://x.test').searchParams;

describe('form errors travel as codes (issue 10: no text from the URL shown as the site’s own error)', () => {
  it('round-trips every catalogue text through its code', () => {
    for (const [code, text] of Object.entries(FORM_ERROR_TEXTS)) {
      if (code === 'invalid') continue;
      expect(formErrorCode(text)).toBe(code);
      expect(readFormError(back(formErrorParams('reserve', text)), 'reserve')).toMatchObject({ code, message: text });
    }
  });
  it('carries a validation failure as field names and field codes, and renders the spec texts', () => {
    const error = `${FIX_ERRORS_HEADING} email: Invalid email address.; message: This is a required field.`;
    const params = formErrorParams('lead', error, { email: 'Invalid email address.', message: 'This is a required field.', postcode: 'something new' });
    expect(params).toEqual({ lead_error: 'invalid', lead_error_fields: 'email:invalid_email,message:required,postcode:invalid' });
    const read = readFormError(back(params), 'lead');
    expect(read?.message).toBe(`${FIX_ERRORS_HEADING} email: Invalid email address.; message: This is a required field.; postcode: ${FIELD_ERROR_TEXTS.invalid}`);
    expect(read?.fields).toEqual({ email: 'Invalid email address.', message: 'This is a required field.', postcode: FIELD_ERROR_TEXTS.invalid });
  });
  it('never shows text a link wrote: unknown codes read as the general failure, unknown fields are dropped', () => {
    const phishing = 'Reservations by card are paused. Pay $200 by bank transfer to BSB 062-000 account 1234 5678';
    for (const kind of ['lead', 'reserve', 'signIn'] as const) {
      const param = { lead: 'lead_error', reserve: 'reserve_error', signIn: 'sign_in_error' }[kind];
      const read = readFormError(new URLSearchParams({ [param]: phishing, [`${param}_fields`]: `Call_0412345678:required,email:${phishing}` }), kind);
      expect(read?.message).toBe(FORM_ERROR_TEXTS.failed);
      expect(JSON.stringify(read)).not.toMatch(/BSB|0412345678|bank/);
    }
    expect(readFormError(new URLSearchParams('lead_error=invalid&lead_error_fields=email:Pay%20now'), 'lead')?.message)
      .toBe(`${FIX_ERRORS_HEADING} email: ${FIELD_ERROR_TEXTS.invalid}`);
    // `invalid` with no known field says nothing useful: the general failure instead of a bare heading.
    expect(readFormError(new URLSearchParams('lead_error=invalid&lead_error_fields=x:required'), 'lead')?.message).toBe(FORM_ERROR_TEXTS.failed);
    expect(readFormError(new URLSearchParams('lead_error=toString'), 'lead')?.message).toBe(FORM_ERROR_TEXTS.failed);
  });
  it('reads nothing when there is no error', () => {
    expect(readFormError(new URLSearchParams('x=1'), 'lead')).toBeNull();
    expect(readFormError(new URLSearchParams('lead_error='), 'lead')).toBeNull();
  });
  it('maps an unknown server text to the spec’s general failure', () => {
    expect(formErrorCode('Something internal broke')).toBe('failed');
    expect(formErrorCode(`${FIX_ERRORS_HEADING} x: y`)).toBe('invalid');
  });
});
