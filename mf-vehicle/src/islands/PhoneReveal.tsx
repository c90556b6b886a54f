import { useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { telHref } from '@forecourt/contracts/display';
import { track } from '@forecourt/contracts/track';
import { maskPhone, phoneClickMeta } from '../lib/phone.ts';

export type PhoneRevealProps = {
  phone: string;
  car: { id: string; car_type: 'new' | 'used' | 'demo'; dealership_id: string };
  /** Tenant slug (the phone-reveal lead's website_id, spec §7). */
  website: string;
  /** Some sites show the number open (spec §4 Phone reveal). */
  open?: boolean;
};

/**
 * Phone reveal (spec §4): digits after the fifth are masked until clicked; the click records the phone-reveal lead
 * (spec §7: car_id, dealership_id, website_id) as analytics 25 with 'New Car' / 'Used Car' (recorded by edge-api in
 * D1; a failure is only logged, spec §8) and shows a tel: link.
 */
export default function PhoneReveal({ phone, car, website, open = false }: PhoneRevealProps) {
  const [revealed, setRevealed] = useState(open);
  function reveal() {
    setRevealed(true);
    const sent = track({ event_id: ANALYTICS_EVENTS.PHONE_CLICK, car_id: car.id, meta: { type: phoneClickMeta(car.car_type), lead: 'phone-reveal', dealership_id: car.dealership_id, website_id: website } });
    if (!sent) console.warn('phone-reveal lead not recorded');
  }
  if (revealed) {
    return (
      <a className="fc-btn fv-phone" href={telHref(phone)} onClick={open ? reveal : undefined}>
        {phone}
      </a>
    );
  }
  return (
    <button type="button" className="fc-btn fv-phone" onClick={reveal}>
      {`${maskPhone(phone)} `}<span className="fv-phone__hint">Show number</span>
    </button>
  );
}
