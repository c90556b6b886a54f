/**
 * The Trade-In FAQ of the journey pages (spec §9: 'no online estimate for cars over 7 or 10 years or 100,000 km
 * (varies by dealer); estimate valid 7 days; contact same or next business day; hours Mon-Fri 8.30am-5.30pm, Sat
 * 9am-5pm'), from the tenant's `trade_in` settings, so the answers always match the rules edge-api applies.
 */
import { hoursSummary, type HoursLine } from '@forecourt/contracts/hours';
import * as v from 'valibot';
import { DEFAULT_TRADE_IN_HOURS, TradeInSettingsSchema, type TradeInSettings } from '@forecourt/contracts/trade-in';

export type FaqItem = { id: string; question: string; answer: string; hours?: HoursLine[] };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The FAQ's questions and answers for a tenant.
 * @example tradeInFaq({ max_age_years: 7 })[0].answer // 'We give an online estimate for cars up to 7 years old with up to 100,000 km. ...'
 */
export function tradeInFaq(settings: Partial<TradeInSettings> | undefined): FaqItem[] {
  // The schema's own defaults (a parsed config already has them; a partial one gets them here), never restated.
  const { max_age_years: years, max_km: km, estimate_valid_days: days, hours: own } = v.parse(TradeInSettingsSchema, settings ?? {});
  const hours = hoursSummary(own?.length ? own : DEFAULT_TRADE_IN_HOURS);
  return [
    {
      id: 'online-estimate',
      question: 'Can every car get an online estimate?',
      answer: `We give an online estimate for cars up to ${plural(years, 'year')} old with up to ${km.toLocaleString('en-AU')} km. There is no online estimate for cars over ${plural(years, 'year')} or ${km.toLocaleString('en-AU')} km: our team values those in person and contacts you instead.`,
    },
    {
      id: 'valid',
      question: 'How long is my estimate valid?',
      answer: `Your estimate is valid for ${plural(days, 'day')}, subject to an inspection of the car.`,
    },
    {
      id: 'contact',
      question: 'When will you contact me?',
      answer: 'We contact you the same or next business day, within the trade-in team’s hours.',
    },
    {
      id: 'hours',
      question: 'What are the trade-in team’s hours?',
      answer: hours.map((line) => `${line.days} ${line.text}`).join(', '),
      hours,
    },
  ];
}
