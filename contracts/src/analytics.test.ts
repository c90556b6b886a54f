import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS, ANALYTICS_EVENT_IDS, AnalyticsEventSchema, enquiryEventId, testDriveEventId } from './analytics.ts';

describe('analytics', () => {
  it('has the 17 ids of spec §7', () => {
    expect([...ANALYTICS_EVENT_IDS].sort((a, b) => a - b)).toEqual([4, 9, 14, 15, 17, 18, 22, 25, 26, 36, 37, 39, 48, 49, 51, 60, 61]);
    expect(ANALYTICS_EVENTS.SEARCH_PAGE_VIEW).toBe(49);
    expect(ANALYTICS_EVENTS.PRINT).toBe(61);
  });

  it('validates events', () => {
    expect(v.safeParse(AnalyticsEventSchema, { event_id: 4, page: '/cars/x', car_id: '1' }).success).toBe(true);
    expect(v.safeParse(AnalyticsEventSchema, { event_id: 25, page: '/cars/x', meta: { type: 'Used Car' } }).success).toBe(true);
    expect(v.safeParse(AnalyticsEventSchema, { event_id: 5, page: '/' }).success).toBe(false);
    expect(v.safeParse(AnalyticsEventSchema, { event_id: 4, page: 'cars/x' }).success).toBe(false);
  });

  it('chooses enquiry and test-drive ids by car', () => {
    expect(enquiryEventId('used')).toBe(15);
    expect(enquiryEventId('new')).toBe(14);
    expect(enquiryEventId(undefined)).toBe(22);
    expect(testDriveEventId({ car_type: 'used' })).toBe(48);
    expect(testDriveEventId({ car_type: 'used', tag: 'Test Drive Only' })).toBe(17);
    expect(testDriveEventId({ car_type: 'new' })).toBe(17);
  });
});
