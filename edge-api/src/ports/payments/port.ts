export type PaymentStatus = 'requires_payment' | 'paid' | 'failed' | 'refunded';

/** Names of the payments adapters (env PAYMENTS_ADAPTER). */
export type PaymentsProvider = 'embedded' | 'stripe';

export type CreatePaymentIntent = {
  tenant: string;
  /** Same key -> same intent and same checkout (a retried checkout never charges twice). */
  idempotencyKey: string;
  /** Whole cents, AUD (reserve default $200 = 20000, spec §9). */
  amountCents: number;
  carId?: string | null;
  carSlug?: string | null;
  /** Keyed hash of the shopper's phone (auth/code.ts contactKey): how My Garage finds the reservation later. */
  contactKey?: string | null;
  /** What the shopper pays for, as the processor's checkout page shows it. */
  description: string;
  /**
   * Absolute base of the shopper's site (e.g. `https://dealer.example.com.au`): the processor sends the shopper back
   * there. Defaults to `http://localhost` (tests of the port alone).
   */
  origin?: string;
  /** Path (on `origin`) of the page the shopper reserved from: where cancelling the payment goes back to. */
  returnPath?: string | null;
  /** The validated reservation lead, created through the leads outbox once paid (kept until then, then cleared). */
  leadRequest?: unknown;
  /** Pre-fills the processor's email field; never stored by the adapter outside the lead request. */
  customerEmail?: string | null;
};

export type PaymentIntent = {
  id: string;
  tenant: string;
  amountCents: number;
  currency: 'aud';
  carId: string | null;
  carSlug: string | null;
  description: string;
  status: PaymentStatus;
  provider: string;
  createdAt: number;
  /** The processor's page the shopper pays on (the embedded processor's local confirmation page); null once settled. */
  checkoutUrl: string | null;
  paidAt: number | null;
  refundedAt: number | null;
  returnPath: string | null;
  leadId: string | null;
};

export type RefundOptions = {
  /** Why (kept on the row): 'already_reserved', 'dealer', ... */
  reason: string;
};

/**
 * Online payments (reserve / buy online, spec §4 Purchasable car, §9 reserve default $200). Every adapter keeps the
 * intent in D1 `payment_intents` (store.ts) and talks to its processor: the embedded test processor settles on its
 * local confirmation page, Stripe through Checkout Sessions and its signed webhook.
 */
export interface PaymentsPort {
  readonly provider: PaymentsProvider;
  /** Records the intent and opens the processor's checkout; idempotent per (tenant, idempotencyKey). */
  createIntent(input: CreatePaymentIntent): Promise<PaymentIntent>;
  getIntent(tenant: string, id: string): Promise<PaymentIntent | null>;
  /**
   * Asks the processor for the intent's current state and records a settlement it reports (the shopper's return
   * from checkout may come before the webhook). Answers the intent as now stored.
   */
  refresh(tenant: string, id: string): Promise<PaymentIntent | null>;
  /** Gives the money back in full (Stripe: POST /v1/refunds); the car is no longer reserved. Idempotent. */
  refund(tenant: string, id: string, options: RefundOptions): Promise<PaymentIntent>;
}

/** A settlement just recorded: `changed` is false when it was already recorded (a webhook delivered twice). */
export type Settlement = { intent: PaymentIntent; changed: boolean };

/** Thrown for a processor's refusal or outage; the message names the processor's error, never card or contact data. */
export class PaymentProcessorError extends Error {
  constructor(message: string, readonly status: number | null = null, readonly retryable = false) {
    super(message);
    this.name = 'PaymentProcessorError';
  }
}
