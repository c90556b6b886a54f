import { CrmDeliveryError, type CrmPort } from '../ports/crm/port.ts';
import { crmForTenant, type CrmEnv } from '../ports/crm/select.ts';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '../ports/crm/webhook.ts';
import { MAX_ATTEMPTS, nextAttemptAt, type BackoffOptions } from './backoff.ts';

/** Env the relay reads besides the crm port's: retry tuning for benches and tests (production keeps the defaults). */
export type OutboxEnv = CrmEnv & {
  /** Ceiling of the first retry delay in ms (default 30,000). */
  OUTBOX_RETRY_BASE_MS?: string;
  /** Longest retry delay in ms (default 6 h). */
  OUTBOX_RETRY_CAP_MS?: string;
};

export type RelayReport = {
  /** Rows this pass claimed (each claim is one delivery attempt). */
  claimed: number;
  delivered: number;
  /** Of `delivered`: the CRM already had the lead (an earlier attempt reached it). */
  duplicates: number;
  retried: number;
  dead: number;
  /** Tenants whose CRM is misconfigured: their rows stay pending without spending attempts. */
  skippedTenants: string[];
};

export type RelayOptions = {
  /** Clock for due times (tests); default Date.now() at each step. */
  now?: number;
  /** Most rows one pass claims (default 500). */
  limit?: number;
  /** Stop claiming after this long (default 45 s, under the cron interval of one minute). */
  budgetMs?: number;
  /** Rows delivered in parallel (default 6, the Workers limit of simultaneous open connections). */
  concurrency?: number;
  fetch?: typeof fetch;
  random?: () => number;
  /** The CRM port of a tenant (tests); default crmForTenant(env, tenant). */
  crm?: (tenant: string) => CrmPort;
};

type DueRow = {
  tenant: string;
  lead_id: string;
  target: string;
  attempts: number;
  next_attempt_at: number;
  category: string | null;
  subcategory: string | null;
  payload: string | null;
  created_at: number | null;
  /** The earlier lead this one was merged into (duplicate rule): the CRM attaches it there. */
  merged_into: string | null;
};

type Outcome = 'delivered' | 'duplicate' | 'retried' | 'dead';

const MAX_ERROR_CHARS = 500;
/** Due rows read per query; each is claimed on its own just before delivery. */
const DUE_PAGE = 50;

/** Same-lease guard: a row is claimed for its delivery timeout twice over plus a margin for the D1 writes. */
export function leaseMs(env: OutboxEnv): number {
  const timeout = Number(env.CRM_WEBHOOK_TIMEOUT_MS) > 0 ? Number(env.CRM_WEBHOOK_TIMEOUT_MS) : DEFAULT_WEBHOOK_TIMEOUT_MS;
  return 2 * timeout + 5_000;
}

function backoffOptions(env: OutboxEnv, random?: () => number): BackoffOptions {
  const positive = (value: string | undefined) => (Number(value) > 0 ? Number(value) : undefined);
  return { baseMs: positive(env.OUTBOX_RETRY_BASE_MS), capMs: positive(env.OUTBOX_RETRY_CAP_MS), random };
}

// Due rows of every tenant: a loose index scan over tenants (each step one index seek), then each tenant's due range
// of lead_outbox_tenant_due, oldest first; the lead payloads are read for the page only. Delivered rows are never scanned,
// however many pile up.
const DUE_SQL = `
WITH RECURSIVE tenants(t) AS (
  SELECT (SELECT MIN(tenant) FROM lead_outbox)
  UNION ALL
  SELECT (SELECT MIN(tenant) FROM lead_outbox WHERE tenant > tenants.t) FROM tenants WHERE tenants.t IS NOT NULL
),
due AS (
  SELECT o.tenant, o.lead_id, o.target, o.attempts, o.next_attempt_at
  FROM tenants JOIN lead_outbox o ON o.tenant = tenants.t AND o.state = 'pending' AND o.next_attempt_at <= ?1
  WHERE o.target = 'crm' AND tenants.t NOT IN (SELECT value FROM json_each(?2))
  ORDER BY o.next_attempt_at
  LIMIT ?3
)
SELECT due.tenant, due.lead_id, due.target, due.attempts, due.next_attempt_at, l.category, l.subcategory, l.payload, l.created_at, l.merged_into
FROM due LEFT JOIN leads l ON l.tenant = due.tenant AND l.id = due.lead_id
ORDER BY due.next_attempt_at`;

const ONE_SQL = `
SELECT o.tenant, o.lead_id, o.target, o.attempts, o.next_attempt_at, l.category, l.subcategory, l.payload, l.created_at, l.merged_into
FROM lead_outbox o LEFT JOIN leads l ON l.tenant = o.tenant AND l.id = o.lead_id
WHERE o.tenant = ?1 AND o.lead_id = ?2 AND o.target = 'crm' AND o.state = 'pending' AND o.next_attempt_at <= ?3`;

/**
 * Claim = compare-and-set on the row's due time: only the relay that saw `next_attempt_at` unchanged moves it to the end
 * of its lease (and counts the attempt), so two relays (cron and the fast path, or two cron runs) never deliver the same
 * row at once. A relay that dies mid-delivery leaves the row to be claimed again when the lease ends.
 */
const CLAIM_SQL = `
UPDATE lead_outbox SET attempts = attempts + 1, next_attempt_at = ?1, updated_at = ?2
WHERE tenant = ?3 AND lead_id = ?4 AND target = ?5 AND state = 'pending' AND next_attempt_at = ?6 AND next_attempt_at <= ?2
RETURNING attempts`;

class Relay {
  readonly report: RelayReport = { claimed: 0, delivered: 0, duplicates: 0, retried: 0, dead: 0, skippedTenants: [] };
  private readonly ports = new Map<string, CrmPort | null>();
  private readonly backoff: BackoffOptions;
  private readonly lease: number;

  constructor(
    private readonly env: OutboxEnv,
    private readonly options: RelayOptions,
  ) {
    this.backoff = backoffOptions(env, options.random);
    this.lease = leaseMs(env);
  }

  now(): number {
    return this.options.now ?? Date.now();
  }

  /** The tenant's CRM, or null when its configuration is broken (logged once per pass, the rows wait). */
  port(tenant: string): CrmPort | null {
    if (!this.ports.has(tenant)) {
      try {
        this.ports.set(tenant, this.options.crm ? this.options.crm(tenant) : crmForTenant(this.env, tenant, { fetch: this.options.fetch }));
      } catch (error) {
        console.error(`outbox: CRM of tenant ${tenant} is misconfigured, its leads wait: ${message(error)}`);
        this.ports.set(tenant, null);
        this.report.skippedTenants.push(tenant);
      }
    }
    return this.ports.get(tenant)!;
  }

  async due(limit: number): Promise<DueRow[]> {
    const { results } = await this.env.DB.prepare(DUE_SQL).bind(this.now(), JSON.stringify(this.report.skippedTenants), limit).all<DueRow>();
    return results;
  }

  async one(tenant: string, leadId: string): Promise<DueRow | null> {
    return this.env.DB.prepare(ONE_SQL).bind(tenant, leadId, this.now()).first<DueRow>();
  }

  /** Claims one row (compare-and-set); its attempt number when this relay won it, else null. */
  async claim(row: DueRow): Promise<number | null> {
    const now = this.now();
    const won = await this.env.DB.prepare(CLAIM_SQL)
      .bind(now + this.lease, now, row.tenant, row.lead_id, row.target, row.next_attempt_at)
      .first<{ attempts: number }>();
    return won?.attempts ?? null;
  }

  /**
   * Delivers rows through a sliding window of `concurrency` deliveries; each row is claimed just before its delivery,
   * so its lease covers that delivery alone. Answers how many rows this relay won.
   */
  async run(rows: DueRow[], concurrency: number, deadline = Infinity): Promise<number> {
    let next = 0;
    let won = 0;
    const lane = async () => {
      while (next < rows.length && Date.now() < deadline) {
        const row = rows[next++]!;
        if (!this.port(row.tenant)) continue;
        const attempts = await this.claim(row);
        if (attempts === null) continue;
        won++;
        this.report.claimed++;
        try {
          const outcome = await this.deliver(row, attempts);
          if (outcome === 'duplicate') this.report.duplicates++;
          this.report[outcome === 'duplicate' ? 'delivered' : outcome]++;
        } catch (error) {
          // Recording the failure failed (D1 unavailable): the row stays claimed and is retried when its lease ends.
          console.error(`outbox: lead ${row.lead_id} of ${row.tenant}: outcome not recorded, retried after its lease: ${message(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, rows.length)) }, lane));
    return won;
  }

  private async deliver(row: DueRow, attempts: number): Promise<Outcome> {
    const key = [row.tenant, row.lead_id, row.target] as const;
    const db = this.env.DB;
    let failure: { error: string; permanent: boolean; retryAfterMs?: number };
    try {
      const delivery = await this.port(row.tenant)!.deliver({
        tenant: row.tenant,
        leadId: row.lead_id,
        category: row.category ?? '',
        subcategory: row.subcategory,
        payload: leadPayload(row),
        createdAt: row.created_at ?? undefined,
      });
      const at = this.now();
      try {
        await db.batch([
          db
            .prepare(`UPDATE lead_outbox SET state = 'delivered', delivered_at = ?1, external_id = ?2, last_error = NULL, updated_at = ?1 WHERE tenant = ?3 AND lead_id = ?4 AND target = ?5 AND state = 'pending'`)
            .bind(at, delivery.externalId, ...key),
          db.prepare(`UPDATE leads SET status = 'delivered', updated_at = ?1 WHERE tenant = ?2 AND id = ?3`).bind(at, row.tenant, row.lead_id),
        ]);
      } catch (error) {
        // The CRM has it; the row stays claimed, so the lease's end redelivers it and the lead id makes that a no-op.
        console.error(`outbox: lead ${row.lead_id} of ${row.tenant} delivered but not recorded, redelivered after its lease: ${message(error)}`);
      }
      return delivery.duplicate ? 'duplicate' : 'delivered';
    } catch (error) {
      failure = error instanceof CrmDeliveryError ? { error: error.message, permanent: error.permanent, retryAfterMs: error.retryAfterMs } : { error: message(error), permanent: false };
    }
    // Lead ids and tenants only: lead PII never reaches the log (issue 4 Privacy).
    console.warn(`outbox: lead ${row.lead_id} of ${row.tenant}, attempt ${attempts}/${MAX_ATTEMPTS} failed: ${failure.error}`);
    const at = this.now();
    const next = failure.permanent ? null : nextAttemptAt(attempts, at, failure.retryAfterMs, this.backoff);
    const error = failure.error.slice(0, MAX_ERROR_CHARS);
    // `attempts = ?` : a relay whose lease ran out (another one claimed the row since) records nothing.
    if (next !== null) {
      await db
        .prepare(`UPDATE lead_outbox SET next_attempt_at = ?1, last_error = ?2, updated_at = ?3 WHERE tenant = ?4 AND lead_id = ?5 AND target = ?6 AND state = 'pending' AND attempts = ?7`)
        .bind(next, error, at, ...key, attempts)
        .run();
      return 'retried';
    }
    await db.batch([
      db
        .prepare(`UPDATE lead_outbox SET state = 'dead', last_error = ?1, updated_at = ?2 WHERE tenant = ?3 AND lead_id = ?4 AND target = ?5 AND state = 'pending' AND attempts = ?6`)
        .bind(error, at, ...key, attempts),
      db
        .prepare(`UPDATE leads SET status = 'failed', updated_at = ?1 WHERE tenant = ?2 AND id = ?3 AND EXISTS (SELECT 1 FROM lead_outbox WHERE tenant = ?2 AND lead_id = ?3 AND state = 'dead')`)
        .bind(at, row.tenant, row.lead_id),
    ]);
    return 'dead';
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The stored lead document; a missing or unreadable lead can never be delivered, so it is a permanent error. */
function leadPayload(row: DueRow): Record<string, unknown> {
  if (row.payload === null || row.category === null) throw new CrmDeliveryError('lead row not found', true);
  try {
    const payload: unknown = JSON.parse(row.payload);
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      // A merged lead that still carries something new goes to the CRM as an update of the earlier lead.
      return row.merged_into ? { ...(payload as Record<string, unknown>), merged_into: row.merged_into } : (payload as Record<string, unknown>);
    }
  } catch {
    // Falls through to the permanent error below.
  }
  throw new CrmDeliveryError('lead payload is not a JSON object', true);
}

/**
 * One relay pass over every tenant: claims due `lead_outbox` rows in chunks, delivers them through each tenant's CRM
 * port, marks them delivered (and the lead 'delivered'), or schedules a retry with backoff, or parks them as 'dead'
 * (lead 'failed') after MAX_ATTEMPTS or a permanent error. Stops when nothing is due, at `limit` claims or `budgetMs`.
 */
export async function relayOutbox(env: OutboxEnv, options: RelayOptions = {}): Promise<RelayReport> {
  const relay = new Relay(env, options);
  const limit = options.limit ?? 500;
  const concurrency = Math.max(1, options.concurrency ?? 6);
  const deadline = Date.now() + (options.budgetMs ?? 45_000);
  while (relay.report.claimed < limit && Date.now() < deadline) {
    const rows = await relay.due(Math.min(DUE_PAGE, limit - relay.report.claimed));
    if (!rows.length) break;
    // Nothing won (another relay holds them all): leave them to it rather than spin.
    if ((await relay.run(rows, concurrency, deadline)) === 0 && rows.every((row) => relay.port(row.tenant))) break;
  }
  return relay.report;
}

/** Delivers one lead now if its outbox row is pending and due (the fast path after a submission). */
export async function deliverLead(env: OutboxEnv, tenant: string, leadId: string, options: RelayOptions = {}): Promise<RelayReport> {
  const relay = new Relay(env, options);
  const row = await relay.one(tenant, leadId);
  if (row) await relay.run([row], 1);
  return relay.report;
}
