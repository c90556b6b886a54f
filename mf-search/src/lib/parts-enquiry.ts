/**
 * The parts enquiry of `/parts/search?enquire=<part id>`: mf-account's lead-form slot (contracts SLOTS.leadForm,
 * form `parts`) carrying the part, and the locations the shopper may choose from.
 */
import { effectiveLocationType, type Location } from '@forecourt/contracts/entities/location';
import { siteLocations } from '@forecourt/contracts/locations';
import type { Part } from '@forecourt/contracts/entities/part';
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { LEAD_FORM_ID_PATTERN, leadFormErrorParams, leadFormId } from '@forecourt/contracts/lead-forms';
import { slotFor } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';

/** The form's island id and its slot (marker) id; the enquiry section's anchor is `#parts-enquiry`. */
export const PARTS_ENQUIRY_FORM_ID = 'fs-parts-enquiry-form';
export const PARTS_ENQUIRY_SLOT = 'parts-enquiry';
export const PARTS_ENQUIRY_ANCHOR = 'parts-enquiry';

/** The site and its data, as far as the enquiry's locations need them. */
export type PartsEnquirySite = { config: Pick<SiteConfig, 'locations'>; data: Pick<TenantData, 'locations'> };

/**
 * Where a parts enquiry can go: among the locations the site shows (contracts `siteLocations`: those its config lists,
 * visible, in the config's order; a group's data also holds its other sites' locations, which this site never offers)
 * that carry the part's brand (all of them for a universal part, or when none does), its parts counters, else its
 * service departments, else those locations (a Ford bull bar goes to the Ford dealership's service desk, not to
 * another brand's parts counter; a Yamaha kit to the motorcycle dealership). At most 20 (the slot's limit).
 */
export function partsEnquiryLocations(site: PartsEnquirySite, part: Pick<Part, 'manufacturer_slug'>): Location[] {
  const visible = siteLocations(site.config, site.data).filter((l) => LEAD_FORM_ID_PATTERN.test(l.id));
  const brand = part.manufacturer_slug;
  const branded = brand ? visible.filter((l) => l.manufacturers.includes(brand)) : [];
  const pool = branded.length ? branded : visible;
  const ofType = (type: string) => pool.filter((l) => effectiveLocationType(l) === type);
  return ([ofType('parts'), ofType('service'), pool].find((list) => list.length > 0) ?? []).slice(0, 20);
}

/**
 * The enquiry form's slot: the parts form about this part (id, name, part number), the locations to choose from, and
 * the page's no-JavaScript error codes (edge-api sends a failed post back here with them).
 */
export function partsEnquirySlot(part: Part, site: PartsEnquirySite, params: URLSearchParams): FragmentSlot {
  const ids = partsEnquiryLocations(site, part).map((l) => l.id);
  const id = leadFormId(part.id);
  return slotFor('leadForm', PARTS_ENQUIRY_SLOT, {
    form: 'parts',
    id: PARTS_ENQUIRY_FORM_ID,
    // The page's enquiry section names the part in its own h2: the form brings no heading.
    layout: 'page',
    ...(id ? { part_id: id } : {}),
    part_name: part.name.slice(0, 200),
    part_number: part.part_number.slice(0, 60),
    ...(ids.length ? { location_options: ids.join(',') } : {}),
    ...leadFormErrorParams(params),
  });
}
