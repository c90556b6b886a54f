import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { renderToString } from 'react-dom/server';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { siteConfig, tenantDataInput } from '@forecourt/contracts/fixtures/tenant';
import { CarSchema } from '@forecourt/contracts/entities/car';
import { ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';
import { ISLAND_MODE_ATTR } from '@forecourt/contracts/islands';
import { leadFormCarParams, LeadFormSlotParamsSchema, type LeadFormSlotInput } from '@forecourt/contracts/lead-forms';
import { parseTenantData } from '@forecourt/contracts/tenant-data';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import type { Offer } from '@forecourt/contracts/entities/content';
import { SlotLeadForm } from '../fragments/SlotLeadForm.tsx';
import { slotForm, type FormData } from './forms.ts';

const LEAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const car = v.parse(CarSchema, sampleCar);
const NOW = Date.parse('2026-11-22T00:00:00Z');

/** Three visible locations of the tenant and a hidden one. */
const data: FormData = {
  locations: parseTenantData('test-motors', {
    ...tenantDataInput(),
    locations: [
      { ...structuredClone(sampleLocation), id: 'l1', name: 'Springwood Toyota Sales', slug: 'springwood-toyota-sales' },
      { ...structuredClone(sampleLocation), id: 'l2', name: 'Springwood Toyota Service', slug: 'springwood-toyota-service', location_type: 'service' },
      { ...structuredClone(sampleLocation), id: 'l3', name: 'Hidden Yard', slug: 'hidden-yard', visible: false },
      { ...structuredClone(sampleLocation), id: 'l4', name: 'Springwood Toyota Parts', slug: 'springwood-toyota-parts', location_type: 'parts', dealership_slug: 'springwood-parts' },
    ],
  }).locations,
  offers: [
    { id: 'o1', name: 'RAV4 GX Hybrid from $199 per week', description: 'x', expiry: '2999-01-01' },
    { id: 'o2', name: 'Old deal', description: 'x', expiry: '2000-01-01' },
  ] as unknown as Offer[],
};

function form(input: LeadFormSlotInput, overrides: Partial<SiteConfigInput> = {}) {
  const params = v.parse(LeadFormSlotParamsSchema, input);
  return slotForm(params, siteConfig('test-motors', overrides), data, LEAD_ID, NOW);
}

function render(input: LeadFormSlotInput, overrides: Partial<SiteConfigInput> = {}) {
  const f = form(input, overrides);
  const html = renderToString(<SlotLeadForm form={f} />);
  const props = html.match(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="${input.id}">(.*?)</script>`))?.[1];
  return { ...f, html, props: parseIslandProps(props ?? 'null') as Record<string, any> };
}

describe('a shared form (the slot): no lead id of its own', () => {
  it('renders the no-JavaScript form and the island props without any lead id: edge-api mints it at submit', () => {
    const params = v.parse(LeadFormSlotParamsSchema, { form: 'enquire', id: 'fv-enquire', ...leadFormCarParams(car) });
    const shared = slotForm(params, siteConfig('test-motors'), data, undefined, NOW);
    expect(shared.config).not.toHaveProperty('leadId');
    const html = renderToString(<SlotLeadForm form={shared} />);
    expect(html).toContain('<form id="fv-enquire-form"');
    expect(html).not.toContain('name="lead_id"');
    expect(html).not.toContain('"leadId"');
    // Everything else the post needs is still there.
    expect(html).toContain('<input type="hidden" name="category" value="General Enquiry"/>');
    expect(html).toContain(`<input type="hidden" name="car_id" value="${car.id}"/>`);
  });
});

describe('contact form (mf-locations /contact: a General Enquiry)', () => {
  const contact = { form: 'contact', id: 'fl-contact-form', location_options: 'l1,l2,l3,l4' } as const;

  it('server-renders a plain POST form to /api/leads with the contact fields, a lead id and the collection notice', () => {
    const { html, title } = render(contact);
    expect(title).toBe('Send us an enquiry');
    expect(html).toContain('<h2 id="fl-contact-form-title">Send us an enquiry</h2>');
    const formTag = html.match(/<form [^>]*>/)?.[0] ?? '';
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain('action="/api/leads"');
    for (const name of ['name', 'last_name', 'email', 'phone', 'message', 'opt_in', 'location']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain(`<input type="hidden" name="lead_id" value="${LEAD_ID}"/>`);
    expect(html).toContain('<input type="hidden" name="category" value="General Enquiry"/>');
    expect(html).toContain(`collects your details to respond to your enquiry. Read our <a href="${siteConfig('test-motors').collection_notice_href}">collection notice`);
    // An unticked opt_in must arrive as false, not missing (the schema default is true).
    expect(html).toContain('<input type="hidden" name="opt_in" value="false"/><input id="fl-contact-form-opt-in"');
    const optIn = html.match(/<input id="fl-contact-form-opt-in"[^>]*>/)?.[0] ?? '';
    for (const attr of ['name="opt_in"', 'type="checkbox"', 'value="true"', 'checked=""']) expect(optIn).toContain(attr);
    expect(html).toMatch(/<textarea id="fl-contact-form-message" name="message"[^>]* required=""/);
    expect(html).not.toContain('name="postcode"');
    expect(html).not.toContain('name="terms_conditions"');
  });

  it('the client-mode mf-account/LeadForm island wraps it, its props the whole config', () => {
    const { html, props } = render(contact);
    expect(html).toContain('data-island="mf-account/LeadForm"');
    expect(html).toContain(`${ISLAND_MODE_ATTR}="client"`);
    expect(props).toMatchObject({ id: 'fl-contact-form', leadId: LEAD_ID, category: 'General Enquiry' });
    expect(props.steps.map((s: { title: string }) => s.title)).toEqual(['Your details', 'Your enquiry']);
    expect(props.steps[0].fields).toEqual(['name', 'last_name', 'email', 'phone']);
  });

  it("several locations: a required select of the named visible ones in the host's order; one: its id and dealership hidden", () => {
    const all = render({ ...contact, location_options: 'l4,l1,l3,nope' });
    expect(all.html).toContain('<option value="" selected="">Choose a location</option><option value="l4">Springwood Toyota Parts</option><option value="l1">Springwood Toyota Sales</option></select>');
    expect(all.props.rules.locationRequired).toBe(true);
    const one = render({ ...contact, location_options: 'l4' });
    expect(one.html).not.toContain('<select');
    expect(one.html).toContain('<input type="hidden" name="location" value="l4"/>');
    expect(one.props.hidden).toEqual({ location: 'l4', dealership_slug: 'springwood-parts' });
  });

  it("follows the tenant's rules: postcode and terms when required, message optional when the site says so", () => {
    const { html, props } = render(contact, { features: { enquiry_postcode_required: true, terms_required: true, enquiry_message_optional: true } });
    const postcode = html.match(/<input id="fl-contact-form-postcode"[^>]*>/)?.[0] ?? '';
    for (const attr of ['name="postcode"', 'maxLength="4"', 'pattern="\\d{4}"', 'inputMode="numeric"', 'required=""']) expect(postcode).toContain(attr);
    expect(html).toContain('name="terms_conditions"');
    expect(html).toContain('href="/terms-and-conditions"');
    expect(html).not.toMatch(/<textarea[^>]* required=""/);
    expect(props.rules).toEqual({ messageRequired: false, postcodeRequired: true, termsRequired: true, locationRequired: true });
  });

  it('Turnstile: the site key only when the tenant switched the feature on; a test key gives the no-JavaScript form the test token', () => {
    expect(render(contact, { turnstile_site_key: '1x00000000000000000000AA' }).props).not.toHaveProperty('turnstileSiteKey');
    const on = render(contact, { features: { turnstile: true }, turnstile_site_key: '1x00000000000000000000AA' });
    expect(on.props.turnstileSiteKey).toBe('1x00000000000000000000AA');
    expect(on.html).toContain('<input type="hidden" name="turnstile_token" value="XXXX.DUMMY.TOKEN.XXXX"/>');
  });

  it("shows edge-api's message (sent as a code) after a failed no-JavaScript post; text written into the link never shows", () => {
    const { html, props } = render({ ...contact, lead_error: 'rate_limited' });
    expect(html).toContain('<div class="flf-alert" role="alert" tabindex="-1">Too many submissions. Please try again later.</div>');
    expect(props.serverError).toBe('Too many submissions. Please try again later.');
    const phishing = render({ ...contact, lead_error: 'Call 0400 111 222' });
    expect(phishing.html).not.toContain('0400 111 222');
    expect(phishing.props.serverError).toBe('An error occurred when submitting this form');
    expect(render(contact).html).toContain('<div class="flf-alert" role="alert" tabindex="-1" hidden="">');
  });

  it('a running offer makes it an Offer Enquiry about the offer; an expired or unknown offer leaves the General Enquiry', () => {
    const offer = render({ ...contact, offer: 'o1' });
    expect(offer.html).toContain('>Enquire about RAV4 GX Hybrid from $199 per week</h2>');
    expect(offer.html).toContain('name="category" value="Offer Enquiry"');
    expect(offer.html).toContain('name="subcategory" value="RAV4 GX Hybrid from $199 per week"');
    for (const id of ['o2', 'nope']) expect(render({ ...contact, offer: id }).html, id).toContain('name="category" value="General Enquiry"');
  });

  it('service and parts: a Service or Parts Enquiry with its own heading; an offer never changes them', () => {
    for (const [kind, category, heading] of [['service', 'Service Enquiry', 'Ask us to book your service'], ['parts', 'Parts Enquiry', 'Ask us about parts and accessories']] as const) {
      const { html } = render({ ...contact, form: kind, offer: 'o1' });
      expect(html).toContain(`name="category" value="${category}"`);
      expect(html).toContain(`>${heading}</h2>`);
    }
  });
});

describe("a part's enquiry (mf-search /parts/search?enquire=<part>)", () => {
  const part = { form: 'parts', id: 'fs-parts-enquiry-form', layout: 'page', part_id: 'ht-p5', part_name: 'Heavy-duty tow bar, 3500 kg', part_number: 'PZ868-N3178-J9' } as const;

  it('a Parts Enquiry about the part: its name in the title, the message prefilled, the part number sent as stock_number', () => {
    const { config, title, html, props } = render({ ...part, location_options: 'l4' });
    expect(title).toBe('Enquire about Heavy-duty tow bar, 3500 kg');
    expect(config.category).toBe('Parts Enquiry');
    expect(config.hidden).toEqual({ location: 'l4', dealership_slug: 'springwood-parts', stock_number: 'PZ868-N3178-J9' });
    const message = 'I would like a price and availability for Heavy-duty tow bar, 3500 kg (part PZ868-N3178-J9).';
    expect(config.prefill).toEqual({ message });
    // The no-JavaScript form opens with it and posts the part number; the island gets both in its props.
    expect(html).toMatch(new RegExp(`<textarea[^>]*name="message"[^>]*>${message.replace(/[().]/g, '\\$&')}</textarea>`));
    expect(html).toContain('<input type="hidden" name="stock_number" value="PZ868-N3178-J9"/>');
    expect(props.prefill).toEqual({ message });
    expect(props.hidden.stock_number).toBe('PZ868-N3178-J9');
  });

  it('the message stays editable and required as the tenant says; without a name and number the form is the plain parts form', () => {
    expect(form(part).config.rules.messageRequired).toBe(true);
    const plain = form({ form: 'parts', id: 'fs-parts-enquiry-form', part_id: 'ht-p5' });
    expect(plain.title).toBe('Ask us about parts and accessories');
    expect(plain.config.prefill).toBeUndefined();
    expect(plain.config.hidden.stock_number).toBeUndefined();
    // Only the parts form takes a part: a contact form ignores the params.
    const contact = form({ ...part, form: 'contact' });
    expect(contact.config).toMatchObject({ category: 'General Enquiry' });
    expect(contact.config.prefill).toBeUndefined();
  });

  it('the slot contract refuses a part id with markup, and over-long names', () => {
    expect(v.safeParse(LeadFormSlotParamsSchema, { ...part, part_id: 'a,b' }).success).toBe(false);
    expect(v.safeParse(LeadFormSlotParamsSchema, { ...part, part_name: 'x'.repeat(201) }).success).toBe(false);
    expect(v.safeParse(LeadFormSlotParamsSchema, { ...part, part_number: 'x'.repeat(61) }).success).toBe(false);
  });
});

describe("the car page's forms (mf-vehicle dialogs and pages)", () => {
  const carParams = leadFormCarParams(car);

  it('Enquire Now: a General Enquiry about the car, message required, event 15 for a used car, the car in hidden fields', () => {
    const { config, title } = form({ form: 'enquire', id: 'fv-enquire-form', layout: 'dialog', ...carParams });
    expect(title).toBe(`Enquire Now: ${car.name}`);
    expect(config).toMatchObject({ id: 'fv-enquire-form', category: 'General Enquiry', eventId: 15, rules: { messageRequired: true } });
    expect(config.hidden).toMatchObject({ car_id: car.id, car_type: 'used', stock_number: 'U14822', dealership_slug: 'springwood-toyota' });
    expect(config.car).toMatchObject({ id: car.id, slug: car.slug, dealership_id: 'd-springwood' });
  });

  it('Test Drive: optional message and pickup location, event 48 used / 17 new or Test Drive Only (the tag travels too)', () => {
    const { config } = form({ form: 'test-drive', id: 'fv-test-drive-form', ...carParams, location_options: 'l1,l2' });
    expect(config).toMatchObject({ category: 'Test Drive', eventId: 48, rules: { messageRequired: false, locationRequired: false } });
    expect(config.options.location).toEqual([{ value: 'l1', label: 'Springwood Toyota Sales' }, { value: 'l2', label: 'Springwood Toyota Service' }]);
    expect(config.steps.flatMap((s) => s.fields)).toEqual(expect.arrayContaining(['location', 'dateTime']));
    expect(form({ form: 'test-drive', id: 'x', ...carParams, car_type: 'new' }).config.eventId).toBe(17);
    const tdo = form({ form: 'test-drive', id: 'x', ...carParams, car_tag: 'Test Drive Only' }).config;
    expect(tdo.eventId).toBe(17);
    expect(tdo.hidden.car_tag).toBe('Test Drive Only');
  });

  it('Request Photos and contact the dealer: their categories, contact with the hidden location id', () => {
    expect(form({ form: 'request-photos', id: 'x', ...carParams }).config).toMatchObject({ category: 'Request Photos', rules: { messageRequired: false } });
    expect(form({ form: 'car-contact', id: 'x', ...carParams, location: 'loc-1' }).config.hidden.location).toBe('loc-1');
  });

  it('trade-in and sell my car: their categories, with or without a car', () => {
    expect(form({ form: 'trade-in', id: 'x' }).config).toMatchObject({ category: 'Trade-In Valuation', hidden: {} });
    expect(form({ form: 'sell-my-car', id: 'x' })).toMatchObject({ title: 'Sell My Car', config: { category: 'Sell My Car' } });
    expect(form({ form: 'trade-in', id: 'x', ...carParams }).config.hidden.car_id).toBe(car.id);
  });

  it('a dialog form loads its island only once the dialog shows; a page form has no section heading of its own', () => {
    const dialog = render({ form: 'enquire', id: 'fv-enquire-form', layout: 'dialog', ...carParams }).html;
    expect(dialog).toContain('data-island-when="visible"');
    expect(dialog).not.toContain('<h2');
    const page = render({ form: 'trade-in', id: 'fv-page-form', layout: 'page' }).html;
    expect(page).not.toContain('<section');
    expect(page).toContain('data-island="mf-account/LeadForm"');
  });
});

describe('finance, careers and fleet forms', () => {
  it('finance enquiry: Finance category, optional message, the car id when the page is about a car', () => {
    expect(form({ form: 'finance-enquiry', id: 'ff-enquiry', car_id: '9001' }).config).toMatchObject({ category: 'Finance Enquiry', hidden: { car_id: '9001' }, rules: { messageRequired: false } });
    expect(form({ form: 'finance-enquiry', id: 'ff-enquiry' }).config.hidden).toEqual({});
  });

  it('finance enquiry loads its island on first use, or at once for remembered details; other forms with the page (issue 19)', () => {
    const finance = form({ form: 'finance-enquiry', id: 'ff-enquiry' });
    expect(finance.when).toEqual([{ kind: 'interaction' }, { kind: 'storage', key: 'forecourt:contact-details' }]);
    const html = renderToString(<SlotLeadForm form={finance} />);
    expect(html).toContain('<div id="ff-enquiry" data-island="mf-account/LeadForm" class="fc-island" data-island-when="interaction storage:forecourt:contact-details" data-island-mode="client">');
    // Its no-JavaScript form is there until then.
    expect(html).toMatch(/<form id="ff-enquiry-form" class="flf"[^>]*data-no-js=""[^>]*action="\/api\/leads" method="post">/);
    expect(renderToString(<SlotLeadForm form={form({ form: 'finance-enquiry', id: 'ff-enquiry', layout: 'page' })} />)).toContain('data-island-when="interaction storage:forecourt:contact-details"');
    // A dialog's form still loads when the dialog is shown.
    expect(renderToString(<SlotLeadForm form={form({ form: 'finance-enquiry', id: 'ff-enquiry', layout: 'dialog' })} />)).toContain('data-island-when="visible"');
    const contact = form({ form: 'contact', id: 'fa-lead-form' });
    expect(contact.when).toBeUndefined();
    expect(renderToString(<SlotLeadForm form={contact} />)).not.toContain('data-island-when');
  });

  it('careers and fleet: their categories and headings', () => {
    expect(form({ form: 'careers', id: 'fa-lead-form' })).toMatchObject({ title: 'Apply or ask about a role', config: { category: 'Careers Enquiry' } });
    expect(form({ form: 'fleet', id: 'fa-lead-form' })).toMatchObject({ title: 'Ask about fleet buying', config: { category: 'Fleet Enquiry' } });
  });
});
