/** Market-price result (AutoGauge), spec §3; the panel's visibility rule is spec §5. */
import * as v from 'valibot';

export const MarketPriceResultSchema = v.object({
  /** Position of the listing price within the market range, 0-1. */
  fill: v.nullish(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  listing_price: v.nullish(v.number()),
  market_range_min: v.nullish(v.number()),
  market_range_max: v.nullish(v.number()),
  confidence: v.nullish(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  description: v.nullish(v.string()),
});
export type MarketPriceResult = v.InferOutput<typeof MarketPriceResultSchema>;
