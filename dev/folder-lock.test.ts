import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { takeFolderLock } from './folder-lock.mjs';

const dirs: string[] = [];
const lockPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fc-lock-'));
  dirs.push(dir);
  return join(dir, 'x.lock');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('takeFolderLock', () => {
  it('holds the folder until released; a second taker waits for the release', async () => {
    const path = lockPath();
    const release = await takeFolderLock(path, { staleMs: 60_000, pollMs: 10 });
    expect(existsSync(path)).toBe(true);
    let second = false;
    const waiting = takeFolderLock(path, { staleMs: 60_000, pollMs: 10 }).then((r: () => void) => ((second = true), r));
    await new Promise((r) => setTimeout(r, 50));
    expect(second).toBe(false);
    release();
    (await waiting)();
    expect(second).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('takes over a stale lock, and gives up on a live one after giveUpMs', async () => {
    const path = lockPath();
    mkdirSync(path);
    const old = new Date(Date.now() - 120_000);
    utimesSync(path, old, old);
    (await takeFolderLock(path, { staleMs: 60_000, pollMs: 10 }))();
    mkdirSync(path);
    await expect(takeFolderLock(path, { staleMs: 60_000, giveUpMs: 50, pollMs: 10 })).rejects.toThrow('Gave up waiting');
  });
});
