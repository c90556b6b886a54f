/**
 * The contact page's General Enquiry form (spec §2 Contact: contact enquiry with a hidden location_id; spec §5
 * Enquiry): which location it is about and the server's error after a failed no-JavaScript post.
 * The form itself is mf-account's lead-form kit (README "Contact form").
 */
import type { Location } from '@forecourt/contracts/entities/location';
import type { Offer } from '@forecourt/contracts/entities/content';
import { LEAD_CATEGORIES } from '@forecourt/contracts/api';
import { readFormError } from '@forecourt/contracts/form-errors';

export type ContactFormView = {
  /** One location: sent as the hidden `location`; several: the shopper picks one. */
  location: { id: string; dealership_slug: string } | null;
  options: { value: string; label: string }[];
  /** The text of `?lead_error=` (a code, contracts form-errors) from edge-api's 303 after a failed no-JavaScript post. */
  serverError: string | null;
  /** `?offer=<id>` of a current offer (an offer card's Enquire Now): the lead is an Offer Enquiry about it. */
  offer: { id: string; name: string; category: string; subcategory: string } | null;
  /** The page's purpose: a general enquiry (contact), or a service or parts enquiry on those pages. */
  purpose: ContactPurpose;
};

export type ContactPurpose = 'contact' | 'service' | 'parts';

/** Lead category and heading per page purpose (contracts LEAD_CATEGORIES). */
export const PURPOSES: Record<ContactPurpose, { category: string; title: string }> = {
  contact: { category: LEAD_CATEGORIES.GENERAL, title: 'Send us an enquiry' },
  service: { category: LEAD_CATEGORIES.SERVICE, title: 'Ask us to book your service' },
  parts: { category: LEAD_CATEGORIES.PARTS, title: 'Ask us about parts and accessories' },
};

/** The offer a contact link names, if it is one of the tenant's offers still running at `now`. */
export function offerOf(offers: readonly Offer[], id: string | null, now: number): ContactFormView['offer'] {
  const offer = id ? offers.find((o) => o.id === id && (!o.expiry || Date.parse(o.expiry) >= now)) : undefined;
  return offer ? { id: offer.id, name: offer.name, category: LEAD_CATEGORIES.OFFERS, subcategory: offer.name.slice(0, 200) } : null;
}

export function contactFormView(locations: readonly Location[], params: URLSearchParams, offers: readonly Offer[] = [], now = Date.now(), purpose: ContactPurpose = 'contact'): ContactFormView {
  const error = readFormError(params, 'lead')?.message ?? null;
  // Offers are enquired about from the contact page only.
  const offer = purpose === 'contact' ? offerOf(offers, params.get('offer'), now) : null;
  if (locations.length === 1) {
    const only = locations[0]!;
    return { location: { id: only.id, dealership_slug: only.dealership_slug }, options: [], serverError: error, offer, purpose };
  }
  return { location: null, options: locations.map((l) => ({ value: l.id, label: l.name })), serverError: error, offer, purpose };
}

/** The form's steps: contact details first (prefilled for a returning shopper), then the enquiry. */
export const CONTACT_FORM_STEPS = [
  { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] },
  { title: 'Your enquiry', fields: ['location', 'message', 'terms_conditions', 'opt_in'] },
] as const;
