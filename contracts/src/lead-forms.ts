/**
 * The lead-form slot (mf-account owns the lead-form kit): any part that shows a lead form puts
 * `slotFor('leadForm', …)` (contracts/src/slots.ts) in its fragment, and the shell fills it with mf-account's
 * `GET /fragments/lead-form?<params>`. The host says which form and what it is about (flat strings); mf-account owns
 * the forms themselves (fields, steps, titles, categories, analytics ids) and renders the no-JavaScript form inside
 * its `mf-account/LeadForm` island. No host imports the kit's source.
 */
import * as v from 'valibot';
import { CAR_STATUSES, CAR_TYPES } from './entities/car.ts';
import { FORM_ERROR_PARAMS, formErrorFieldsParam } from './form-errors.ts';

/**
 * The forms a host can ask for:
 * - on a car (mf-vehicle): `enquire`, `test-drive`, `request-photos`, `car-contact` (dialogs and pages);
 * - `trade-in`, `sell-my-car` (with or without a car);
 * - `contact`, `service`, `parts` (mf-locations' contact, service and parts pages; `offer` makes a contact form an
 *   Offer Enquiry);
 * - `finance-enquiry` (mf-finance);
 * - `careers`, `fleet` (the shell's pages).
 */
export const LEAD_FORM_KINDS = [
  'enquire', 'test-drive', 'request-photos', 'car-contact', 'trade-in', 'sell-my-car',
  'contact', 'service', 'parts', 'finance-enquiry', 'careers', 'fleet',
] as const;
export type LeadFormKind = (typeof LEAD_FORM_KINDS)[number];

/**
 * How the form sits in the host's page:
 * - `section` (default): a section with the form's title as its h2;
 * - `page`: no heading (the host's h1 names the page's one form);
 * - `dialog`: no heading (the dialog has its own) and the island's code loads only once the dialog is shown.
 */
export const LEAD_FORM_LAYOUTS = ['section', 'page', 'dialog'] as const;
export type LeadFormLayout = (typeof LEAD_FORM_LAYOUTS)[number];

const Text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));
/** An id a host took from a page's query (an offer or car a link names): plain characters only, never markup. */
export const LEAD_FORM_QUERY_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
/** An id as the feeds and tenant data write them: up to 100 characters, no comma (ids travel as a comma list), trimmed. */
export const LEAD_FORM_ID_PATTERN = /^[^,\s][^,]{0,98}[^,\s]$|^[^,\s]$/;
/** The id if it can travel in a lead-form slot, else undefined (the form then goes without it, never the page). */
export const leadFormId = (id: string | null | undefined): string | undefined => (id && LEAD_FORM_ID_PATTERN.test(id) ? id : undefined);
const Id = v.optional(v.pipe(v.string(), v.regex(LEAD_FORM_ID_PATTERN)));
const IdList = v.optional(v.pipe(v.string(), v.check((list) => { const ids = list.split(','); return ids.length <= 20 && ids.every((id) => LEAD_FORM_ID_PATTERN.test(id)); }, 'At most 20 ids, comma-separated')));

/**
 * The lead-form slot is the same for every shopper of a tenant, and so is the page holding it (issue 19: the car page
 * is cached whole). Its no-JavaScript form therefore carries no lead id: edge-api mints it when the form is posted
 * (edge-api/src/leads/form.ts noJsLeadId: a SHA-256 of the tenant, the fields and the client's address in a 10-minute
 * window), so a resubmitted page is one lead and two shoppers are two; the island mints its own id.
 *
 * This token is what mf-account wrote before (the shell replaced it with a fresh UUID per render, and never shared a
 * document that held it). mf-account no longer writes it; it stays so that a slot or page cached from before is still
 * never shared by the shell, and edge-api reads a posted token as "no id" (it mints one) rather than refusing it.
 */
export const LEAD_ID_RENDER_TOKEN = 'fc-lead-id-per-render';

/** Params of mf-account's `GET /fragments/lead-form` (all strings; unknown keys are ignored). */
export const LeadFormSlotParamsSchema = v.object({
  form: v.picklist(LEAD_FORM_KINDS),
  /** Island root id of the form; every field id starts with it (the host's dialogs and links point at it). */
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,59}$/, 'A form id is lowercase letters, digits and hyphens')),
  layout: v.optional(v.picklist(LEAD_FORM_LAYOUTS)),
  // The car the lead is about (hidden fields, analytics and the /success page's car context).
  car_id: Id,
  car_slug: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), v.maxLength(200))),
  car_name: Text(200),
  car_type: v.optional(v.picklist(CAR_TYPES)),
  vehicle_status: v.optional(v.picklist(CAR_STATUSES)),
  dealership_id: Id,
  dealership_slug: Id,
  stock_number: Text(100),
  /** The car's own tag: 'Test Drive Only' picks the test-drive analytics id (spec §7: 17). */
  car_tag: Text(100),
  /** A location the lead is about, sent hidden (the car page's contact enquiry: spec §2 hidden location_id). */
  location: Id,
  /** Locations to choose from (comma-separated ids of the tenant's locations, at most 20): a select, or hidden when one. */
  location_options: IdList,
  /** An offer of the tenant (contact form): the lead becomes an Offer Enquiry about it while the offer runs. */
  offer: Id,
  /**
   * A part of the tenant's parts catalogue the enquiry is about (mf-search's parts search): its id, name and part
   * number. The parts form opens with a message naming it and sends the part number as the lead's `stock_number`.
   */
  part_id: Id,
  part_name: Text(200),
  part_number: Text(60),
  /** The host page's no-JavaScript error, passed on as it came (codes: FORM_ERROR_PARAMS.lead and its fields). */
  lead_error: Text(40),
  lead_error_fields: Text(500),
});
export type LeadFormSlotParams = v.InferOutput<typeof LeadFormSlotParamsSchema>;
export type LeadFormSlotInput = v.InferInput<typeof LeadFormSlotParamsSchema>;

/** The car fields a host passes to a car's form, from a Car (unknowns left out). */
export function leadFormCarParams(car: {
  id: string; slug: string; name: string; car_type: (typeof CAR_TYPES)[number]; status: (typeof CAR_STATUSES)[number];
  dealership_id?: string | null; dealership_slug?: string | null; stocknum?: string | null; tag?: string | null;
}): Partial<LeadFormSlotInput> {
  const params: Partial<LeadFormSlotInput> = { car_name: car.name.trim().slice(0, 200), car_type: car.car_type, vehicle_status: car.status };
  const id = leadFormId(car.id);
  if (id) params.car_id = id;
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(car.slug) && car.slug.length <= 200) params.car_slug = car.slug;
  const dealershipId = leadFormId(car.dealership_id);
  if (dealershipId) params.dealership_id = dealershipId;
  const dealershipSlug = leadFormId(car.dealership_slug);
  if (dealershipSlug) params.dealership_slug = dealershipSlug;
  if (car.stocknum) params.stock_number = car.stocknum.slice(0, 100);
  if (car.tag?.trim()) params.car_tag = car.tag.trim().slice(0, 100);
  return params;
}

/** The page's no-JavaScript error codes, to pass on to the form (null values are left out). */
export function leadFormErrorParams(query: URLSearchParams): Partial<LeadFormSlotInput> {
  const code = query.get(FORM_ERROR_PARAMS.lead);
  const fields = query.get(formErrorFieldsParam('lead'));
  return { ...(code ? { lead_error: code.slice(0, 40) } : {}), ...(fields ? { lead_error_fields: fields.slice(0, 500) } : {}) };
}
