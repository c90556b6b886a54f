/** Most lead ids one re-drive call takes (one D1 statement binds them as a JSON array). */
export const MAX_REDRIVE_IDS = 1000;

/**
 * Puts a tenant's dead outbox rows back to 'pending', due now, with a fresh attempt budget (after the CRM or its
 * configuration is fixed), and their leads back to 'received'. `'dead'` re-drives every dead row of the tenant; a list
 * re-drives those of its ids that are dead (pending or delivered rows are left alone). Answers the rows re-driven.
 */
export async function redrive(env: { DB: D1Database }, tenant: string, leadIds: readonly string[] | 'dead', now = Date.now()): Promise<number> {
  if (leadIds !== 'dead' && leadIds.length === 0) return 0;
  if (leadIds !== 'dead' && leadIds.length > MAX_REDRIVE_IDS) throw new Error(`At most ${MAX_REDRIVE_IDS} lead ids per re-drive.`);
  const ids = leadIds === 'dead' ? null : JSON.stringify(leadIds);
  const only = `(?2 IS NULL OR lead_id IN (SELECT value FROM json_each(?2)))`;
  const [leads, outbox] = await env.DB.batch([
    // Leads first: the same batch's second statement is what stops them matching `state = 'dead'`.
    env.DB
      .prepare(`UPDATE leads SET status = 'received', updated_at = ?3 WHERE tenant = ?1 AND status = 'failed' AND id IN (SELECT lead_id FROM lead_outbox WHERE tenant = ?1 AND state = 'dead' AND ${only})`)
      .bind(tenant, ids, now),
    env.DB
      .prepare(`UPDATE lead_outbox SET state = 'pending', attempts = 0, next_attempt_at = ?3, updated_at = ?3 WHERE tenant = ?1 AND state = 'dead' AND ${only}`)
      .bind(tenant, ids, now),
  ]);
  void leads;
  return outbox!.meta.changes;
}
