import { describe, expect, it, vi } from 'vitest';
import { REQUIRED_FIELD_MESSAGE } from '@forecourt/contracts/api';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { advanceStep, firstStepWithError, leadEventId, newLeadId, sendLead, successHref, validateAll, type LeadEnvironment } from './flow.ts';
import { leadFormConfig, type LeadFormInput } from './model.ts';
import { readContactDetails, readLeadCarContext } from './storage.ts';
import { UNEXPECTED_ERROR } from './submit.ts';
import { memoryStorage } from './testing.ts';

const features = { enquiry_message_optional: false, enquiry_postcode_required: false, terms_required: false };
const steps: LeadFormInput['steps'] = [
  { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone'] },
  { title: 'Your enquiry', fields: ['message', 'opt_in'] },
];
const make = (over: Partial<LeadFormInput> = {}) => leadFormConfig({ id: 'f', title: 'Enquiry', features, steps, collector: 'Test Motors', leadId: 'server-id', ...over });
const good = { name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412 345 678', message: 'Hello', opt_in: true };
const LEAD_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function env(answer: () => Promise<Response> | Response) {
  const storage = memoryStorage();
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer());
  const e = { storage, fetch: fetch as unknown as typeof globalThis.fetch, emit: vi.fn(() => true), navigate: vi.fn(), url: 'https://t.localhost/contact?utm_source=google', userAgent: 'UA/1', now: () => 1000 } satisfies LeadEnvironment;
  const sent = () => JSON.parse(fetch.mock.calls.at(-1)![1].body as string);
  return { ...e, fetchMock: fetch, sent };
}
const created = (id = LEAD_ID) => new Response(JSON.stringify({ lead_id: id }), { status: 201 });

describe('advanceStep (spec §4: advances step by step; the last step submits)', () => {
  it('checks only the current step, then moves on; the last step says submit', () => {
    const config = make();
    expect(advanceStep(config, { message: '' }, 0)).toEqual({ ok: false, errors: { name: REQUIRED_FIELD_MESSAGE, email: REQUIRED_FIELD_MESSAGE, phone: REQUIRED_FIELD_MESSAGE } });
    expect(advanceStep(config, { ...good, message: '' }, 0)).toEqual({ ok: true, step: 1, last: false });
    expect(advanceStep(config, { ...good, message: '' }, 1)).toEqual({ ok: false, errors: { message: REQUIRED_FIELD_MESSAGE } });
    expect(advanceStep(config, good, 1)).toEqual({ ok: true, step: 1, last: true });
  });
  it('a one-step form submits from its only step; a submit re-checks every step and goes back to the first bad one', () => {
    const one = make({ steps: [{ title: 'Enquiry', fields: ['name', 'email', 'phone', 'message'] }] });
    expect(advanceStep(one, good, 0)).toEqual({ ok: true, step: 0, last: true });
    const config = make();
    const errors = validateAll(config, { ...good, email: '' });
    expect(errors).toEqual({ email: REQUIRED_FIELD_MESSAGE });
    expect(firstStepWithError(config, errors)).toBe(0);
    expect(firstStepWithError(config, { message: 'x' })).toBe(1);
  });
});

describe('sendLead', () => {
  it('posts { payload, userData, lead_id } with the shared payload fields and browser context', async () => {
    const e = env(() => created());
    const config = make({ hidden: { location: 'l1' } });
    await sendLead({ config, values: good, leadId: LEAD_ID, remember: true }, e);
    const body = e.sent();
    expect(body.lead_id).toBe(LEAD_ID);
    expect(body.payload).toMatchObject({ category: 'General Enquiry', name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412 345 678', message: 'Hello', opt_in: true, location: 'l1' });
    expect(body.userData).toEqual({
      url: 'https://t.localhost/contact?utm_source=google', source: 'Website', user_agent: 'UA/1',
      lead_attributes: { visited_pages: ['/contact?utm_source=google'], linked_query_params: { utm_source: 'google' } },
    });
    expect(body.payload.lead_attributes).toEqual(body.userData.lead_attributes);
    expect(body).not.toHaveProperty('turnstile_token');
  });

  it('success: remembers the contact details, stores the car context, announces lead.submitted.v1 (analytics are recorded by edge-api), goes to /success', async () => {
    const e = env(() => created());
    const config = make({ car: { id: '7', name: '2020 Toyota HiLux', slug: '2020-toyota-hilux-7', car_type: 'used', dealership_id: '11' } });
    expect(await sendLead({ config, values: good, leadId: LEAD_ID, remember: true, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' }, e)).toMatchObject({ ok: true });
    expect(e.sent()).toMatchObject({ turnstile_token: 'XXXX.DUMMY.TOKEN.XXXX', userData: { car_id: '7', car_dealership_id: '11' } });
    expect(readContactDetails(e.storage)).toEqual({ name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412 345 678', postcode: '' });
    expect(readLeadCarContext(e.storage)).toEqual({ lead_id: LEAD_ID, category: 'General Enquiry', at: 1000, car: { id: '7', name: '2020 Toyota HiLux', slug: '2020-toyota-hilux-7', car_type: 'used' } });
    // spec §7: 15 used enquiry.
    expect(e.emit).toHaveBeenCalledWith({ event_id: 15, car_id: '7', lead_id: LEAD_ID, category: 'General Enquiry' });
    expect(e.navigate).toHaveBeenCalledWith(`/success?lead_id=${LEAD_ID}`);
  });

  it('without "remember" the stored details are forgotten', async () => {
    const e = env(() => created());
    e.storage.setItem(STORAGE_KEYS.contactDetails, JSON.stringify({ name: 'Old' }));
    await sendLead({ config: make(), values: good, leadId: LEAD_ID, remember: false }, e);
    expect(e.storage.getItem(STORAGE_KEYS.contactDetails)).toBeNull();
  });

  it('failure: the server text comes back, nothing is stored, announced or navigated; a retry sends the same lead id', async () => {
    let n = 0;
    const e = env(() => (n++ === 0 ? new Response(JSON.stringify({ error: 'Too many requests.' }), { status: 429 }) : Promise.reject(new TypeError('offline'))));
    expect(await sendLead({ config: make(), values: good, leadId: LEAD_ID, remember: true }, e)).toEqual({ ok: false, message: 'Too many requests.', fields: {} });
    expect(await sendLead({ config: make(), values: good, leadId: LEAD_ID, remember: true }, e)).toEqual({ ok: false, message: UNEXPECTED_ERROR, fields: {} });
    expect(e.fetchMock.mock.calls.map((c) => JSON.parse(c[1].body as string).lead_id)).toEqual([LEAD_ID, LEAD_ID]);
    expect(e.storage.getItem(STORAGE_KEYS.contactDetails)).toBeNull();
    expect(e.storage.getItem(STORAGE_KEYS.leadCar)).toBeNull();
    expect(e.emit).not.toHaveBeenCalled();
    expect(e.navigate).not.toHaveBeenCalled();
  });

  it("'Careers Enquiry' is sent as General Enquiry / Career Enquiry and announced with event 51 (spec §4)", async () => {
    const e = env(() => created());
    await sendLead({ config: make({ category: 'Careers Enquiry' }), values: good, leadId: LEAD_ID, remember: true }, e);
    expect(e.sent().payload).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry' });
    expect(e.emit).toHaveBeenCalledWith(expect.objectContaining({ event_id: 51, category: 'General Enquiry', subcategory: 'Career Enquiry' }));
  });
});

describe('leadEventId (spec §7 ids)', () => {
  it('22 default form without a car, 14 new/demo, 15 used, or the form’s own id', () => {
    expect(leadEventId(make())).toBe(22);
    expect(leadEventId(make({ car: { id: '1', name: 'x', car_type: 'demo' } }))).toBe(14);
    expect(leadEventId(make({ car: { id: '1', name: 'x', car_type: 'used' } }))).toBe(15);
    expect(leadEventId(make({ eventId: 48, car: { id: '1', name: 'x', car_type: 'used' } }))).toBe(48);
  });
});

it('newLeadId is a v4 UUID, new each time; successHref encodes it', () => {
  const a = newLeadId();
  expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(newLeadId()).not.toBe(a);
  expect(successHref('a b')).toBe('/success?lead_id=a%20b');
});
