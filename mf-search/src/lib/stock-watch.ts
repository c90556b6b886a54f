/**
 * Notices a new stock import: the engine's in-isolate index is rebuilt when the tenant's stock meta changes
 * (checked at most once per `ttlMs` per tenant), so an import shows without redeploying or restarting.
 */
export type StockWatchOptions = { ttlMs?: number; now?: () => number };

export function createStockWatch(readVersion: (tenant: string) => Promise<string | null>, onChange: (tenant: string) => void, options: StockWatchOptions = {}) {
  const ttl = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const seen = new Map<string, { at: number; version: string | null }>();
  return async function check(tenant: string): Promise<void> {
    const last = seen.get(tenant);
    if (last && now() - last.at < ttl) return;
    let version: string | null;
    try {
      version = await readVersion(tenant);
    } catch {
      return; // KV hiccup: keep serving the index we have.
    }
    seen.set(tenant, { at: now(), version });
    if (last && last.version !== version) onChange(tenant);
  };
}
