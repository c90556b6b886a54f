import type { ReactNode } from 'react';
import type { Car } from '@forecourt/contracts/entities/car';
import { FIND_SIMILAR_TEXT } from '@forecourt/contracts/constants';
import { telHref } from '@forecourt/contracts/display';
import { Island } from '@forecourt/ui';
import { similarSearchHref } from '../lib/car-view.ts';
import PaymentStatus from './PaymentStatus.tsx';
import ReserveForm, { type ReserveFormProps } from './ReserveForm.tsx';
import { paymentOutcome } from './rules.ts';
import { Unavailable } from './Unavailable.tsx';
import type { CheckoutConfig, CheckoutView } from './view.ts';

/** The reserve form island: the form view's, and a failed payment's retry. */
function Form({ form }: { form: ReserveFormProps }) {
  return <Island remote="mf-vehicle" module="ReserveForm" id="fco-reserve-form" component={ReserveForm} props={form} />;
}

/** The page's main column for its view: the form, the test processor's Pay page, the payment's outcome or why not. */
export function CheckoutBody({ view, car, config }: { view: CheckoutView; car: Car; config: CheckoutConfig }): ReactNode {
  switch (view.kind) {
    case 'form':
      return (
        <>
          {view.cancelled ? (
            <p className="fco-alert fco-alert--info" role="status">
              Payment cancelled: your card was not charged. You can try again when you are ready.
            </p>
          ) : null}
          <Form form={view.form} />
        </>
      );
    case 'processor':
      return (
        <section className="fco-block fco-processor" aria-labelledby="fco-processor-title">
          <h2 id="fco-processor-title">Test payment</h2>
          <p>
            This site uses the built-in test payment processor: no card is charged and no money moves. Paying here reserves the car exactly as a real
            payment would.
          </p>
          <form method="post" action="/api/payments/embedded/confirm" className="fco-actions">
            <input type="hidden" name="payment" value={view.paymentId} />
            <input type="hidden" name="session" value={view.session} />
            <button type="submit" className="fc-btn fc-btn--primary">
              {`Pay ${view.amountLabel} (test)`}
            </button>
            <a className="fc-btn" href={view.cancelHref}>
              Cancel
            </a>
          </form>
        </section>
      );
    case 'outcome': {
      const outcome = paymentOutcome(view.status);
      return (
        <>
          <section className={`fco-block fco-outcome fco-outcome--${outcome.tone}`} aria-labelledby="fco-outcome-title">
            <h2 id="fco-outcome-title">{outcome.title}</h2>
            {view.status === 'requires_payment' && view.paymentId ? (
              <Island remote="mf-vehicle" module="PaymentStatus" id="fco-payment-status" component={PaymentStatus} props={{ paymentId: view.paymentId, status: view.status, text: outcome.text }} />
            ) : (
              <p>{outcome.text}</p>
            )}
            {view.status === 'paid' ? (
              <p className="fco-actions">
                <a className="fc-btn fc-btn--primary" href={`/cars/${car.slug}`}>
                  Back to the car
                </a>
                <a className="fc-btn" href="/search/new-used-and-demo-cars">
                  Browse more cars
                </a>
              </p>
            ) : null}
            {view.status === 'refunded' ? (
              <p className="fco-actions">
                <a className="fc-btn fc-btn--primary" href={similarSearchHref(car)}>
                  {FIND_SIMILAR_TEXT}
                </a>
              </p>
            ) : null}
            {view.status === 'unknown' ? (
              <p>
                {config.name}: <a href={telHref(config.contact.phone)}>{config.contact.phone}</a>
              </p>
            ) : null}
          </section>
          {view.retry ? <Form form={view.retry} /> : null}
        </>
      );
    }
    case 'unavailable':
      return <Unavailable car={car} reason={view.reason} config={config} />;
  }
}
