export type PaymentStatus = 'requires_payment' | 'paid' | 'failed' | 'refunded';

export type CreatePaymentIntent = {
  tenant: string;
  /** Same key -> same intent (a retried checkout never charges twice). */
  idempotencyKey: string;
  /** Whole cents, AUD (reserve default $200 = 20000, spec §9). */
  amountCents: number;
  carId?: string | null;
  description: string;
};

export type PaymentIntent = {
  id: string;
  tenant: string;
  amountCents: number;
  currency: 'aud';
  carId: string | null;
  description: string;
  status: PaymentStatus;
  provider: string;
  createdAt: number;
};

/**
 * Online payments (reserve / buy online; always gated, spec §6). A real adapter (a payment processor's HTTP
 * API, keys from secrets, webhook for the final status) comes with the checkout issue and implements these methods.
 */
export interface PaymentsPort {
  createIntent(input: CreatePaymentIntent): Promise<PaymentIntent>;
  getIntent(tenant: string, id: string): Promise<PaymentIntent | null>;
}
