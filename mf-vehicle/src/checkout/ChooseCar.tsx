import { telHref } from '@forecourt/contracts/display';
import { PaymentsStrip } from './PaymentsStrip.tsx';
import { paymentOutcome, type CheckoutPageName } from './rules.ts';
import { CHECKOUT_HEADINGS, type CheckoutConfig } from './view.ts';

/** `/online-payment` or `/checkout-journey` without a car: nothing to pay for yet (or a payment link without its car). */
export function ChooseCar({ page, unknownPayment = false, config }: { page: CheckoutPageName; unknownPayment?: boolean; config: CheckoutConfig }) {
  const unknown = paymentOutcome('unknown');
  return (
    <article className="fv-page fco">
      <h1>{CHECKOUT_HEADINGS[page]}</h1>
      {unknownPayment ? (
        <section className="fco-block fco-outcome fco-outcome--error" aria-labelledby="fco-outcome-title">
          <h2 id="fco-outcome-title">{unknown.title}</h2>
          <p>{unknown.text}</p>
          <p>
            {config.name}: <a href={telHref(config.contact.phone)}>{config.contact.phone}</a>
          </p>
        </section>
      ) : null}
      <p>Choose a car first: every car that can be reserved online has a Reserve Car Now button on its page.</p>
      <p className="fco-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse cars
        </a>
      </p>
      <PaymentsStrip />
    </article>
  );
}
