import { useRef, useState } from 'react';
import type { PhoneRevealLead } from '@forecourt/contracts/api';
import { telHref } from '@forecourt/contracts/display';
import { maskPhone } from '../lib/phone.ts';

export type PhoneRevealProps = {
  phone: string;
  car: { id: string; slug: string; car_type: 'new' | 'used' | 'demo'; dealership_id: string };
  /** Tenant slug (the phone-reveal lead's website_id, spec §7). */
  website: string;
  /** Some sites show the number open (spec §4 Phone reveal). */
  open?: boolean;
};

/** Sends the phone-reveal lead call to edge-api (which also records analytics 25); a failure is only logged (spec §8). */
export function recordPhoneReveal(call: Omit<PhoneRevealLead, 'call_id'>): void {
  const body: PhoneRevealLead = { call_id: crypto.randomUUID(), ...call };
  // keepalive: the shopper may follow the tel: link straight away, and the call must still be recorded.
  fetch('/api/leads/phone-reveal', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), keepalive: true })
    .then((res) => {
      if (!res.ok) console.warn(`phone-reveal lead not recorded (${res.status})`);
    })
    .catch((error: unknown) => console.warn('phone-reveal lead not recorded', error));
}

/**
 * Phone reveal (spec §4): digits after the fifth are masked until clicked; the click records the phone-reveal lead
 * call (spec §7: car_id, dealership_id, website_id; edge-api `POST /api/leads/phone-reveal` stores it as a lead for the
 * dealer's CRM with analytics 25 'New Car' / 'Used Car') and shows a tel: link.
 */
export default function PhoneReveal({ phone, car, website, open = false }: PhoneRevealProps) {
  const [revealed, setRevealed] = useState(open);
  // One lead call per page view: on sites that show the number open, every tap of the tel: link would otherwise count.
  const recorded = useRef(false);
  function reveal() {
    setRevealed(true);
    if (recorded.current) return;
    recorded.current = true;
    recordPhoneReveal({ car_id: car.id, car_slug: car.slug, dealership_id: car.dealership_id, website_id: website, car_type: car.car_type, page: location.pathname });
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
