/**
 * `npm test`'s type-check: `tsc -b` over every package and the Worker tests' own tsconfigs (tsconfig.json's
 * references), as one file of the vitest run (project `typecheck`) instead of a step before it. The same check, the
 * same output on failure; run beside the other files it uses the cores the run leaves idle (workerd starting, pages
 * answering) instead of adding its ~55 s in front of them. `npm run typecheck` runs it alone.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The package's `tsc` bin (TypeScript 7 exports no `./bin/tsc` subpath: found beside its package.json).
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

function run(args: string[], signal: AbortSignal): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // `signal`: the test's, so a test that times out or is cancelled stops the compiler too.
    const child = spawn(process.execPath, [TSC, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], signal });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('tsc -b finds no type error in any package', async ({ signal }) => {
  const { code, output } = await run(['-b', '--pretty', 'false'], signal);
  // The compiler's own lines (file(line,col): error TSxxxx: ...) are the failure message.
  expect(output).not.toMatch(/error TS\d+/);
  expect(code, output).toBe(0);
}, 600_000);
