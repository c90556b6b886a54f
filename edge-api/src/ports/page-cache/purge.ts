/**
 * The purge triggers' one helper: after a write committed that changes what car pages show (a reservation paid, a
 * refund), the pages showing it are purged before the write is answered (at most PURGE_AWAIT_MS, then in the
 * background of the request through ExecutionContext.waitUntil). It never fails the write:
 * a port that cannot be built or a purge that fails is logged (tenant, reason and the error only: no personal data)
 * and the page lives until its max-age.
 */
import * as v from 'valibot';
import { CacheTagSchema, pageCacheTags, type PurgeReason } from '@forecourt/contracts/page-cache';
import type { PageCachePort } from './port.ts';
import { purgeErrorText } from './port.ts';

export type CarPagesPurge = { tenant: string; carIds: ReadonlyArray<string | null | undefined>; reason: PurgeReason };

/**
 * The tags of a change to these cars: each car's page (`car:<tenant>:<id>`) and the pages listing stock
 * (`stock:<tenant>`: search cards show Reserved too). A car id that cannot be a tag leaves only the stock tag.
 */
export function carPageTags(tenant: string, carIds: CarPagesPurge['carIds']): string[] {
  const cars = carIds.flatMap((id) => (id ? [pageCacheTags.car(tenant, id)] : [])).filter((tag) => v.is(CacheTagSchema, tag));
  return [...new Set([...cars, pageCacheTags.stock(tenant)])];
}

/** A run without a page cache (no shell bound) says so once per isolate, not at every write. */
let unboundLogged = false;

/** Runs the purge; resolves either way (a failure is logged). */
export async function purgeCarPagesNow(portOf: () => PageCachePort, { tenant, carIds, reason }: CarPagesPurge): Promise<void> {
  try {
    const outcome = await portOf().purge({ tenant, tags: carPageTags(tenant, carIds), reason });
    if (!outcome.ok && outcome.unbound) {
      if (!unboundLogged) console.warn(`edge-api page cache: nothing purged (${outcome.error})`);
      unboundLogged = true;
    } else if (!outcome.ok) console.warn(`edge-api page cache: ${reason} purge for tenant ${tenant} not done, pages live until their max-age: ${outcome.error}`);
  } catch (err) {
    console.error(`edge-api page cache: ${reason} purge for tenant ${tenant} failed, pages live until their max-age: ${purgeErrorText(err)}`);
  }
}

/**
 * How long a write's answer waits for its purge: the shopper's next request (the car page after the payment's 303)
 * must not beat the purge, yet a slow page cache never holds a payment answer longer than this.
 */
export const PURGE_AWAIT_MS = 1_500;

/**
 * Purges the pages a committed write changed, and resolves once the purge is done or after `waitMs`
 * (PURGE_AWAIT_MS), whichever is first: the caller awaits it before answering, so the next request sees the purge,
 * while a slow one goes on in the background of the request (ExecutionContext.waitUntil keeps it alive past the
 * answer). Never rejects (a failed purge is logged). Without an ExecutionContext (a test calling a route directly)
 * the purge still runs to its end.
 */
export async function purgeCarPages(ctx: Pick<ExecutionContext, 'waitUntil'> | null, portOf: () => PageCachePort, purge: CarPagesPurge, waitMs = PURGE_AWAIT_MS): Promise<void> {
  const running = purgeCarPagesNow(portOf, purge);
  ctx?.waitUntil(running);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`edge-api page cache: ${purge.reason} purge for tenant ${purge.tenant} still running after ${waitMs} ms: answering, it goes on in the background`);
      resolve();
    }, waitMs);
  });
  try {
    await Promise.race([running, waited]);
  } finally {
    clearTimeout(timer);
  }
}
