#!/usr/bin/env node
/**
 * `npm run stock:import -- --tenant <slug> <file.json|csv> [--dry-run] [--persist <dir>] [--format json|csv]
 *   [--meili-host <url> [--meili-index <uid>]]`
 * Validates every row of a stock feed against the contracts Car schema and the tenant's dealerships, prints each
 * bad row with its line and reasons, and replaces the tenant's stock in the local STOCK KV with the good rows
 * (the store the embedded engine of the mf-search Worker reads) and, with --meili-host, in a Meilisearch index.
 * Nothing good is dropped because of a bad row.
 * Exit codes: 0 good rows imported (or would be, with --dry-run); 1 file unreadable or no good row; 2 usage error.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ROOT } from './workers.mjs';
import { importBundle, loadDemo, openLocalKv } from './local-kv.mjs';

const USAGE = `Usage: npm run stock:import -- --tenant <slug> <file.json|file.csv> [options]

Validates a stock feed for a tenant and loads its good rows into the local STOCK KV (what \`npm start\` serves).

  --tenant <slug>     tenant whose stock the feed replaces (e.g. harbourside-toyota)
  <file>              JSON: an array of Car objects; CSV: a header row naming Car fields
                      (nested fields dotted, e.g. location.name; images as |-separated URLs;
                      lists such as categories |-separated; an empty cell leaves the field out)
  --format json|csv   format when the file name does not end in .json or .csv
  --dry-run           validate and report only; write nothing
  --persist <dir>     local state folder of \`npm start\` (default .wrangler/state; KV under <dir>/kv)
  --meili-host <url>  also replace the tenant's documents in this Meilisearch server (index settings
                      applied first); API key from the env var named by the tenant's
                      search_service.key_secret, else MEILI_API_KEY
  --meili-index <uid> Meilisearch index (default: the tenant's search_service.index, else "cars")
  --help              this text

Every bad row is reported as \`line <n> (id <id>): <field>: <reason>\`; good rows are imported regardless.
The tenant's config comes from the local CONFIG KV, or from the demo tenants when the state has none.
Run it while \`npm start\` is stopped (both use the same local state). The import also writes the search
index snapshot (a cold mf-search loads it instead of building) and the cars it changed; when \`npm start\`
next serves the tenant, mf-search purges the pages showing them (a running platform started by tests is
refreshed at once by its importStock). \`npm start\` keeps imported stock: it seeds only the other tenants.
Exit codes: 0 good rows imported; 1 file unreadable, no good row or Meilisearch failed; 2 usage error
(incl. unknown tenant).`;

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { tenant: null, file: null, dryRun: false, persist: join(ROOT, '.wrangler/state'), format: null, help: false, meiliHost: null, meiliIndex: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--help' || arg === '-h') opts.help = true;
    else if (arg === '--tenant') opts.tenant = value();
    else if (arg === '--dry-run') opts.dryRun = true;
    else if (arg === '--persist') opts.persist = resolve(value());
    else if (arg === '--format') opts.format = value();
    else if (arg === '--meili-host') opts.meiliHost = value();
    else if (arg === '--meili-index') opts.meiliIndex = value();
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else if (opts.file) throw new UsageError(`one feed file at a time (got ${opts.file} and ${arg})`);
    else opts.file = arg;
  }
  if (opts.help) return opts;
  if (!opts.tenant) throw new UsageError('--tenant <slug> is required');
  if (!opts.file) throw new UsageError('a feed file is required');
  if (opts.format && !['json', 'csv'].includes(opts.format)) throw new UsageError(`--format must be json or csv, not ${opts.format}`);
  if (opts.meiliIndex && !opts.meiliHost) throw new UsageError('--meili-index needs --meili-host');
  if (opts.meiliHost && !URL.canParse(opts.meiliHost)) throw new UsageError(`--meili-host must be a URL, not ${opts.meiliHost}`);
  return opts;
}

async function listKeys(kv, prefix) {
  const keys = [];
  let cursor;
  do {
    const page = await kv.list({ prefix, cursor });
    keys.push(...page.keys.map((k) => k.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys;
}

/** The tenant's config and data set from the local CONFIG KV, else from the demo tenants; null when unknown. */
async function loadTenant(lib, config, slug) {
  const stored = await config.get(lib.kvTenantKey(slug), 'json');
  if (stored) {
    const data = await config.get(lib.kvTenantDataKey(slug), 'json');
    return { source: 'local CONFIG KV', site: lib.parseSiteConfig(stored), data: data ? lib.parseTenantData(slug, data) : null };
  }
  const demo = await loadDemo();
  const site = demo.demoTenants().find((t) => t.slug === slug);
  return site ? { source: 'demo tenants', site, data: demo.demoTenantData(slug) } : null;
}

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`stock:import: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }

  const lib = await importBundle('mf-search/src/import/index.ts');
  const format = opts.format ?? lib.feedFormat(opts.file);
  if (!format) {
    console.error(`stock:import: cannot tell the format of ${opts.file}; name it .json or .csv or pass --format\n\n${USAGE}`);
    return 2;
  }
  let text;
  try {
    text = await readFile(resolve(opts.file), 'utf8');
  } catch (error) {
    console.error(`stock:import: cannot read ${opts.file}: ${error.message}`);
    return 1;
  }

  // Parse before starting the local runtime: a file that is not a feed fails fast.
  let parsed;
  try {
    parsed = lib.parseFeed(text, format);
  } catch (error) {
    if (!(error instanceof lib.FeedParseError)) throw error;
    console.error(`stock:import: ${opts.file}: ${error.message}`);
    return 1;
  }

  process.env.WRANGLER_SEND_METRICS = 'false';
  const mf = await openLocalKv(opts.persist, 'mf-search', ['CONFIG', 'STOCK']);
  try {
    const config = await mf.getKVNamespace('CONFIG');
    const tenant = await loadTenant(lib, config, opts.tenant);
    if (!tenant) {
      console.error(`stock:import: unknown tenant "${opts.tenant}" (not in ${join(opts.persist, 'kv')} nor among the demo tenants)`);
      return 2;
    }
    const rules = lib.tenantRules(tenant.site, tenant.data);

    const check = { ...lib.validateFeed(parsed.rows, rules), rows: parsed.rows.length, warnings: parsed.warnings };

    console.log(`stock:import ${opts.tenant} (${tenant.source}) from ${opts.file}: ${check.good.length} good, ${check.bad.length} bad`);
    for (const warning of check.warnings) console.log(`warning: ${warning}`);
    for (const row of check.bad) console.log(lib.formatBadRow(row));
    if (check.good.length === 0) {
      console.error(check.rows === 0 ? 'stock:import: the feed has no rows; nothing imported' : 'stock:import: every row is bad; nothing imported');
      return 1;
    }
    if (opts.dryRun) {
      console.log(`dry run: ${check.good.length} cars would replace the stock of ${opts.tenant}; nothing written`);
      return 0;
    }

    // Meilisearch first: if the service refuses the stock, the local KV is left as it was (exit 1).
    if (opts.meiliHost) {
      const uid = opts.meiliIndex ?? tenant.site.search_service?.index ?? 'cars';
      const keyVar = tenant.site.search_service?.key_secret ?? 'MEILI_API_KEY';
      const meili = await importBundle({
        contents: `export { createMeilisearchClient } from './adapter.ts'; export { ensureIndex, indexStock } from './settings.ts';`,
        resolveDir: join(ROOT, 'mf-search/src/engine/meilisearch'),
      });
      const client = meili.createMeilisearchClient({ host: opts.meiliHost, apiKey: process.env[keyVar] ?? process.env.MEILI_API_KEY, timeoutMs: 30_000 });
      try {
        await meili.ensureIndex(client, uid);
        const { documents } = await meili.indexStock(client, uid, opts.tenant, check.good);
        console.log(`imported ${documents} cars into Meilisearch index ${uid} at ${opts.meiliHost}`);
      } catch (error) {
        console.error(`stock:import: Meilisearch ${opts.meiliHost} index ${uid}: ${error.message}; local stock left unchanged`);
        return 1;
      }
    }

    const stock = await mf.getKVNamespace('STOCK');
    const previousRaw = await stock.get(lib.kvStockMetaKey(opts.tenant), 'json');
    const previous = lib.isStockMeta(previousRaw) ? previousRaw : null;
    const existingKeys = await listKeys(stock, `stock:${opts.tenant}:`);
    // The stock this import replaces: the cars it changes are purged from the shell's pages (lib/stock-changes.ts).
    const previousCars = previous ? await lib.loadStock(stock, opts.tenant) : null;
    const writes = lib.stockWrites(opts.tenant, check.good, { now: new Date(), previous, existingKeys, previousCars });
    // Chunks before meta, deletes last: a reader never sees a meta naming a chunk that is not there.
    const meta = writes.puts.at(-1);
    await Promise.all(writes.puts.slice(0, -1).map((put) => stock.put(put.key, put.value)));
    await stock.put(meta.key, meta.value);
    await Promise.all(writes.deletes.map((key) => stock.delete(key)));
    const changed = writes.changes === null ? 'previous stock unknown: every page of the tenant' : 'all' in writes.changes ? 'every page of the tenant' : `${writes.changes.ids.length} car${writes.changes.ids.length === 1 ? '' : 's'}`;
    console.log(`pages to purge when mf-search next serves ${opts.tenant}: ${changed}`);
    console.log(
      `imported ${writes.meta.count} cars into STOCK (${writes.meta.chunks} chunk${writes.meta.chunks === 1 ? '' : 's'}` +
        `${writes.deletes.length ? `, ${writes.deletes.length} old chunk${writes.deletes.length === 1 ? '' : 's'} deleted` : ''}) at ${join(opts.persist, 'kv')}`,
    );
    return 0;
  } finally {
    await mf.dispose();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`stock:import: ${error.stack ?? error}`);
    process.exit(1);
  },
);
