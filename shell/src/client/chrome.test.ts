import { describe, expect, it } from 'vitest';
import { shouldShowPromo } from './chrome.ts';

const now = Date.parse('2026-11-21T10:00:00Z');

describe('shouldShowPromo (spec §4 Promo popup)', () => {
  it('shows within the window when not dismissed', () => {
    expect(shouldShowPromo({ start: '2026-11-01', expiry: '2026-12-31', dismissed: false, now })).toBe(true);
    expect(shouldShowPromo({ dismissed: false, now })).toBe(true);
  });
  it('hides after expiry, before start, and once dismissed', () => {
    expect(shouldShowPromo({ expiry: '2026-11-20', dismissed: false, now })).toBe(false);
    expect(shouldShowPromo({ start: '2026-11-22', dismissed: false, now })).toBe(false);
    expect(shouldShowPromo({ dismissed: true, now })).toBe(false);
  });
});
