import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { LeadUserDataSchema } from '@forecourt/contracts/api';
import * as v from 'valibot';
import {
  buildUserData,
  forgetContactDetails,
  linkedQueryParams,
  readContactDetails,
  readLeadCarContext,
  readVisitedPages,
  recordVisitedPage,
  rememberContactDetails,
  VISITED_PAGES_LIMIT,
  writeLeadCarContext,
} from './storage.ts';
import { memoryStorage } from './testing.ts';

const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('remembered contact details (spec §3 browser-stored contact details, WCAG 3.3.7)', () => {
  it('stores the contact fields under the shared key and reads them back', () => {
    const s = memoryStorage();
    expect(rememberContactDetails(s, { name: ' Jo ', last_name: 'Citizen', email: 'jo@example.com', phone: '0412345678', message: 'not kept', opt_in: true })).toBe(true);
    expect(JSON.parse(s.map.get(STORAGE_KEYS.contactDetails)!)).toEqual({ name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412345678', postcode: '' });
    expect(readContactDetails(s)).toMatchObject({ name: 'Jo', email: 'jo@example.com' });
  });
  it('a form without postcode keeps the postcode remembered from another form', () => {
    const s = memoryStorage({ [STORAGE_KEYS.contactDetails]: JSON.stringify({ name: 'Old', postcode: '4000' }) });
    rememberContactDetails(s, { name: 'New', email: 'n@example.com', phone: '0400000000' });
    expect(readContactDetails(s)).toEqual({ name: 'New', last_name: '', email: 'n@example.com', phone: '0400000000', postcode: '4000' });
  });
  it('forget removes them; corrupt data, no storage and blocked storage give empty details without throwing', () => {
    const s = memoryStorage({ [STORAGE_KEYS.contactDetails]: '{"name":"Jo"}' });
    forgetContactDetails(s);
    expect(s.map.has(STORAGE_KEYS.contactDetails)).toBe(false);
    expect(readContactDetails(memoryStorage({ [STORAGE_KEYS.contactDetails]: '{nope' })).name).toBe('');
    expect(readContactDetails(null).name).toBe('');
    expect(readContactDetails(blocked).name).toBe('');
    expect(rememberContactDetails(blocked, { name: 'Jo' })).toBe(false);
    expect(() => forgetContactDetails(blocked)).not.toThrow();
  });
});

describe('lead car context for /success', () => {
  it('round-trips; a bad stored value reads as null', () => {
    const s = memoryStorage();
    const context = { lead_id: 'abc', category: 'General Enquiry', at: 1, car: { id: '7', name: '2021 Toyota Corolla', slug: '2021-toyota-corolla-7' } };
    expect(writeLeadCarContext(s, context)).toBe(true);
    expect(readLeadCarContext(s)).toEqual(context);
    expect(readLeadCarContext(memoryStorage({ [STORAGE_KEYS.leadCar]: '{"lead_id":5}' }))).toBeNull();
    expect(readLeadCarContext(blocked)).toBeNull();
    expect(writeLeadCarContext(blocked, context)).toBe(false);
  });
});

describe('visited pages and linked query params (lead_attributes)', () => {
  it('records pages in order, once for a repeat, at most the limit (oldest dropped)', () => {
    const s = memoryStorage();
    recordVisitedPage(s, '/search/used-cars');
    recordVisitedPage(s, '/search/used-cars');
    recordVisitedPage(s, '/contact');
    expect(readVisitedPages(s)).toEqual(['/search/used-cars', '/contact']);
    for (let i = 0; i < 30; i++) recordVisitedPage(s, `/p${i}`);
    const list = readVisitedPages(s);
    expect(list).toHaveLength(VISITED_PAGES_LIMIT);
    expect(list.at(-1)).toBe('/p29');
    expect(recordVisitedPage(s, 'https://evil.example/')).toEqual(list);
  });
  it('keeps the marketing parameters (utm_*, gclid, fbclid...) of the visited pages, latest winning', () => {
    expect(linkedQueryParams(['/?utm_source=google&utm_campaign=a&q=x', '/cars/x?gclid=123', '/contact?utm_campaign=b'])).toEqual({ utm_source: 'google', utm_campaign: 'b', gclid: '123' });
    expect(linkedQueryParams(['/search/used-cars?make=toyota'])).toEqual({});
  });
  it('buildUserData: url, source Website, user_agent, car ids, lead_attributes; valid for the shared schema', () => {
    const data = buildUserData({ url: 'https://a.localhost/contact?utm_source=fb', userAgent: 'UA', pages: ['/', '/contact?utm_source=fb'], car: { id: '7', name: 'Car', dealership_id: '11' } });
    expect(data).toEqual({
      url: 'https://a.localhost/contact?utm_source=fb', source: 'Website', user_agent: 'UA', car_id: '7', car_dealership_id: '11',
      lead_attributes: { visited_pages: ['/', '/contact?utm_source=fb'], linked_query_params: { utm_source: 'fb' } },
    });
    expect(v.safeParse(LeadUserDataSchema, data).success).toBe(true);
    expect(buildUserData({ url: 'https://a/', userAgent: '', pages: [] })).not.toHaveProperty('car_id');
  });
});
