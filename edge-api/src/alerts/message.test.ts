import { describe, expect, it } from 'vitest';
import { MAX_SMS_LENGTH } from '../ports/sms/embedded.ts';
import { composeMessage, inQuietHours, localDay, nextDayRelease, quietHoursEnd, type MessageAlert } from './message.ts';
import { signOptOut, verifyOptOut } from './token.ts';

const origin = 'https://www.harbourside-toyota.com.au';
const token = 'dXNlci0x.t0x2k1.abcdefghijklmnopqrstuv';
const drop: MessageAlert = { kind: 'price_drop', car_id: 'c1', search_id: null, created_at: 3, payload: { name: '2021 Toyota Corolla Ascent', slug: '2021-toyota-corolla-c1', price: 24_990, was: 25_990 } };
const sold: MessageAlert = { kind: 'sold', car_id: 'c2', search_id: null, created_at: 2, payload: { name: '2019 Mazda CX-5 Maxx', slug: 'mx', gone: false } };
const match = (car: string, at = 1): MessageAlert => ({ kind: 'new_match', car_id: car, search_id: 's1', created_at: at, payload: { name: `2023 Toyota RAV4 ${car}`, slug: car, price: 41_000, search_label: 'Toyota RAV4', search_url: '/search/toyota/rav4' } });

describe('composeMessage (one text combining the pending alerts)', () => {
  it('leads with the price drop, counts the other updates, and always ends with the opt-out link', () => {
    const text = composeMessage({ siteName: 'Harbourside Toyota', origin, alerts: [sold, drop, match('r1')], token });
    expect(text).toBe(
      `Harbourside Toyota: price drop on 2021 Toyota Corolla Ascent, now $24,990 (was $25,990). ${origin}/cars/2021-toyota-corolla-c1 ` +
        `2 more updates: ${origin}/my-garage Stop alerts: ${origin}/alerts/stop?t=${token}`,
    );
  });

  it('points watchlist-only updates at the watchlist', () => {
    expect(composeMessage({ siteName: 'H', origin, alerts: [drop, sold], token })).toContain(`1 more update on your watchlist: ${origin}/watchlist Stop alerts:`);
  });

  it('says a sold or withdrawn car plainly', () => {
    expect(composeMessage({ siteName: 'H', origin, alerts: [sold], token })).toBe(`H: 2019 Mazda CX-5 Maxx from your watchlist has sold. Stop alerts: ${origin}/alerts/stop?t=${token}`);
    const gone = { ...sold, payload: { ...sold.payload, gone: true } };
    expect(composeMessage({ siteName: 'H', origin, alerts: [gone], token })).toContain('is no longer available.');
  });

  it("counts one saved search's new cars as one update", () => {
    expect(composeMessage({ siteName: 'H', origin, alerts: [match('r1')], token })).toContain(`a new car matches your saved search "Toyota RAV4": 2023 Toyota RAV4 r1, $41,000. ${origin}/cars/r1`);
    const three = composeMessage({ siteName: 'H', origin, alerts: [match('r1'), match('r2'), match('r3')], token });
    expect(three).toContain(`3 new cars match your saved search "Toyota RAV4". ${origin}/search/toyota/rav4 Stop alerts:`);
  });

  it('stays within the SMS limit, names clipped, the opt-out link whole', () => {
    const long = { ...drop, payload: { ...drop.payload, name: 'X'.repeat(600) } };
    const text = composeMessage({ siteName: 'A very long dealership name that goes on and on', origin, alerts: [long, sold, match('a'), match('b')], token });
    expect(text.length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(text.endsWith(`Stop alerts: ${origin}/alerts/stop?t=${token}`)).toBe(true);
  });
});

describe('quiet hours and the daily cap, in the tenant time zone', () => {
  // 2026-11-27 in Brisbane (UTC+10, no DST) and Sydney (UTC+11 in summer).
  const at = (utcHour: number, minute = 0) => Date.UTC(2026, 10, 26, utcHour, minute);

  it('is quiet from 9 pm to 8 am local time', () => {
    expect(inQuietHours('Australia/Brisbane', at(10, 59))).toBe(false); // 20:59
    expect(inQuietHours('Australia/Brisbane', at(11))).toBe(true); // 21:00
    expect(inQuietHours('Australia/Brisbane', at(21, 59))).toBe(true); // 07:59
    expect(inQuietHours('Australia/Brisbane', at(22))).toBe(false); // 08:00
    // Same instant, another zone: 21:00 in Sydney is 20:00 in Brisbane.
    expect(inQuietHours('Australia/Sydney', at(10))).toBe(true);
    expect(inQuietHours('Australia/Brisbane', at(10))).toBe(false);
  });

  it('holds until 8 am (today before 8, else tomorrow) and releases the next day at 8 am', () => {
    expect(quietHoursEnd('Australia/Brisbane', at(11))).toBe(at(22)); // 21:00 -> 08:00 next morning
    expect(quietHoursEnd('Australia/Brisbane', at(15))).toBe(at(22)); // 01:00 -> 08:00 the same morning
    expect(quietHoursEnd('Australia/Sydney', at(11))).toBe(at(21)); // 22:00 AEDT -> 08:00 AEDT = 21:00 UTC
    expect(nextDayRelease('Australia/Brisbane', at(0))).toBe(at(22)); // 10:00 on the 26th -> 08:00 on the 27th
    expect(localDay('Australia/Brisbane', at(13))).toBe('2026-11-26');
    expect(localDay('Australia/Brisbane', at(14))).toBe('2026-11-27');
    expect(localDay('Australia/Perth', at(14))).toBe('2026-11-26');
  });
});

describe('the signed opt-out token', () => {
  const key = 'k'.repeat(32);
  const now = Date.UTC(2026, 10, 27);
  it('verifies for its tenant and user only, and not once tampered with or too old', async () => {
    const t = await signOptOut(key, 'harbourside-toyota', 'user-1', now);
    expect(t.length).toBeLessThan(80);
    expect(await verifyOptOut(key, 'harbourside-toyota', t, now + 1000)).toBe('user-1');
    expect(await verifyOptOut(key, 'outback-used-cars', t, now)).toBeNull();
    expect(await verifyOptOut('other'.repeat(8), 'harbourside-toyota', t, now)).toBeNull();
    const [user, issued, mac] = t.split('.') as [string, string, string];
    const other = btoa('user-2').replace(/=+$/, '');
    expect(await verifyOptOut(key, 'harbourside-toyota', `${other}.${issued}.${mac}`, now)).toBeNull();
    expect(await verifyOptOut(key, 'harbourside-toyota', `${user}.${issued}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, now)).toBeNull();
    expect(await verifyOptOut(key, 'harbourside-toyota', `${user}.${(parseInt(issued, 36) + 1).toString(36)}.${mac}`, now)).toBeNull();
    expect(await verifyOptOut(key, 'harbourside-toyota', 'nonsense', now)).toBeNull();
    expect(await verifyOptOut(key, 'harbourside-toyota', t, now + 401 * 86_400_000)).toBeNull();
  });
});
