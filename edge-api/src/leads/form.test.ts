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

  it('sends errors back to the form page on this site only', () => {
    const headers = new Headers();
    expect(formErrorLocation(new URLSearchParams('url=/contact?a=1&lead_error=old'), headers, 'Bad')).toBe('/contact?a=1&lead_error=Bad');
    expect(formErrorLocation(new URLSearchParams('url=https://other.example/x'), headers, 'E')).toBe('/x?lead_error=E');
    expect(formErrorLocation(new URLSearchParams('url=https://a.example//evil.example/'), headers, 'E')).toBe('/?lead_error=E');
    expect(formErrorLocation(new URLSearchParams(), new Headers({ referer: 'https://site.example/sell' }), 'E')).toBe('/sell?lead_error=E');
    expect(successLocation('a b')).toBe('/success?lead_id=a%20b');
  });
});
