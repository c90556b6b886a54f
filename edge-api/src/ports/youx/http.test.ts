/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LeadSubmissionSchema } from '@forecourt/contracts/api';
import { HttpYoux, idempotencyKey } from './http.ts';
import { CREATE_CUSTOMER_FAILED, QUICK_QUOTE_FAILED, QuickQuoteError } from './port.ts';
import { selectYoux } from './select.ts';
import { EmbeddedYoux } from './embedded.ts';

/** A local stand-in for YouX's quick-quote and customer endpoints: records requests, answers what the test says. */
type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: unknown };
let server: Server;
let url: string;
let customerUrl: string;
let seen: Seen[] = [];
let answer: (res: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: text ? JSON.parse(text) : null });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/quick-quote`;
  customerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/customers`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const request = { selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 31990, loanTerm: 5, year: 2021, vin: 'JTNB', nvic: null, whoIsHelping: undefined };

describe('HttpYoux against a local server speaking the quick-quote wire format', () => {
  it('POSTs the request as JSON with the key and returns the quote', async () => {
    answer = json(200, { weeklyRepaymentAmount: 128.4, advertisedRate: 7.49, comparisonRate: 8.12, extra: 'ignored' });
    const quote = await new HttpYoux({ url, apiKey: 'sk_test_1' }).quickQuote('springwood-toyota', request);
    expect(quote).toEqual({ weeklyRepaymentAmount: 128.4, advertisedRate: 7.49, comparisonRate: 8.12 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers['authorization']).toBe('Bearer sk_test_1');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    // Unknowns (nvic null, whoIsHelping undefined) are left out.
    expect(seen[0]!.body).toEqual({ selfAssessedCreditScore: 'GREAT', purchasePrice: 31990, loanTerm: 5, year: 2021, vin: 'JTNB' });
  });

  it('fails with the spec §8 message on an error status, a body that is not JSON or not a quote', async () => {
    const adapter = new HttpYoux({ url, apiKey: 'k' });
    for (const reply of [json(500, { error: 'down' }), json(422, { error: 'bad' }), (res: ServerResponse) => res.end('<html>'), json(200, { weeklyRepaymentAmount: '128' })]) {
      answer = reply;
      const error = await adapter.quickQuote('t', request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuickQuoteError);
      expect((error as Error).message).toBe(QUICK_QUOTE_FAILED);
    }
  });

  it('times out rather than keeping the shopper waiting', async () => {
    answer = (res) => setTimeout(() => json(200, {})(res), 500);
    const error = await new HttpYoux({ url, apiKey: 'k', timeoutMs: 50 }).quickQuote('t', request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuickQuoteError);
    expect((error as QuickQuoteError).reason).toMatch(/unreachable/);
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(new HttpYoux({ url: `http://127.0.0.1:${port}/`, apiKey: 'k' }).quickQuote('t', request)).rejects.toThrow(QUICK_QUOTE_FAILED);
  });
});

describe('selectYoux', () => {
  const DB = {} as D1Database;
  it('defaults to the embedded adapter; http needs its URL and secret; unknown names fail loudly', () => {
    expect(selectYoux({ DB })).toBeInstanceOf(EmbeddedYoux);
    expect(selectYoux({ DB, YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: url, YOUX_API_KEY: 'k' })).toBeInstanceOf(HttpYoux);
    expect(() => selectYoux({ DB, YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: url })).toThrow(/YOUX_API_KEY/);
    expect(() => selectYoux({ DB, YOUX_ADAPTER: 'carrier-pigeon' })).toThrow(/not an available adapter/);
  });
  it('passes YOUX_CUSTOMER_URL on to the http adapter; without it customer creation fails with the spec §8 message', async () => {
    await expect(new HttpYoux({ url, apiKey: 'k' }).createCustomer(customerInput)).rejects.toThrow(CREATE_CUSTOMER_FAILED);
    expect(seen).toHaveLength(0);
    answer = json(201, { redirectUrl: 'https://apply.youx.example/continue/abc' });
    const http = selectYoux({ DB, YOUX_ADAPTER: 'http', YOUX_QUOTE_URL: url, YOUX_CUSTOMER_URL: customerUrl, YOUX_API_KEY: 'k' });
    expect(await http.createCustomer(customerInput)).toEqual({ redirectUrl: 'https://apply.youx.example/continue/abc' });
    expect(seen[0]!.url).toBe('/v1/customers');
  });
});

const customerData = {
  nvic: null, vin: 'JTNB23HK803012345', selfAssessedCreditScore: 'GREAT' as const, purchasePrice: 31990, year: 2021, loanTerm: 5,
  phoneNumber: '0412 345 678', firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com', subscribe: false, postCode: '4000',
};
const customerLead = v.parse(LeadSubmissionSchema, {
  payload: { category: 'Finance Enquiry', name: 'Jane', email: 'jane@example.com', phone: '0412345678' },
  userData: { url: 'https://t.example/finance', user_agent: 'vitest' },
});
const customerInput = { tenant: 'springwood-toyota', data: customerData, additionalData: customerLead, leadId: '0f8fad5b-d9cb-469f-a165-70867728950e', siteUrl: 'https://t.example' };

describe('HttpYoux.createCustomer against a local server speaking the documented wire format', () => {
  const adapter = (options: { customerTimeoutMs?: number } = {}) => new HttpYoux({ url, customerUrl, apiKey: 'sk_live_9', ...options });

  it('POSTs { customer, reference, dealer, lead } with the key and a hashed (tenant, phone, lead id) idempotency key; answers the https redirect', async () => {
    answer = json(200, { redirectUrl: 'https://apply.youx.example/continue/abc?x=1', customerId: 'ignored' });
    expect(await adapter().createCustomer(customerInput)).toEqual({ redirectUrl: 'https://apply.youx.example/continue/abc?x=1' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/customers');
    expect(request!.headers['authorization']).toBe('Bearer sk_live_9');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe(await idempotencyKey(customerInput.tenant, customerInput.data.phoneNumber, customerInput.leadId!));
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(await idempotencyKey('other-site', customerInput.data.phoneNumber, customerInput.leadId!)).not.toBe(request!.headers['idempotency-key']);
    expect(request!.headers['x-forecourt-tenant']).toBe('springwood-toyota');
    // Unknowns (nvic null) are left out of the customer.
    const { nvic: _nvic, ...customer } = customerData;
    expect(request!.body).toEqual({ customer, reference: customerInput.leadId, dealer: 'springwood-toyota', lead: customerLead });
  });

  it("fails with 'Failed to create YouX customer' on a 4xx, a 5xx, a body that is not JSON, no redirectUrl or one that is not https", async () => {
    const replies: Array<[(res: ServerResponse) => void, RegExp]> = [
      [json(400, { error: 'invalid email' }), /answered 400/],
      [json(409, { error: 'exists' }), /answered 409/],
      [json(503, { error: 'down' }), /answered 503/],
      [(res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"redirectUrl": '); }, /without JSON/],
      [(res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>ok</html>'); }, /without JSON/],
      [json(200, {}), /redirectUrl/],
      [json(201, { redirectUrl: '' }), /redirectUrl/],
      [json(200, { redirectUrl: 'http://apply.youx.example/continue' }), /redirectUrl/],
      [json(200, { redirectUrl: 'javascript:alert(1)' }), /redirectUrl/],
    ];
    for (const [reply, reason] of replies) {
      answer = reply;
      const error = await adapter().createCustomer(customerInput).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QuickQuoteError);
      expect((error as Error).message).toBe(CREATE_CUSTOMER_FAILED);
      expect((error as QuickQuoteError).reason).toMatch(reason);
      // The reason names no customer data.
      expect((error as QuickQuoteError).reason).not.toMatch(/Jane|0412|jane@/);
    }
    expect(seen).toHaveLength(replies.length);
  });

  it('times out rather than keeping the shopper waiting on the final submit', async () => {
    answer = (res) => setTimeout(() => json(200, { redirectUrl: 'https://apply.youx.example/late' })(res), 500);
    const started = Date.now();
    const error = await adapter({ customerTimeoutMs: 60 }).createCustomer(customerInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuickQuoteError);
    expect((error as Error).message).toBe(CREATE_CUSTOMER_FAILED);
    expect((error as QuickQuoteError).reason).toMatch(/unreachable/);
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(new HttpYoux({ url, customerUrl: `http://127.0.0.1:${port}/`, apiKey: 'k' }).createCustomer(customerInput)).rejects.toThrow(CREATE_CUSTOMER_FAILED);
  });
});
