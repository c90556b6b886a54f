/** Pure rules of the checkout pages (spec §4 Purchasable car, §6 gating, §9 reserve default $200), tested in rules.test.ts. */
import { RESERVE_DEFAULT_AMOUNT } from '@forecourt/contracts/constants';
import type { FeatureFlags, SiteConfig } from '@forecourt/contracts/tenant';

export type CheckoutPageName = 'checkout' | 'buy-online' | 'checkout-journey' | 'online-payment';
export const CHECKOUT_PAGES: readonly CheckoutPageName[] = ['checkout', 'buy-online', 'checkout-journey', 'online-payment'];
export const isCheckoutPage = (page: string): page is CheckoutPageName => (CHECKOUT_PAGES as readonly string[]).includes(page);

/** Statuses of a payment as edge-api answers them (`GET /api/payments/intents/:id`). */
export type PaymentStatus = 'requires_payment' | 'paid' | 'failed' | 'refunded';

/** Same bounds as edge-api (a card processor's smallest and largest AUD amounts). */
const MIN_CENTS = 50;
const MAX_CENTS = 99_999_999;

/**
 * The tenant's reserve amount (spec §9 default $200; SiteConfig `reserve_amount`) in cents with its label, or null when
 * it cannot be charged (then the page offers no payment: edge-api would refuse it too).
 */
export function reserveAmount(config: Pick<SiteConfig, 'reserve_amount'>): { cents: number; dollars: number; label: string } | null {
  const dollars = config.reserve_amount ?? RESERVE_DEFAULT_AMOUNT;
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  if (cents < MIN_CENTS || cents > MAX_CENTS) return null;
  return { cents, dollars: cents / 100, label: formatCents(cents) };
}

/** AUD for people from cents: `$200` for whole dollars, `$200.50` otherwise, thousands separated. */
export const formatCents = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** spec §2 Search card wording: 'Reserve This Car ($200)', with the tenant's amount. */
export const reserveButtonText = (label: string) => `Reserve This Car (${label})`;

/** The page exists for this tenant: checkout needs reserve_online, buy-online needs buy_online, the others either. */
export function checkoutEnabled(page: CheckoutPageName, features: Pick<FeatureFlags, 'reserve_online' | 'buy_online'>): boolean {
  if (page === 'checkout') return features.reserve_online;
  if (page === 'buy-online') return features.buy_online;
  return features.reserve_online || features.buy_online;
}

// The rule itself is contracts' (entities/car.ts `reservability`): edge-api refuses a reservation by the same one.
export { reservability, type Reservability } from '@forecourt/contracts/entities/car';

/** What the journey page says about a payment, by its status (and the query's hint while edge-api is unreachable). */
export function paymentOutcome(status: PaymentStatus | 'unknown'): { tone: 'success' | 'info' | 'error'; title: string; text: string } {
  switch (status) {
    case 'paid':
      return { tone: 'success', title: 'This car is reserved for you', text: 'Payment received. We have sent your details to the dealer, who will be in touch shortly to arrange the rest.' };
    case 'requires_payment':
      return { tone: 'info', title: 'Confirming your payment', text: 'We are waiting for the payment processor to confirm your payment. This page updates by itself; you can also reload it in a moment.' };
    case 'failed':
      return { tone: 'error', title: 'The payment did not go through', text: 'Your card was not charged. You can try again below.' };
    case 'refunded':
      return { tone: 'info', title: 'This payment was refunded', text: 'Someone reserved this car just before you, or the dealer refunded the reserve. The full amount goes back to your card; the dealer can help you find a similar car.' };
    default:
      return { tone: 'error', title: 'We could not find this payment', text: 'Please check the link, or contact the dealer if you were charged.' };
  }
}

/** Where each page sends the form's errors and a cancelled payment back to (its own path, with the car). */
export function checkoutPath(page: CheckoutPageName, carSlug: string): string {
  switch (page) {
    case 'checkout':
      return `/cars/${carSlug}/checkout`;
    case 'buy-online':
      return `/cars/${carSlug}/buy-online`;
    case 'checkout-journey':
      return `/checkout-journey?car_id=${encodeURIComponent(carSlug)}`;
    case 'online-payment':
      return `/online-payment?car_id=${encodeURIComponent(carSlug)}`;
  }
}

/** A payment id as edge-api makes them (`pay_` + 32 hex); anything else in the URL is ignored. */
export const isPaymentId = (id: string | null): id is string => !!id && /^pay_[0-9a-f]{32}$/.test(id);
/** The embedded test processor's session token (`emb_cs_` + 32 hex). */
export const isEmbeddedSession = (s: string | null): s is string => !!s && /^emb_cs_[0-9a-f]{32}$/.test(s);
