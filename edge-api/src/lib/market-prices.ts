/**
 * A day's memory of market valuations (D1 `market_prices`, migration 0004): one provider lookup per car, price and km
 * a day instead of one per vehicle-page view. "No valuation" is remembered too; a provider failure is not (the next
 * view asks again).
 */
import type { MarketPriceCar, MarketValuation } from '../ports/autograb/port.ts';

/** How long a valuation is reused. */
export const MARKET_PRICE_TTL_MS = 24 * 60 * 60 * 1000;

/** A changed price, km, year, badge, NVIC or state is another car to the provider, so another key. */
export const marketPriceKey = (car: MarketPriceCar) =>
  JSON.stringify([car.id, car.price, car.km ?? null, car.year, car.make, car.model, car.badge ?? null, car.nvic ?? null, car.state ?? null]);

export async function cachedValuation(
  db: D1Database,
  tenant: string,
  car: MarketPriceCar,
  fetchValuation: () => Promise<MarketValuation | null>,
  now = Date.now(),
): Promise<MarketValuation | null> {
  const key = marketPriceKey(car);
  const hit = await db
    .prepare('SELECT valuation FROM market_prices WHERE tenant = ? AND car_key = ? AND fetched_at > ?')
    .bind(tenant, key, now - MARKET_PRICE_TTL_MS)
    .first<{ valuation: string | null }>();
  if (hit) return hit.valuation === null ? null : (JSON.parse(hit.valuation) as MarketValuation);
  const valuation = await fetchValuation();
  await db
    .prepare('INSERT INTO market_prices (tenant, car_key, valuation, fetched_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (tenant, car_key) DO UPDATE SET valuation = ?3, fetched_at = ?4')
    .bind(tenant, key, valuation === null ? null : JSON.stringify(valuation), now)
    .run();
  return valuation;
}
