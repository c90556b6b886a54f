/** A lead as handed to the dealer's CRM by the outbox relay (src/outbox). */
export type CrmLead = {
  tenant: string;
  /** The client UUID of the lead: delivering the same lead twice must not create two CRM records (idempotency key). */
  leadId: string;
  category: string;
  subcategory?: string | null;
  /** The full validated lead payload plus user data (spec §7 Lead submission). */
  payload: Record<string, unknown>;
  /** When the shopper submitted it (epoch ms), so a late delivery still carries the real time. */
  createdAt?: number;
};

export type CrmDelivery = { externalId: string; duplicate: boolean };

/**
 * A failed delivery the adapter could classify. `permanent` (e.g. the CRM rejected the lead with a 4xx) sends the row
 * straight to the dead letter; otherwise the relay retries with backoff, not before `retryAfterMs` when the CRM said so.
 * Any other thrown error counts as temporary.
 */
export class CrmDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'CrmDeliveryError';
  }
}

/**
 * Delivers a lead to the dealer's CRM. Must be idempotent per leadId (the outbox delivers at least once).
 * Adapters: embedded (D1 `crm_inbox`), webhook (signed HTTPS POST with `Idempotency-Key`). A failed delivery throws
 * (a CrmDeliveryError when the adapter knows whether a retry can help), so the relay records last_error and retries.
 */
export interface CrmPort {
  deliver(lead: CrmLead): Promise<CrmDelivery>;
}
