/**
 * Every lead form of the platform, as the lead-form slot serves it (contracts/lead-forms.ts): from the host's flat
 * params (which form, which car or location, the page's error codes) and the tenant's config and data, the kit's full
 * config. Hosts never build configs: the forms' fields, steps, titles, categories and analytics ids live here.
 * Spec §5 Enquiry, Test-drive and Request Photos forms; §2 contact enquiry with a hidden location_id; §4 Careers rewrite;
 * §7 analytics ids.
 */
import { LEAD_CATEGORIES } from '@forecourt/contracts/api';
import { enquiryEventId, testDriveEventId } from '@forecourt/contracts/analytics';
import type { Offer } from '@forecourt/contracts/entities/content';
import type { Location } from '@forecourt/contracts/entities/location';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { readFormError } from '@forecourt/contracts/form-errors';
import type { IslandTrigger } from '@forecourt/contracts/islands';
import type { LeadFormKind, LeadFormLayout, LeadFormSlotParams } from '@forecourt/contracts/lead-forms';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { leadFormConfig, type LeadCar, type LeadFormConfig, type LeadFormInput, type LeadStep } from './model.ts';

export type FormSite = Pick<SiteConfig, 'name' | 'features' | 'collection_notice_href' | 'turnstile_site_key'>;
export type FormData = { locations: readonly Location[]; offers: readonly Offer[] };

const CONTACT: LeadStep = { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] };
const enquiry = (title: string): LeadStep => ({ title, fields: ['message', 'terms_conditions', 'opt_in'] });

/** The heading of each form (a car's forms add the car's name: 'Enquire Now: 2021 Toyota Corolla Ascent'). */
export const FORM_TITLES: Record<LeadFormKind, string> = {
  enquire: 'Enquire Now',
  'test-drive': 'Book a Test Drive',
  'request-photos': 'Request Photos',
  'car-contact': 'Contact the dealer',
  'trade-in': 'Trade-In Valuation',
  'sell-my-car': 'Sell My Car',
  contact: 'Send us an enquiry',
  service: 'Ask us to book your service',
  parts: 'Ask us about parts and accessories',
  'finance-enquiry': 'Send us a finance enquiry',
  careers: 'Apply or ask about a role',
  fleet: 'Ask about fleet buying',
};

/** Forms whose title names the car they are about. */
const CAR_TITLED: ReadonlySet<LeadFormKind> = new Set(['enquire', 'test-drive', 'request-photos', 'car-contact']);

/**
 * When a section or page form's island loads (contracts IslandTrigger); without it, at once with the page. Issue 19
 * (Total Blocking Time, first-visit JavaScript): the finance enquiry, the one form of /finance and /finance-enquiry,
 * waits for the shopper to point at, touch or focus into it (its no-JavaScript form works until then, and the field
 * being typed in keeps its text and focus as the island replaces it: shell islands.ts restoreTypedValues), or loads at
 * once for a shopper whose contact details are remembered (the island fills them in), as the trade-in journey does.
 * A first visit of the page then loads no React at all.
 */
export const FIRST_USE_WHEN: IslandTrigger[] = [{ kind: 'interaction' }, { kind: 'storage', key: STORAGE_KEYS.contactDetails }];
const ON_FIRST_USE: ReadonlySet<LeadFormKind> = new Set(['finance-enquiry']);

/** The form, its title and layout, and when its island loads (`when`: dialogs load when shown, see SlotLeadForm). */
export type SlotForm = { config: LeadFormConfig; title: string; layout: LeadFormLayout; when?: IslandTrigger[] };

/** The offer a contact form names, if it is one of the tenant's offers still running at `now`. */
export function runningOffer(offers: readonly Offer[], id: string | undefined, now: number): Offer | null {
  return (id && offers.find((o) => o.id === id && (!o.expiry || Date.parse(o.expiry) >= now))) || null;
}

/** The car the lead is about, as the kit's analytics and the /success page know it. */
function leadCar(p: LeadFormSlotParams): LeadCar | undefined {
  if (!p.car_id || !p.car_name) return undefined;
  return {
    id: p.car_id,
    name: p.car_name,
    ...(p.car_slug ? { slug: p.car_slug } : {}),
    ...(p.car_type ? { car_type: p.car_type } : {}),
    ...(p.vehicle_status ? { vehicle_status: p.vehicle_status } : {}),
    ...(p.dealership_id ? { dealership_id: p.dealership_id } : {}),
  };
}

/** The car's context in hidden fields: the CRM sees which car, stock number and dealership the lead is about. */
function carHidden(p: LeadFormSlotParams): LeadFormConfig['hidden'] {
  const hidden: LeadFormConfig['hidden'] = {};
  if (p.car_id) hidden.car_id = p.car_id;
  if (p.car_type) hidden.car_type = p.car_type;
  if (p.vehicle_status) hidden.vehicle_status = p.vehicle_status;
  if (p.dealership_slug) hidden.dealership_slug = p.dealership_slug;
  if (p.stock_number) hidden.stock_number = p.stock_number;
  // 'Test Drive Only' picks the test-drive analytics id on the server (spec §7: 17).
  if (p.car_tag) hidden.car_tag = p.car_tag;
  return hidden;
}

/** The part a parts enquiry is about (mf-search's parts search): its name and part number, both needed. */
function partOf(p: LeadFormSlotParams): { name: string; number: string } | null {
  return p.part_name && p.part_number ? { name: p.part_name, number: p.part_number } : null;
}

/**
 * The parts enquiry's opening message: the dealer reads which part is asked about even where its CRM ignores the
 * part number (sent as the lead's `stock_number`, the field the CRM matches stock by).
 */
export const partMessage = (part: { name: string; number: string }) => `I would like a price and availability for ${part.name} (part ${part.number}).`;

/** The tenant's visible locations the host named, in the host's order (unknown ids are dropped). */
function namedLocations(ids: string | undefined, data: FormData): Location[] {
  if (!ids) return [];
  const byId = new Map(data.locations.filter((l) => l.visible).map((l) => [l.id, l]));
  return ids.split(',').flatMap((id) => byId.get(id) ?? []);
}

/**
 * The form a slot asks for. No lead id: the slot is shared by every shopper (edge-api mints the no-JavaScript form's
 * id at submit, the island its own); `leadId` only for a host that renders per shopper. `now` decides whether a named
 * offer still runs.
 */
export function slotForm(p: LeadFormSlotParams, site: FormSite, data: FormData, leadId?: string, now = Date.now()): SlotForm {
  const car = leadCar(p);
  const offer = p.form === 'contact' ? runningOffer(data.offers, p.offer, now) : null;
  const part = p.form === 'parts' ? partOf(p) : null;
  const title = offer ? `Enquire about ${offer.name}` : part ? `Enquire about ${part.name}` : CAR_TITLED.has(p.form) && car ? `${FORM_TITLES[p.form]}: ${car.name}` : FORM_TITLES[p.form];
  const serverError = readFormError(new URLSearchParams({ ...(p.lead_error ? { lead_error: p.lead_error } : {}), ...(p.lead_error_fields ? { lead_error_fields: p.lead_error_fields } : {}) }), 'lead')?.message;
  const base: Omit<LeadFormInput, 'steps'> = {
    id: p.id,
    title,
    features: site.features,
    collector: site.name,
    ...(leadId ? { leadId } : {}),
    ...(site.collection_notice_href ? { privacyHref: site.collection_notice_href } : {}),
    // Turnstile only where the tenant switched it on and has a site key.
    ...(site.features.turnstile && site.turnstile_site_key ? { turnstileSiteKey: site.turnstile_site_key } : {}),
    ...(serverError ? { serverError } : {}),
    ...(car ? { car } : {}),
  };
  const hidden = carHidden(p);
  const choices = namedLocations(p.location_options, data);
  const config = ((): LeadFormConfig => {
    switch (p.form) {
      case 'enquire':
        return leadFormConfig({ ...base, category: LEAD_CATEGORIES.GENERAL, steps: [CONTACT, enquiry('Your enquiry')], hidden, eventId: enquiryEventId(p.car_type) });
      case 'car-contact':
        return leadFormConfig({ ...base, category: LEAD_CATEGORIES.GENERAL, steps: [CONTACT, enquiry('Your enquiry')], hidden: { ...hidden, ...(p.location ? { location: p.location } : {}) }, eventId: enquiryEventId(p.car_type) });
      case 'test-drive': {
        const built = leadFormConfig({
          ...base,
          category: LEAD_CATEGORIES.TEST_DRIVE,
          steps: [CONTACT, { title: 'Your test drive', fields: ['location', 'dateTime', 'message', 'terms_conditions', 'opt_in'] }],
          hidden,
          options: choices.length > 1 ? { location: choices.map((l) => ({ value: l.id, label: l.name })) } : {},
          rules: { messageRequired: false, locationRequired: false },
          submitLabel: 'Book test drive',
          ...(p.car_type ? { eventId: testDriveEventId({ car_type: p.car_type, tag: p.car_tag ?? null }) } : {}),
        });
        // The kit makes any location select required; the pickup location is optional (spec §5 Test-drive form).
        return { ...built, rules: { ...built.rules, locationRequired: false } };
      }
      case 'request-photos':
        return leadFormConfig({ ...base, category: LEAD_CATEGORIES.REQUEST_PHOTOS, steps: [CONTACT, enquiry('Anything else?')], hidden, rules: { messageRequired: false }, submitLabel: 'Request photos', eventId: enquiryEventId(p.car_type) });
      case 'trade-in':
      case 'sell-my-car':
        return leadFormConfig({
          ...base,
          category: p.form === 'trade-in' ? LEAD_CATEGORIES.TRADE_IN : LEAD_CATEGORIES.SELL_MY_CAR,
          steps: [CONTACT, enquiry(p.form === 'trade-in' ? 'Your trade-in' : 'Your car')],
          hidden,
          rules: { messageRequired: false },
          submitLabel: p.form === 'trade-in' ? 'Get my valuation' : 'Send my car details',
        });
      case 'contact':
      case 'service':
      case 'parts': {
        const only = choices.length === 1 ? choices[0]! : null;
        const category = offer ? LEAD_CATEGORIES.OFFERS : p.form === 'contact' ? LEAD_CATEGORIES.GENERAL : p.form === 'service' ? LEAD_CATEGORIES.SERVICE : LEAD_CATEGORIES.PARTS;
        return leadFormConfig({
          ...base,
          category,
          ...(offer ? { subcategory: offer.name.slice(0, 200) } : {}),
          steps: [CONTACT, { title: 'Your enquiry', fields: ['location', 'message', 'terms_conditions', 'opt_in'] }],
          hidden: { ...(only ? { location: only.id, dealership_slug: only.dealership_slug } : {}), ...(part ? { stock_number: part.number } : {}) },
          options: choices.length > 1 ? { location: choices.map((l) => ({ value: l.id, label: l.name })) } : {},
          ...(part ? { prefill: { message: partMessage(part) } } : {}),
        });
      }
      case 'finance-enquiry':
        return leadFormConfig({
          ...base,
          category: LEAD_CATEGORIES.FINANCE,
          steps: [CONTACT, enquiry('Your finance')],
          hidden: p.car_id ? { car_id: p.car_id } : {},
          // What they want to finance may be said in a few words; the category already says it is finance.
          rules: { messageRequired: false },
        });
      case 'careers':
      case 'fleet':
        // Careers is rewritten by edge-api to General Enquiry / Career Enquiry (spec §4).
        return leadFormConfig({ ...base, category: p.form === 'careers' ? LEAD_CATEGORIES.CAREERS : LEAD_CATEGORIES.FLEET, steps: [CONTACT, enquiry('Your enquiry')] });
    }
  })();
  const layout = p.layout ?? 'section';
  return { config, title, layout, ...(layout !== 'dialog' && ON_FIRST_USE.has(p.form) ? { when: FIRST_USE_WHEN } : {}) };
}
