import { describe, expect, it } from 'vitest';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { tradeInFaq } from './faq.ts';

const answer = (items: ReturnType<typeof tradeInFaq>, id: string) => items.find((i) => i.id === id)?.answer;

describe('tradeInFaq (spec §9 trade-in FAQ values per tenant)', () => {
  it('gives the spec defaults for a tenant that names none: 10 years, 100,000 km, 7 days, Mon-Fri 8:30am-5:30pm, Sat 9am-5pm', () => {
    const items = tradeInFaq(siteConfig().trade_in);
    expect(items.map((i) => i.id)).toEqual(['online-estimate', 'valid', 'contact', 'hours']);
    expect(answer(items, 'online-estimate')).toContain('There is no online estimate for cars over 10 years or 100,000 km');
    expect(answer(items, 'valid')).toBe('Your estimate is valid for 7 days, subject to an inspection of the car.');
    expect(answer(items, 'contact')).toContain('same or next business day');
    expect(answer(items, 'hours')).toBe('Mon-Fri 8:30am - 5:30pm, Sat 9am - 5pm, Sun Closed');
  });

  it("follows the dealer's own limits, validity and hours", () => {
    const items = tradeInFaq(
      siteConfig('t', { trade_in: { max_age_years: 7, max_km: 150_000, estimate_valid_days: 1, hours: [{ weekday: 1, status: 'Open', open: '09:00', close: '17:00' }, { weekday: 6, status: 'Closed' }] } }).trade_in,
    );
    expect(answer(items, 'online-estimate')).toContain('up to 7 years old with up to 150,000 km');
    expect(answer(items, 'valid')).toBe('Your estimate is valid for 1 day, subject to an inspection of the car.');
    expect(items.find((i) => i.id === 'hours')?.hours).toEqual([
      { days: 'Mon', text: '9am - 5pm' }, { days: 'Tue', text: 'Closed' }, { days: 'Wed', text: 'Closed' }, { days: 'Thu', text: 'Closed' }, { days: 'Fri', text: 'Closed' },
      { days: 'Sat', text: 'Closed' }, { days: 'Sun', text: 'Closed' },
    ]);
  });

  it('reads singular years and days correctly, and survives a config without trade_in settings', () => {
    expect(answer(tradeInFaq({ max_age_years: 1 }), 'online-estimate')).toContain('up to 1 year old');
    expect(tradeInFaq(undefined)).toHaveLength(4);
  });
});
