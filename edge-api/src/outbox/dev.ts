import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../types.ts';
import { jsonError } from '../lib/http.ts';
import { listCrmInbox } from '../ports/crm/embedded.ts';
import { MAX_ATTEMPTS } from './backoff.ts';
import { relayOutbox } from './relay.ts';
import { redrive } from './redrive.ts';

/** Rows shown per table: a dev page, not an export. */
const PAGE_ROWS = 200;
/** Newest text messages shown. */
const SMS_ROWS = 20;

type SmsRow = { to_phone: string; body: string; created_at: number };

export type OutboxRow = {
  lead_id: string;
  target: string;
  state: 'pending' | 'delivered' | 'dead';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  external_id: string | null;
  delivered_at: number | null;
  created_at: number;
};

async function tenantOutbox(db: D1Database, tenant: string) {
  const [counts, rows] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT state, COUNT(*) AS n FROM lead_outbox WHERE tenant = ? GROUP BY state`).bind(tenant),
    db
      .prepare(
        `SELECT lead_id, target, state, attempts, next_attempt_at, last_error, external_id, delivered_at, created_at
         FROM lead_outbox WHERE tenant = ? ORDER BY created_at DESC, rowid DESC LIMIT ${PAGE_ROWS}`,
      )
      .bind(tenant),
  ]);
  const byState = { pending: 0, delivered: 0, dead: 0 };
  for (const row of counts!.results as { state: keyof typeof byState; n: number }[]) byState[row.state] = row.n;
  return { counts: byState, outbox: rows!.results as OutboxRow[] };
}

const time = (ms: number | null) => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 19) : '');

/**
 * Dev pages of the embedded CRM, mounted at /api/dev/outbox (tenant from the shell as for every /api route):
 *  GET /       the tenant's outbox states, crm_inbox and the embedded SMS port's latest texts (sign-in codes) (HTML;
 *              `?format=json` for JSON),
 *  POST /relay run one relay pass now,  POST /redrive re-drive the tenant's dead rows (form field or JSON `lead_ids`).
 * Answers 404 unless the binding DEV_PAGES is 'on' (set only by the local runtime, dev/platform.mjs, never in
 * wrangler.jsonc) and CRM_ADAPTER is 'embedded' (unset counts as embedded, as for the port): a deployed Worker never
 * shows lead data here, whatever its adapter.
 */
export const outboxDevRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    const devPages = c.env.DEV_PAGES === 'on';
    if (!devPages || (c.env.CRM_ADAPTER?.trim() || 'embedded') !== 'embedded') return jsonError(c, 404, 'Not found.');
    await next();
  })
  .get('/', async (c) => {
    const tenant = c.get('tenant');
    // Sign-in codes texted by the embedded SMS port, so a local run can sign in (not with a real gateway).
    const smsEmbedded = (c.env.SMS_ADAPTER?.trim() || 'embedded') === 'embedded';
    const [{ counts, outbox }, inbox, sms] = await Promise.all([
      tenantOutbox(c.env.DB, tenant),
      listCrmInbox(c.env.DB, tenant),
      smsEmbedded
        ? c.env.DB.prepare(`SELECT to_phone, body, created_at FROM sms_outbox WHERE tenant = ? ORDER BY created_at DESC, rowid DESC LIMIT ${SMS_ROWS}`).bind(tenant).all<SmsRow>().then((r) => r.results)
        : Promise.resolve([] as SmsRow[]),
    ]);
    if (c.req.query('format') === 'json') return c.json({ tenant, counts, outbox, inbox: inbox.slice(0, PAGE_ROWS), sms });
    return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <title>Outbox and CRM inbox: ${tenant}</title>
    <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; }
      table { border-collapse: collapse; margin-bottom: 2rem; }
      th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
      td pre { margin: 0; max-width: 60ch; white-space: pre-wrap; word-break: break-word; }
      .dead { background: #fde8e8; } .pending { background: #fff8e1; }
    </style>
  </head>
  <body>
    <h1>Lead outbox of ${tenant} (dev)</h1>
    <p>Pending ${counts.pending}, delivered ${counts.delivered}, dead ${counts.dead} (dead after ${MAX_ATTEMPTS} attempts). Newest ${PAGE_ROWS} rows shown.</p>
    <form method="post" action="/api/dev/outbox/relay" style="display:inline"><button>Run the relay now</button></form>
    <form method="post" action="/api/dev/outbox/redrive" style="display:inline"><button ${counts.dead ? '' : 'disabled'}>Re-drive dead rows</button></form>
    <h2>Outbox</h2>
    <table>
      <thead><tr><th>Lead</th><th>State</th><th>Attempts</th><th>Next attempt</th><th>Delivered</th><th>Last error</th></tr></thead>
      <tbody>
        ${outbox.map(
          (r) => html`<tr class="${r.state}"><td>${r.lead_id}</td><td>${r.state}</td><td>${r.attempts}</td><td>${r.state === 'pending' ? time(r.next_attempt_at) : ''}</td><td>${time(r.delivered_at)}</td><td>${r.last_error ?? ''}</td></tr>`,
        )}
      </tbody>
    </table>
    <h2>Text messages (embedded SMS adapter: sign-in codes)</h2>
    <table>
      <thead><tr><th>Sent</th><th>To</th><th>Message</th></tr></thead>
      <tbody>
        ${sms.map((r) => html`<tr><td>${time(r.created_at)}</td><td>${r.to_phone}</td><td>${r.body}</td></tr>`)}
      </tbody>
    </table>
    <h2>CRM inbox (embedded adapter)</h2>
    <table>
      <thead><tr><th>Received</th><th>Lead</th><th>Category</th><th>Payload</th></tr></thead>
      <tbody>
        ${inbox.slice(0, PAGE_ROWS).map((r) => html`<tr><td>${time(r.received_at)}</td><td>${r.lead_id}</td><td>${r.category}</td><td><pre>${JSON.stringify(JSON.parse(r.payload), null, 2)}</pre></td></tr>`)}
      </tbody>
    </table>
  </body>
</html>`);
  })
  .post('/relay', async (c) => {
    const report = await relayOutbox(c.env, { limit: 100 });
    return wantsJson(c.req.header('accept')) ? c.json(report) : c.redirect('/api/dev/outbox', 303);
  })
  .post('/redrive', async (c) => {
    const tenant = c.get('tenant');
    let ids: string[] | 'dead' = 'dead';
    if (c.req.header('content-type')?.includes('application/json')) {
      const body = (await c.req.json().catch(() => null)) as { lead_ids?: unknown } | null;
      if (Array.isArray(body?.lead_ids)) {
        if (!body.lead_ids.every((id): id is string => typeof id === 'string')) return jsonError(c, 400, 'lead_ids must be strings.');
        ids = body.lead_ids;
      }
    }
    const redriven = await redrive(c.env, tenant, ids);
    return wantsJson(c.req.header('accept')) || ids !== 'dead' ? c.json({ redriven }) : c.redirect('/api/dev/outbox', 303);
  });

const wantsJson = (accept: string | undefined) => Boolean(accept?.includes('application/json'));
