/**
 * The pages mf-locations answers (contracts route table) and what each shows, as a pure function of the page, its
 * parameters and the tenant's config and data, so the rules are tested without a Worker.
 */
import { PAGES, type PageOf } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import { contactLocations, locationsForSlug, normaliseQuery, ofType, siteLocations, toLocationCard, type LocationCard } from './locations.ts';
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

/** What the service and parts pages offer, said plainly. */
const PAGE_INTROS: Partial<Record<LocationsPage, string>> = {
  service: 'Send us an enquiry below and we will call you to book your service.',
  parts: 'Send us an enquiry below and we will help with parts and accessories.',
};

export const isLocationsPage = (page: string): page is LocationsPage => (PAGES['mf-locations'] as readonly string[]).includes(page);

export type PageView =
  | { kind: 'not-found' }
  | {
      kind: 'list' | 'detail';
      title: string;
      description: string;
      /** Sentence about what is not built yet, or null. */
      comingSoon: string | null;
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
 * What a page shows. Route params arrive as `_<name>` query parameters from the shell (`_slug`); the shopper's
 * own query (`locationQuery`) travels beside them.
 */
export function pageView(page: string, params: URLSearchParams, config: SiteConfig, data: TenantData): PageView {
  if (!isLocationsPage(page)) return { kind: 'not-found' };
  const locations = siteLocations(config, data);
  const toCards = (list: typeof locations) => list.map((l) => toLocationCard(l, { showLicence: config.features.show_dealer_licence }));
  const slug = params.get('_slug');
  const base = { title: PAGE_TITLES[page], comingSoon: PAGE_INTROS[page] ?? null, searchable: false, query: '' };

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
