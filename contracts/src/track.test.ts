import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENTS } from './analytics.ts';
import { ANALYTICS_PATH, track } from './track.ts';

describe('track (analytics helper)', () => {
  it('sends a valid event by beacon as JSON with the page', async () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    expect(track({ event_id: ANALYTICS_EVENTS.SAVE_FAVOURITE, car_id: 'car-1' }, { sendBeacon }, '/search/used-cars')).toBe(true);
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(ANALYTICS_PATH);
    expect(JSON.parse(await blob.text())).toEqual({ event_id: 39, car_id: 'car-1', page: '/search/used-cars' });
  });
  it('falls back to fetch with keepalive when the beacon is refused', () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    expect(track({ event_id: ANALYTICS_EVENTS.SEARCH_PAGE_VIEW }, { sendBeacon: () => false, fetch }, '/search/new-cars')).toBe(true);
    expect(fetch).toHaveBeenCalledWith(ANALYTICS_PATH, expect.objectContaining({ method: 'POST', keepalive: true }));
  });
  it('drops an event with an id the spec does not have', () => {
    const sendBeacon = vi.fn(() => true);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(track({ event_id: 5 as never }, { sendBeacon }, '/')).toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
