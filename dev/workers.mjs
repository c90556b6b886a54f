/** The Workers of the platform, in the order the local runtime lists them (the shell first: it takes all traffic). */
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
/** The remotes (contracts REMOTE_NAMES; dev/canary.test.ts keeps the two equal). */
export const REMOTES = ['mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account'];
/** A build's version label (contracts VERSION_LABEL; dev/canary.test.ts keeps the two equal). */
export const VERSION_LABEL = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;
export const WORKERS = [
  { dir: 'shell' },
  { dir: 'mf-search' },
  { dir: 'mf-vehicle' },
  { dir: 'mf-locations' },
  { dir: 'mf-finance' },
  { dir: 'mf-account' },
  { dir: 'edge-api' },
];
/**
 * The demo Worker (demo/src/worker.ts): local runs only. It has no wrangler.jsonc and is never deployed; the local
 * runtime binds it to the shell as DEMO, which serves `/demo-img/*` and `/demo-video/*` only through that binding.
 */
/** The Workers whose entry module warms its isolate at module start (contracts warm-up.ts), by folder. */
export const WARMED_WORKERS = ['shell', 'mf-search', 'mf-vehicle', 'mf-locations', 'mf-finance', 'mf-account', 'edge-api'];
export const DEMO_WORKER = { dir: 'demo', name: 'forecourt-demo', binding: 'DEMO' };

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Parses JSON with comments and trailing commas (wrangler.jsonc), respecting strings. */
export function parseJsonc(text) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1;
    } else out += c;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

export const readWranglerConfig = (dir) => parseJsonc(readFileSync(join(ROOT, dir, 'wrangler.jsonc'), 'utf8'));

/**
 * The version label a build of `dir` carries: its package.json version, unless the build was asked for another
 * (`node dev/build.mjs --only <remote> --version <label>` sets FORECOURT_BUILD_VERSION: a canary's label). It names the
 * bundle folder `/_mf/<remote>/<version>/` and travels in `x-forecourt-version`.
 */
export function buildVersion(dir) {
  const label = process.env.FORECOURT_BUILD_VERSION;
  if (label) {
    if (!VERSION_LABEL.test(label)) throw new Error(`FORECOURT_BUILD_VERSION "${label}" is not a version label (letters, digits, dots, hyphens, underscores)`);
    return label;
  }
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}
