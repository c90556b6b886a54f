import type { CreatePaymentIntent, PaymentIntent, PaymentsPort, RefundOptions, Settlement } from './port.ts';
import { journeyPath } from './rules.ts';
import { findIntent, insertIntent, markPaid, markRefunded, setCheckout, toIntent } from './store.ts';

const randomHex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Length-independent string comparison (the session token is the confirmation's only secret). */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The embedded test processor (default, local runs and demos): no money moves. Its "checkout" is the site's own
 * confirmation page (`/checkout-journey?...&session=<token>`), whose Pay button calls `confirm` with the random session
 * token only that page was given; confirming marks the intent paid exactly as a processor's webhook would.
 */
export class EmbeddedPayments implements PaymentsPort {
  readonly provider = 'embedded' as const;

  constructor(private readonly db: D1Database, private readonly now: () => number = Date.now) {}

  async createIntent(input: CreatePaymentIntent): Promise<PaymentIntent> {
    const now = this.now();
    let row = await insertIntent(this.db, this.provider, input, now);
    if (row.status === 'requires_payment' && !row.provider_ref) {
      const session = `emb_cs_${randomHex(16)}`;
      const path = `${journeyPath(row.car_slug ?? row.car_id ?? '', row.id)}&session=${session}`;
      row = await setCheckout(this.db, input.tenant, row.id, session, `${(input.origin ?? 'http://localhost').replace(/\/+$/, '')}${path}`, now);
    }
    return toIntent(row);
  }

  async getIntent(tenant: string, id: string): Promise<PaymentIntent | null> {
    const row = await findIntent(this.db, tenant, id);
    return row ? toIntent(row) : null;
  }

  /** Nothing to ask: the local processor's state is the row itself. */
  refresh(tenant: string, id: string): Promise<PaymentIntent | null> {
    return this.getIntent(tenant, id);
  }

  /**
   * The shopper pressed Pay on the confirmation page. Null when the payment or its session token is unknown (never
   * says which); a second confirmation changes nothing (`changed: false`).
   */
  async confirm(tenant: string, id: string, session: string): Promise<Settlement | null> {
    const row = await findIntent(this.db, tenant, id);
    if (!row || row.provider !== this.provider || !row.provider_ref || !sameToken(row.provider_ref, session)) return null;
    return markPaid(this.db, tenant, id, `emb_pay_${randomHex(12)}`, this.now());
  }

  async refund(tenant: string, id: string, { reason }: RefundOptions): Promise<PaymentIntent> {
    const row = await findIntent(this.db, tenant, id);
    if (!row) throw new Error(`Payment ${id} does not exist.`);
    if (row.status === 'refunded') return toIntent(row);
    if (row.status !== 'paid') throw new Error(`Payment ${id} is ${row.status}: only a paid payment can be refunded.`);
    return (await markRefunded(this.db, tenant, id, `emb_re_${randomHex(12)}`, reason, this.now())).intent;
  }
}
