import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_PROPS_ATTR, parseIslandProps } from '@forecourt/contracts/fragments';
import { LOCATION_IDS, siteConfig, tenantData } from '../test/tenant.ts';
import { contactFormView } from '../lib/contact-form.ts';
import { siteLocations } from '../lib/locations.ts';
import { ContactForm, CONTACT_FORM_ID } from './ContactForm.tsx';

const data = tenantData();
const LEAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function render(query = '', overrides: Parameters<typeof siteConfig>[1] = {}, slug?: string) {
  const config = siteConfig('test-motors', { locations: LOCATION_IDS, ...overrides });
  let locations = siteLocations(config, data);
  if (slug) locations = locations.filter((l) => l.slug === slug);
  const html = renderToString(<ContactForm view={contactFormView(locations, new URLSearchParams(query))} config={config} leadId={LEAD_ID} />);
  const props = html.match(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="${CONTACT_FORM_ID}">(.*?)</script>`))?.[1];
  return { html, props: parseIslandProps(props ?? 'null') as Record<string, any> };
}

describe('contact page General Enquiry form', () => {
  it('server-renders a plain POST form to /api/leads with the contact fields, a lead id and the collection notice', () => {
    const { html } = render();
    const form = html.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/leads"');
    for (const name of ['name', 'last_name', 'email', 'phone', 'message', 'opt_in', 'location']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain(`<input type="hidden" name="lead_id" value="${LEAD_ID}"/>`);
    expect(html).toContain('<input type="hidden" name="category" value="General Enquiry"/>');
    // The collection notice: the tenant's page (SiteConfig collection_notice_href).
    expect(html).toContain(`collects your details to respond to your enquiry. Read our <a href="${siteConfig('test-motors').collection_notice_href}">collection notice`);
    // An unticked opt_in must arrive as false, not missing (the schema default is true).
    expect(html).toContain('<input type="hidden" name="opt_in" value="false"/><input id="fl-contact-form-opt-in"');
    // opt_in ticked by default (spec §3), message required (spec §5 Enquiry), no postcode or terms unless the tenant needs them.
    const optIn = html.match(/<input id="fl-contact-form-opt-in"[^>]*>/)?.[0] ?? '';
    for (const attr of ['name="opt_in"', 'type="checkbox"', 'value="true"', 'checked=""']) expect(optIn).toContain(attr);
    expect(html).toMatch(/<textarea id="fl-contact-form-message" name="message"[^>]* required=""/);
    expect(html).not.toContain('name="postcode"');
    expect(html).not.toContain('name="terms_conditions"');
  });

  it('several locations: a required location select; one location: its id hidden (location_id) with its dealership', () => {
    const all = render();
    expect(all.html).toContain('<option value="" selected="">Choose a location</option><option value="l1">Springwood Toyota Sales</option>');
    expect(all.props.rules.locationRequired).toBe(true);
    const one = render('', {}, 'springwood-toyota');
    expect(one.html).not.toContain('<select');
    expect(one.html).toContain('<input type="hidden" name="location" value="l1"/>');
    expect(one.props.hidden).toMatchObject({ location: 'l1' });
  });

  it("follows the tenant's rules: postcode and terms when required, message optional when the site says so", () => {
    const { html, props } = render('', { features: { enquiry_postcode_required: true, terms_required: true, enquiry_message_optional: true } });
    const postcode = html.match(/<input id="fl-contact-form-postcode"[^>]*>/)?.[0] ?? '';
    for (const attr of ['name="postcode"', 'maxLength="4"', 'pattern="\\d{4}"', 'inputMode="numeric"', 'required=""']) expect(postcode).toContain(attr);
    expect(html).toContain('name="terms_conditions"');
    expect(html).toContain('href="/terms-and-conditions"');
    expect(html).not.toMatch(/<textarea[^>]* required=""/);
    expect(props.rules).toEqual({ messageRequired: false, postcodeRequired: true, termsRequired: true, locationRequired: true });
  });

  it('Turnstile: the site key only when the tenant switched the feature on; a test key gives the no-JavaScript form the test token', () => {
    expect(render('', { turnstile_site_key: '1x00000000000000000000AA' }).props).not.toHaveProperty('turnstileSiteKey');
    const on = render('', { features: { turnstile: true }, turnstile_site_key: '1x00000000000000000000AA' });
    expect(on.props.turnstileSiteKey).toBe('1x00000000000000000000AA');
    expect(on.html).toContain('<input type="hidden" name="turnstile_token" value="XXXX.DUMMY.TOKEN.XXXX"/>');
  });

  it("shows edge-api's message (sent as a code) after a failed no-JavaScript post in the destructive alert", () => {
    const { html, props } = render('lead_error=rate_limited');
    expect(html).toContain('<div class="flf-alert" role="alert" tabindex="-1">Too many submissions. Please try again later.</div>');
    expect(props.serverError).toBe('Too many submissions. Please try again later.');
    // Issue 10.4: text written into the link is never shown as the dealer's own.
    const phishing = render(`lead_error=${encodeURIComponent('Our phones are down, text 0400 111 222 to enquire')}`);
    expect(phishing.html).not.toContain('0400 111 222');
    expect(phishing.props.serverError).toBe('An error occurred when submitting this form');
    expect(render().html).toContain('<div class="flf-alert" role="alert" tabindex="-1" hidden="">');
  });

  it('island props carry the whole form config (steps, rules, lead id) as JSON', () => {
    const { props } = render();
    expect(props.id).toBe(CONTACT_FORM_ID);
    expect(props.leadId).toBe(LEAD_ID);
    expect(props.steps.map((s: { title: string }) => s.title)).toEqual(['Your details', 'Your enquiry']);
    expect(props.steps[0].fields).toEqual(['name', 'last_name', 'email', 'phone']);
  });

  it('a fresh lead id per render when none is given', () => {
    const config = siteConfig('test-motors', { locations: LOCATION_IDS });
    const view = contactFormView(siteLocations(config, data), new URLSearchParams());
    const ids = [0, 1].map(() => renderToString(<ContactForm view={view} config={config} />).match(/name="lead_id" value="([^"]+)"/)?.[1]);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('offer enquiries (an offer card Enquire Now: /contact?offer=<id>)', () => {
  const offers = [
    { id: 'o1', name: 'RAV4 GX Hybrid from $199 per week', description: 'x', expiry: '2999-01-01' },
    { id: 'o2', name: 'Old deal', description: 'x', expiry: '2000-01-01' },
  ] as never[];
  const renderOffer = (query: string) => {
    const config = siteConfig('test-motors', { locations: LOCATION_IDS });
    const view = contactFormView(siteLocations(config, data), new URLSearchParams(query), offers, Date.parse('2026-11-22'));
    return { view, html: renderToString(<ContactForm view={view} config={config} leadId={LEAD_ID} />) };
  };
  it('a current offer makes the form an Offer Enquiry about it (category and subcategory sent, heading names it)', () => {
    const { view, html } = renderOffer('offer=o1');
    expect(view.offer).toEqual({ id: 'o1', name: 'RAV4 GX Hybrid from $199 per week', category: 'Offer Enquiry', subcategory: 'RAV4 GX Hybrid from $199 per week' });
    expect(html).toContain('>Enquire about RAV4 GX Hybrid from $199 per week</h2>');
    expect(html).toContain('name="category" value="Offer Enquiry"');
    expect(html).toContain('name="subcategory" value="RAV4 GX Hybrid from $199 per week"');
  });
  it('an expired or unknown offer leaves the General Enquiry form', () => {
    for (const q of ['offer=o2', 'offer=nope', '']) {
      const { view, html } = renderOffer(q);
      expect(view.offer, q).toBeNull();
      expect(html).toContain('name="category" value="General Enquiry"');
    }
  });
});

describe('service and parts enquiries', () => {
  it("the service page's form is a Service Enquiry, the parts page's a Parts Enquiry, each with its heading", () => {
    const config = siteConfig('test-motors', { locations: LOCATION_IDS });
    for (const [purpose, category, heading] of [['service', 'Service Enquiry', 'Ask us to book your service'], ['parts', 'Parts Enquiry', 'Ask us about parts and accessories']] as const) {
      const view = contactFormView(siteLocations(config, data), new URLSearchParams('offer=o1'), [], Date.now(), purpose);
      const html = renderToString(<ContactForm view={view} config={config} leadId={LEAD_ID} />);
      expect(view.offer).toBeNull();
      expect(html).toContain(`name="category" value="${category}"`);
      expect(html).toContain(`>${heading}</h2>`);
    }
  });
});
