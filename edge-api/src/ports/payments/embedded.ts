import type { CreatePaymentIntent, PaymentIntent, PaymentsPort, PaymentStatus } from './port.ts';

type Row = {
  id: string; tenant: string; amount_cents: number; currency: 'aud'; car_id: string | null;
  description: string; status: PaymentStatus; provider: string; created_at: number;
};

const toIntent = (r: Row): PaymentIntent => ({
  id: r.id, tenant: r.tenant, amountCents: r.amount_cents, currency: r.currency, carId: r.car_id,
  description: r.description, status: r.status, provider: r.provider, createdAt: r.created_at,
});

const SELECT = 'SELECT id, tenant, amount_cents, currency, car_id, description, status, provider, created_at FROM payment_intents';

/** Local payments: every intent is recorded in D1 `payment_intents` and settles at once as 'paid'. */
export class EmbeddedPayments implements PaymentsPort {
  constructor(private readonly db: D1Database, private readonly now: () => number = Date.now) {}

  async createIntent({ tenant, idempotencyKey, amountCents, carId, description }: CreatePaymentIntent): Promise<PaymentIntent> {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('amountCents must be a positive whole number of cents.');
    if (!idempotencyKey) throw new Error('idempotencyKey is required.');
    const now = this.now();
    await this.db
      .prepare(
        `INSERT INTO payment_intents (tenant, id, idempotency_key, amount_cents, currency, car_id, description, status, provider, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'aud', ?, ?, 'paid', 'embedded', ?, ?)
         ON CONFLICT (tenant, idempotency_key) DO NOTHING`,
      )
      .bind(tenant, `pi_${crypto.randomUUID()}`, idempotencyKey, amountCents, carId ?? null, description, now, now)
      .run();
    const row = await this.db.prepare(`${SELECT} WHERE tenant = ? AND idempotency_key = ?`).bind(tenant, idempotencyKey).first<Row>();
    if (!row) throw new Error('Payment intent was not recorded.');
    if (row.amount_cents !== amountCents) throw new Error('idempotencyKey was already used for a different amount.');
    return toIntent(row);
  }

  async getIntent(tenant: string, id: string): Promise<PaymentIntent | null> {
    const row = await this.db.prepare(`${SELECT} WHERE tenant = ? AND id = ?`).bind(tenant, id).first<Row>();
    return row ? toIntent(row) : null;
  }
}
