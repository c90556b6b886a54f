/**
 * The finance enquiry (spec §1 finance pre-approval journey; every form submits through the leads API): mf-account's
 * lead-form slot (contracts SLOTS.leadForm) as a Finance Enquiry (edge-api records event 9). A `car_id` in the page's
 * query travels as the car; the page's no-JavaScript error codes travel on.
 */
import type { FragmentSlot } from '@forecourt/contracts/fragments';
import { LEAD_FORM_QUERY_ID_PATTERN, leadFormErrorParams } from '@forecourt/contracts/lead-forms';
import { slotFor } from '@forecourt/contracts/slots';

/** The form's island id (its fields' ids start with it) and its slot (marker) id. */
export const FINANCE_FORM_ID = 'ff-enquiry';
export const FINANCE_FORM_SLOT = 'ff-enquiry-slot';

export function financeFormSlot(params: URLSearchParams): FragmentSlot {
  const car = params.get('car_id');
  return slotFor('leadForm', FINANCE_FORM_SLOT, {
    form: 'finance-enquiry',
    id: FINANCE_FORM_ID,
    ...(car && LEAD_FORM_QUERY_ID_PATTERN.test(car) ? { car_id: car } : {}),
    ...leadFormErrorParams(params),
  });
}
