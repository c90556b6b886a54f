import type { SmsMessage, SmsPort, SmsReceipt } from './port.ts';

/** SMS bodies stay short enough for a few segments. */
export const MAX_SMS_LENGTH = 480;

export type SentSms = { id: string; to_phone: string; body: string; created_at: number };

/** Writes each message to D1 `sms_outbox` instead of a gateway, so local runs and tests can read the code sent. */
export class EmbeddedSms implements SmsPort {
  constructor(private readonly db: D1Database, private readonly now: () => number = Date.now) {}

  async send({ tenant, to, body }: SmsMessage): Promise<SmsReceipt> {
    if (!/^\+?\d{8,15}$/.test(to)) throw new Error('Invalid phone number.');
    if (body.length === 0 || body.length > MAX_SMS_LENGTH) throw new Error(`SMS body must be 1-${MAX_SMS_LENGTH} characters.`);
    const id = crypto.randomUUID();
    await this.db
      .prepare('INSERT INTO sms_outbox (tenant, id, to_phone, body, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(tenant, id, to, body, this.now())
      .run();
    return { id };
  }
}

/** Messages sent to one phone of one tenant, newest first (for tests and local dev tools). */
export async function listSentSms(db: D1Database, tenant: string, to: string): Promise<SentSms[]> {
  const { results } = await db
    .prepare('SELECT id, to_phone, body, created_at FROM sms_outbox WHERE tenant = ? AND to_phone = ? ORDER BY created_at DESC, rowid DESC')
    .bind(tenant, to)
    .all<SentSms>();
  return results;
}
