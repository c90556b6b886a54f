import { describe, expect, it } from 'vitest';
import { PAGES } from '@forecourt/contracts/routes';
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { LOCATION_IDS, siteConfig, tenantData } from '../test/tenant.ts';
import { besideForm, isLocationsPage, PAGE_TITLES, pageView } from './pages.ts';

const config = siteConfig('test-motors', { locations: LOCATION_IDS, site_url: 'https://www.testmotors.com.au' });
const data = tenantData();
/** Wednesday 4 March 2026, 10am in Brisbane. */
const NOW = new Date('2026-03-04T00:00:00Z');
const view = (page: string, query = '') => pageView(page, new URLSearchParams(query), config, data, NOW);
const ids = (v: ReturnType<typeof view>) => ('cards' in v ? v.cards.map((c: { id: string }) => c.id) : null);

describe('pageView', () => {
  it('has a title for exactly the pages the route table gives mf-locations', () => {
    expect(Object.keys(PAGE_TITLES).sort()).toEqual([...PAGES['mf-locations']].sort());
    for (const page of PAGES['mf-locations']) expect(isLocationsPage(page)).toBe(true);
    expect(view('vehicle')).toEqual({ kind: 'not-found' });
    expect(view('hasOwnProperty')).toEqual({ kind: 'not-found' });
  });

  it('locations and dealer locator: every visible location in its dealership’s card, the search box’s query, indexable', () => {
    for (const page of ['locations', 'dealer-locator'] as const) {
      const v = view(page, 'locationQuery=%20logan%20');
      expect(v).toMatchObject({ kind: 'locations', page, query: 'logan', canonical: `https://www.testmotors.com.au/${page}` });
      if (v.kind !== 'locations') throw new Error(v.kind);
      expect(v.groups.map((g) => [g.name, g.tabs.flatMap((t) => t.locations.map((l) => l.id))])).toEqual([
        ['Springwood Motor Group', ['l1', 'l2']],
        ['Logan Euro', ['l4']],
      ]);
      expect(v).not.toHaveProperty('robots');
      expect(v.locator === null).toBe(page === 'locations');
    }
  });

  it('contact lists all locations, or those a contact slug names; an unknown slug is not found', () => {
    expect(view('contact')).toMatchObject({ kind: 'form', page: 'contact', title: 'Contact us', intro: expect.stringContaining('Send us an enquiry') });
    // The location block's order (spec §9): primary, sales, service.
    expect(ids(view('contact'))).toEqual(['l1', 'l4', 'l2']);
    expect(ids(view('contact', '_slug=logan-skoda'))).toEqual(['l4']);
    expect(view('contact', '_slug=nowhere')).toEqual({ kind: 'not-found' });
  });

  it('a location page shows one location with its JSON-LD, or a dealership’s locations', () => {
    const one = view('location', '_slug=springwood-toyota');
    expect(one).toMatchObject({ kind: 'location', title: 'Springwood Toyota Sales', jsonLd: [expect.objectContaining({ '@type': 'AutoDealer' })] });
    const group = view('location', '_slug=springwood-motor-group');
    expect(group).toMatchObject({ kind: 'location', title: 'Springwood Motor Group', jsonLd: [expect.objectContaining({ name: 'Springwood Toyota Sales' }), expect.objectContaining({ name: 'Springwood Toyota Service' })] });
    // The selected type (spec §4) arrives as `?type=`; the panels are ./detail.ts's (tested there).
    const service = view('location', '_slug=springwood-motor-group&type=service');
    expect(service.kind === 'location' && service.detail.panels.map((p) => p.id)).toEqual(['l1', 'l2']);
    expect(service.kind === 'location' && service.detail.selected).toBe('l2');
  });

  it('a location page names /locations/{slug} as canonical, whichever route (`/our-location/x`) or `?type=` reached it', () => {
    for (const query of ['_slug=springwood-toyota', '_slug=Springwood-Toyota', '_slug=springwood-toyota&type=service']) {
      expect(view('location', query), query).toMatchObject({ kind: 'location', canonical: 'https://www.testmotors.com.au/locations/springwood-toyota' });
    }
    expect(view('location', '_slug=springwood-motor-group&type=service')).toMatchObject({ canonical: 'https://www.testmotors.com.au/locations/springwood-motor-group' });
  });

  it('a location page for a hidden, foreign or missing slug is not found', () => {
    expect(view('location', '_slug=hidden-yard')).toEqual({ kind: 'not-found' });
    expect(view('location', '_slug=other-site-motors')).toEqual({ kind: 'not-found' });
    expect(view('location')).toEqual({ kind: 'not-found' });
  });

  it('service and parts list the locations of their type with a Service / Parts Enquiry form, indexable', () => {
    expect(view('service')).toMatchObject({ kind: 'form', page: 'service', intro: 'Send us an enquiry and we will call you to book your service.' });
    expect(view('service')).not.toHaveProperty('robots');
    expect(view('parts')).not.toHaveProperty('robots');
    expect(ids(view('service'))).toEqual(['l2']);
    // The form is mf-account's lead-form slot, told the purpose and the locations of that type.
    const service = view('service') as { contactForm?: FragmentSlot };
    expect(service.contactForm).toMatchObject({ remote: 'mf-account', page: 'lead-form', params: { form: 'service', id: 'fl-contact-form', location_options: 'l2' } });
    expect(ids(view('parts'))).toEqual([]);
    // No parts location: the enquiry can be about any of the dealer's locations.
    const parts = view('parts') as { contactForm?: FragmentSlot };
    expect(parts.contactForm?.params).toMatchObject({ form: 'parts', location_options: 'l1,l2,l4' });
  });

  it('the contact page passes an offer a link names, and the page’s error codes, to the form', () => {
    const contact = view('contact', 'offer=o1&lead_error=rate_limited') as { contactForm?: FragmentSlot };
    expect(contact.contactForm?.params).toMatchObject({ form: 'contact', offer: 'o1', lead_error: 'rate_limited' });
    expect((view('contact', 'offer=%3Cx%3E') as { contactForm?: FragmentSlot }).contactForm?.params).not.toHaveProperty('offer');
    expect((view('service', 'offer=o1') as { contactForm?: FragmentSlot }).contactForm?.params).not.toHaveProperty('offer');
  });

  it('cards say whether each location is open now', () => {
    const v = view('contact');
    expect(v.kind === 'form' && v.cards[0]!.today).toMatchObject({ state: 'open', label: 'Open now' });
  });
});

describe('besideForm (the form’s context beside it)', () => {
  it('puts the first card beside the form and the rest below', () => {
    expect(besideForm([])).toEqual({ aside: [], below: [] });
    expect(besideForm(['a'])).toEqual({ aside: ['a'], below: [] });
    expect(besideForm(['a', 'b', 'c'])).toEqual({ aside: ['a'], below: ['b', 'c'] });
  });
});
