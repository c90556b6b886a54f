/**
 * The pages with a form (spec §2 Contact and locations; Service and parts): `/contact` and `/contact-us/{slug}`,
 * `/service` and `/vehicle-parts-and-accessories`. Each shows its locations as the location block (./block.ts) beside
 * or below mf-account's lead form (./contact-form.ts); the service page says, per dealership, how to book a service.
 * Pure functions of the page, its query, the tenant's config and data and the clock.
 */
import type { Location } from '@forecourt/contracts/entities/location';
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { webAddress } from '@forecourt/contracts/locations';
import { CONTENT_PAGES } from '@forecourt/contracts/routes';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import type { LocationsData } from './locations-data.ts';
import { blockCards, byLocationType, serviceBookingUrl, type BlockCard } from './block.ts';
import { contactFormSlot } from './contact-form.ts';
import { contactLocations, ofType, siteLocations } from './locations.ts';

/** The anchor of a page's enquiry form (a dealership without online booking links to it). */
export const ENQUIRY_ANCHOR = 'fl-enquiry';

/** How a dealership's service is booked (spec §2 Service and parts, '/service (or an external service-booking address per dealership name, or a manufacturer service page on one brand's sites)'). */
export type ServiceBooking = {
  dealership: string;
  /** Its service locations' names ('Southern Cross Trucks Wacol Service'). */
  locations: string[];
  /**
   * `booking`: the dealership's own service-booking site (`Dealership.service_booking_url`); `manufacturer`: the
   * brand's service page on a single-brand site (config `service.manufacturer_url`); `enquiry`: this page's Service
   * Enquiry form.
   */
  how: 'booking' | 'manufacturer' | 'enquiry';
  label: string;
  href: string;
};

/**
 * Per dealership with service locations (in the order of its first one), how a shopper books a service there: its
 * booking site where it has one, else the brand's service page on a single-brand site (config `manufacturer` and
 * `service.manufacturer_url`), else the Service Enquiry form on the page.
 * @example serviceBookings(config, data, serviceLocations) // [{ dealership: 'Southern Cross Trucks', how: 'booking', label: 'Book a service online', href: 'https://…' }, …]
 */
export function serviceBookings(config: Pick<SiteConfig, 'manufacturer' | 'service'>, data: Pick<TenantData, 'dealerships' | 'manufacturers'>, locations: readonly Location[]): ServiceBooking[] {
  const byDealership = new Map<string, Location[]>();
  for (const l of locations) byDealership.set(l.dealership_id, [...(byDealership.get(l.dealership_id) ?? []), l]);
  const brandPage = config.manufacturer ? webAddress(config.service?.manufacturer_url) : null;
  const brand = config.manufacturer ? (data.manufacturers.find((m) => m.slug === config.manufacturer)?.name ?? config.manufacturer) : '';
  return [...byDealership].map(([id, list]) => {
    const dealership = data.dealerships.find((d) => d.id === id)?.name ?? list[0]!.name;
    const base = { dealership, locations: list.map((l) => l.name) };
    const booking = serviceBookingUrl(data, id);
    if (booking) return { ...base, how: 'booking', label: 'Book a service online', href: booking };
    if (brandPage) return { ...base, how: 'manufacturer', label: `Visit the ${brand} service page`, href: brandPage };
    return { ...base, how: 'enquiry', label: 'Send a service enquiry', href: `#${ENQUIRY_ANCHOR}` };
  });
}

/** The service content pages linked from `/service` (spec §2 Service and parts), those the route table has. */
export const SERVICE_LINKS = [
  { label: 'Capped price servicing', href: '/capped-price-servicing' },
  { label: 'Warranty', href: '/warranty' },
  { label: 'Roadside assist', href: '/roadside-assist' },
].filter((l) => (CONTENT_PAGES as readonly string[]).includes(l.href.slice(1)));

/** The parts page's search (mf-search's `/parts/search`, a GET form; its text parameter is `query`). */
export const PARTS_SEARCH = { action: '/parts/search', param: 'query', label: 'Search parts and accessories' } as const;

export type FormPage = 'contact' | 'service' | 'parts';

/** A page with a form (this file's pages): its own variant of pages.ts `PageView`. */
export type FormPageView = {
  kind: 'form';
  page: FormPage;
  title: string;
  description: string;
  /** What the page offers, said plainly. */
  intro: string;
  /** Its locations as block cards (the first beside the form on the contact page). */
  cards: BlockCard[];
  /** The lead form (mf-account's slot); none on a service page whose every dealership books elsewhere. */
  contactForm?: FragmentSlot;
  /** Service: how each dealership books (see serviceBookings), and the service content pages. */
  bookings?: ServiceBooking[];
  links?: ReadonlyArray<{ label: string; href: string }>;
  robots?: string;
  jsonLd?: unknown[];
};

/**
 * A page with a form at `now`, or null for an unknown contact slug. Contact: the locations a slug names (all without
 * one). Service and parts: the locations of that type (the form's location select offers every location when the
 * site has none of that type); both are indexable pages (issue 17).
 */
export function formPageView(page: FormPage, params: URLSearchParams, config: SiteConfig, data: LocationsData, now: Date, titles: { title: string }): FormPageView | null {
  const locations = siteLocations(config, data);
  const base = { kind: 'form' as const, page, title: titles.title };
  if (page === 'contact') {
    const slug = params.get('_slug');
    const chosen = slug ? contactLocations(locations, slug) : locations;
    if (slug && !chosen.length) return null;
    return {
      ...base,
      description: `Contact ${config.name}: phone, email and locations.`,
      intro: 'Send us an enquiry and we will get back to you, or call or visit us.',
      cards: blockCards(byLocationType(chosen), config, data, now),
      contactForm: contactFormSlot('contact', chosen, params),
    };
  }
  const chosen = byLocationType(ofType(locations, page));
  const cards = blockCards(chosen, config, data, now);
  const form = contactFormSlot(page, chosen.length ? chosen : locations, params);
  if (page === 'parts') {
    return {
      ...base,
      description: `Genuine parts and accessories at ${config.name}: search the range, send a parts enquiry, or visit our parts counters.`,
      intro: 'Search our parts and accessories, or send us an enquiry and we will help with the right part.',
      cards,
      contactForm: form,
    };
  }
  const bookings = serviceBookings(config, data, chosen);
  const enquiry = !bookings.length || bookings.some((b) => b.how === 'enquiry');
  return {
    ...base,
    description: `Book a service at ${config.name}: online booking, service enquiries and our service centres' opening hours.`,
    intro: enquiry ? 'Send us an enquiry and we will call you to book your service.' : 'Book your next service online, or call or visit one of our service centres.',
    cards,
    bookings,
    links: SERVICE_LINKS,
    ...(enquiry ? { contactForm: form } : {}),
  };
}
