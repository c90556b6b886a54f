import type { Car } from '@forecourt/contracts/entities/car';
import { FIND_SIMILAR_TEXT } from '@forecourt/contracts/constants';
import { similarSearchHref } from '../lib/car-view.ts';
import { SoldBlock } from '../fragments/SoldBlock.tsx';
import type { CheckoutConfig, CheckoutView } from './view.ts';

/** Why the car cannot be reserved online: the SOLD block, already reserved, test drive only, or no usable amount. */
export function Unavailable({ car, reason, config }: { car: Car; reason: Extract<CheckoutView, { kind: 'unavailable' }>['reason']; config: CheckoutConfig }) {
  if (reason === 'sold') {
    return <SoldBlock car={car} id="fco-sold-title" className="fv-sold fco-block" />;
  }
  const text =
    reason === 'reserved'
      ? 'This car has already been reserved by another buyer.'
      : reason === 'test-drive-only'
        ? 'This car is available for test drives only and cannot be reserved online.'
        : `Reserving online is not available right now. Please call ${config.name} on ${config.contact.phone}.`;
  return (
    <section className="fco-block" aria-labelledby="fco-unavailable-title">
      <h2 id="fco-unavailable-title">{reason === 'reserved' ? 'Reserved' : 'Not available online'}</h2>
      <p>{text}</p>
      <p className="fco-actions">
        <a className="fc-btn fc-btn--primary" href={similarSearchHref(car)}>
          {FIND_SIMILAR_TEXT}
        </a>
        <a className="fc-btn" href={`/cars/${car.slug}`}>
          Back to the car
        </a>
      </p>
    </section>
  );
}
