import { describe, expect, it } from 'vitest';
import { formatKmInput, formatPriceInput, moveThumb, normaliseRange, parseAmount, priceQuickPicks, roundSliderValue, sliderBounds, sliderStep, thumbPositions } from './slider.ts';

describe('sliders (spec §5, §9)', () => {
  it('default range 0-100,000 and step range/100 rounded', () => {
    expect(sliderBounds(undefined)).toEqual({ min: 0, max: 100_000 });
    expect(sliderStep({ min: 0, max: 100_000 })).toBe(1000);
    expect(sliderStep({ min: 5_990, max: 89_990 })).toBe(840);
    expect(sliderStep({ min: 2015, max: 2024 })).toBe(1);
    expect(sliderBounds({ min: 2020, max: 2020 })).toEqual({ min: 2020, max: 2021 });
  });
  it('price and km round to the nearest 1000; year to whole years', () => {
    expect(roundSliderValue('price', 6_830)).toBe(7_000);
    expect(roundSliderValue('km', 12_499)).toBe(12_000);
    expect(roundSliderValue('km', 12_500)).toBe(13_000);
    expect(roundSliderValue('year', 2019.6)).toBe(2020);
  });
  it('ignores a value outside the range, clamps after rounding, keeps min below max by 1', () => {
    const b = { min: 5_990, max: 89_990 };
    expect(moveThumb('price', b, {}, 'min', 4_000)).toBeNull();
    expect(moveThumb('price', b, {}, 'max', 90_000)).toBeNull();
    expect(moveThumb('price', b, {}, 'min', 6_830)).toEqual({ min: 7_000, max: undefined });
    // 89,600 rounds to 90,000 (clamped to the bound 89,990): that would undo the move down, so it goes to 89,000.
    expect(moveThumb('price', b, {}, 'max', 89_600)).toEqual({ min: undefined, max: 89_000 });
    // Moving up to the bound still means no refinement on that side.
    expect(moveThumb('price', b, { max: 80_000 }, 'max', 89_990)).toEqual({ min: undefined, max: undefined });
    expect(moveThumb('price', b, { max: 20_000 }, 'min', 20_400)).toEqual({ min: 19_999, max: 20_000 });
    expect(moveThumb('price', b, { min: 30_000 }, 'max', 29_800)).toEqual({ min: 30_000, max: 30_001 });
    expect(moveThumb('price', b, {}, 'min', 6_100)).toEqual({ min: 6_000, max: undefined });
  });
  it('normalises and positions thumbs inside the bounds', () => {
    expect(normaliseRange({ min: 0, max: 100_000 }, { min: 0, max: 100_000 })).toEqual({ min: undefined, max: undefined });
    expect(thumbPositions({ min: 1, max: 500_000 }, { min: 10, max: 100 })).toEqual({ min: 10, max: 100 });
    expect(thumbPositions(undefined, { min: 10, max: 100 })).toEqual({ min: 10, max: 100 });
  });
});

describe('price and km inputs (spec §5)', () => {
  it('formats with $ prefix, separators and kms suffix, and reads them back', () => {
    expect(formatPriceInput(12_500)).toBe('$12,500');
    expect(formatKmInput(80_000)).toBe('80,000 kms');
    expect(formatPriceInput(undefined)).toBe('');
    expect(parseAmount('$12,500')).toBe(12_500);
    expect(parseAmount('80,000 kms')).toBe(80_000);
    expect(parseAmount('12500.75')).toBe(12_500);
    expect(parseAmount('abc')).toBeUndefined();
  });
  it('quick picks span the used defaults $5,000-$70,000', () => {
    const picks = priceQuickPicks('used');
    expect(picks[0]).toBe(5_000);
    expect(picks.at(-1)).toBe(70_000);
    expect(priceQuickPicks('alternate')[0]).toBe(300_000);
    expect(priceQuickPicks('alternate').at(-1)).toBe(800_000);
  });
});

describe('moveThumb always makes progress (keyboard steps smaller than the rounding unit)', () => {
  it.each([
    [{ min: 0, max: 20_000 }],
    [{ min: 3_990, max: 89_990 }],
    [{ min: 0, max: 100_000 }],
  ])('8 ArrowRight presses on the min price thumb within %o each move up, to multiples of 1000', (bounds) => {
    let current: { min?: number; max?: number } = {};
    let position = bounds.min;
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = moveThumb('price', bounds, current, 'min', Math.min(bounds.max, position + sliderStep(bounds)));
      expect(next).not.toBeNull();
      const value = next!.min ?? bounds.min;
      expect(value).toBeGreaterThan(position);
      expect(value % 1000 === 0 || value === bounds.max - 1).toBe(true);
      seen.push(value);
      position = value;
      current = next!;
    }
    expect(new Set(seen).size).toBe(8);
  });
  it('ArrowLeft on the max thumb moves down the same way', () => {
    const bounds = { min: 0, max: 20_000 };
    const next = moveThumb('km', bounds, { max: 15_000 }, 'max', 15_000 - sliderStep(bounds));
    expect(next!.max).toBe(14_000);
  });
});
