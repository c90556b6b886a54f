/** What the checkout pages show, as data: decided in index.ts, drawn by CheckoutPage.tsx and its parts. */
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { ReserveFormProps } from './ReserveForm.tsx';
import type { CheckoutPageName, PaymentStatus } from './rules.ts';

/** What the page shows (decided in index.ts from the car, the tenant and the payment). */
export type CheckoutView =
  | { kind: 'form'; form: ReserveFormProps; cancelled: boolean }
  | { kind: 'processor'; paymentId: string; session: string; amountLabel: string; cancelHref: string }
  | { kind: 'outcome'; status: PaymentStatus | 'unknown'; paymentId: string | null; retry: ReserveFormProps | null }
  | { kind: 'unavailable'; reason: 'sold' | 'reserved' | 'test-drive-only' | 'no-amount' };

/** The tenant settings the checkout markup shows: its name and phone. */
export type CheckoutConfig = Pick<SiteConfig, 'name' | 'contact'>;

/** Each page's heading (h1). */
export const CHECKOUT_HEADINGS: Record<CheckoutPageName, string> = {
  checkout: 'Reserve this car',
  'buy-online': 'Buy this car online',
  'checkout-journey': 'Reserve this car',
  'online-payment': 'Pay online',
};
