/**
 * Reserve a car online: the checkout pages of mf-vehicle (issue 5; spec §2 Vehicle routes, §4 Purchasable car,
 * §6 gating, §9 reserve default $200). Payments live in edge-api (`/api/payments/*`, README "Reservations and payments").
 *
 * `checkoutFragment(page, ctx)` decides and builds a page; routes/fragments.tsx renders `element` with its fragment
 * helper:
 * ```ts
 * const view = await checkoutFragment(page, { config, car, params: new URL(c.req.url).searchParams, edge: c.env.EDGE_API });
 * return html(view.element, view.head, view.status);
 * ```
 * The car comes from mf-search (`/internal/car?slug=`): the route's `_slug` for checkout / buy-online, `car_id` (a
 * slug, spec §2) for checkout-journey / online-payment. The sign-in gate (spec §6) is the shell's route table's.
 */
import { createElement, type ReactElement } from 'react';
import type { Car } from '@forecourt/contracts/entities/car';
import type { FragmentHead } from '@forecourt/contracts/fragments';
import { readFormError } from '@forecourt/contracts/form-errors';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { NotFoundCar } from '../fragments/NotFoundCar.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';
import { ChooseCar } from './ChooseCar.tsx';
import { loadPayment, loadReservedIds, type EdgeFetcher } from './edge.ts';
import type { ReserveFormProps } from './ReserveForm.tsx';
import { checkoutEnabled, checkoutPath, formatCents, isEmbeddedSession, isPaymentId, reservability, reserveAmount, reserveButtonText, type CheckoutPageName } from './rules.ts';
import type { CheckoutView } from './view.ts';

export { CHECKOUT_PAGES, isCheckoutPage, reserveAmount, reserveButtonText, reservability, type CheckoutPageName } from './rules.ts';
export { loadReservedIds, withReservation } from './edge.ts';
export { CheckoutPage } from './CheckoutPage.tsx';
export { ACCEPTED_PAYMENTS, PaymentsStrip } from './PaymentsStrip.tsx';

export type CheckoutContext = {
  config: SiteConfig;
  /** The car (null: not found, or no `car_id` on checkout-journey / online-payment). */
  car: Car | null;
  /** The fragment request's query (`car_id`, `payment`, `session`, `status`, `reserve_error`, `payment_cancelled`). */
  params: URLSearchParams;
  /** edge-api (EDGE_API binding): payment state and the reserved check. Without it, payments show as unknown. */
  edge?: EdgeFetcher | null;
  /** The form's idempotency key (a fresh UUID per render unless a test pins it). */
  formKey?: string;
};

export type CheckoutFragment = { status: number; head: FragmentHead; element: ReactElement };

/** The query slug of a checkout page's car: `car_id` on the journey pages (spec §2 `/checkout-journey?car_id={slug}`). */
export const checkoutCarSlug = (page: CheckoutPageName, params: URLSearchParams): string | null =>
  page === 'checkout' || page === 'buy-online' ? params.get('_slug') : params.get('car_id');

/**
 * One checkout page: 404 for an unknown car or a tenant without online reserve, else the form, the embedded test
 * processor's Pay page, the payment's outcome, or why the car cannot be reserved (sold, reserved, test drive only).
 */
export async function checkoutFragment(page: CheckoutPageName, ctx: CheckoutContext): Promise<CheckoutFragment> {
  const { config, car, params, edge } = ctx;
  const head = (title: string): FragmentHead => ({ title: `${title} | ${config.name}`, robots: 'noindex' });

  if (!checkoutEnabled(page, config.features)) {
    return { status: 404, head: head('Page not found'), element: createElement(NotFoundCar, { slug: car?.slug ?? '', config }) };
  }
  if (!car) {
    const slug = checkoutCarSlug(page, params);
    if (!slug && (page === 'checkout-journey' || page === 'online-payment')) {
      return { status: 200, head: head('Reserve a car online'), element: createElement(ChooseCar, { page, config, unknownPayment: params.has('payment') }) };
    }
    return { status: 404, head: head('Car not found'), element: createElement(NotFoundCar, { slug: slug ?? '', config }) };
  }

  const amount = reserveAmount(config);
  const amountLabel = amount?.label ?? null;
  const back = checkoutPath(page, car.slug);
  const form = (): ReserveFormProps | null =>
    amount
      ? {
          action: '/api/payments/reserve',
          hidden: {
            car_id: car.id, car_slug: car.slug, idempotency_key: ctx.formKey ?? crypto.randomUUID(), amount: String(amount.dollars), car_name: car.name,
            car_type: car.car_type, ...(car.stocknum ? { stock_number: car.stocknum } : {}), ...(car.dealership_slug ? { dealership_slug: car.dealership_slug } : {}),
            return_path: back,
          },
          buttonText: reserveButtonText(amount.label),
          termsHref: '/terms-and-conditions',
          privacyHref: config.collection_notice_href,
          dealerName: car.dealership_name || config.name,
          amountLabel: amount.label,
          postcodeRequired: config.features.enquiry_postcode_required,
          error: readFormError(params, 'reserve')?.message ?? null,
        }
      : null;

  let view: CheckoutView;
  const paymentId = params.get('payment');
  if (isPaymentId(paymentId)) {
    const payment = edge ? await loadPayment(edge, config.slug, paymentId) : null;
    const status = payment && payment.car_id === car.id ? payment.status : 'unknown';
    const session = params.get('session');
    if (status === 'requires_payment' && isEmbeddedSession(session) && amountLabel) {
      view = { kind: 'processor', paymentId, session, amountLabel: payment ? formatCents(payment.amount_cents) : amountLabel, cancelHref: `${back}${back.includes('?') ? '&' : '?'}payment_cancelled=1` };
    } else {
      const retry = status === 'failed' && reservability(car) === 'reservable' ? form() : null;
      view = { kind: 'outcome', status, paymentId, retry };
    }
  } else {
    const reservedIds = edge ? await loadReservedIds(edge, config.slug, [car.id]) : null;
    const state = reservability(car, reservedIds?.has(car.id) ?? false);
    const props = form();
    if (state !== 'reservable') view = { kind: 'unavailable', reason: state };
    else if (!props) view = { kind: 'unavailable', reason: 'no-amount' };
    else view = { kind: 'form', form: props, cancelled: params.get('payment_cancelled') === '1' };
  }

  const titles: Record<CheckoutPageName, string> = { checkout: 'Reserve', 'buy-online': 'Buy online', 'checkout-journey': 'Checkout', 'online-payment': 'Online payment' };
  return {
    status: 200,
    head: { ...head(`${titles[page]}: ${car.name}`), description: `Reserve the ${car.name} online at ${config.name}.` },
    element: createElement(CheckoutPage, { page, config, car, amountLabel, view }),
  };
}
