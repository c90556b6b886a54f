import type { CrmDelivery, CrmLead, CrmPort } from './port.ts';

export type CrmInboxRow = { id: string; lead_id: string; category: string; payload: string; received_at: number };

/** The dealer CRM of local runs: D1 `crm_inbox`, one row per lead (a redelivery returns the first row's id). */
export class EmbeddedCrm implements CrmPort {
  constructor(private readonly db: D1Database, private readonly now: () => number = Date.now) {}

  async deliver({ tenant, leadId, category, payload }: CrmLead): Promise<CrmDelivery> {
    const inserted = await this.db
      .prepare(
        `INSERT INTO crm_inbox (tenant, id, lead_id, category, payload, received_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tenant, lead_id) DO NOTHING`,
      )
      .bind(tenant, crypto.randomUUID(), leadId, category, JSON.stringify(payload), this.now())
      .run();
    const row = await this.db
      .prepare('SELECT id FROM crm_inbox WHERE tenant = ? AND lead_id = ?')
      .bind(tenant, leadId)
      .first<{ id: string }>();
    if (!row) throw new Error(`CRM inbox lost lead ${leadId}`);
    return { externalId: row.id, duplicate: inserted.meta.changes === 0 };
  }
}

/** A tenant's CRM inbox, newest first (for tests and local dev tools). */
export async function listCrmInbox(db: D1Database, tenant: string): Promise<CrmInboxRow[]> {
  const { results } = await db
    .prepare('SELECT id, lead_id, category, payload, received_at FROM crm_inbox WHERE tenant = ? ORDER BY received_at DESC, rowid DESC')
    .bind(tenant)
    .all<CrmInboxRow>();
  return results;
}
