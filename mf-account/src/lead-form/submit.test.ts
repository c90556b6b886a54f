import { describe, expect, it, vi } from 'vitest';
import { isTurnstileTestSiteKey, postLead, readLeadResponse, UNEXPECTED_ERROR } from './submit.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const body = { payload: { name: 'Jo', email: 'jo@example.com', phone: '0412345678' }, userData: { url: 'https://x/' }, lead_id: '0f8fad5b-d9cb-469f-a165-70867728950e' };

describe('readLeadResponse (issue 4 contract)', () => {
  it('201 and 200-duplicate with a lead_id are success', async () => {
    expect(await readLeadResponse(json(201, { lead_id: 'a' }))).toEqual({ ok: true, leadId: 'a', duplicate: false });
    expect(await readLeadResponse(json(200, { lead_id: 'a', duplicate: true }))).toEqual({ ok: true, leadId: 'a', duplicate: true });
  });
  it("400 gives the server's text and its field messages (known fields only, nested paths read)", async () => {
    const r = await readLeadResponse(json(400, { error: 'Please check the form.', fields: { 'payload.email': 'Invalid email address.', postcode: 'Invalid postcode. Please enter a 4-digit number.', evil: 'x', phone: 5 } }));
    expect(r).toEqual({ ok: false, message: 'Please check the form.', fields: { email: 'Invalid email address.', postcode: 'Invalid postcode. Please enter a 4-digit number.' } });
  });
  it('429 keeps Retry-After', async () => {
    expect(await readLeadResponse(json(429, { error: 'Too many requests.' }, { 'retry-after': '30' }))).toEqual({ ok: false, message: 'Too many requests.', fields: {}, retryAfter: 30 });
  });
  it("no usable text (HTML, empty error, 2xx without lead_id, 5xx) is spec §8's 'An unexpected error occured'", async () => {
    for (const res of [new Response('<html>', { status: 502 }), json(500, { error: '  ' }), json(201, {}), json(415, null)]) {
      expect(await readLeadResponse(res)).toEqual({ ok: false, message: UNEXPECTED_ERROR, fields: {} });
    }
    expect(UNEXPECTED_ERROR).toBe('An unexpected error occured');
  });
});

describe('postLead', () => {
  it('POSTs JSON { payload, userData, lead_id } to /api/leads, same origin', async () => {
    const fetch = vi.fn(async () => json(201, { lead_id: body.lead_id }));
    expect(await postLead(body, { fetch })).toMatchObject({ ok: true, leadId: body.lead_id });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/leads');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });
  it('a network failure is the unexpected error, never a throw', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await postLead(body, { fetch })).toEqual({ ok: false, message: UNEXPECTED_ERROR, fields: {} });
  });
});

describe('Turnstile test site keys', () => {
  it("recognises Cloudflare's documented test keys only", () => {
    for (const k of ['1x00000000000000000000AA', '2x00000000000000000000AB', '3x00000000000000000000FF', '1x00000000000000000000BB']) expect(isTurnstileTestSiteKey(k)).toBe(true);
    for (const k of ['0x4AAAAAAABkMYinukE8nzY', '1x0000AA', '']) expect(isTurnstileTestSiteKey(k)).toBe(false);
  });
});
