/** Range sliders and price/km inputs (spec §5 sliders and inputs, §9 Sliders): pure rules, no DOM. */
import { formatNumber } from '@forecourt/contracts/display';
import { PRICE_INPUT_DEFAULTS, RANGE_MIN_GAP, SLIDER_DEFAULT_RANGE, SLIDER_ROUNDING, SLIDER_STEP_DIVISOR } from '@forecourt/contracts/constants';
import type { RangeFacet } from '@forecourt/contracts/search';

export type Bounds = { min: number; max: number };
export type RangeValue = { min?: number | undefined; max?: number | undefined };

/** Slider bounds: the engine's stats over matching stock, else the default 0-100,000 (spec §9). */
export function sliderBounds(stats: Bounds | undefined): Bounds {
  if (!stats || !(stats.max > stats.min)) return stats && stats.max === stats.min ? { min: stats.min, max: stats.min + 1 } : { ...SLIDER_DEFAULT_RANGE };
  return { min: stats.min, max: stats.max };
}

/** Step = range / 100, rounded, at least 1 (spec §9). */
export const sliderStep = (b: Bounds) => Math.max(1, Math.round((b.max - b.min) / SLIDER_STEP_DIVISOR));

/** Price and km round to the nearest 1000 (spec §5); year keeps whole years. */
export const roundSliderValue = (facet: RangeFacet, value: number) => (facet === 'year' ? Math.round(value) : Math.round(value / SLIDER_ROUNDING) * SLIDER_ROUNDING);

const clamp = (n: number, b: Bounds) => Math.min(b.max, Math.max(b.min, n));

/**
 * Moves one thumb (spec §5, §4 "Range slider keeps min below max by at least 1"): a value outside the bounds is
 * ignored (null); otherwise rounded, clamped to the bounds and kept at least 1 away from the other thumb.
 * A thumb at its bound is dropped from the result (no refinement on that side).
 */
export function moveThumb(facet: RangeFacet, bounds: Bounds, current: RangeValue, thumb: 'min' | 'max', raw: number): RangeValue | null {
  if (!Number.isFinite(raw) || raw < bounds.min || raw > bounds.max) return null;
  let value = clamp(roundSliderValue(facet, raw), bounds);
  const lo = current.min ?? bounds.min;
  const hi = current.max ?? bounds.max;
  // The native step (range/100) can be under the rounding unit: a key press or small drag must still move the thumb
  // to the next rounded value in its direction, or rounding would put it straight back.
  const prev = thumb === 'min' ? lo : hi;
  const unit = facet === 'year' ? 1 : SLIDER_ROUNDING;
  if (raw > prev && value <= prev) value = clamp(Math.floor(prev / unit) * unit + unit, bounds);
  if (raw < prev && value >= prev) value = clamp(Math.ceil(prev / unit) * unit - unit, bounds);
  if (thumb === 'min' && value > hi - RANGE_MIN_GAP) value = hi - RANGE_MIN_GAP;
  if (thumb === 'max' && value < lo + RANGE_MIN_GAP) value = lo + RANGE_MIN_GAP;
  const next: RangeValue = { min: thumb === 'min' ? value : current.min, max: thumb === 'max' ? value : current.max };
  return normaliseRange(next, bounds);
}

/** Drops sides at (or beyond) their bound, so a full range means no refinement. */
export function normaliseRange(r: RangeValue, bounds: Bounds): RangeValue {
  return { min: r.min !== undefined && r.min > bounds.min ? r.min : undefined, max: r.max !== undefined && r.max < bounds.max ? r.max : undefined };
}

/** Thumb positions shown for a refinement: clamped into the bounds. */
export function thumbPositions(r: RangeValue | undefined, bounds: Bounds): Bounds {
  const min = clamp(r?.min ?? bounds.min, bounds);
  const max = clamp(r?.max ?? bounds.max, bounds);
  return min <= max ? { min, max } : { min: max, max: min };
}

/** Typed input: digits only ("$12,500", "80,000 kms" and "12500" all read 12500); empty or no digits: undefined. */
export function parseAmount(text: string): number | undefined {
  const digits = text.replace(/\.\d*$/, '').replace(/\D/g, '');
  return digits ? Math.min(Number(digits.slice(0, 9)), 999_999_999) : undefined;
}

/** Price input text: `$` prefix and thousands separators (spec §5). */
export const formatPriceInput = (n: number | undefined) => (n === undefined ? '' : `$${formatNumber(n)}`);
/** Km input text: thousands separators and ' kms' suffix (spec §5). */
export const formatKmInput = (n: number | undefined) => (n === undefined ? '' : `${formatNumber(n)} kms`);
export const formatRangeInput = (facet: RangeFacet, n: number | undefined) => (facet === 'price' ? formatPriceInput(n) : facet === 'km' ? formatKmInput(n) : n === undefined ? '' : String(n));

/** Price quick picks from the used defaults $5,000-$70,000 (or the alternate $300,000-$800,000), spec §5. */
export function priceQuickPicks(kind: keyof typeof PRICE_INPUT_DEFAULTS = 'used'): number[] {
  const { min, max } = PRICE_INPUT_DEFAULTS[kind];
  const step = kind === 'used' ? 5_000 : 50_000;
  const picks: number[] = [];
  for (let n = min; n <= max; n += n < (kind === 'used' ? 30_000 : 500_000) ? step : step * 2) picks.push(n);
  if (picks[picks.length - 1] !== max) picks.push(max);
  return picks;
}

/** Km quick picks. */
export const KM_QUICK_PICKS = [10_000, 20_000, 50_000, 75_000, 100_000, 150_000, 200_000] as const;
