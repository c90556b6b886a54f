import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { applyMigrations, readMigrations } from '../../scripts/migrations.mjs';
import { listDead, redriveLocal, redriveStatements } from '../../scripts/redrive.mjs';

// The manual re-drive command (scripts/redrive.mjs) on a real local D1, as it opens the `npm start` state.
describe('scripts/redrive.mjs', () => {
  let mf: Miniflare;
  let db: Awaited<ReturnType<Miniflare['getD1Database']>>;
  beforeAll(async () => {
    mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response(null, { status: 204 }) } }', d1Databases: ['DB'], cf: false });
    db = await mf.getD1Database('DB');
    await applyMigrations(db, await readMigrations());
  });
  afterAll(async () => {
    await mf.dispose();
  });

  async function lead(tenant: string, id: string, state: 'pending' | 'delivered' | 'dead') {
    await db.batch([
      db.prepare(`INSERT INTO leads (tenant, id, category, payload, status) VALUES (?, ?, 'General Enquiry', '{}', ?)`).bind(tenant, id, state === 'dead' ? 'failed' : state === 'delivered' ? 'delivered' : 'received'),
      db.prepare(`INSERT INTO lead_outbox (tenant, lead_id, state, attempts, last_error) VALUES (?, ?, ?, 15, 'CRM webhook answered 503')`).bind(tenant, id, state),
    ]);
  }
  const state = async (tenant: string, id: string) =>
    db.prepare(`SELECT o.state, o.attempts, o.next_attempt_at, l.status FROM lead_outbox o JOIN leads l ON l.tenant = o.tenant AND l.id = o.lead_id WHERE o.tenant = ? AND o.lead_id = ?`).bind(tenant, id).first();

  it('re-drives only the dead rows asked for, of that tenant, with a fresh budget', async () => {
    await lead('acme', 'dead-0001', 'dead');
    await lead('acme', 'dead-0002', 'dead');
    await lead('acme', 'done-0001', 'delivered');
    await lead('other', 'dead-0003', 'dead');
    expect((await listDead(db, 'acme')).map((r) => r.lead_id)).toEqual(['dead-0001', 'dead-0002']);

    expect(await redriveLocal(db, 'acme', ['dead-0001', 'done-0001'], 1234)).toBe(1);
    expect(await state('acme', 'dead-0001')).toEqual({ state: 'pending', attempts: 0, next_attempt_at: 1234, status: 'received' });
    expect(await state('acme', 'done-0001')).toMatchObject({ state: 'delivered', status: 'delivered' });
    expect(await state('acme', 'dead-0002')).toMatchObject({ state: 'dead', status: 'failed' });

    expect(await redriveLocal(db, 'acme', null)).toBe(1);
    expect(await state('acme', 'dead-0002')).toMatchObject({ state: 'pending', status: 'received' });
    expect(await state('other', 'dead-0003')).toMatchObject({ state: 'dead', status: 'failed' });
  });

  it('refuses a malformed tenant or lead id (the remote mode inlines them into SQL)', () => {
    expect(() => redriveStatements("acme' OR 1=1 --", null)).toThrow(/Invalid tenant/);
    expect(() => redriveStatements('acme', ["x'); DROP TABLE leads; --"])).toThrow(/Invalid lead id/);
  });
});
