#!/usr/bin/env node
/**
 * `npm run content:import -- --tenant <slug> <folder> [--dry-run] [--persist <dir>] [--out <file.json>]`
 * Reads a tenant's content folder (pages, blog posts, promotions, spin campaign: contracts/src/content-folder.ts),
 * validates all of it, and writes it as the one document `content:<slug>` of the local CONFIG KV (what the shell of
 * `npm start` reads through the tenant store). One write of one key: a reader sees the old content or the new, never
 * a mix, and a folder with any problem writes nothing. When the local runtime is running (FORECOURT_LOCAL_URL or
 * http://127.0.0.1:8787) the tenant's pages are then purged through its Cloudflare purge API (purge-pages.mjs), so
 * the next request shows the new content; otherwise nothing is cached and nothing is purged.
 * Exit codes: 0 imported (or would be, with --dry-run; a purge that failed is a warning: the content is imported);
 * 1 folder unreadable or invalid; 2 usage error.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ROOT } from './workers.mjs';
import { importBundle, loadDemo, openLocalKv } from './local-kv.mjs';
import { NOT_RUNNING, localPurgeTarget, localRuntime, purgeAfterWrite } from './purge-pages.mjs';

const USAGE = `Usage: npm run content:import -- --tenant <slug> <folder> [options]

Validates a tenant's content folder and loads it into the local CONFIG KV (what \`npm start\` serves).

  --tenant <slug>     tenant whose content the folder replaces (e.g. harbourside-toyota)
  <folder>            the content folder:
                        promotions.json        the home page's promotions slider (optional)
                        spin.json              the spin-to-win campaign (optional)
                        pages/**/*.json        one page each; {"type":"markdown","file":"x.md"} takes
                                               its Markdown from x.md beside the json file
                        posts/<slug>.md        a blog post: JSON front matter between two --- lines,
                                               then the Markdown body
  --dry-run           validate and report only; write nothing
  --persist <dir>     local state folder of \`npm start\` (default .wrangler/state; KV under <dir>/kv)
  --out <file.json>   also write the validated document to this file (for production:
                      wrangler kv key put content:<slug> --path <file.json> --binding CONFIG)
  --help              this text

Every problem is reported as \`<file>: <field>: <reason>\` and then nothing is written: the tenant keeps its
previous content. Files outside the layout above are problems too (hidden files and a top-level README.md
are ignored). The tenant must exist in the local CONFIG KV or among the demo tenants.
Content imported for a demo tenant is kept when \`npm start\` seeds the demo again.
While \`npm start\` runs (FORECOURT_LOCAL_URL, default http://127.0.0.1:8787) the tenant's pages are purged
after the write, so the next request shows the new content; a purge that fails is a warning only.
Exit codes: 0 imported; 1 folder unreadable or invalid; 2 usage error (incl. unknown tenant).`;

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { tenant: null, folder: null, dryRun: false, persist: join(ROOT, '.wrangler/state'), out: null, help: false };
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
    else if (arg === '--out') opts.out = resolve(value());
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else if (opts.folder) throw new UsageError(`one content folder at a time (got ${opts.folder} and ${arg})`);
    else opts.folder = arg;
  }
  if (opts.help) return opts;
  if (!opts.tenant) throw new UsageError('--tenant <slug> is required');
  if (!opts.folder) throw new UsageError('a content folder is required');
  return opts;
}

async function readFolder(dir) {
  const files = {};
  const walk = async (at) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files[relative(dir, path).split(sep).join('/')] = await readFile(path, 'utf8');
    }
  };
  await walk(dir);
  return files;
}

/** Where the tenant is known: the local CONFIG KV, else the demo tenants; null when unknown. */
async function tenantSource(lib, config, slug) {
  if (await config.get(lib.kvTenantKey(slug))) return 'local CONFIG KV';
  const demo = await loadDemo();
  return demo.demoTenants().some((t) => t.slug === slug) ? 'demo tenants' : null;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`content:import: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }

  const folder = resolve(opts.folder);
  let files;
  try {
    if (!(await stat(folder)).isDirectory()) throw new Error('not a folder');
    files = await readFolder(folder);
  } catch (error) {
    console.error(`content:import: cannot read the folder ${opts.folder}: ${error.message}`);
    return 1;
  }

  const lib = await importBundle({
    contents: `export { contentFromFiles, formatContentError } from './content-folder.ts'; export { kvContentKey } from './content.ts'; export { kvTenantKey } from './tenant.ts';`,
    resolveDir: join(ROOT, 'contracts/src'),
  });

  process.env.WRANGLER_SEND_METRICS = 'false';
  const mf = await openLocalKv(opts.persist, 'shell', ['CONFIG']);
  try {
    const config = await mf.getKVNamespace('CONFIG');
    // The tenant first: a usage error (2) says so whether or not the folder is valid.
    const source = await tenantSource(lib, config, opts.tenant);
    if (!source) {
      console.error(`content:import: unknown tenant "${opts.tenant}" (not in ${join(opts.persist, 'kv')} nor among the demo tenants)\n\n${USAGE}`);
      return 2;
    }
    const { content, errors } = lib.contentFromFiles(files);
    console.log(`content:import ${opts.tenant} (${source}) from ${opts.folder}: ${plural(Object.keys(files).length, 'file')}, ${plural(errors.length, 'problem')}`);
    for (const error of errors) console.log(lib.formatContentError(error));
    if (!content) {
      console.error(`content:import: ${plural(errors.length, 'problem')}; nothing imported (the previous content of ${opts.tenant} stays)`);
      return 1;
    }
    const summary = `${plural(content.pages.length, 'page')}, ${plural(content.posts.length, 'post')}, ${plural(content.promotions.length, 'promotion')}, campaign ${content.spin ? `yes (${content.spin.id})` : 'no'}`;
    if (opts.dryRun) {
      console.log(`dry run: ${summary} would replace the content of ${opts.tenant}; nothing written`);
      return 0;
    }
    if (opts.out) {
      await writeFile(opts.out, JSON.stringify(content) + '\n');
      console.log(`wrote the content document to ${opts.out}`);
    }
    // One key, one write. The metadata tells `npm start`'s demo seed (dev/platform.mjs) to keep it.
    await config.put(lib.kvContentKey(opts.tenant), JSON.stringify(content), { metadata: { source: 'import', imported_at: new Date().toISOString() } });
    console.log(`imported ${summary} into CONFIG ${lib.kvContentKey(opts.tenant)} at ${join(opts.persist, 'kv')}`);
    // The running shell keeps the tenant's content and pages: purge them (never undoes the write; exit 0 either way).
    const origin = await localRuntime();
    await purgeAfterWrite(origin ? localPurgeTarget(origin) : NOT_RUNNING, [opts.tenant], { log: console.log, warn: console.error });
    return 0;
  } finally {
    await mf.dispose();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`content:import: ${error.stack ?? error}`);
    process.exit(1);
  },
);
