import type { ReactNode } from 'react';
import type { Car } from '@forecourt/contracts/entities/car';
import { FIND_SIMILAR_TEXT } from '@forecourt/contracts/constants';
import { formatKm, priceDisplay, telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import { similarSearchHref } from '../lib/car-view.ts';
import { SoldBlock } from '../fragments/SoldBlock.tsx';
import PaymentStatus from './PaymentStatus.tsx';
import ReserveForm, { type ReserveFormProps } from './ReserveForm.tsx';
import { paymentOutcome, type CheckoutPageName, type PaymentStatus as Status } from './rules.ts';

/** spec §2 accepted-payments strip. */
export const ACCEPTED_PAYMENTS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;

const HEADINGS: Record<CheckoutPageName, string> = {
  checkout: 'Reserve this car',
  'buy-online': 'Buy this car online',
  'checkout-journey': 'Reserve this car',
  'online-payment': 'Pay online',
};

/** What the page shows (decided in index.ts from the car, the tenant and the payment). */
export type CheckoutView =
  | { kind: 'form'; form: ReserveFormProps; cancelled: boolean }
  | { kind: 'processor'; paymentId: string; session: string; amountLabel: string; cancelHref: string }
  | { kind: 'outcome'; status: Status | 'unknown'; paymentId: string | null; retry: ReserveFormProps | null }
  | { kind: 'unavailable'; reason: 'sold' | 'reserved' | 'test-drive-only' | 'no-amount' };

export type CheckoutPageProps = {
  page: CheckoutPageName;
  config: Pick<SiteConfig, 'name' | 'contact'>;
  car: Car;
  amountLabel: string | null;
  view: CheckoutView;
};

/** Steps of the journey: 1 details, 2 payment, 3 reserved. */
function Steps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ['Your details', 'Payment', 'Reserved'];
  return (
    <ol className="fco-steps" aria-label="Checkout steps">
      {steps.map((label, i) => (
        <li key={label} className={i + 1 === current ? 'fco-steps__now' : i + 1 < current ? 'fco-steps__done' : undefined} aria-current={i + 1 === current ? 'step' : undefined}>
          <span className="fco-steps__n" aria-hidden="true">
            {i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

function CarSummary({ car, amountLabel }: { car: Car; amountLabel: string | null }) {
  const image = car.images[0]?.image.thumb?.url ?? car.images[0]?.image.url ?? car.primary_image_url;
  const price = priceDisplay(car);
  return (
    <aside className="fco-car" aria-labelledby="fco-car-name">
      {image ? <img src={image} alt="" width={320} height={213} loading="eager" decoding="async" /> : null}
      <h2 id="fco-car-name" className="fco-car__name">
        <a href={`/cars/${car.slug}`}>{car.name}</a>
      </h2>
      <dl className="fco-car__facts">
        <div>
          <dt>Price</dt>
          <dd>
            {price.text}
            {car.price_type && price.kind !== 'none' && price.kind !== 'subscription' ? ` ${car.price_type}` : ''}
          </dd>
        </div>
        {car.km > 0 ? (
          <div>
            <dt>Odometer</dt>
            <dd>{formatKm(car.km)}</dd>
          </div>
        ) : null}
        {car.stocknum ? (
          <div>
            <dt>Stock number</dt>
            <dd>{car.stocknum}</dd>
          </div>
        ) : null}
        {car.dealership_name || car.city ? (
          <div>
            <dt>Location</dt>
            <dd>{[car.dealership_name, car.city].filter(Boolean).join(', ')}</dd>
          </div>
        ) : null}
        {amountLabel ? (
          <div className="fco-car__reserve">
            <dt>Reserve today</dt>
            <dd>{amountLabel}</dd>
          </div>
        ) : null}
      </dl>
    </aside>
  );
}

/** spec §2 accepted-payments strip: Mastercard, Visa, Maestro, Google Pay, Apple Pay. */
export function PaymentsStrip() {
  return (
    <section className="fco-payments" aria-labelledby="fco-payments-title">
      <h2 id="fco-payments-title" className="fco-payments__title">
        Accepted payments
      </h2>
      <ul className="fco-payments__list">
        {ACCEPTED_PAYMENTS.map((name) => (
          <li key={name} className="fco-payments__item">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Terms({ dealer, amountLabel }: { dealer: string; amountLabel: string | null }) {
  return (
    <section className="fco-terms" aria-labelledby="fco-terms-title">
      <h2 id="fco-terms-title">How reserving works</h2>
      <ul>
        <li>Your {amountLabel ?? 'reserve'} payment holds this car for you: it shows as Reserved and is taken off sale while {dealer} contacts you.</li>
        <li>The amount comes off the price when you buy the car.</li>
        <li>If someone reserved the car moments before you, your payment is refunded in full automatically.</li>
        <li>
          Refunds otherwise follow {dealer}'s <a href="/terms-and-conditions">terms and conditions</a>; the dealer refunds through the payment processor and the car becomes available again.
        </li>
      </ul>
    </section>
  );
}

function Unavailable({ car, reason, config }: { car: Car; reason: Extract<CheckoutView, { kind: 'unavailable' }>['reason']; config: CheckoutPageProps['config'] }) {
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

function Form({ form }: { form: ReserveFormProps }) {
  return <Island remote="mf-vehicle" module="ReserveForm" id="fco-reserve-form" component={ReserveForm} props={form} />;
}

function Body({ view, car, config }: { view: CheckoutView; car: Car; config: CheckoutPageProps['config'] }): ReactNode {
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

function stepOf(view: CheckoutView): 1 | 2 | 3 {
  if (view.kind === 'processor') return 2;
  if (view.kind === 'outcome') return view.status === 'paid' ? 3 : view.status === 'requires_payment' ? 2 : 1;
  return 1;
}

/** The checkout pages (`/cars/{slug}/checkout`, `/cars/{slug}/buy-online`, `/checkout-journey`, `/online-payment`). */
export function CheckoutPage({ page, config, car, amountLabel, view }: CheckoutPageProps) {
  const intro =
    page === 'buy-online'
      ? `Start buying this car online: a ${amountLabel ?? 'small'} reserve holds it for you while ${config.name} prepares the paperwork.`
      : `Hold this car with a ${amountLabel ?? 'small'} payment. ${config.name} will contact you to arrange the rest.`;
  return (
    <article className="fv-page fco">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: car.name, href: `/cars/${car.slug}` }, { label: HEADINGS[page] }]} />
      <h1>{HEADINGS[page]}</h1>
      {view.kind === 'form' ? <p className="fco-intro">{intro}</p> : null}
      {view.kind !== 'unavailable' ? <Steps current={stepOf(view)} /> : null}
      <div className="fco-grid">
        <div className="fco-main">
          <Body view={view} car={car} config={config} />
        </div>
        <CarSummary car={car} amountLabel={amountLabel} />
      </div>
      <PaymentsStrip />
      <Terms dealer={config.name} amountLabel={amountLabel} />
    </article>
  );
}

/** `/online-payment` or `/checkout-journey` without a car: nothing to pay for yet (or a payment link without its car). */
export function ChooseCar({ page, unknownPayment = false, config }: { page: CheckoutPageName; unknownPayment?: boolean; config: CheckoutPageProps['config'] }) {
  const unknown = paymentOutcome('unknown');
  return (
    <article className="fv-page fco">
      <h1>{HEADINGS[page]}</h1>
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
