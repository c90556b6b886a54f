/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { siteConfig } from '../test/tenant.ts';
import { CloudflareCarPdf, isPdf, MAX_PDF_BYTES, pdfRequest } from './cloudflare.ts';
import { EmbeddedCarPdf, textPdf } from './embedded.ts';
import { PDF_FAILED, PdfRenderError, printPageUrl } from './port.ts';
import { selectCarPdf } from './select.ts';

const ACCOUNT = 'acc0123456789abcdef';
const TOKEN = 'cf-token-local-only';
const PRINT_URL = 'https://www.test-motors.com.au/print?car_id=2021-toyota-corolla-ascent-sport-hybrid-148223';
const tenant = siteConfig('test-motors', { site_url: 'https://www.test-motors.com.au' });
const car = v.parse(CarSchema, sampleCar);
const input = { tenant, car, printUrl: PRINT_URL };

/**
 * A local Browser Rendering `/pdf` on 127.0.0.1 speaking the documented wire format: it checks the path (account id),
 * the Bearer token and the JSON body, and answers like the provider unless a test sets `override`.
 */
type Seen = { method?: string; path?: string; headers: IncomingMessage['headers']; body: any };
let server: Server;
let apiBase = '';
let seen: Seen[] = [];
let override: ((res: ServerResponse) => void) | null = null;
const cfError = (res: ServerResponse, status: number, code: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null }));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      seen.push({ method: req.method, path: req.url, headers: req.headers, body });
      if (override) return override(res);
      if (req.method !== 'POST' || req.url !== `/client/v4/accounts/${ACCOUNT}/browser-rendering/pdf`) return cfError(res, 404, 7003, 'No route for that URI');
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return cfError(res, 401, 10000, 'Authentication error');
      if (!req.headers['content-type']?.startsWith('application/json') || typeof body !== 'object' || !body) return cfError(res, 400, 1001, 'Invalid JSON body');
      if (typeof body.url !== 'string' && typeof body.html !== 'string') return cfError(res, 400, 2001, 'Either url or html must be set');
      const pdf = textPdf([{ text: `Printed ${body.url ?? 'html'}` }]);
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.byteLength) });
      res.end(Buffer.from(pdf));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  override = null;
});

const adapter = (options: Partial<ConstructorParameters<typeof CloudflareCarPdf>[0]> = {}) => new CloudflareCarPdf({ accountId: ACCOUNT, token: TOKEN, apiBase, timeoutMs: 2_000, ...options });
const failure = async (promise: Promise<unknown>): Promise<PdfRenderError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfRenderError);
  // The shopper gets the §8 message only; the token never reaches a message or a log line.
  expect((error as PdfRenderError).message).toBe(PDF_FAILED);
  expect((error as PdfRenderError).reason).not.toContain(TOKEN);
  return error as PdfRenderError;
};

describe('CloudflareCarPdf against a local Browser Rendering on 127.0.0.1', () => {
  it("POSTs the print page's URL to the account's /pdf with the Bearer token and answers the PDF bytes", async () => {
    const bytes = await adapter().render(input);
    expect(isPdf(bytes)).toBe(true);
    expect(String.fromCharCode(...bytes)).toContain(`(Printed ${PRINT_URL}) Tj`);
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe(`/client/v4/accounts/${ACCOUNT}/browser-rendering/pdf`);
    expect(call!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers.accept).toBe('application/pdf');
    expect(call!.body).toEqual({
      url: PRINT_URL,
      setJavaScriptEnabled: false,
      gotoOptions: { waitUntil: 'networkidle0', timeout: 1_000 },
      pdfOptions: { format: 'a4', printBackground: true },
    });
  });

  it('leaves the provider a little less time than itself', () => {
    expect(pdfRequest(PRINT_URL).gotoOptions.timeout).toBe(18_000);
    expect(pdfRequest(PRINT_URL, 500).gotoOptions.timeout).toBe(1_000);
  });

  it('a 4xx JSON error keeps the provider codes and messages for the logs', async () => {
    const error = await failure(adapter({ token: 'wrong-token' }).render(input));
    expect(error.reason).toBe('Browser Rendering answered 401: [10000] Authentication error');
    override = (res) => cfError(res, 422, 2002, 'Navigation failed: net::ERR_NAME_NOT_RESOLVED');
    expect((await failure(adapter().render(input))).reason).toBe('Browser Rendering answered 422: [2002] Navigation failed: net::ERR_NAME_NOT_RESOLVED');
  });

  it('a 5xx, with or without a JSON body, is a PdfRenderError', async () => {
    override = (res) => cfError(res, 503, 1100, 'Browser Rendering is unavailable');
    expect((await failure(adapter().render(input))).reason).toBe('Browser Rendering answered 503: [1100] Browser Rendering is unavailable');
    override = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    expect((await failure(adapter().render(input))).reason).toBe('Browser Rendering answered 502');
  });

  it('a 200 that is not a PDF is refused (HTML, JSON error envelope, empty)', async () => {
    override = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><p>Just a moment...</p>');
    };
    expect((await failure(adapter().render(input))).reason).toBe('Browser Rendering answered 200 without a PDF (text/html)');
    override = (res) => cfError(res, 200, 2005, 'Timed out waiting for networkidle0');
    expect((await failure(adapter().render(input))).reason).toBe('Browser Rendering answered 200 without a PDF (application/json): [2005] Timed out waiting for networkidle0');
    override = (res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end();
    };
    expect((await failure(adapter().render(input))).reason).toBe('Browser Rendering answered 200 without a PDF (application/pdf)');
  });

  it('refuses an answer over the size limit by its Content-Length', async () => {
    override = (res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(MAX_PDF_BYTES + 1) });
      res.write('%PDF-1.7\n');
      setTimeout(() => res.destroy(), 50);
    };
    expect((await failure(adapter().render(input))).reason).toMatch(/over the \d+ byte limit/);
  });

  it('times out on a server that never answers, and on one that stops mid-body', async () => {
    override = () => {};
    const started = Date.now();
    expect((await failure(adapter({ timeoutMs: 150 }).render(input))).reason).toBe('timeout: no PDF within 150 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
    override = (res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('%PDF-1.7\n');
    };
    expect((await failure(adapter({ timeoutMs: 150 }).render(input))).reason).toBe('timeout: no PDF within 150 ms');
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await failure(adapter({ apiBase: `http://127.0.0.1:${port}` }).render(input))).reason).toMatch(/^unreachable: /);
  });

  it('fails without calling the provider when the tenant has no public print page', async () => {
    expect((await failure(adapter().render({ ...input, printUrl: null }))).reason).toMatch(/no public origin/);
    expect(seen).toHaveLength(0);
  });

  it('needs its account id and token', () => {
    expect(() => new CloudflareCarPdf({ accountId: '', token: TOKEN })).toThrow(/CF_ACCOUNT_ID/);
    expect(() => new CloudflareCarPdf({ accountId: ACCOUNT, token: '' })).toThrow(/CF_BROWSER_RENDERING_TOKEN/);
  });
});

describe('printPageUrl', () => {
  it("is the tenant's site URL, else its first production host, else null", () => {
    expect(printPageUrl({ site_url: 'https://www.test-motors.com.au/', hosts: ['test-motors.com.au'] }, 'a-b-1')).toBe('https://www.test-motors.com.au/print?car_id=a-b-1');
    expect(printPageUrl({ hosts: ['test-motors.localhost', 'cars.test-motors.com.au'] }, 'a-b-1')).toBe('https://cars.test-motors.com.au/print?car_id=a-b-1');
    expect(printPageUrl({ hosts: ['test-motors.localhost'] }, 'a-b-1')).toBeNull();
    expect(printPageUrl({ hosts: [] }, 'x y&z')).toBeNull();
    expect(printPageUrl({ hosts: ['a.com.au'] }, 'x y&z')).toBe('https://a.com.au/print?car_id=x+y%26z');
  });
});

describe('selectCarPdf', () => {
  it('defaults to the embedded adapter; cloudflare needs its account and token; unknown names fail loudly', () => {
    expect(selectCarPdf({})).toBeInstanceOf(EmbeddedCarPdf);
    expect(selectCarPdf({ PDF_ADAPTER: ' embedded ' })).toBeInstanceOf(EmbeddedCarPdf);
    expect(selectCarPdf({ PDF_ADAPTER: 'cloudflare', CF_ACCOUNT_ID: ACCOUNT, CF_BROWSER_RENDERING_TOKEN: TOKEN })).toBeInstanceOf(CloudflareCarPdf);
    expect(() => selectCarPdf({ PDF_ADAPTER: 'cloudflare', CF_ACCOUNT_ID: ACCOUNT })).toThrow(/CF_BROWSER_RENDERING_TOKEN/);
    expect(() => selectCarPdf({ PDF_ADAPTER: 'cloudflare', CF_BROWSER_RENDERING_TOKEN: TOKEN })).toThrow(/CF_ACCOUNT_ID/);
    expect(() => selectCarPdf({ PDF_ADAPTER: 'wkhtmltopdf' })).toThrow(/not an available adapter/);
  });

  it('the selected cloudflare adapter talks to CF_API_BASE', async () => {
    const bytes = await selectCarPdf({ PDF_ADAPTER: 'cloudflare', CF_ACCOUNT_ID: ACCOUNT, CF_BROWSER_RENDERING_TOKEN: TOKEN, CF_API_BASE: apiBase }).render(input);
    expect(isPdf(bytes)).toBe(true);
    expect(seen[0]!.path).toBe(`/client/v4/accounts/${ACCOUNT}/browser-rendering/pdf`);
  });
});
