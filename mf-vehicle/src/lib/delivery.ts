/** Delivery calculator texts and answer shape (spec §5 postcode required; §8 messages). */
import { formatNumber } from '@forecourt/contracts/display';

export const NO_POSTCODE_MESSAGE = 'Please enter a postcode.';
export const NO_ESTIMATE_MESSAGE = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
export const DELIVERY_GUIDE_NOTE = 'Delivery prices are a guide only and may change.';

/** What `/api/vehicle/delivery` answers and the calculator shows. */
export type DeliveryView = { kind: 'estimate'; name: string; price: number } | { kind: 'none' } | { kind: 'error'; text: string };

/** Spec §8: 'This delivery falls within the {region} region and will cost ${price}.' */
export function deliveryMessage(view: DeliveryView): string {
  if (view.kind === 'estimate') return `This delivery falls within the ${view.name} region and will cost $${formatNumber(view.price)}.`;
  if (view.kind === 'error') return view.text;
  return NO_ESTIMATE_MESSAGE;
}
