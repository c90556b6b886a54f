/**
 * Lead outbox (issue 4 "Never lose a lead"): the leads route writes a lead and its `lead_outbox` row in one D1 batch,
 * then `deliverSoon` tries the CRM at once in the background; the cron relay (`handleScheduled`, every minute) is the
 * guarantee: it retries with backoff until delivered or dead-lettered (README "Lead delivery (outbox)").
 */
import { deliverLead, relayOutbox } from './relay.ts';

export { relayOutbox, deliverLead, leaseMs, type RelayOptions, type RelayReport, type OutboxEnv } from './relay.ts';
export { redrive, MAX_REDRIVE_IDS } from './redrive.ts';
export { outboxDevRoutes } from './dev.ts';
export { MAX_ATTEMPTS, RETRY_BASE_MS, RETRY_CAP_MS, nextAttemptAt, retryDelayMs, outageToleranceMs } from './backoff.ts';

/**
 * Fast path after a lead is written: delivers it in the background (ctx.waitUntil), never delaying or failing the
 * shopper's answer. A failure here only schedules the retry; the cron relay picks the row up.
 */
export function deliverSoon(env: Env, ctx: ExecutionContext, tenant: string, leadId: string): void {
  ctx.waitUntil(
    deliverLead(env, tenant, leadId).then(
      () => undefined,
      (error: unknown) => console.error(`outbox: fast path for lead ${leadId} of ${tenant} failed, the cron relay retries:`, error instanceof Error ? error.message : error),
    ),
  );
}

/** Cron trigger (wrangler.jsonc `triggers.crons`): one relay pass over every tenant. */
export async function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  void ctx;
  const report = await relayOutbox(env);
  if (report.claimed || report.skippedTenants.length) {
    console.log(`outbox relay (${controller.cron}): ${JSON.stringify(report)}`);
  }
}
