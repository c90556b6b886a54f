import { describe, expect, it } from 'vitest';
import { FINANCE_STEPS, stepsToggleLabel } from './steps.ts';

describe('finance steps', () => {
  it('has the 3 steps of spec §2 Finance page, in order', () => {
    expect(FINANCE_STEPS.map((s) => s.title)).toEqual(['Apply online in minutes', 'Get pre-approved', 'Purchase the car']);
  });
  it('labels the steps toggle by state', () => {
    expect(stepsToggleLabel(true)).toBe('Hide steps');
    expect(stepsToggleLabel(false)).toBe('Show steps');
  });
});
