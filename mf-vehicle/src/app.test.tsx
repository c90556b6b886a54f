/// <reference types="node" />
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, slotMarker } from '@forecourt/contracts/fragments';
import { PAGE_FORM_SLOT } from './lib/lead-forms.ts';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { PAGES } from '@forecourt/contracts/routes';
import { TENANT_HEADER, VERSION_HEADER } from '@forecourt/contracts/tenant';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import pkg from '../package.json';
import type { Env } from './env.ts';
import { createApp } from './app.tsx';
import { VEHICLE_API_RATE_LIMIT_MESSAGE } from './routes/api.ts';
import { PDF_FAILED, PdfRenderError, type CarPdfPort } from './pdf/index.ts';
import { siteConfigInput, testEnv, type TestEnvOptions } from './test/tenant.ts';

const styles = ['/_mf/mf-vehicle/0.1.0/assets/style-abc123.css'];
const version = '9.8.7';
const soldCar = { ...sampleCar, id: '9001', slug: '2019-mazda-cx-5-maxx-9001', name: '2019 Mazda CX-5 Maxx', make: 'Mazda', model: 'CX-5', status: 'sold' as const, sold: true };
// Issue 13's car: $14,990 and no eligible lender (the site's sample rate).
const plainCar = { ...sampleCar, id: '7001', slug: '2018-toyota-yaris-ascent-7001', name: '2018 Toyota Yaris Ascent', price: 14990, before_price: null, finance_lenders: null };
const config = siteConfigInput('test-motors', { site_url: 'https://www.test-motors.com.au', locations: [sampleLocation.id], features: { delivery_calculator: true, market_price: true } });
const market = { fill: 0.7, listing_price: sampleCar.price, market_range_min: 30000, market_range_max: 34000, confidence: 0.8, description: 'Estimated.' };
const makeEnv = (options: TestEnvOptions = {}) =>
  testEnv([config], {
    cars: { 'test-motors': [sampleCar, soldCar, plainCar] },
    data: { 'test-motors': { locations: [sampleLocation] } },
    edge: (url) => (url.pathname === '/internal/autogauge' ? Response.json(market) : url.pathname === '/internal/delivery' ? Response.json({ name: 'Brisbane Metro', price: 250 }) : Response.json({ error: 'x' }, { status: 404 })),
    ...options,
  });
const env = makeEnv();
const app = createApp({ styles, version, now: () => new Date('2024-06-01T00:00:00Z') });
const get = (path: string, tenant: string | null = 'test-motors', bindings: Env = env) => app.request(path, { headers: tenant ? { [TENANT_HEADER]: tenant } : {} }, bindings);

describe('mf-vehicle Worker', () => {
  it('answers 404 JSON for a missing or unknown tenant', async () => {
    for (const tenant of [null, 'nobody']) {
      const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, tenant);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Unknown site.' });
    }
  });

  it('renders the vehicle page with its head: title, canonical, og:image, JSON-LD Car/Offer/AutoDealer and the finance slot', async () => {
    const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get(VERSION_HEADER)).toBe(version);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    expect(head.title).toBe(`${sampleCar.name} | Test Motors`);
    expect(head.canonical).toBe(`https://www.test-motors.com.au/cars/${sampleCar.slug}`);
    expect(head.ogImage).toBe('https://www.test-motors.com.au/demo-img/hatch/blue/1.svg');
    // The slider's first photo (the LCP) is preloaded from the head (issue 19); a vector drawing keeps its own address.
    expect(head.preloadImage).toEqual({ href: '/demo-img/hatch/blue/1.svg' });
    expect(head.robots).toBeUndefined();
    expect(head.styles).toEqual(styles);
    const ld = head.jsonLd![0] as Record<string, any>;
    expect(ld['@type']).toBe('Car');
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 31990, priceCurrency: 'AUD', availability: 'https://schema.org/InStock', seller: { '@type': 'AutoDealer', name: 'Springwood Toyota' } });
    expect(ld.offers.seller.address).toMatchObject({ postalCode: '4127', addressLocality: 'Springwood' });
    // The finance calculator gets the car's eligible lender's figures (issue 11: contracts calculatorSlotParams).
    expect(head.slots?.[0]).toMatchObject({
      id: 'finance-calculator', remote: 'mf-finance', page: 'finance-calculator',
      params: { car_id: '148223', price: '31990', car_type: 'used', make: 'Toyota', dealership_slug: 'springwood-toyota', year: '2021', lender: 'Taurus', lender_interest: expect.any(String) },
    });
    // Similar cars: mf-search's slot, with its own markup and stylesheet (contracts SLOTS.similarCars).
    expect(head.slots?.[1]).toEqual({ id: 'similar-cars', remote: 'mf-search', page: 'similar-cars', params: { slug: sampleCar.slug } });
    // The dialogs' lead forms are mf-account's slots, told the car.
    expect(head.slots?.slice(2, 6).map((s) => [s.id, s.remote, s.params?.form, s.params?.car_id])).toEqual([
      ['enquire-form', 'mf-account', 'enquire', '148223'],
      ['test-drive-form', 'mf-account', 'test-drive', '148223'],
      ['request-photos-form', 'mf-account', 'request-photos', '148223'],
      ['contact-form', 'mf-account', 'car-contact', '148223'],
    ]);
    // The car's location in `#vehicle-map` (issue 18): mf-locations' block, its map and the `#reviews` list.
    expect(head.slots?.[6]).toEqual({
      id: 'vehicle-location', remote: 'mf-locations', page: 'locations-summary',
      params: { show: 'id', id: sampleLocation.id, variant: 'map', reviews: 'list', heading: 'Where to find this car' },
    });
    const html = await res.text();
    for (const slot of head.slots!) expect(html.split(slotMarker(slot.id)).length, slot.id).toBe(2);
    expect(html).toContain(`<h1 class="fv-side__title">${sampleCar.name}</h1>`);
    // Market panel from edge-api's port (eligible: feature on, in stock, price above 200).
    expect(html).toContain('Great Deal');
    // Tenant header travels on every subrequest.
    expect(env.calls.every((c) => c.tenant === 'test-motors')).toBe(true);
  });

  it.each([
    ['a $14,990 car without an eligible lender', plainCar.slug],
    ['a car with a Taurus entry', sampleCar.slug],
  ])('%s: the sidebar, the sticky header and the calculator slot quote one weekly figure (issue 13)', async (_label, slug) => {
    const res = await get(`/fragments/vehicle?_slug=${slug}`);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    const html = await res.text();
    const sidebar = /<p class="fv-weekly">Est\. <strong>\$(\d+)\/week<\/strong>/.exec(html)?.[1];
    const sticky = /"weekly":"Est\. \$(\d+)\/week at ([\d.]+)% p\.a\."/.exec(html);
    const calc = head.slots!.find((s) => s.id === 'finance-calculator')!.params!;
    // The calculator opens on the car's shown price, the rate the header names, the page's term and fee.
    expect(Number(calc.default_amount)).toBe(slug === plainCar.slug ? 14990 : 31990);
    expect(calc.default_interest).toBe(sticky?.[2]);
    // Worked out independently from the slot's figures (spec §9: amortisation over term x 52, fee added, deposit
    // subtracted, balloon discounted, whole dollars), as the calculator does.
    const r = Number(calc.default_interest) / 100 / 52;
    const n = Math.round(Number(calc.default_term_years) * 52);
    const principal = Number(calc.default_amount) + Number(calc.default_fee) - Number(calc.lender_deposit ?? 0);
    const balloon = Number(calc.lender_balloon ?? 0);
    const weekly = Math.round(((principal - balloon * (1 + r) ** -n) * r) / (1 - (1 + r) ** -n));
    expect(sidebar).toBe(String(weekly));
    expect(sticky?.[1]).toBe(String(weekly));
    expect(html).toContain(`over ${calc.default_term_years} years at ${calc.default_interest}% p.a.`);
  });

  it('hides the market panel when edge-api fails, and still renders the page', async () => {
    const failing = makeEnv({ edge: () => new Response('boom', { status: 500 }) });
    const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, 'test-motors', failing);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('How this price compares');
  });

  it('a sold car: SOLD block, no calculator slot, no purchase buttons', async () => {
    const res = await get(`/fragments/vehicle?_slug=${soldCar.slug}`);
    expect(res.status).toBe(200);
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))!;
    // No calculator and no test drive for a sold car: the Enquire, Request Photos and Contact forms.
    expect(head.slots?.map((s) => s.id)).toEqual(['similar-cars', 'enquire-form', 'request-photos-form', 'contact-form', 'vehicle-location']);
    expect((head.jsonLd![0] as any).offers.availability).toBe('https://schema.org/SoldOut');
    const html = await res.text();
    expect(html).toContain('Unfortunately this car recently sold. But don&#x27;t worry, we can help you find a similar car!');
    expect(html).toContain('href="/search/mazda/cx-5">Find Me Something Similar</a>');
    expect(html).not.toContain('Get Finance');
    expect(html).not.toContain('Book a Test Drive');
    expect(html).not.toContain('<fc-slot id="finance-calculator"');
    expect(html).not.toContain('<fc-slot id="test-drive-form"');
  });

  it('an unknown or malformed slug is a real 404 with search suggestions (a body the shell shows)', async () => {
    for (const slug of ['2020-honda-civic-vti-77', 'Not A Slug']) {
      const res = await get(`/fragments/vehicle?_slug=${encodeURIComponent(slug)}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("<h1>Sorry, we couldn&#x27;t find that car</h1>");
      expect(html).toContain('href="/search/used-cars"');
      expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.robots).toBe('noindex');
    }
    expect(await (await get('/fragments/vehicle?_slug=2020-honda-civic-vti-77')).text()).toContain('href="/search/honda/civic"');
  });

  it('a failing mf-search is a 500 (the shell shows its fallback), never a 404', async () => {
    const res = await get(`/fragments/vehicle?_slug=${sampleCar.slug}`, 'test-motors', makeEnv({ searchStatus: 503 }));
    expect(res.status).toBe(500);
  });

  it('answers the delivery calculator server-side for ?postcode= (no JavaScript) and at /api/vehicle/delivery', async () => {
    const page = await (await get(`/fragments/vehicle?_slug=${sampleCar.slug}&postcode=4000`)).text();
    expect(page).toContain('This delivery falls within the Brisbane Metro region and will cost $250.');
    const api = await get(`/api/vehicle/delivery?postcode=4000&car_id=${sampleCar.slug}`);
    expect(await api.json()).toEqual({ kind: 'estimate', name: 'Brisbane Metro', price: 250 });
    expect(env.calls.some((c) => c.url.includes('/internal/delivery?postcode=4000&origin=4127'))).toBe(true);
    const empty = await get(`/api/vehicle/delivery?postcode=&car_id=${sampleCar.slug}`);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ kind: 'error', text: 'Please enter a postcode.' });
    const none = await get(`/api/vehicle/delivery?postcode=0800&car_id=${sampleCar.slug}`, 'test-motors', makeEnv({ edge: () => Response.json({ error: 'x' }, { status: 404 }) }));
    expect(await none.json()).toEqual({ kind: 'none' });
    expect((await get('/api/vehicle/delivery?postcode=4000&car_id=nope-1')).status).toBe(404);
  });

  it('limits /api/vehicle/* per tenant and client IP with a 429 before any provider is asked', async () => {
    const limited = makeEnv({ apiLimit: 2 });
    const ask = (ip: string, path = `/api/vehicle/delivery?postcode=4000&car_id=${sampleCar.slug}`) =>
      app.request(path, { headers: { [TENANT_HEADER]: 'test-motors', [CLIENT_IP_HEADER]: ip } }, limited);
    expect((await ask('203.0.113.5')).status).toBe(200);
    expect((await ask('203.0.113.5', `/api/vehicle/pdf?car_id=${sampleCar.slug}`)).status).toBe(200);
    const edgeCalls = limited.calls.filter((c) => c.binding === 'EDGE_API').length;
    const refused = await ask('203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: VEHICLE_API_RATE_LIMIT_MESSAGE });
    expect(limited.calls.filter((c) => c.binding === 'EDGE_API')).toHaveLength(edgeCalls);
    expect((await ask('203.0.113.6')).status).toBe(200);
    expect(limited.VEHICLE_API_LIMITER.calls.at(-1)).toBe('test-motors:203.0.113.6');
  });

  it('serves the car as a PDF by slug', async () => {
    const res = await get(`/api/vehicle/pdf?car_id=${sampleCar.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = new TextDecoder('latin1').decode(await res.arrayBuffer());
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`(${sampleCar.name}) Tj`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${sampleCar.slug}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await get('/api/vehicle/pdf?car_id=nope-1')).status).toBe(404);
  });

  it('PDF through Cloudflare Browser Rendering (a local stand-in): the print page URL, then a 502 with the alert text on failure', async () => {
    const seen: Array<{ path?: string; auth?: string; body: { url?: string } }> = [];
    let status = 200;
    const provider = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        seen.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
        if (status === 200) return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7\n%%EOF\n');
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, errors: [{ code: 2001, message: 'Rendering failed' }] }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const cf = { ...makeEnv(), PDF_ADAPTER: 'cloudflare', CF_ACCOUNT_ID: 'acc1', CF_BROWSER_RENDERING_TOKEN: 'tok', CF_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` };
      const ok = await get(`/api/vehicle/pdf?car_id=${sampleCar.slug}`, 'test-motors', cf);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="${sampleCar.slug}.pdf"`);
      expect(await ok.text()).toBe('%PDF-1.7\n%%EOF\n');
      expect(seen[0]).toMatchObject({ path: '/client/v4/accounts/acc1/browser-rendering/pdf', auth: 'Bearer tok', body: { url: `https://www.test-motors.com.au/print?car_id=${sampleCar.slug}` } });

      status = 503;
      const failed = await get(`/api/vehicle/pdf?car_id=${sampleCar.slug}`, 'test-motors', cf);
      expect(failed.status).toBe(502);
      expect(failed.headers.get('cache-control')).toBe('no-store');
      expect(await failed.json()).toEqual({ error: 'We could not prepare the PDF. Please try again or print this page instead.' });
      // The provider's reason goes to the logs, not to the shopper.
      expect(logged.mock.calls.some((args) => args.join(' ').includes('Browser Rendering answered 503: [2001] Rendering failed'))).toBe(true);

      // Misconfigured (no token secret): loud, a logged 500, never a silent fallback to another adapter.
      const broken = await get(`/api/vehicle/pdf?car_id=${sampleCar.slug}`, 'test-motors', { ...cf, CF_BROWSER_RENDERING_TOKEN: undefined });
      expect(broken.status).toBe(500);
      expect(logged.mock.calls.some((args) => args.join(' ').includes('CF_BROWSER_RENDERING_TOKEN is not set'))).toBe(true);
      expect(seen).toHaveLength(2);
    } finally {
      logged.mockRestore();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });

  it('takes the PDF port from createApp (`pdf`, asked per request with its env), else the one env.PDF_ADAPTER names', async () => {
    const asked: Array<{ env: Env; printUrl: string | null; car: string }> = [];
    const pdf = (bindings: Env): CarPdfPort => ({
      render: async ({ car, printUrl }) => {
        asked.push({ env: bindings, printUrl, car: car.slug });
        return new TextEncoder().encode('%PDF-1.7 injected\n');
      },
    });
    const res = await createApp({ styles, version, pdf }).request(`/api/vehicle/pdf?car_id=${sampleCar.slug}`, { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-1.7 injected\n');
    expect(asked).toEqual([{ env, printUrl: `https://www.test-motors.com.au/print?car_id=${sampleCar.slug}`, car: sampleCar.slug }]);

    const failing = createApp({ styles, version, pdf: () => ({ render: async () => { throw new PdfRenderError('provider down'); } }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failed = await failing.request(`/api/vehicle/pdf?car_id=${sampleCar.slug}`, { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
      expect(failed.status).toBe(502);
      expect(await failed.json()).toEqual({ error: PDF_FAILED });
    } finally {
      logged.mockRestore();
    }
  });

  it('print, test drive and trade-in pages: with the car, and 404 for an unknown car on print', async () => {
    const print = await get(`/fragments/print?car_id=${sampleCar.slug}`);
    expect(print.status).toBe(200);
    expect(decodeFragmentHead(print.headers.get(FRAGMENT_HEAD_HEADER))?.robots).toBe('noindex, nofollow');
    expect(await print.text()).toContain('data-island="mf-vehicle/PrintActions"');
    expect((await get('/fragments/print?car_id=nope-1')).status).toBe(404);
    // Each lead page holds mf-account's lead-form slot, told which form and which car (contracts SLOTS.leadForm).
    const formSlot = async (path: string) => {
      const res = await get(path);
      expect(await res.text()).toContain(slotMarker(PAGE_FORM_SLOT));
      return decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.slots?.find((s) => s.id === PAGE_FORM_SLOT);
    };
    expect(await formSlot(`/fragments/test-drive?car_id=${sampleCar.slug}&lead_error=invalid`)).toMatchObject({
      remote: 'mf-account', page: 'lead-form', params: { form: 'test-drive', id: 'fv-test-drive-form', layout: 'page', car_id: sampleCar.id, car_slug: sampleCar.slug, lead_error: 'invalid' },
    });
    // Trade-in and sell-my-car are the valuation journey (src/trade-in), not a lead-form slot.
    for (const path of ['/fragments/trade-in', '/fragments/trade-in?_journey=sell-my-car']) {
      const res = await get(path);
      expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))?.slots ?? []).toEqual([]);
      expect(await res.text()).toContain('data-island="mf-vehicle/TradeInJourney"');
    }
  });

  it('lead pages lay the form out with its context: the car, the dealer location with directions and phone, its hours', async () => {
    const html = await (await get(`/fragments/test-drive?car_id=${sampleCar.slug}`)).text();
    const form = html.indexOf(slotMarker(PAGE_FORM_SLOT));
    const card = html.indexOf('<aside class="fv-context fc-card" aria-label="The car and the dealer">');
    expect(html).toContain('<div class="fv-form-layout">');
    expect(form).toBeGreaterThan(-1);
    expect(card).toBeGreaterThan(form);
    const context = html.slice(card);
    expect(context).toContain(`<a href="/cars/${sampleCar.slug}">${sampleCar.name}</a>`);
    expect(context).toContain('<strong>$31,990</strong> <span>Drive Away</span>');
    expect(context).toContain(`<h2 class="fv-context__title">${sampleLocation.name}</h2>`);
    expect(context).toContain(`href="tel:`);
    expect(context).toMatch(/<dt>Mon<\/dt><dd>8:30am - 5:30pm<\/dd>/);
    expect(context).toMatch(/<dt>Sun<\/dt><dd>Closed<\/dd>/);
    // Without a car (sell my car): the site's primary location.
    const sell = await (await get('/fragments/trade-in?_journey=sell-my-car')).text();
    expect(sell).toContain('<aside class="fv-context fc-card" aria-label="The dealer">');
    expect(sell).toContain(`<h2 class="fv-context__title">${sampleLocation.name}</h2>`);
  });

  it('checkout pages come from src/checkout: not found without reserve online, the reserve page with it', async () => {
    expect((await get(`/fragments/checkout?_slug=${sampleCar.slug}`)).status).toBe(404);
    const reserving = siteConfigInput('reserve-motors', { features: { reserve_online: true } });
    const res = await createApp({ styles, version }).request(`/fragments/checkout?_slug=${sampleCar.slug}`, { headers: { [TENANT_HEADER]: 'reserve-motors' } }, testEnv([reserving], { cars: { '*': [sampleCar] } }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(sampleCar.name);
    expect(PAGES['mf-vehicle']).toContain('checkout');
  });

  it("answers an unknown page with the protocol's empty 404 (the shell draws the not-found block)", async () => {
    for (const page of ['sign-in', 'constructor', 'nope']) {
      const res = await get(`/fragments/${page}`);
      expect(res.status, page).toBe(404);
      expect(await res.text()).toBe('');
      expect(decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER))).toEqual({ title: 'Page not found | Test Motors', robots: 'noindex' });
    }
  });

  it('the deployed Worker sends its package version', async () => {
    const { default: worker } = await import('./worker.tsx');
    const res = await worker.request('/fragments/vehicle?_slug=nope-1', { headers: { [TENANT_HEADER]: 'test-motors' } }, env);
    expect(res.headers.get(VERSION_HEADER)).toBe(pkg.version);
  });

  it('serves the client bundle from ASSETS without a tenant', async () => {
    const res = await get('/_mf/mf-vehicle/0.1.0/remoteEntry.js', null);
    expect(await res.text()).toBe('asset /_mf/mf-vehicle/0.1.0/remoteEntry.js');
  });

  it('hides internal errors behind a generic 500', async () => {
    const broken: Env = { ...env, CONFIG: { get: async () => { throw new Error('KV down'); } } };
    // A fresh app: the tenant store is made from the first CONFIG binding it sees.
    const res = await createApp({ styles, version }).request('/fragments/vehicle', { headers: { [TENANT_HEADER]: 'test-motors' } }, broken);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'An unknown error occurred.' });
  });
});
