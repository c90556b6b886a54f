import { describe, expect, it, vi } from 'vitest';
import { anchorSharedLoads, awaitSharedLoad, runWithLoadAnchor, SHARED_LOAD_STALL_MS, startSharedLoad } from './shared-load.ts';
import { createTenantStore } from './tenant-store.ts';

/** A promise that never settles: what a cancelled request leaves behind for the requests awaiting its I/O. */
const never = <T>() => new Promise<T>(() => {});

describe('shared loads', () => {
  it('hands the load to the starting request’s waitUntil, and notes when it settled', async () => {
    const anchored: Promise<unknown>[] = [];
    const entry = runWithLoadAnchor((p) => anchored.push(p), () => startSharedLoad(async () => 7));
    expect(anchored).toHaveLength(1);
    expect(entry.settled).toBe(false);
    await expect(entry.promise).resolves.toBe(7);
    await anchored[0];
    expect(entry.settled).toBe(true);
  });

  it('anchors loads started after awaits inside the middleware, and nothing without an execution context', async () => {
    const anchored: Promise<unknown>[] = [];
    const ctx = { executionCtx: { waitUntil: (p: Promise<unknown>) => void anchored.push(p) } };
    await anchorSharedLoads()(ctx, async () => {
      await Promise.resolve();
      startSharedLoad(async () => 1);
    });
    expect(anchored).toHaveLength(1);
    const noCtx = { get executionCtx(): never { throw new Error('This context has no ExecutionContext') } };
    let ran = false;
    await anchorSharedLoads()(noCtx, async () => {
      startSharedLoad(async () => 2);
      ran = true;
    });
    expect(ran).toBe(true);
    expect(anchored).toHaveLength(1);
  });

  it('answers a settled load at once and a pending one when it settles', async () => {
    const reload = vi.fn(async () => 0);
    const settled = startSharedLoad(async () => 3);
    await settled.promise;
    await expect(awaitSharedLoad(settled, reload)).resolves.toBe(3);
    let resolve!: (n: number) => void;
    const pending = startSharedLoad(() => new Promise<number>((r) => (resolve = r)));
    const joined = awaitSharedLoad(pending, reload);
    resolve(4);
    await expect(joined).resolves.toBe(4);
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops waiting for a load that never settles (its request cancelled) and loads again', async () => {
    vi.useFakeTimers();
    try {
      const stalled = startSharedLoad(() => never<number>(), Date.now());
      const reload = vi.fn(async () => 5);
      const joined = awaitSharedLoad(stalled, reload);
      await vi.advanceTimersByTimeAsync(SHARED_LOAD_STALL_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(joined).resolves.toBe(5);
      // A request arriving after the stall time does not wait at all.
      const late = vi.fn(async () => 6);
      await expect(awaitSharedLoad(stalled, late)).resolves.toBe(6);
      expect(late).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a rejection on to every request awaiting the load', async () => {
    const failing = startSharedLoad(async () => {
      throw new Error('KV down');
    });
    await expect(awaitSharedLoad(failing, async () => 1)).rejects.toThrow('KV down');
  });
});

describe('the tenant store over a read that never settles', () => {
  it('reads KV again after the stall time instead of hanging every later request', async () => {
    let now = 1_000_000;
    let reads = 0;
    const kv = {
      get: (key: string) => {
        reads++;
        // The first read belongs to a request that was cancelled: its I/O never completes.
        return reads === 1 ? never<unknown>() : Promise.resolve(key.startsWith('content:') ? null : null);
      },
    };
    const store = createTenantStore(kv, { now: () => now });
    void store.content('acme');
    now += SHARED_LOAD_STALL_MS;
    await expect(store.content('acme')).resolves.toBeDefined();
    expect(reads).toBe(2);
    // The fresh read is the cached one now.
    await store.content('acme');
    expect(reads).toBe(2);
  });
});
