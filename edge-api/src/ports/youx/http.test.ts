/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpYoux } from './http.ts';
import { CREATE_CUSTOMER_FAILED, QUICK_QUOTE_FAILED, QuickQuoteError } from './port.ts';
import { selectYoux } from './select.ts';
import { EmbeddedYoux } from './embedded.ts';

/** A local stand-in for YouX's quick-quote endpoint: records requests, answers what the test says. */
type Seen = { method?: string; headers: IncomingMessage['headers']; body: unknown };
let server: Server;
let url: string;
let seen: Seen[] = [];
let answer: (res: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method, headers: req.headers, body: text ? JSON.parse(text) : null });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/quick-quote`;
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
  it('the http adapter refuses customer creation with the spec §8 message (no wire format before issue 15)', async () => {
    await expect(new HttpYoux({ url, apiKey: 'k' }).createCustomer()).rejects.toThrow(CREATE_CUSTOMER_FAILED);
  });
});
