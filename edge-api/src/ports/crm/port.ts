/** A lead as handed to the dealer's CRM by the outbox dispatcher. */
export type CrmLead = {
  tenant: string;
  /** The client UUID of the lead: delivering the same lead twice must not create two CRM records. */
  leadId: string;
  category: string;
  subcategory?: string | null;
  /** The full validated lead payload plus user data (spec §7 Lead submission). */
  payload: Record<string, unknown>;
};

export type CrmDelivery = { externalId: string; duplicate: boolean };

/**
 * Delivers a lead to the dealer's CRM. Must be idempotent per leadId (the outbox retries).
 * A real adapter (the dealer CRM's HTTP or email-to-lead endpoint, credentials from secrets) comes with
 * the leads issue; it throws on a failed delivery so the outbox records last_error and retries.
 */
export interface CrmPort {
  deliver(lead: CrmLead): Promise<CrmDelivery>;
}
