import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

/** Tables of the platform's bookkeeping, not of edge-api's data. */
const isBookkeeping = (name: string) => name === 'd1_migrations' || name.startsWith('sqlite_') || name.startsWith('_cf_');

async function appTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all<{ name: string }>();
  return results.map((r) => r.name).filter((n) => !isBookkeeping(n));
}

describe('D1 schema (ARCHITECTURE.md Data: every row carries its tenant)', () => {
  it('has every table edge-api owns', async () => {
    expect(await appTables()).toEqual([
      'alert_messages', 'alert_outbox', 'analytics_events', 'car_view_visits', 'car_views', 'crm_inbox', 'delivery_quotes', 'finance_customers', 'geocode_answers', 'lead_outbox',
      'leads', 'market_prices', 'otp_codes', 'otp_send_series', 'payment_intents', 'rate_limits', 'saved_searches', 'sessions', 'sms_outbox', 'spins', 'stock_scans', 'trade_in_journeys', 'users',
      'verifications', 'watchlist',
    ]);
  });

  it('gives every table a NOT NULL tenant column and makes it STRICT', async () => {
    for (const table of await appTables()) {
      const { results: cols } = await env.DB.prepare('SELECT name, "notnull" AS nn FROM pragma_table_info(?)').bind(table).all<{ name: string; nn: number }>();
      expect(cols.find((c) => c.name === 'tenant'), `${table}.tenant`).toEqual({ name: 'tenant', nn: 1 });
      const info = await env.DB.prepare('SELECT strict FROM pragma_table_list WHERE name = ?').bind(table).first<{ strict: number }>();
      expect(info?.strict, `${table} STRICT`).toBe(1);
    }
  });

  it('starts every index (primary keys and uniques included) with tenant', async () => {
    for (const table of await appTables()) {
      const { results: indexes } = await env.DB.prepare('SELECT name FROM pragma_index_list(?)').bind(table).all<{ name: string }>();
      for (const { name } of indexes) {
        const first = await env.DB.prepare('SELECT name FROM pragma_index_info(?) WHERE seqno = 0').bind(name).first<{ name: string }>();
        expect(first?.name, `${table} index ${name}`).toBe('tenant');
      }
    }
  });

  it('refuses a row without a tenant', async () => {
    await expect(env.DB.prepare(`INSERT INTO car_views (car_id, views) VALUES ('c1', 1)`).run()).rejects.toThrow(/NOT NULL/);
  });

  it('refuses a lead whose payload is not JSON, and a status outside the list', async () => {
    await expect(env.DB.prepare(`INSERT INTO leads (tenant, id, category, payload) VALUES ('t', 'lead-0001', 'General Enquiry', 'nope')`).run()).rejects.toThrow(/CHECK/);
    await expect(env.DB.prepare(`INSERT INTO leads (tenant, id, category, payload, status) VALUES ('t', 'lead-0002', 'General Enquiry', '{}', 'lost')`).run()).rejects.toThrow(/CHECK/);
  });

  it('makes a lead id idempotent per tenant and scopes the outbox to its lead', async () => {
    const id = crypto.randomUUID();
    const insert = (tenant: string) => env.DB.prepare(`INSERT INTO leads (tenant, id, category, payload) VALUES (?, ?, 'General Enquiry', '{}') ON CONFLICT (tenant, id) DO NOTHING`).bind(tenant, id);
    const first = await insert('schema-a').run();
    const again = await insert('schema-a').run();
    expect(first.meta.changes).toBe(1);
    expect(again.meta.changes).toBe(0);
    expect((await insert('schema-b').run()).meta.changes).toBe(1);
    await env.DB.prepare(`INSERT INTO lead_outbox (tenant, lead_id) VALUES ('schema-a', ?)`).bind(id).run();
    // The outbox cannot point at another tenant's lead.
    await expect(env.DB.prepare(`INSERT INTO lead_outbox (tenant, lead_id) VALUES ('schema-c', ?)`).bind(id).run()).rejects.toThrow(/FOREIGN KEY/);
  });
});
