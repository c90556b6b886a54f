/**
 * Notices a new stock import: the engine's in-isolate index is reloaded when the tenant's stock meta changes
 * (checked at most once per `ttlMs` per tenant), so an import shows without redeploying or restarting; `onChange`
 * also gets the version this isolate had and the new one (the page purge: lib/stock-changes.ts).
 * Bounded: at most `maxTenants` tenants remembered (STOCK_WATCH_MAX_TENANTS, least recently checked forgotten: such a
 * tenant's next check only records its version again).
 * A check already under way for a tenant is shared (one read, one `onChange`, one `onRead`): the engine port starts a
 * tenant's first check beside its index load, before its config is read, and the request's own check joins it (issue
 * 19, cold start).
 */
export type StockWatchOptions = {
  ttlMs?: number;
  now?: () => number;
  maxTenants?: number;
  /** Called after every read of a version (at most once per ttl per tenant), changed or not; its failure is ignored. */
  onRead?: (tenant: string, version: string | null) => unknown;
};

/** Tenants whose stock version an isolate remembers. */
export const STOCK_WATCH_MAX_TENANTS = 1_000;

export type StockWatch = ((tenant: string) => Promise<void>) & {
  /** Records a version seen elsewhere (the refresh route), so the watch does not report it again. */
  note(tenant: string, version: string | null): void;
  /** The version last seen for a tenant (undefined: never checked). */
  seen(tenant: string): string | null | undefined;
  /** How many tenants are remembered. */
  size(): number;
  /** Forgets a tenant, also the result of a check of it still under way (a slug the tenant store does not know). */
  forget(tenant: string): void;
};

export function createStockWatch(
  readVersion: (tenant: string) => Promise<string | null>,
  onChange: (tenant: string, previous: string | null, version: string | null) => unknown,
  options: StockWatchOptions = {},
): StockWatch {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const max = options.maxTenants ?? STOCK_WATCH_MAX_TENANTS;
  const seen = new Map<string, { at: number; version: string | null }>();
  const remember = (tenant: string, version: string | null) => {
    seen.delete(tenant);
    seen.set(tenant, { at: now(), version });
    while (seen.size > max) seen.delete(seen.keys().next().value!);
  };
  /** Checks under way, by tenant (each removed once it ends: at most the tenants being checked at this moment). */
  const pending = new Map<string, { promise: Promise<void>; forgotten: boolean }>();
  const run = async (tenant: string, last: { version: string | null } | undefined, mine: { forgotten: boolean }): Promise<void> => {
    let version: string | null;
    try {
      version = await readVersion(tenant);
    } catch {
      return; // KV hiccup: keep serving the index we have.
    }
    if (mine.forgotten) return;
    remember(tenant, version);
    if (last && last.version !== version) await onChange(tenant, last.version, version);
    if (options.onRead) await Promise.resolve(options.onRead(tenant, version)).catch(() => {});
  };
  const check = function check(tenant: string): Promise<void> {
    const last = seen.get(tenant);
    if (last && now() - last.at < ttl) return Promise.resolve();
    const under = pending.get(tenant);
    if (under) return under.promise;
    const mine = { forgotten: false } as { promise: Promise<void>; forgotten: boolean };
    mine.promise = run(tenant, last, mine).finally(() => {
      if (pending.get(tenant) === mine) pending.delete(tenant);
    });
    pending.set(tenant, mine);
    return mine.promise;
  };
  return Object.assign(check, {
    // A version noted (a refresh after an import) supersedes a check under way: that check may have read the version
    // before the import, and remembering it would make the next check see a false change (an index rebuilt for nothing).
    note(tenant: string, version: string | null) {
      remember(tenant, version);
      const under = pending.get(tenant);
      if (under) {
        under.forgotten = true;
        pending.delete(tenant);
      }
    },
    seen: (tenant: string) => seen.get(tenant)?.version,
    size: () => seen.size,
    forget(tenant: string) {
      seen.delete(tenant);
      const under = pending.get(tenant);
      if (under) {
        under.forgotten = true;
        pending.delete(tenant);
      }
    },
  });
}
