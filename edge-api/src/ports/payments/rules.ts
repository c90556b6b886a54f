/** Pure rules of reserving a car online (spec §4 Purchasable car, §9 reserve default $200), unit-tested in rules.test.ts. */

/** spec §9: the reserve amount when a tenant names none (SiteConfig `reserve_amount` defaults to it too). */
export const RESERVE_DEFAULT_DOLLARS = 200;
/** Stripe's smallest AUD charge (A$0.50): a smaller reserve amount cannot be charged by a card processor. */
export const MIN_RESERVE_CENTS = 50;
/** Stripe's largest amount (8 digits of cents): a reserve is a deposit, far below it. */
export const MAX_RESERVE_CENTS = 99_999_999;
/**
 * An unpaid checkout older than this is abandoned: it becomes failed and its contact details are dropped. Longer than
 * any processor's checkout can stay open (a Stripe Checkout Session expires within 24 hours).
 */
export const ABANDONED_CHECKOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many car ids per `GET /api/payments/reserved` (a search page shows 21, spec §9). */
export { RESERVED_LOOKUP_MAX as MAX_RESERVED_LOOKUP } from '@forecourt/contracts/internal';

/**
 * The tenant's reserve amount in whole cents (dollars x 100, rounded to the cent).
 * @throws RangeError when the config's amount cannot be charged (not a number, below A$0.50, above the processor cap):
 * a misconfigured tenant fails loudly rather than charging a wrong amount.
 * @example reserveAmountCents(undefined) // 20000 (spec §9 default $200)
 */
export function reserveAmountCents(dollars: number | undefined | null): number {
  const amount = dollars ?? RESERVE_DEFAULT_DOLLARS;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new RangeError('reserve_amount must be a number of dollars.');
  const cents = Math.round(amount * 100);
  if (cents < MIN_RESERVE_CENTS || cents > MAX_RESERVE_CENTS) {
    throw new RangeError(`reserve_amount must be between $${MIN_RESERVE_CENTS / 100} and $${MAX_RESERVE_CENTS / 100}.`);
  }
  return cents;
}

/**
 * True when the amount the shopper saw is the amount that will be charged (a page rendered before the dealer changed
 * `reserve_amount` must not charge a different sum). An absent amount means the shopper did not say: accepted.
 */
export function sameAmount(shownDollars: number | undefined, cents: number): boolean {
  return shownDollars === undefined || Math.round(shownDollars * 100) === cents;
}

/** AUD for people: `$200` for whole dollars, `$200.50` otherwise, thousands separated (`$1,500`). */
export function formatAud(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/**
 * The payment's idempotency key: the form's own key (a UUID made when the page rendered) scoped to the car, so a
 * retry or double click of the same form opens the same checkout, and one form can never pay for another car.
 */
export const reserveIdempotencyKey = (carId: string, formKey: string) => `reserve:${carId}:${formKey}`;

/** `car_ids=a,b,c` (or repeated) -> distinct ids, or null: the rule is the lookup's contract (contracts/internal.ts). */
export { parseReservedCarIds as parseCarIds } from '@forecourt/contracts/internal';

/** The checkout-journey page of a payment (spec §2 `/checkout-journey?car_id={slug}`), where the shopper lands after paying. */
export function journeyPath(carRef: string, paymentId: string, status?: string): string {
  const q = new URLSearchParams({ car_id: carRef, payment: paymentId });
  if (status) q.set('status', status);
  return `/checkout-journey?${q.toString()}`;
}
