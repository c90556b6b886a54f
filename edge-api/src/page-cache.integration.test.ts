/**
 * Issue 19 on the composed platform (dev/platform.mjs): the car page is kept whole by the shell and a reservation
 * purges it through edge-api's page-cache port (locally the shell's `PageCache` entrypoint over SHELL_CACHE), so the
 * very next request shows the car Reserved.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { startPlatform } from '../../dev/platform.mjs';

type Res = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request to the platform with a tenant's Host (Node's fetch ignores `host`, and does not resolve *.localhost). */
function get(origin: URL, host: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Res> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request({ host: origin.hostname, port: origin.port, path, method, agent: false, headers: { ...headers, ...length, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

type Platform = { url: URL; dispose(): Promise<void> };
const TENANT = 'outback-used-cars';
/** The shell's response header naming the layer that answered a document (shell/src/lib/page-cache.ts). */
const CACHE_LAYER = 'x-forecourt-cache';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({ port: 0, persist: false, logLevel: 'none', cronSeconds: 0 });
});
afterAll(async () => {
  await platform?.dispose();
});

const host = () => `${TENANT}.localhost:${platform.url.port}`;
const page = (path: string) => get(platform.url, host(), path);
/** A form POST as the browser sends it from the checkout page (the tenant's Host, a same-site Origin). */
const postForm = (path: string, form: Record<string, string>) =>
  get(platform.url, host(), path, { origin: `http://${host()}`, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', new URLSearchParams(form).toString());
const header = (res: Res, name: string) => String(res.headers[name] ?? '');

/** A car its checkout offers to reserve (the form carries its id). */
async function reservableCar(): Promise<{ slug: string; carId: string }> {
  const search = await page('/search/used-cars?status=in_stock');
  expect(search.status).toBe(200);
  for (const slug of [...new Set([...search.body.matchAll(/href="\/cars\/([a-z0-9-]+)"/g)].map((m) => m[1]!))].reverse()) {
    const checkout = await page(`/cars/${slug}/checkout`);
    const carId = /name="car_id" value="([^"]+)"/.exec(checkout.body)?.[1];
    if (checkout.status === 200 && carId) return { slug, carId };
  }
  throw new Error('no reservable car');
}

describe('a shared car page, purged by a reservation', () => {
  it('is served from the shell’s cache the second time, and shows Reserved on the very next request after the payment', async () => {
    const { slug, carId } = await reservableCar();
    const reserveLink = `href="/cars/${slug}/checkout"`;

    const first = await page(`/cars/${slug}`);
    expect(first.status).toBe(200);
    expect(first.body).toContain(reserveLink);
    // The same for every shopper: no lead id baked in (edge-api mints it at submit), nothing private.
    expect(first.body).not.toContain('name="lead_id"');
    expect(first.body).not.toContain('fc-lead-id-per-render');
    expect(header(first, 'cache-control')).not.toContain('private');
    const second = await page(`/cars/${slug}`);
    expect(second.status).toBe(200);
    expect(header(second, CACHE_LAYER)).toMatch(/^(isolate|shared)$/);
    expect(second.body).toBe(first.body);

    // Reserve as the checkout page does (its no-JavaScript form), then pay with the embedded test processor.
    const reserved = await postForm('/api/payments/reserve', {
      car_id: carId, car_slug: slug, idempotency_key: crypto.randomUUID(), amount: '200', name: 'Robin', last_name: 'Buyer',
      email: 'robin.cache@example.com', phone: '0412 555 931', postcode: '0870', terms_conditions: 'on', return_path: `/cars/${slug}/checkout`,
    });
    expect(reserved.status).toBe(303);
    const journey = new URL(header(reserved, 'location'), `http://${host()}`);
    const payment = journey.searchParams.get('payment') ?? '';
    const session = journey.searchParams.get('session') ?? '';
    expect(payment).toMatch(/^pay_/);
    // Unpaid, nothing changed: the kept page still answers.
    const pending = await page(`/cars/${slug}`);
    expect(header(pending, CACHE_LAYER)).toMatch(/^(isolate|shared)$/);
    expect(pending.body).toContain(reserveLink);
    const paid = await postForm('/api/payments/embedded/confirm', { payment, session });
    expect(paid.status).toBe(303);
    expect(header(paid, 'location')).toMatch(/status=paid$/);

    // The very next request: composed again, the car Reserved and no longer offered for reservation.
    const after = await page(`/cars/${slug}`);
    expect(after.status).toBe(200);
    expect(header(after, CACHE_LAYER)).toBe('miss');
    expect(after.body).toContain('Reserved');
    expect(after.body).not.toContain(reserveLink);
    // And that page is kept in turn.
    const again = await page(`/cars/${slug}`);
    expect(header(again, CACHE_LAYER)).toMatch(/^(isolate|shared)$/);
    expect(again.body).not.toContain(reserveLink);
  });
});
