/**
 * The vehicle area's lead forms, built with mf-account's lead-form kit (README "Lead-form kit"): which category,
 * subcategory, fields and car context each form carries (spec §5 Enquiry, Test-drive and Request Photos forms; §7 ids).
 */
import { LEAD_CATEGORIES } from '@forecourt/contracts/api';
import { enquiryEventId, testDriveEventId } from '@forecourt/contracts/analytics';
import type { Car } from '@forecourt/contracts/entities/car';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { leadFormConfig, type LeadCar, type LeadFormConfig, type LeadStep } from '@forecourt/mf-account/src/lead-form/index.ts';

export type VehicleForm = 'enquire' | 'test-drive' | 'request-photos' | 'contact' | 'trade-in' | 'sell-my-car';

export type FormSite = Pick<SiteConfig, 'name' | 'features' | 'collection_notice_href' | 'turnstile_site_key'>;

const CONTACT: LeadStep = { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] };

/** Dialog ids on the vehicle page (also the island root ids of their forms, `-form` added). */
export const DIALOG_IDS: Record<Exclude<VehicleForm, 'trade-in' | 'sell-my-car'>, string> = {
  enquire: 'fv-enquire',
  'test-drive': 'fv-test-drive',
  'request-photos': 'fv-request-photos',
  contact: 'fv-contact',
};

export const leadCar = (car: Pick<Car, 'id' | 'name' | 'slug' | 'car_type' | 'status' | 'dealership_id'>): LeadCar => ({
  id: car.id,
  name: car.name,
  slug: car.slug,
  car_type: car.car_type,
  vehicle_status: car.status,
  dealership_id: car.dealership_id,
});

/** The car's context in hidden fields: the CRM sees which car, stock number and dealership the lead is about. */
function carHidden(car: Car): LeadFormConfig['hidden'] {
  const hidden: LeadFormConfig['hidden'] = { car_id: car.id, car_type: car.car_type, vehicle_status: car.status, dealership_slug: car.dealership_slug };
  if (car.stocknum) hidden.stock_number = car.stocknum;
  // The car's own tag ('Test Drive Only') picks the test-drive analytics id on the server (spec §7: 17).
  if (car.tag?.trim()) hidden.car_tag = car.tag.trim();
  return hidden;
}

const TITLES: Record<VehicleForm, string> = {
  enquire: 'Enquire Now',
  'test-drive': 'Book a Test Drive',
  'request-photos': 'Request Photos',
  contact: 'Contact the dealer',
  'trade-in': 'Trade-In Valuation',
  'sell-my-car': 'Sell My Car',
};

export type VehicleFormInput = {
  form: VehicleForm;
  site: FormSite;
  car?: Car | null;
  /** Location options for the test drive's optional pickup location (spec §5). */
  locations?: Array<{ value: string; label: string }>;
  /** Location id of the contact enquiry (hidden location_id, spec §2 Dialogs). */
  locationId?: string;
  leadId: string;
  serverError?: string;
  /** Island root id; default from the form. */
  id?: string;
};

/**
 * A vehicle-area lead form's kit config:
 * - Enquire Now: General Enquiry about the car, message required per tenant rules (events 14/15 by car type);
 * - Book a Test Drive: category Test Drive, message optional, optional pickup location (events 17/48);
 * - Request Photos: category Request Photos, optional message (edge-api adds the hidden request text);
 * - contact enquiry: General Enquiry with the car's location id hidden;
 * - trade-in / sell my car: their categories (contracts LEAD_CATEGORIES), message optional, car id when known.
 */
export function vehicleFormConfig({ form, site, car, locations = [], locationId, leadId, serverError, id }: VehicleFormInput): LeadFormConfig {
  const base = {
    id: id ?? (form === 'trade-in' || form === 'sell-my-car' ? `fv-${form}-form` : `${DIALOG_IDS[form]}-form`),
    title: car && form !== 'sell-my-car' && form !== 'trade-in' ? `${TITLES[form]}: ${car.name}` : TITLES[form],
    features: site.features,
    collector: site.name,
    leadId,
    ...(site.collection_notice_href ? { privacyHref: site.collection_notice_href } : {}),
    ...(site.features.turnstile && site.turnstile_site_key ? { turnstileSiteKey: site.turnstile_site_key } : {}),
    ...(serverError ? { serverError } : {}),
    ...(car ? { car: leadCar(car) } : {}),
  };
  const hidden = car ? carHidden(car) : {};
  switch (form) {
    case 'enquire':
      return leadFormConfig({ ...base, category: LEAD_CATEGORIES.GENERAL, steps: [{ ...CONTACT }, { title: 'Your enquiry', fields: ['message', 'terms_conditions', 'opt_in'] }], hidden, eventId: enquiryEventId(car?.car_type) });
    case 'contact':
      return leadFormConfig({
        ...base,
        category: LEAD_CATEGORIES.GENERAL,
        steps: [{ ...CONTACT }, { title: 'Your enquiry', fields: ['message', 'terms_conditions', 'opt_in'] }],
        hidden: { ...hidden, ...(locationId ? { location: locationId } : {}) },
        eventId: enquiryEventId(car?.car_type),
      });
    case 'test-drive': {
      const config = leadFormConfig({
        ...base,
        category: LEAD_CATEGORIES.TEST_DRIVE,
        steps: [{ ...CONTACT }, { title: 'Your test drive', fields: ['location', 'dateTime', 'message', 'terms_conditions', 'opt_in'] }],
        hidden,
        // Pickup location is optional (spec §5), so a select with locations never makes it required.
        options: locations.length > 1 ? { location: locations } : {},
        rules: { messageRequired: false, locationRequired: false },
        submitLabel: 'Book test drive',
        ...(car ? { eventId: testDriveEventId(car) } : {}),
      });
      // The kit makes any location select required; the pickup location is optional (spec §5 Test-drive form).
      return { ...config, rules: { ...config.rules, locationRequired: false } };
    }
    case 'request-photos':
      return leadFormConfig({ ...base, category: LEAD_CATEGORIES.REQUEST_PHOTOS, steps: [{ ...CONTACT }, { title: 'Anything else?', fields: ['message', 'terms_conditions', 'opt_in'] }], hidden, rules: { messageRequired: false }, submitLabel: 'Request photos', eventId: enquiryEventId(car?.car_type) });
    case 'trade-in':
    case 'sell-my-car':
      return leadFormConfig({
        ...base,
        category: form === 'trade-in' ? LEAD_CATEGORIES.TRADE_IN : LEAD_CATEGORIES.SELL_MY_CAR,
        steps: [{ ...CONTACT }, { title: form === 'trade-in' ? 'Your trade-in' : 'Your car', fields: ['message', 'terms_conditions', 'opt_in'] }],
        hidden,
        rules: { messageRequired: false },
        submitLabel: form === 'trade-in' ? 'Get my valuation' : 'Send my car details',
      });
  }
}
