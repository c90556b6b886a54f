/**
 * The pages mf-locations answers (contracts route table) and what each shows, as a pure function of the page, its
 * parameters and the tenant's config and data, so the rules are tested without a Worker.
 */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import { cardContext, contactLocations, locationsForSlug, normaliseQuery, ofType, siteLocations, toLocationCard, type LocationCard } from './locations.ts';
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { contactFormSlot } from './contact-form.ts';
import { locationJsonLd } from './schema.ts';

export type LocationsPage = PageOf<'mf-locations'>;

export const PAGE_TITLES: Record<LocationsPage, string> = {
  contact: 'Contact us',
  location: 'Our location',
  locations: 'Our locations',
  'dealer-locator': 'Dealer locator',
  service: 'Service',
  parts: 'Parts and accessories',
};

/** What the pages with a form offer, said plainly (the form and the dealer's details sit side by side below it). */
const PAGE_INTROS: Partial<Record<LocationsPage, string>> = {
  contact: 'Send us an enquiry and we will get back to you, or call or visit us.',
  service: 'Send us an enquiry and we will call you to book your service.',
  parts: 'Send us an enquiry and we will help with parts and accessories.',
};

/**
 * How a page with a form places its location cards (issue 13: the form's context beside it): the first beside the
 * form, under the dealer's phone and email, so the two columns stay of a height; the others in a grid below.
 * @example besideForm([a, b, c]) // { aside: [a], below: [b, c] }
 */
export function besideForm<T>(cards: readonly T[]): { aside: T[]; below: T[] } {
  return { aside: cards.slice(0, 1), below: cards.slice(1) };
}

export const isLocationsPage = (page: string): page is LocationsPage => (PAGES['mf-locations'] as readonly string[]).includes(page);

export type PageView =
  | { kind: 'not-found' }
  | {
      kind: 'list' | 'detail';
      title: string;
      description: string;
      /** What a page with a form offers, or null. */
      intro: string | null;
      cards: LocationCard[];
      /** The list has the search box (locations and dealer locator). */
      searchable: boolean;
      query: string;
      robots?: string;
      jsonLd?: unknown[];
      /** Contact, service and parts pages: the lead form, mf-account's slot (see ./contact-form.ts). */
      contactForm?: FragmentSlot;
    };

/**
 * What a page shows at `now` (cards say whether each location is open now). Route params arrive as `_<name>` query
 * parameters from the shell (`_slug`); the shopper's own query (`locationQuery`) travels beside them.
 */
export function pageView(page: string, params: URLSearchParams, config: SiteConfig, data: TenantData, now: Date = new Date()): PageView {
  if (!isLocationsPage(page)) return { kind: 'not-found' };
  const locations = siteLocations(config, data);
  const context = cardContext(config, data, now);
  const toCards = (list: typeof locations) => list.map((l) => toLocationCard(l, context));
  const slug = params.get('_slug');
  const base = { title: PAGE_TITLES[page], intro: PAGE_INTROS[page] ?? null, searchable: false, query: '' };

  switch (page) {
    case 'locations':
    case 'dealer-locator':
      return {
        ...base,
        kind: 'list',
        description: `Addresses, opening hours and phone numbers for ${config.name}.`,
        cards: toCards(locations),
        searchable: true,
        query: normaliseQuery(params.get('locationQuery')),
      };
    case 'contact': {
      const chosen = slug ? contactLocations(locations, slug) : locations;
      if (slug && !chosen.length) return { kind: 'not-found' };
      return {
        ...base,
        kind: 'list',
        description: `Contact ${config.name}: phone, email and locations.`,
        cards: toCards(chosen),
        contactForm: contactFormSlot('contact', chosen, params),
      };
    }
    case 'location': {
      const chosen = slug ? locationsForSlug(locations, slug) : [];
      if (!chosen.length) return { kind: 'not-found' };
      const dealership = data.dealerships.find((d) => d.slug === chosen[0]!.dealership_slug);
      const title = chosen.length === 1 ? chosen[0]!.name : (dealership?.name ?? chosen[0]!.name);
      return {
        ...base,
        kind: 'detail',
        title,
        description: `${title}: address, phone number and opening hours.`,
        cards: toCards(chosen),
        jsonLd: chosen.map((l) => locationJsonLd(l, config.site_url)),
      };
    }
    case 'service':
    case 'parts': {
      const chosen = ofType(locations, page);
      return {
        ...base,
        kind: 'list',
        description: `${PAGE_TITLES[page]} at ${config.name}.`,
        cards: toCards(chosen),
        // A Service / Parts Enquiry through the lead-form kit, about the locations of that type.
        contactForm: contactFormSlot(page, chosen.length ? chosen : locations, params),
        // Online booking and ordering are not built: the pages stay out of search results until they are.
        robots: 'noindex',
      };
    }
  }
}
