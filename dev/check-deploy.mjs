#!/usr/bin/env node
/** `wrangler deploy --dry-run` for every Worker: each one bundles and validates alone, as a real deploy would. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, WORKERS } from './workers.mjs';

const run = promisify(execFile);
const wrangler = join(ROOT, 'node_modules/.bin/wrangler');

/** @returns {Promise<Array<{ worker: string, ok: boolean, kib?: number, error?: string }>>} */
export async function checkDeploys(only = WORKERS.map((w) => w.dir)) {
  const results = [];
  for (const dir of only) {
    const outdir = mkdtempSync(join(tmpdir(), `forecourt-dry-${dir}-`));
    try {
      await run(wrangler, ['deploy', '--dry-run', '--outdir', outdir], {
        cwd: join(ROOT, dir),
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_UPDATE_NOTIFIER: '1' },
        timeout: 120_000,
      });
      const bytes = readdirSync(outdir).reduce((sum, f) => sum + statSync(join(outdir, f)).size, 0);
      results.push({ worker: dir, ok: true, kib: Math.round(bytes / 1024) });
    } catch (error) {
      results.push({ worker: dir, ok: false, error: String(error.stderr || error.message).slice(-2000) });
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await checkDeploys();
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.worker.padEnd(13)} ${r.ok ? `${r.kib} KiB (with source map)` : r.error}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
