/**
 * Every Worker's `Env` is generated from its wrangler.jsonc (dev/wrangler-types.mjs): a binding or var changed without
 * `npm run types` fails here, before the code type-checks against bindings the Worker no longer has.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { expectedTypes, TYPES_FILE } from './wrangler-types.mjs';
// @ts-expect-error plain ESM script without types
import { ROOT, WORKERS } from './workers.mjs';

const workers: string[] = WORKERS.map((w: { dir: string }) => w.dir);

describe(`every Worker's ${TYPES_FILE} is what \`npm run types\` writes now`, () => {
  const expected = new Map<string, string>();
  // One wrangler per Worker, all at once (a couple of seconds each): the whole check stays well under 30 s.
  beforeAll(async () => {
    const files: string[] = await Promise.all(workers.map((dir) => expectedTypes(dir)));
    workers.forEach((dir, i) => expected.set(dir, files[i]!));
  }, 60_000);

  it.each(workers)('%s', (dir) => {
    const committed = readFileSync(join(ROOT, dir, TYPES_FILE), 'utf8');
    expect(committed, `${dir}/${TYPES_FILE} is stale: run \`npm run types\``).toBe(expected.get(dir));
  });

  it('checks every folder with a wrangler.jsonc', () => {
    const configured = readdirSync(ROOT).filter((dir) => existsSync(join(ROOT, dir, 'wrangler.jsonc')));
    expect([...workers].sort()).toEqual(configured.sort());
  });
});
