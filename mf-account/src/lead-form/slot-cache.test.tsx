import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { siteConfig, tenantDataInput } from '@forecourt/contracts/fixtures/tenant';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { leadFormCarParams, LeadFormSlotParamsSchema, type LeadFormSlotInput } from '@forecourt/contracts/lead-forms';
import { parseTenantData } from '@forecourt/contracts/tenant-data';
import type { Offer } from '@forecourt/contracts/entities/content';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { SlotLeadForm } from '../fragments/SlotLeadForm.tsx';
import { slotForm, type FormData } from './forms.ts';
import { LEAD_FORM_TEMPLATES_MAX, renderSlotLeadForm, TemplateCache } from './slot-cache.tsx';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const base = v.parse(CarSchema, sampleCar);

const data: FormData = {
  locations: parseTenantData('test-motors', {
    ...tenantDataInput(),
    locations: [
      { ...structuredClone(sampleLocation), id: 'l1', name: 'Springwood "Toyota" <Sales>', slug: 'springwood-toyota-sales' },
      { ...structuredClone(sampleLocation), id: 'l2', name: 'Springwood Toyota Service', slug: 'springwood-toyota-service', location_type: 'service' },
    ],
  }).locations,
  offers: [{ id: 'o1', name: 'RAV4 GX Hybrid from $199 per week', description: 'x', expiry: '2999-01-01' }] as unknown as Offer[],
};

/** Cars whose texts need every kind of escaping, and cars missing the optional fields. */
const NASTY_NAME = `2020 Mazda CX-5 "Maxx" <Sport> & Co's </script><!-- \u2028\u2029`;
/** The sample car with texts that need every kind of escaping (its shape otherwise the same). */
const nasty: Car = { ...base, id: 'car-1b', slug: 'b-1b', name: NASTY_NAME, stocknum: `S<1>&"2'`, tag: 'Special & <hot>' };
const cars: Car[] = [
  base,
  nasty,
  { ...base, id: 'car-2', slug: 'a-2020-mazda-cx-5', name: NASTY_NAME, car_type: 'new', status: 'sold', stocknum: `S<1>&"2'`, tag: 'Special & <hot>' },
  { ...base, id: 'car-3', slug: 'c-3', name: '2019 Ford Ranger', car_type: 'demo', stocknum: null, dealership_id: '', dealership_slug: '', tag: 'Test Drive Only' },
  { ...base, id: 'car-4', slug: 'd-4', name: '  Kia Cerato  ', car_type: 'used', tag: 'test-drive only' },
  { ...base, id: 'car-5', slug: 'NOT A SLUG', name: 'Holden \\ Commodore \\u0041 ${x}', tag: null },
  { ...base, id: 'car,bad', slug: 'e-5', name: '$& $1 $$ $` replacement patterns' },
];

const tenants: Partial<SiteConfigInput>[] = [
  {},
  { name: 'Smith & Sons "Motors"', features: { enquiry_postcode_required: true, terms_required: true, enquiry_message_optional: true } },
  { name: 'Turnstile Cars', features: { turnstile: true }, turnstile_site_key: '1x00000000000000000000AA' },
];

/** The forms of a car page's dialogs (mf-vehicle lib/lead-forms.ts), a lead page's and a section's. */
const forms = (car: Car): LeadFormSlotInput[] => [
  { form: 'enquire', id: 'fv-enquire-form', layout: 'dialog', ...leadFormCarParams(car) },
  { form: 'test-drive', id: 'fv-test-drive-form', layout: 'dialog', ...leadFormCarParams(car), location_options: 'l1,l2' },
  { form: 'request-photos', id: 'fv-request-photos-form', layout: 'dialog', ...leadFormCarParams(car) },
  { form: 'car-contact', id: 'fv-contact-form', layout: 'dialog', ...leadFormCarParams(car), location: 'l1' },
  { form: 'test-drive', id: 'fv-test-drive-form', layout: 'page', ...leadFormCarParams(car), lead_error: 'invalid', lead_error_fields: 'email' },
  { form: 'finance-enquiry', id: 'ff-enquiry', ...leadFormCarParams(car) },
  { form: 'contact', id: 'fl-contact', offer: 'o1', location_options: 'l1' },
];

describe('lead-form slot templates', () => {
  it('give byte for byte the markup of a fresh render (renderToString and the stream) for every car, tenant and form', async () => {
    const cache = new TemplateCache();
    let compared = 0;
    for (const overrides of tenants) {
      const site = siteConfig('test-motors', overrides);
      // Twice: the first pass renders the templates, the second answers from them.
      for (const pass of [1, 2]) {
        for (const car of cars) {
          for (const input of forms(car)) {
            const params = v.parse(LeadFormSlotParamsSchema, input);
            const fresh = slotForm(params, site, data, undefined, NOW);
            const expected = renderToString(<SlotLeadForm form={fresh} />);
            const { title, html } = renderSlotLeadForm(params, site, data, NOW, cache);
            expect(title).toBe(fresh.title);
            expect(html).toBe(expected);
            if (pass === 1 && car === cars[1]) expect(html).toBe(await new Response(await renderToReadableStream(<SlotLeadForm form={fresh} />)).text());
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(tenants.length * 2 * cars.length * forms(base).length);
  }, 60_000);

  it('share one template per form between the cars of one shape', () => {
    const cache = new TemplateCache();
    const site = siteConfig('test-motors');
    for (let i = 0; i < 20; i++) {
      const car: Car = { ...base, id: `car-${i}`, slug: `car-${i}`, name: `Car number ${i}`, stocknum: `S${i}` };
      for (const input of forms(car)) renderSlotLeadForm(v.parse(LeadFormSlotParamsSchema, input), site, data, NOW, cache);
    }
    expect(cache.size).toBe(forms(base).length);
  });

  it("write a car's texts escaped for where they stand: HTML outside the props script, JSON inside", () => {
    const cache = new TemplateCache();
    const car = nasty;
    const params = v.parse(LeadFormSlotParamsSchema, forms(car)[0]);
    renderSlotLeadForm(v.parse(LeadFormSlotParamsSchema, forms({ ...base, tag: 'Plain' })[0]), siteConfig('test-motors'), data, NOW, cache);
    const { html } = renderSlotLeadForm(params, siteConfig('test-motors'), data, NOW, cache);
    expect(cache.size).toBe(1);
    expect(html).toContain('aria-label="Enquire Now: 2020 Mazda CX-5 &quot;Maxx&quot; &lt;Sport&gt; &amp; Co&#x27;s &lt;/script&gt;');
    expect(html).toContain('"name":"2020 Mazda CX-5 \\"Maxx\\" \\u003cSport\\u003e \\u0026 Co\'s \\u003c/script\\u003e');
    expect(html).not.toContain('\uE000');
  });

  it("render a car whose text holds the marker's own character afresh, never from a template", () => {
    const cache = new TemplateCache();
    const params = v.parse(LeadFormSlotParamsSchema, forms({ ...base, name: 'Odd \uE000name\uE001' })[0]);
    const fresh = slotForm(params, siteConfig('test-motors'), data, undefined, NOW);
    expect(renderSlotLeadForm(params, siteConfig('test-motors'), data, NOW, cache)).toEqual({ title: fresh.title, html: renderToString(<SlotLeadForm form={fresh} />) });
    expect(cache.size).toBe(0);
  });

  it('keep a tenant whose config changed apart: the form is part of the key', () => {
    const cache = new TemplateCache();
    const params = v.parse(LeadFormSlotParamsSchema, forms(base)[0]);
    const before = renderSlotLeadForm(params, siteConfig('test-motors'), data, NOW, cache).html;
    const after = renderSlotLeadForm(params, siteConfig('test-motors', { name: 'Renamed Motors' }), data, NOW, cache).html;
    expect(cache.size).toBe(2);
    expect(before).toContain('Test Motors');
    expect(after).toContain('Renamed Motors');
    expect(after).not.toContain('Test Motors');
  });

  it(`keep at most LEAD_FORM_TEMPLATES_MAX (${LEAD_FORM_TEMPLATES_MAX}) templates, dropping the least recently used`, () => {
    const cache = new TemplateCache();
    const params = (i: number) => v.parse(LeadFormSlotParamsSchema, { form: 'enquire', id: `fv-form-${i}`, ...leadFormCarParams(base) });
    const site = siteConfig('test-motors');
    for (let i = 0; i < LEAD_FORM_TEMPLATES_MAX + 40; i++) {
      renderSlotLeadForm(params(i), site, data, NOW, cache);
      // One form stays in use throughout (moved to the recent end on each hit).
      renderSlotLeadForm(params(0), site, data, NOW, cache);
      expect(cache.size).toBeLessThanOrEqual(LEAD_FORM_TEMPLATES_MAX);
    }
    expect(cache.size).toBe(LEAD_FORM_TEMPLATES_MAX);
    const small = new TemplateCache(3);
    for (let i = 0; i < 10; i++) renderSlotLeadForm(params(i), site, data, NOW, small);
    expect(small.size).toBe(3);
  }, 60_000);
});
