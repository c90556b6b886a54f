#!/usr/bin/env node
/**
 * Lead retention purge (issue 4 Privacy): deletes each tenant's leads older than its `lead_retention_days`
 * (SiteConfig, default 365) with their outbox rows and embedded-CRM copies, plus rate-limit counters older than a day.
 *
 *   npm run purge-leads -w edge-api -- [--tenant <slug>]... [--days <n>] [--dry-run] [--persist <dir>] [--now <ms>]
 *   npm run purge-leads -w edge-api -- --remote --tenant <slug> [--days <n>] [--dry-run]
 *
 * Local (default): the state of `npm start` (<repo>/.wrangler/state), D1 and KV opened through miniflare; every tenant
 * in KV CONFIG unless --tenant is given. --remote: the deployed D1 and KV through `wrangler d1 execute` / `wrangler kv`
 * (run from edge-api/, logged in to the account). Prints counts only, never lead contents.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EDGE_API = path.join(HERE, '..');
const ROOT = path.join(EDGE_API, '..');
const DAY_MS = 86_400_000;

/** SiteConfig's default (contracts/src/tenant.ts lead_retention_days). */
export const DEFAULT_RETENTION_DAYS = 365;
/** Rate-limit windows last at most 10 minutes: a day-old counter is of no use and may key a phone's hash. */
export const RATE_LIMIT_KEEP_MS = DAY_MS;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Leads created before this instant are purged. */
export function retentionCutoff(now, days) {
  if (!Number.isInteger(days) || days < 1) throw new Error(`Retention must be a whole number of days >= 1 (got ${days}).`);
  return now - days * DAY_MS;
}

/** The tenant's retention from its stored config (unvalidated JSON), the default when absent or unusable. */
export function retentionOf(config) {
  const days = config && typeof config === 'object' ? config.lead_retention_days : undefined;
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * The statements of one tenant's purge, with their parameters. The outbox is deleted explicitly (not only by the
 * foreign key's cascade) so a runner without foreign keys purges the same rows.
 */
export function purgeStatements(tenant, cutoff, now) {
  if (!SLUG.test(tenant)) throw new Error(`Invalid tenant slug "${tenant}".`);
  return [
    { sql: 'DELETE FROM lead_outbox WHERE tenant = ? AND lead_id IN (SELECT id FROM leads WHERE tenant = ? AND created_at < ?)', params: [tenant, tenant, cutoff] },
    { sql: 'DELETE FROM crm_inbox WHERE tenant = ? AND received_at < ?', params: [tenant, cutoff] },
    { sql: 'DELETE FROM leads WHERE tenant = ? AND created_at < ?', params: [tenant, cutoff] },
    { sql: 'DELETE FROM rate_limits WHERE tenant = ? AND window_start < ?', params: [tenant, now - RATE_LIMIT_KEEP_MS] },
  ];
}

export const countStatement = (tenant, cutoff) => ({ sql: 'SELECT COUNT(*) AS n FROM leads WHERE tenant = ? AND created_at < ?', params: [tenant, cutoff] });

/**
 * Purges one tenant on a D1 binding (Workers or miniflare's proxy) in one batch (one transaction).
 * Answers `{ tenant, days, cutoff, leads }` where leads is the number deleted (or that would be, with dryRun).
 */
export async function purgeTenant(db, { tenant, days, now = Date.now(), dryRun = false }) {
  const cutoff = retentionCutoff(now, days);
  const count = countStatement(tenant, cutoff);
  const row = await db.prepare(count.sql).bind(...count.params).first();
  const leads = Number(row?.n ?? 0);
  if (!dryRun) await db.batch(purgeStatements(tenant, cutoff, now).map((s) => db.prepare(s.sql).bind(...s.params)));
  return { tenant, days, cutoff, leads };
}

/** SQL literal of a slug or an integer (both checked): `wrangler d1 execute --command` takes no parameters. */
function literal(value) {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && SLUG.test(value)) return `'${value}'`;
  throw new Error(`Refusing to inline ${JSON.stringify(value)} into SQL.`);
}
export function inlineSql({ sql, params }) {
  let i = 0;
  return sql.replace(/\?/g, () => literal(params[i++]));
}

/** Reads wrangler.jsonc (comments stripped outside strings). */
function readWranglerConfig() {
  const text = readFileSync(path.join(EDGE_API, 'wrangler.jsonc'), 'utf8');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1;
    } else out += ch;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

function parseArgs(argv) {
  const opts = { tenants: [], days: null, dryRun: false, remote: false, persist: path.join(ROOT, '.wrangler/state'), now: Date.now(), help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--tenant') opts.tenants.push(value());
    else if (arg === '--days') opts.days = Number(value());
    else if (arg === '--dry-run') opts.dryRun = true;
    else if (arg === '--remote') opts.remote = true;
    else if (arg === '--persist') opts.persist = path.resolve(value());
    else if (arg === '--now') opts.now = Number(value());
    else if (arg === '--help' || arg === '-h') opts.help = true;
    else throw new Error(`Unknown argument ${arg}`);
  }
  for (const t of opts.tenants) if (!SLUG.test(t)) throw new Error(`Invalid tenant slug "${t}".`);
  if (opts.days !== null) retentionCutoff(opts.now, opts.days);
  if (opts.remote && opts.tenants.length === 0) throw new Error('--remote needs --tenant <slug> (one or more).');
  return opts;
}

async function purgeLocal(opts) {
  const { Miniflare, Log, LogLevel } = await import('miniflare');
  const config = readWranglerConfig();
  const d1 = config.d1_databases?.[0];
  const kv = config.kv_namespaces?.find((ns) => ns.binding === 'CONFIG');
  if (!d1 || !kv) throw new Error('edge-api/wrangler.jsonc binds no D1 database or no CONFIG KV namespace');
  const mf = new Miniflare({
    cf: false,
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
    d1Databases: { [d1.binding]: d1.database_id },
    kvNamespaces: { CONFIG: kv.id },
    d1Persist: path.join(opts.persist, 'd1'),
    kvPersist: path.join(opts.persist, 'kv'),
    log: new Log(LogLevel.WARN),
  });
  try {
    const db = await mf.getD1Database(d1.binding);
    const configKv = await mf.getKVNamespace('CONFIG');
    let tenants = opts.tenants;
    if (tenants.length === 0) {
      const keys = [];
      let cursor;
      do {
        const page = await configKv.list({ prefix: 'tenant:', cursor });
        keys.push(...page.keys.map((k) => k.name));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      tenants = keys.map((k) => k.slice('tenant:'.length)).filter((s) => SLUG.test(s));
    }
    const reports = [];
    for (const tenant of tenants) {
      const days = opts.days ?? retentionOf(await configKv.get(`tenant:${tenant}`, 'json'));
      reports.push(await purgeTenant(db, { tenant, days, now: opts.now, dryRun: opts.dryRun }));
    }
    return reports;
  } finally {
    await mf.dispose();
  }
}

async function wrangler(args) {
  const bin = path.join(ROOT, 'node_modules/.bin/wrangler');
  const { stdout } = await promisify(execFile)(bin, args, { cwd: EDGE_API, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function purgeRemote(opts) {
  const d1 = readWranglerConfig().d1_databases?.[0];
  const reports = [];
  for (const tenant of opts.tenants) {
    let days = opts.days;
    if (days === null) {
      const raw = await wrangler(['kv', 'key', 'get', '--binding', 'CONFIG', '--remote', `tenant:${tenant}`]).catch(() => '');
      days = retentionOf(raw ? JSON.parse(raw) : null);
    }
    const cutoff = retentionCutoff(opts.now, days);
    const counted = JSON.parse(await wrangler(['d1', 'execute', d1.binding, '--remote', '--json', '--command', inlineSql(countStatement(tenant, cutoff))]));
    const leads = Number(counted?.[0]?.results?.[0]?.n ?? 0);
    if (!opts.dryRun) {
      const sql = purgeStatements(tenant, cutoff, opts.now).map((s) => `${inlineSql(s)};`).join('\n');
      await wrangler(['d1', 'execute', d1.binding, '--remote', '--json', '--command', sql]);
    }
    reports.push({ tenant, days, cutoff, leads });
  }
  return reports;
}

const USAGE = `Usage: npm run purge-leads -w edge-api -- [--tenant <slug>]... [--days <n>] [--dry-run] [--persist <dir>] [--now <ms>] [--remote]
Deletes leads older than each tenant's lead_retention_days (default ${DEFAULT_RETENTION_DAYS}), with their outbox rows and CRM inbox copies.`;

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const reports = opts.remote ? await purgeRemote(opts) : await purgeLocal(opts);
  for (const r of reports) {
    console.log(`${r.tenant}: ${opts.dryRun ? 'would purge' : 'purged'} ${r.leads} lead(s) older than ${r.days} day(s) (before ${new Date(r.cutoff).toISOString()})`);
  }
  if (reports.length === 0) console.log('No tenants found.');
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (error) => { console.error(error); process.exitCode = 1; });
}
