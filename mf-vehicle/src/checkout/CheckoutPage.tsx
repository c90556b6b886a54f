import type { Car } from '@forecourt/contracts/entities/car';
import { Breadcrumbs } from '@forecourt/ui';
import { CarSummary } from './CarSummary.tsx';
import { CheckoutBody } from './CheckoutBody.tsx';
import { CheckoutSteps } from './CheckoutSteps.tsx';
import { PaymentsStrip } from './PaymentsStrip.tsx';
import { ReserveTerms } from './ReserveTerms.tsx';
import type { CheckoutPageName } from './rules.ts';
import { CHECKOUT_HEADINGS, type CheckoutConfig, type CheckoutView } from './view.ts';

export type { CheckoutView } from './view.ts';

export type CheckoutPageProps = {
  page: CheckoutPageName;
  config: CheckoutConfig;
  car: Car;
  amountLabel: string | null;
  view: CheckoutView;
};

/** Where the journey is for a view: 1 details, 2 payment, 3 reserved. */
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
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: car.name, href: `/cars/${car.slug}` }, { label: CHECKOUT_HEADINGS[page] }]} />
      <h1>{CHECKOUT_HEADINGS[page]}</h1>
      {view.kind === 'form' ? <p className="fco-intro">{intro}</p> : null}
      {view.kind !== 'unavailable' ? <CheckoutSteps current={stepOf(view)} /> : null}
      <div className="fco-grid">
        <div className="fco-main">
          <CheckoutBody view={view} car={car} config={config} />
        </div>
        <CarSummary car={car} amountLabel={amountLabel} />
      </div>
      <PaymentsStrip />
      <ReserveTerms dealer={config.name} amountLabel={amountLabel} />
    </article>
  );
}
