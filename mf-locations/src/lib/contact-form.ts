/**
 * The lead form of the contact, service and parts pages (spec §2 Contact; §5 Enquiry): mf-account's lead-form slot
 * (contracts SLOTS.leadForm), about the locations the page shows. mf-account owns the form (fields, categories, the
 * offer enquiry); this remote names the purpose, the locations, the offer a link names and the page's error codes.
 */
import type { Location } from '@forecourt/contracts/entities/location';
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { LEAD_FORM_ID_PATTERN, LEAD_FORM_QUERY_ID_PATTERN, leadFormErrorParams } from '@forecourt/contracts/lead-forms';
import { slotFor } from '@forecourt/contracts/slots';

export type ContactPurpose = 'contact' | 'service' | 'parts';

/** The form's island id (its fields' ids start with it) and its slot (marker) id. */
export const CONTACT_FORM_ID = 'fl-contact-form';
export const CONTACT_FORM_SLOT = 'contact-form';

/**
 * The slot of a page's form: the purpose, the locations shown (a select when several, the one hidden when one; at most
 * the first 20), `?offer=<id>` on the contact page (an offer card's Enquire Now), the page's no-JavaScript error codes.
 */
export function contactFormSlot(purpose: ContactPurpose, locations: readonly Location[], params: URLSearchParams): FragmentSlot {
  const ids = locations.map((l) => l.id).filter((id) => LEAD_FORM_ID_PATTERN.test(id)).slice(0, 20);
  const offer = purpose === 'contact' ? params.get('offer') : null;
  return slotFor('leadForm', CONTACT_FORM_SLOT, {
    form: purpose,
    id: CONTACT_FORM_ID,
    ...(ids.length ? { location_options: ids.join(',') } : {}),
    ...(offer && LEAD_FORM_QUERY_ID_PATTERN.test(offer) ? { offer } : {}),
    ...leadFormErrorParams(params),
  });
}
