/**
 * Every Worker's isolate warm-up (contracts warm-up.ts) runs at true module scope in workerd and finishes there. Module
 * scope may do no I/O, set no timer and draw no random value: a warm-up that does fails, logs `<worker>: warm-up
 * failed` and leaves the first request cold. The Worker tests cannot see it (vitest-pool-workers imports a Worker's
 * modules inside a request, where timers are allowed), so each built bundle is started here alone, with no bindings,
 * as a deployment starts it, and its log is read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM module without types
import { ROOT, WARMED_WORKERS } from './workers.mjs';

/** Starts `script` alone in workerd, sends it one request (its module has run by then), and answers what it logged. */
async function moduleStartLog(script: string): Promise<string> {
  let logged = '';
  const collect = (stream: NodeJS.ReadableStream) => stream.on('data', (chunk) => (logged += String(chunk)));
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    handleRuntimeStdio: (stdout, stderr) => (collect(stdout), collect(stderr)),
  });
  try {
    await mf.ready;
    // Any answer will do (no bindings: most Workers answer an error); it proves the module and its start have run.
    await (await mf.dispatchFetch('http://localhost/')).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await mf.dispose();
  }
  return logged;
}

describe('isolate warm-ups at module scope (issue 19, cold start)', () => {
  it('a warm-up that sets a timer at module scope is caught by this check (its failure is logged)', async () => {
    const script = `Promise.resolve().then(() => setTimeout(() => {}, 1)).catch((e) => console.error('mf-test: warm-up failed', e.message));
      export default { fetch: () => new Response('ok') };`;
    expect(await moduleStartLog(script)).toMatch(/mf-test: warm-up failed .*global scope/);
  });

  it.each(WARMED_WORKERS as string[])('%s: its built bundle’s warm-up finishes at module scope without a failure', async (dir) => {
    const script = readFileSync(join(ROOT, dir, 'dist/worker/index.js'), 'utf8').replace(/\/\/# sourceMappingURL.*$/m, '');
    // The bundle starts its warm-up (the entry module's `warmUp.start(...)` call).
    expect(script).toMatch(/\.start\(\(\)=>/);
    expect(await moduleStartLog(script)).not.toMatch(/warm-up failed/);
  });
});
