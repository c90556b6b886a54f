import { describe, expect, it } from 'vitest';
import { locationInput, locationsData, siteConfig } from '../test/tenant.ts';
import { byLocationType } from './block.ts';
import { DEFAULT_SUMMARY_LIMIT, locationsSummary } from './summary.ts';

const loc = (id: string, type: '' | 'sales' | 'used' | 'service' | 'parts', extra: Record<string, unknown> = {}) => locationInput({ id, name: `Place ${id}`, slug: `place-${id}`, location_type: type, ...extra });

describe('the section’s order (./block.ts byLocationType)', () => {
  it('primary first, then sales (used with them), service, parts; config order within each', () => {
    const list = [loc('p', 'parts'), loc('s1', 'service'), loc('a', ''), loc('u', 'used'), loc('s2', 'service'), loc('b', 'sales'), loc('main', 'service', { primary: true })];
    const ordered = byLocationType(locationsData('t', { locations: list }).locations);
    expect(ordered.map((l) => l.id)).toEqual(['main', 'a', 'u', 'b', 's1', 's2', 'p']);
  });
  it('a pre-owned sales subtype counts as used, so as sales', () => {
    const list = [loc('s', 'service'), loc('x', 'service', { location_subtype: 'Pre-owned sales' })];
    expect(byLocationType(locationsData('t', { locations: list }).locations).map((l) => l.id)).toEqual(['x', 's']);
  });
});

describe('locationsSummary', () => {
  const ids = Array.from({ length: 6 }, (_, i) => `l${i}`);
  const data = locationsData('t', { locations: [...ids.map((id, i) => loc(id, i % 2 ? 'service' : 'sales', { primary: i === 3 })), loc('hidden', 'sales', { visible: false })] });
  const config = siteConfig('t', { locations: [...ids, 'hidden'] });
  const now = new Date('2026-03-04T00:00:00Z'); // Wednesday 10am in Brisbane

  it('shows at most the limit (default 4) of the visible locations, and counts them all', () => {
    const summary = locationsSummary(config, data, {}, now);
    expect(summary.cards.map((c) => c.id)).toEqual(['l3', 'l0', 'l2', 'l4']);
    expect(summary.cards).toHaveLength(DEFAULT_SUMMARY_LIMIT);
    expect(summary.total).toBe(6);
    expect(locationsSummary(config, data, { limit: '1' }, now).cards.map((c) => c.id)).toEqual(['l3']);
    expect(locationsSummary(config, data, { limit: '12' }, now).cards).toHaveLength(6);
  });
  it('each card says whether it is open now and has its review summary', () => {
    const [card] = locationsSummary(config, data, { limit: '1' }, now).cards;
    expect(card).toMatchObject({ today: { state: 'open', label: 'Open now', next: 'Closes at 5:30pm' }, review: { average: '4.6', countText: 'Based on 212 reviews' } });
  });
  it('no review summaries when the tenant hides reviews', () => {
    const hidden = siteConfig('t', { locations: ids, features: { reviews: false } });
    expect(locationsSummary(hidden, data, {}, now).cards.every((c) => c.review === null)).toBe(true);
  });
});
