/**
 * When an alert text may go out (quiet hours and the daily cap, in the tenant's time zone) and what it says: one text
 * per shopper combining their pending alerts, with the opt-out link (issue 16). Pure: the delivery (deliver.ts), the
 * tests and the bench use it as is.
 */
import { ALERT_QUIET_HOURS, ALERTS_STOP_PATH, type AlertKind } from '@forecourt/contracts/account';
import { formatAud } from '@forecourt/contracts/display';
import { MAX_SMS_LENGTH } from '../ports/sms/embedded.ts';
import type { AlertPayload } from './diff.ts';

const DEFAULT_TIME_ZONE = 'Australia/Brisbane';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in a time zone (an unknown zone reads as the config's default, as todayIn does). */
export function wallClock(timeZone: string | undefined, now: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const zone = timeZone || DEFAULT_TIME_ZONE;
  let format = formatters.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    } catch {
      return wallClock(DEFAULT_TIME_ZONE, now);
    }
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** `YYYY-MM-DD` in the time zone: the day the daily cap counts. */
export function localDay(timeZone: string | undefined, now: number): string {
  const { year, month, day } = wallClock(timeZone, now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant of `hour`:00 on the given local date (days may overflow: day + 1 is tomorrow), DST included. */
export function zonedInstant(timeZone: string | undefined, year: number, month: number, day: number, hour: number): number {
  const wanted = Date.UTC(year, month - 1, day, hour);
  const offsetAt = (t: number) => {
    const w = wallClock(timeZone, t);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(t / 60_000) * 60_000;
  };
  let t = wanted - offsetAt(wanted);
  t = wanted - offsetAt(t);
  return t;
}

/** True from ALERT_QUIET_HOURS.start (9 pm) to ALERT_QUIET_HOURS.end (8 am) in the tenant's time zone. */
export function inQuietHours(timeZone: string | undefined, now: number): boolean {
  const { hour } = wallClock(timeZone, now);
  return hour >= ALERT_QUIET_HOURS.start || hour < ALERT_QUIET_HOURS.end;
}

/** When quiet hours end (8 am: today's before 8 am, else tomorrow's). */
export function quietHoursEnd(timeZone: string | undefined, now: number): number {
  const w = wallClock(timeZone, now);
  return zonedInstant(timeZone, w.year, w.month, w.hour < ALERT_QUIET_HOURS.end ? w.day : w.day + 1, ALERT_QUIET_HOURS.end);
}

/** The first moment the next local day's text may go (tomorrow, when quiet hours end). */
export function nextDayRelease(timeZone: string | undefined, now: number): number {
  const w = wallClock(timeZone, now);
  return zonedInstant(timeZone, w.year, w.month, w.day + 1, ALERT_QUIET_HOURS.end);
}

/** A pending alert as the message reads it. */
export type MessageAlert = { kind: AlertKind; car_id: string; search_id: string | null; payload: AlertPayload; created_at: number };

export type MessageInput = {
  /** The site's name (SiteConfig `name`), the first words of the text. */
  siteName: string;
  /** The site's origin for links (`https://www.dealer.com.au`). */
  origin: string;
  alerts: readonly MessageAlert[];
  /** The signed opt-out token (token.ts). */
  token: string;
  maxLength?: number;
};

const KIND_ORDER: Record<AlertKind, number> = { price_drop: 0, sold: 1, new_match: 2 };

/** What one text tells: a car's change, or one saved search's new cars (its alerts counted as one update). */
type Update = { kind: AlertKind; alerts: MessageAlert[] };

/** The alerts as updates, most telling first: price drops, then sales, then saved searches; newest first within. */
export function updatesOf(alerts: readonly MessageAlert[]): Update[] {
  const bySearch = new Map<string, Update>();
  const updates: Update[] = [];
  const sorted = [...alerts].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.created_at - a.created_at);
  for (const alert of sorted) {
    if (alert.kind === 'new_match') {
      const key = alert.search_id ?? alert.payload.search_url ?? '';
      const known = bySearch.get(key);
      if (known) known.alerts.push(alert);
      else {
        const update = { kind: alert.kind, alerts: [alert] };
        bySearch.set(key, update);
        updates.push(update);
      }
    } else updates.push({ kind: alert.kind, alerts: [alert] });
  }
  return updates;
}

const money = (n: number | undefined) => (n && n > 0 ? formatAud(n) : 'price on application');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The sentence of one update, its names clipped to `nameMax`. */
function sentence(update: Update, origin: string, nameMax: number): string {
  const first = update.alerts[0]!;
  const p = first.payload;
  const name = clip(p.name, nameMax);
  const carLink = `${origin}/cars/${p.slug}`;
  switch (update.kind) {
    case 'price_drop':
      return `price drop on ${name}, now ${money(p.price)} (was ${money(p.was)}). ${carLink}`;
    case 'sold':
      return p.gone ? `${name} from your watchlist is no longer available.` : `${name} from your watchlist has sold.`;
    case 'new_match': {
      const label = clip(p.search_label || 'Saved search', nameMax);
      const searchLink = `${origin}${p.search_url ?? '/search'}`;
      const count = update.alerts.length;
      if (count === 1 && !p.more) return `a new car matches your saved search "${label}": ${name}, ${money(p.price)}. ${carLink}`;
      return `${count}${update.alerts.some((a) => a.payload.more) ? '+' : ''} new cars match your saved search "${label}". ${searchLink}`;
    }
  }
}

/** The opt-out link every text carries (mf-account's `/alerts/stop`, its token in `?t=`). */
export const stopLink = (origin: string, token: string) => `${origin}${ALERTS_STOP_PATH}?t=${encodeURIComponent(token)}`;

/**
 * One text combining the shopper's pending alerts: the most telling update in full, the others counted with a link to
 * where they are (the watchlist, or my-garage when saved searches are among them), and always the opt-out link. Kept
 * within the SMS port's limit (names clipped first).
 * @example composeMessage({ siteName: 'Harbourside Toyota', origin, alerts, token })
 * // 'Harbourside Toyota: price drop on 2021 Toyota Corolla Ascent, now $24,990 (was $25,990). https://…/cars/… 2 more
 * //  updates on your watchlist: https://…/watchlist Stop alerts: https://…/alerts/stop?t=…'
 */
export function composeMessage({ siteName, origin, alerts, token, maxLength = MAX_SMS_LENGTH }: MessageInput): string {
  const updates = updatesOf(alerts);
  if (updates.length === 0) throw new Error('No alert to send.');
  const [lead, ...rest] = updates;
  const stop = `Stop alerts: ${stopLink(origin, token)}`;
  const more = rest.length === 0 ? '' : rest.every((u) => u.kind !== 'new_match')
    ? `${rest.length} more update${rest.length === 1 ? '' : 's'} on your watchlist: ${origin}/watchlist `
    : `${rest.length} more update${rest.length === 1 ? '' : 's'}: ${origin}/my-garage `;
  for (const nameMax of [120, 60, 30, 16]) {
    const text = `${clip(siteName, 40)}: ${sentence(lead!, origin, nameMax)} ${more}${stop}`;
    if (text.length <= maxLength) return text;
  }
  // Still too long (a very long origin): the essentials only, the opt-out link kept whole.
  return `${clip(siteName, 20)}: ${updates.length} update${updates.length === 1 ? '' : 's'} on your saved cars and searches. ${stop}`;
}
