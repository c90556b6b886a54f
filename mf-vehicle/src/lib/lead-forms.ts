/**
 * The vehicle area's lead forms, as lead-form slots (contracts SLOTS.leadForm): mf-account owns the forms and renders
 * them; this remote says which form goes where and what it is about (the car, its location, the tenant's pickup
 * locations). The shell fills each `slotMarker(id)` with mf-account's fragment.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { leadFormCarParams, leadFormErrorParams, leadFormId, type LeadFormKind } from '@forecourt/contracts/lead-forms';
import { slotFor } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { vehicleButtons } from './rules.ts';

/** The car page's dialogs that hold a lead form. */
export type DialogForm = 'enquire' | 'test-drive' | 'request-photos' | 'contact';

/** Dialog ids on the vehicle page (the forms' island ids are these with `-form` added). */
export const DIALOG_IDS: Record<DialogForm, string> = {
  enquire: 'fv-enquire',
  'test-drive': 'fv-test-drive',
  'request-photos': 'fv-request-photos',
  contact: 'fv-contact',
};

/** The form mf-account serves for each dialog. */
const DIALOG_FORM_KIND: Record<DialogForm, LeadFormKind> = { enquire: 'enquire', 'test-drive': 'test-drive', 'request-photos': 'request-photos', contact: 'car-contact' };

/** The slot id (marker) of a dialog's form. */
export const dialogSlotId = (form: DialogForm) => `${form}-form`;

/** The slot id (marker) of a lead page's one form. */
export const PAGE_FORM_SLOT = 'page-form';

/** Where the car is (its location of the tenant's data, when known). */
export const carLocationOf = (car: Car, locations: readonly Location[]) => locations.find((l) => l.id === (car.location_id ?? car.location?.id)) ?? null;

/** The phone the car page offers (the car's location, else the tenant's), which also decides the Call Now button. */
export const carPhone = (car: Car, config: Pick<SiteConfig, 'contact'>, locations: readonly Location[]) =>
  car.location?.phone || carLocationOf(car, locations)?.contact_detail.phone || config.contact.phone;

/** The car page's dialogs: Enquire and Test Drive when their buttons show (spec §4 purchasable), Request Photos and Contact always. */
export function pageDialogs(car: Car, config: Pick<SiteConfig, 'features' | 'contact'>, locations: readonly Location[]): DialogForm[] {
  const buttons = vehicleButtons(car, config.features, Boolean(carPhone(car, config, locations)));
  return [
    ...(buttons.includes('enquire') ? (['enquire'] as const) : []),
    ...(buttons.includes('test-drive') ? (['test-drive'] as const) : []),
    'request-photos',
    'contact',
  ];
}

/** The tenant's visible locations a test drive may start from (spec §5 Test-drive form: optional pickup location). */
function pickupIds(config: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): string | undefined {
  const ids = locations.filter((l) => config.locations.includes(l.id) && l.visible && leadFormId(l.id)).map((l) => l.id).slice(0, 20);
  return ids.length ? ids.join(',') : undefined;
}

/** The lead-form slots of the car page's dialogs. */
export function dialogFormSlots(car: Car, config: Pick<SiteConfig, 'features' | 'contact' | 'locations'>, locations: readonly Location[]): FragmentSlot[] {
  const carParams = leadFormCarParams(car);
  const at = leadFormId(carLocationOf(car, locations)?.id ?? car.location_id);
  const pickup = pickupIds(config, locations);
  return pageDialogs(car, config, locations).map((form) =>
    slotFor('leadForm', dialogSlotId(form), {
      form: DIALOG_FORM_KIND[form],
      id: `${DIALOG_IDS[form]}-form`,
      layout: 'dialog',
      ...carParams,
      ...(form === 'test-drive' && pickup ? { location_options: pickup } : {}),
      ...(form === 'contact' && at ? { location: at } : {}),
    }),
  );
}

/** The forms of the vehicle area's lead pages (Book a test drive, Trade-in valuation, Sell my car). */
export type PageForm = 'test-drive' | 'trade-in' | 'sell-my-car';

/** The lead-form slot of a lead page, with the car when known and the page's no-JavaScript error passed on. */
export function pageFormSlot(form: PageForm, car: Car | null, config: Pick<SiteConfig, 'locations'>, locations: readonly Location[], query: URLSearchParams): FragmentSlot {
  const pickup = form === 'test-drive' ? pickupIds(config, locations) : undefined;
  return slotFor('leadForm', PAGE_FORM_SLOT, {
    form,
    id: `fv-${form}-form`,
    layout: 'page',
    ...(car ? leadFormCarParams(car) : {}),
    ...(pickup ? { location_options: pickup } : {}),
    ...leadFormErrorParams(query),
  });
}
