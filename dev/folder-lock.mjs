/**
 * A lock between processes on one machine: a folder made with `mkdir` (atomic), removed to release. A lock older than
 * `staleMs` (its holder died) is taken over; waiting longer than `giveUpMs` is an error. Used by the canary builds
 * (dev/canary.mjs) and the seeded-state templates (dev/seed-state.mjs).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';

/**
 * Takes the lock folder `path`, waiting while another process holds it; answers the function that releases it.
 * @param {string} path
 * @param {{ staleMs: number, giveUpMs?: number, pollMs?: number }} options
 * @returns {Promise<() => void>}
 */
export async function takeFolderLock(path, { staleMs, giveUpMs = staleMs, pollMs = 200 }) {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue; // released in between: take it now
      }
      if (age > staleMs) rmSync(path, { recursive: true, force: true });
      else if (Date.now() - started > giveUpMs) throw new Error(`Gave up waiting for ${path}`);
      else await new Promise((r) => setTimeout(r, pollMs));
    }
  }
}
