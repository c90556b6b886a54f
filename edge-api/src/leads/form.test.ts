import { describe, expect, it } from 'vitest';
import { formErrorLocation, formToLeadRequest, successLocation } from './form.ts';

describe('no-JavaScript lead form', () => {
  it('maps flat fields to payload and userData, with checkbox, list and number fields', () => {
    const form = new URLSearchParams([
      ['lead_id', '6f1c2b0e-9d7a-4c1e-8f00-1234567890ab'], ['name', 'Jane'], ['opt_in', 'false'], ['terms_conditions', 'on'],
      ['additional_services', 'Finance'], ['additional_services', ''], ['additional_services', 'Trade-in'], ['offer_price', '$12,500'],
      ['car_id', 'car-9'], ['url', '/cars/x'], ['cf-turnstile-response', 'tok'], ['unknown', 'dropped'],
    ]);
    const out = formToLeadRequest(form, new Headers({ 'user-agent': 'UA', referer: 'https://site.example/other' }));
    expect(out).toEqual({
      lead_id: '6f1c2b0e-9d7a-4c1e-8f00-1234567890ab',
      turnstile_token: 'tok',
      payload: { name: 'Jane', opt_in: false, terms_conditions: true, additional_services: ['Finance', 'Trade-in'], offer_price: 12500, car_id: 'car-9' },
      userData: { url: '/cars/x', car_id: 'car-9', user_agent: 'UA' },
    });
  });

  it('takes the page from Referer and gives a form without an id a fresh one', () => {
    const out = formToLeadRequest(new URLSearchParams('name=J'), new Headers({ referer: 'https://site.example/contact' }));
    expect(out.userData).toMatchObject({ url: 'https://site.example/contact', user_agent: '' });
    expect(out.lead_id).toMatch(/^[0-9a-f-]{36}$/);
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
