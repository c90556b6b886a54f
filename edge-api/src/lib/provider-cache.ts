/**
 * Memory of paid providers' answers in D1, so page views do not turn into provider calls (issue 5):
 * - market valuations (D1 `market_prices`, migration 0004): a day per car, price, km, NVIC and state;
 * - delivery estimates (D1 `delivery_quotes`, migration 0006): a week per origin and destination postcode.
 * "No answer" (no valuation, no estimate) is remembered too; a provider failure is not (the next view asks again).
 */
import type { DeliveryEstimate } from '@forecourt/contracts/entities/vdp';
import type { MarketPriceCar, MarketValuation } from '../ports/autograb/port.ts';

/** How long a valuation is reused. */
export const MARKET_PRICE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a delivery estimate is reused (carriers change their tariffs seldom; the price is a guide, spec §8). */
export const DELIVERY_QUOTE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The tables this module keeps, with their key and value columns (fixed here, never from a request). */
const TABLES = {
  market_prices: { key: 'car_key', value: 'valuation', ttlMs: MARKET_PRICE_TTL_MS },
  delivery_quotes: { key: 'quote_key', value: 'estimate', ttlMs: DELIVERY_QUOTE_TTL_MS },
} as const;
export type ProviderCacheTable = keyof typeof TABLES;

/** The remembered answer of `key`, else asks `fetchAnswer` and remembers it (null included). */
export async function remembered<T>(db: D1Database, table: ProviderCacheTable, tenant: string, key: string, fetchAnswer: () => Promise<T | null>, now = Date.now()): Promise<T | null> {
  const { key: keyColumn, value, ttlMs } = TABLES[table];
  const hit = await db
    .prepare(`SELECT ${value} AS answer FROM ${table} WHERE tenant = ? AND ${keyColumn} = ? AND fetched_at > ?`)
    .bind(tenant, key, now - ttlMs)
    .first<{ answer: string | null }>();
  if (hit) return hit.answer === null ? null : (JSON.parse(hit.answer) as T);
  const answer = await fetchAnswer();
  try {
    await db
      .prepare(`INSERT INTO ${table} (tenant, ${keyColumn}, ${value}, fetched_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (tenant, ${keyColumn}) DO UPDATE SET ${value} = ?3, fetched_at = ?4`)
      .bind(tenant, key, answer === null ? null : JSON.stringify(answer), now)
      .run();
  } catch (error) {
    // The provider answered (and was paid): a failed write only means the next view asks again.
    console.error(`edge-api ${table}: answer not kept for ${tenant}: ${error instanceof Error ? error.message : 'error'}`);
  }
  return answer;
}

/** Deletes answers past their reuse window (the cron, src/lib/expiry.ts); the number deleted per table. */
export function expiredAnswerStatements(db: D1Database, now: number): D1PreparedStatement[] {
  return (Object.keys(TABLES) as ProviderCacheTable[]).map((table) => db.prepare(`DELETE FROM ${table} WHERE fetched_at < ?`).bind(now - TABLES[table].ttlMs));
}

/** A changed price, km, year, badge, NVIC or state is another car to the provider, so another key. */
export const marketPriceKey = (car: MarketPriceCar) =>
  JSON.stringify([car.id, car.price, car.km ?? null, car.year, car.make, car.model, car.badge ?? null, car.nvic ?? null, car.state ?? null]);

export const cachedValuation = (db: D1Database, tenant: string, car: MarketPriceCar, fetchValuation: () => Promise<MarketValuation | null>, now = Date.now()) =>
  remembered(db, 'market_prices', tenant, marketPriceKey(car), fetchValuation, now);

/** One estimate per route: where the car leaves from and where it goes. */
export const deliveryQuoteKey = (originPostcode: string, postcode: string) => `${originPostcode}>${postcode}`;

export const cachedDeliveryEstimate = (db: D1Database, tenant: string, originPostcode: string, postcode: string, fetchEstimate: () => Promise<DeliveryEstimate | null>, now = Date.now()) =>
  remembered(db, 'delivery_quotes', tenant, deliveryQuoteKey(originPostcode, postcode), fetchEstimate, now);
