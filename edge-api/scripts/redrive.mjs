#!/usr/bin/env node
/**
 * Manual re-drive of dead lead outbox rows (README "Lead delivery (outbox)"): puts them back to 'pending', due now,
 * with a fresh attempt budget, and their leads back to 'received'; the next relay pass (cron every minute) delivers.
 *
 *   npm run redrive -w edge-api -- --tenant <slug> [--lead <id> ...]      local D1 of `npm start` (.wrangler/state)
 *   npm run redrive -w edge-api -- --tenant <slug> --list                  list the tenant's dead rows, change nothing
 *   npm run redrive -w edge-api -- --tenant <slug> --remote [--lead <id>]  the deployed D1 (wrangler d1 execute --remote)
 *   options: --persist <dir> (local state folder, default <repo>/.wrangler/state)
 *
 * Local runs open the same SQLite files as `npm start`: stop it first, or use the dev page's re-drive button
 * (/api/dev/outbox) while it runs. The SQL mirrors src/outbox/redrive.ts (tested by src/outbox/redrive-script.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const EDGE_API = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(EDGE_API, '..');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LEAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The re-drive statements for a tenant: every dead row (`leadIds` null) or those of the ids that are dead.
 * Leads first: the second statement is what stops their outbox rows matching `state = 'dead'`.
 * @param {string} tenant @param {string[] | null} leadIds @param {number} now
 */
export function redriveStatements(tenant, leadIds, now = Date.now()) {
  if (!SLUG.test(tenant)) throw new Error(`Invalid tenant slug: ${tenant}`);
  for (const id of leadIds ?? []) if (!LEAD_ID.test(id)) throw new Error(`Invalid lead id: ${id}`);
  const ids = leadIds ? JSON.stringify(leadIds) : null;
  const only = `(?2 IS NULL OR lead_id IN (SELECT value FROM json_each(?2)))`;
  return [
    {
      sql: `UPDATE leads SET status = 'received', updated_at = ?3 WHERE tenant = ?1 AND status = 'failed' AND id IN (SELECT lead_id FROM lead_outbox WHERE tenant = ?1 AND state = 'dead' AND ${only})`,
      params: [tenant, ids, now],
    },
    {
      sql: `UPDATE lead_outbox SET state = 'pending', attempts = 0, next_attempt_at = ?3, updated_at = ?3 WHERE tenant = ?1 AND state = 'dead' AND ${only}`,
      params: [tenant, ids, now],
    },
  ];
}

const LIST_SQL = `SELECT lead_id, attempts, last_error, updated_at FROM lead_outbox WHERE tenant = ?1 AND state = 'dead' ORDER BY updated_at`;

/** Re-drives on a D1 binding (Workers or miniflare's proxy); answers the outbox rows re-driven. */
export async function redriveLocal(db, tenant, leadIds, now = Date.now()) {
  const results = await db.batch(redriveStatements(tenant, leadIds, now).map(({ sql, params }) => db.prepare(sql).bind(...params)));
  return results[1].meta.changes;
}

/** Lists a tenant's dead rows on a D1 binding. */
export async function listDead(db, tenant) {
  if (!SLUG.test(tenant)) throw new Error(`Invalid tenant slug: ${tenant}`);
  return (await db.prepare(LIST_SQL).bind(tenant).all()).results;
}

/** `wrangler d1 execute --command` takes no parameters: values are inlined as SQL literals (validated above). */
function inline({ sql, params }) {
  const literal = (value) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  return sql.replace(/\?(\d)/g, (_, n) => literal(params[Number(n) - 1]));
}

function parseArgs(argv) {
  const args = { leads: [], list: false, remote: false, tenant: undefined, persist: join(ROOT, '.wrangler/state') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--tenant') args.tenant = argv[++i];
    else if (arg === '--lead') args.leads.push(argv[++i]);
    else if (arg === '--persist') args.persist = argv[++i];
    else if (arg === '--list') args.list = true;
    else if (arg === '--remote') args.remote = true;
    else throw new Error(`Unknown option ${arg}`);
  }
  if (!args.tenant) throw new Error('--tenant <slug> is required');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const leadIds = args.leads.length ? args.leads : null;
  if (args.remote) {
    const wrangler = (sql) => execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--remote', '--json', '--command', sql], { cwd: EDGE_API, encoding: 'utf8', stdio: ['inherit', 'pipe', 'inherit'] });
    if (args.list) {
      console.log(wrangler(inline({ sql: LIST_SQL, params: [args.tenant] })));
      return;
    }
    // One --command with both statements: wrangler runs it as one batch.
    const out = JSON.parse(wrangler(redriveStatements(args.tenant, leadIds).map(inline).join('; ')));
    console.log(`re-drove ${out.at(-1)?.meta?.changes ?? '?'} dead lead(s) of ${args.tenant} (remote)`);
    return;
  }
  const { Miniflare } = await import('miniflare');
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(EDGE_API, 'wrangler.jsonc'));
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }) } }',
    d1Databases: workerOptions.d1Databases,
    d1Persist: join(args.persist, 'd1'),
    cf: false,
  });
  try {
    const db = await mf.getD1Database('DB');
    if (args.list) {
      const rows = await listDead(db, args.tenant);
      console.log(rows.length ? rows.map((r) => `${r.lead_id}  attempts ${r.attempts}  ${new Date(r.updated_at).toISOString()}  ${r.last_error ?? ''}`).join('\n') : `no dead leads for ${args.tenant}`);
      return;
    }
    console.log(`re-drove ${await redriveLocal(db, args.tenant, leadIds)} dead lead(s) of ${args.tenant}; the next relay pass delivers them`);
  } finally {
    await mf.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
