import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import LeadForm from './LeadForm.tsx';
import { LeadFormIsland } from './LeadFormIsland.tsx';
import LeadSuccess, { LEAD_CONTEXT_MAX_AGE_MS } from './LeadSuccess.tsx';
import { ERROR_SUMMARY_TITLE, ErrorSummary } from './ErrorSummary.tsx';
import { FormAlert } from './FormAlert.tsx';
import { NoScriptLeadForm } from './NoScriptLeadForm.tsx';
import { leadFormConfig, type LeadFormInput } from './model.ts';
import { memoryStorage } from './testing.ts';

const features = { enquiry_message_optional: false, enquiry_postcode_required: true, terms_required: true };
const steps: LeadFormInput['steps'] = [
  { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] },
  { title: 'Your enquiry', fields: ['message', 'terms_conditions', 'opt_in'] },
];
const config = leadFormConfig({ id: 'fx', title: 'Send us an enquiry', features, steps, collector: 'Test Motors', leadId: 'server-lead-id' });

afterEach(() => vi.unstubAllGlobals());

describe('the island (first render)', () => {
  it('shows step 1 of 2 with labels, aria-required instead of native required, noValidate, and a Next button', () => {
    const html = renderToString(<LeadForm {...config} />);
    expect(html).toMatch(/<form [^>]*novalidate=""/i);
    expect(html).toContain('Step <!-- -->1<!-- --> of <!-- -->2<!-- -->: </span>Your details</legend>');
    expect(html).toContain('<label for="fx-name">First name<span class="flf-req" aria-hidden="true">');
    expect(html).toMatch(/<input id="fx-email"[^>]*aria-required="true"/);
    expect(html).not.toMatch(/<input id="fx-email"[^>]* required=""/);
    expect(html).not.toContain('fx-message');
    expect(html).toContain('>Next: Your enquiry</button>');
    expect(html).toContain('<p class="flf-status" role="status"></p>');
    expect(html).not.toContain(ERROR_SUMMARY_TITLE);
  });

  it('prefills the remembered contact details (WCAG 3.3.7)', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.contactDetails]: JSON.stringify({ name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412345678', postcode: '4000' }) });
    vi.stubGlobal('localStorage', storage);
    const html = renderToString(<LeadForm {...config} />);
    expect(html).toMatch(/<input id="fx-name"[^>]*value="Jo"/);
    expect(html).toMatch(/<input id="fx-email"[^>]*value="jo@example.com"/);
    expect(html).toMatch(/<input id="fx-postcode"[^>]*value="4000"/);
  });

  it("opens with the host's prefill (a part's enquiry), under what the shopper typed or remembered", () => {
    const oneStep = leadFormConfig({ id: 'fp', title: 'Enquire about a part', features, steps: [{ title: 'Your enquiry', fields: ['name', 'message'] }], collector: 'Test Motors', leadId: 'l', prefill: { message: 'I would like a price and availability for Tow bar (part PZ1).' } });
    vi.stubGlobal('localStorage', memoryStorage({ [STORAGE_KEYS.contactDetails]: JSON.stringify({ name: 'Jo' }) }));
    const html = renderToString(<LeadForm {...oneStep} />);
    expect(html).toMatch(/<textarea id="fp-message"[^>]*>I would like a price and availability for Tow bar \(part PZ1\)\.<\/textarea>/);
    expect(html).toMatch(/<input id="fp-name"[^>]*value="Jo"/);
    expect(renderToString(<NoScriptLeadForm config={oneStep} />)).toContain('>I would like a price and availability for Tow bar (part PZ1).</textarea>');
    expect(renderToString(<NoScriptLeadForm config={oneStep} values={{ message: 'Typed' }} />)).toContain('>Typed</textarea>');
  });

  it("a failed no-JavaScript post's message shows in the destructive alert", () => {
    const html = renderToString(<LeadForm {...config} serverError="Too many requests." />);
    expect(html).toContain('<div class="flf-alert" role="alert" tabindex="-1">Too many requests.</div>');
  });
});

describe('layout within the host’s column', () => {
  it('a message or a location list takes a whole row; short fields and boxes are marked so the kit’s CSS can pair them', () => {
    const html = renderToString(<NoScriptLeadForm config={config} />);
    expect(html).toContain('<div class="flf-field" data-field="name">');
    expect(html).toContain('<div class="flf-field flf-field--wide" data-field="message">');
    expect(html).toContain('<div class="flf-field flf-field--check" data-field="opt_in">');
  });
});

describe('shared pieces', () => {
  it("error summary: 'Please fix the following errors:' with a link to each field", () => {
    const html = renderToString(<ErrorSummary config={config} errors={{ email: 'This is a required field.', postcode: 'Invalid postcode. Please enter a 4-digit number.' }} />);
    expect(html).toContain('Please fix the following errors:');
    expect(html).toContain('<a href="#fx-email">Email<!-- -->: <!-- -->This is a required field.</a>');
    expect(html).toContain('<a href="#fx-postcode">');
    expect(renderToString(<ErrorSummary config={config} errors={{}} />)).toBe('');
  });

  it('alert is hidden and empty without a message', () => {
    expect(renderToString(<FormAlert message={null} />)).toBe('<div class="flf-alert" role="alert" tabindex="-1" hidden=""></div>');
  });

  it('no-JavaScript form: every step, native required, terms link, hidden lead id; a test Turnstile key adds the test token', () => {
    const html = renderToString(<NoScriptLeadForm config={{ ...config, turnstileSiteKey: '1x00000000000000000000AA' }} />);
    expect(html).toContain('Your details');
    expect(html).toContain('Your enquiry');
    expect(html).toMatch(/<textarea id="fx-message"[^>]* required=""/);
    expect(html).toContain('I agree to the <a href="/terms-and-conditions">terms of use</a>');
    expect(html).toContain('<input type="hidden" name="lead_id" value="server-lead-id"/>');
    expect(html).toContain('<input type="hidden" name="turnstile_token" value="XXXX.DUMMY.TOKEN.XXXX"/>');
    expect(renderToString(<NoScriptLeadForm config={{ ...config, turnstileSiteKey: '0x4AAAAAAABkMYinukE8nzY' }} />)).not.toContain('turnstile_token');
  });

  it('LeadFormIsland marks a client-mode mf-account/LeadForm island with its props beside it', () => {
    const html = renderToString(<LeadFormIsland config={config} />);
    expect(html).toMatch(/^<div id="fx" data-island="mf-account\/LeadForm" class="fc-island" data-island-mode="client"><form id="fx-form"/);
    expect(html).toContain('<script type="application/json" data-island-props="fx">{"id":"fx"');
  });
});

describe('LeadSuccess (car context on /success)', () => {
  const context = (at: number, lead_id = 'L1') => JSON.stringify({ lead_id, category: 'General Enquiry', at, car: { id: '7', name: '2020 Toyota HiLux', slug: '2020-toyota-hilux-7' } });
  it('names the car of this lead with a link back to it', () => {
    vi.stubGlobal('localStorage', memoryStorage({ [STORAGE_KEYS.leadCar]: context(1000) }));
    const html = renderToString(<LeadSuccess leadId="L1" now={2000} />);
    expect(html).toContain('Your enquiry is about the <strong>2020 Toyota HiLux</strong>');
    expect(html).toContain('<a href="/cars/2020-toyota-hilux-7">Back to the <!-- -->2020 Toyota HiLux</a>');
  });
  it('nothing for another lead, an old context, no car or no storage', () => {
    vi.stubGlobal('localStorage', memoryStorage({ [STORAGE_KEYS.leadCar]: context(1000) }));
    expect(renderToString(<LeadSuccess leadId="L2" now={2000} />)).toBe('');
    expect(renderToString(<LeadSuccess leadId="L1" now={1000 + LEAD_CONTEXT_MAX_AGE_MS + 1} />)).toBe('');
    vi.stubGlobal('localStorage', memoryStorage({ [STORAGE_KEYS.leadCar]: JSON.stringify({ lead_id: 'L1', category: 'x', at: 1 }) }));
    expect(renderToString(<LeadSuccess leadId="L1" now={2} />)).toBe('');
    vi.unstubAllGlobals();
    expect(renderToString(<LeadSuccess leadId="L1" />)).toBe('');
  });
});
