/**
 * What changed between two stock imports, for alerts (issue 16): pure, so the scan (scan.ts) and the bench
 * (bench/alerts.mjs) run the same code. A snapshot is the stock as the last scan saw it (shopper-facing price and
 * status per car id); the next digest is compared with it: a watched car whose price went down, a watched car that
 * became sold or left the stock, and the ids that are new (for saved searches).
 */
import type { AlertKind } from '@forecourt/contracts/account';
import type { StockDigestCar } from '@forecourt/contracts/internal';

export type CarStatus = StockDigestCar['status'];
/** One car in a snapshot: its shopper-facing price (0: on application), status, and name and slug for a text. */
export type SnapshotCar = { price: number; status: CarStatus; name: string; slug: string };
export type Snapshot = Map<string, SnapshotCar>;

/** Cars per stored snapshot part (a D1 row each): ~120 bytes a car keeps a part far under D1's 2 MB row limit. */
export const SNAPSHOT_PART_CARS = 4000;

const STATUS_CODE: Record<CarStatus, string> = { available: 'a', reserved: 'r', sold: 's' };
const STATUS_OF: Record<string, CarStatus> = { a: 'available', r: 'reserved', s: 'sold' };

/** The snapshot of a digest's cars (the first of each id). */
export function snapshotOf(cars: readonly StockDigestCar[]): Snapshot {
  const out: Snapshot = new Map();
  for (const car of cars) if (!out.has(car.id)) out.set(car.id, { price: car.price, status: car.status, name: car.name, slug: car.slug });
  return out;
}

/** A snapshot as the JSON parts stored in D1 `stock_scans` (`{ "<id>": [price, "a"|"r"|"s", name, slug] }`). */
export function encodeSnapshot(snapshot: Snapshot, partCars = SNAPSHOT_PART_CARS): string[] {
  const parts: string[] = [];
  let part: Record<string, [number, string, string, string]> = {};
  let n = 0;
  for (const [id, car] of snapshot) {
    part[id] = [car.price, STATUS_CODE[car.status], car.name, car.slug];
    if (++n === partCars) {
      parts.push(JSON.stringify(part));
      part = {};
      n = 0;
    }
  }
  if (n > 0 || parts.length === 0) parts.push(JSON.stringify(part));
  return parts;
}

/** The stored parts read back (malformed entries skipped: a snapshot is a comparison base, never a source of alerts). */
export function decodeSnapshot(parts: readonly string[]): Snapshot {
  const out: Snapshot = new Map();
  for (const text of parts) {
    const part = JSON.parse(text) as Record<string, unknown>;
    for (const [id, value] of Object.entries(part)) {
      if (!Array.isArray(value) || typeof value[0] !== 'number' || typeof value[1] !== 'string' || !STATUS_OF[value[1]]) continue;
      out.set(id, { price: value[0], status: STATUS_OF[value[1]]!, name: String(value[2] ?? ''), slug: String(value[3] ?? '') });
    }
  }
  return out;
}

/** A watched car's change: its price went down (both prices shown), or it is sold / no longer in the stock. */
export type CarChange =
  | { kind: 'price_drop'; car_id: string; price: number; was: number }
  | { kind: 'sold'; car_id: string; gone: boolean };

export type StockDiff = {
  /** Changes of the cars asked about (watched), by car id. */
  changes: Map<string, CarChange>;
  /** Cars not in the previous snapshot and not sold: what saved searches are matched against. */
  newIds: string[];
};

/**
 * Compares the previous snapshot with the next digest. Without a previous snapshot (the first scan of a tenant)
 * nothing is a change and nothing is new: that scan is the baseline. Only cars in `watched` are compared for price
 * and sale (10,000 watched cars out of 10,500 cost one map lookup each).
 * @example diffStock(prev, next, new Set(['car-1'])).changes.get('car-1') // { kind: 'price_drop', car_id: 'car-1', price: 24990, was: 25990 }
 */
export function diffStock(previous: Snapshot | null, next: Snapshot, watched: ReadonlySet<string>): StockDiff {
  const changes = new Map<string, CarChange>();
  const newIds: string[] = [];
  if (!previous) return { changes, newIds };
  for (const id of watched) {
    const was = previous.get(id);
    if (!was) continue; // Not seen at the last scan: nothing to compare with.
    const now = next.get(id);
    if (!now) {
      if (was.status !== 'sold') changes.set(id, { kind: 'sold', car_id: id, gone: true });
      continue;
    }
    if (now.status === 'sold') {
      if (was.status !== 'sold') changes.set(id, { kind: 'sold', car_id: id, gone: false });
      continue;
    }
    // A drop between two shown prices: a price put on application (0) or newly shown is not a drop.
    if (now.price > 0 && was.price > 0 && now.price < was.price) changes.set(id, { kind: 'price_drop', car_id: id, price: now.price, was: was.price });
  }
  for (const [id, car] of next) if (car.status !== 'sold' && !previous.has(id)) newIds.push(id);
  return { changes, newIds };
}

/** An alert to insert in the outbox (scan.ts), before it has an id. */
export type AlertDraft = {
  user_id: string;
  kind: AlertKind;
  car_id: string;
  search_id: string | null;
  dedupe_key: string;
  payload: AlertPayload;
};

/** What the message needs of an alert (message.ts), kept with it: the car as it was when the alert was made. */
export type AlertPayload = {
  name: string;
  slug: string;
  price?: number;
  was?: number;
  gone?: boolean;
  /** new_match: the saved search's label and URL. */
  search_label?: string;
  search_url?: string;
  /** new_match: the search listed more new cars than were alerted (MAX_NEW_MATCHES_PER_SEARCH). */
  more?: boolean;
};

export type CarInfo = { name: string; slug: string };

/**
 * The dedupe key of an alert: the same change seen twice (two scans, a re-run import) is one alert per shopper. A
 * price drop is per new price (a further drop is a new alert), a sale once per car, a match once per search and car.
 */
export const dedupeKey = {
  priceDrop: (carId: string, price: number) => `price_drop:${carId}:${price}`,
  sold: (carId: string) => `sold:${carId}`,
  newMatch: (searchId: string, carId: string) => `new_match:${searchId}:${carId}`,
};

/** One alert per watcher of each changed car. `info` names the car (from the new digest, else the previous one's). */
export function watchAlerts(changes: ReadonlyMap<string, CarChange>, watchers: ReadonlyArray<{ user_id: string; car_id: string }>, info: (carId: string) => CarInfo): AlertDraft[] {
  const out: AlertDraft[] = [];
  for (const { user_id, car_id } of watchers) {
    const change = changes.get(car_id);
    if (!change) continue;
    const car = info(car_id);
    if (change.kind === 'price_drop') {
      out.push({ user_id, kind: 'price_drop', car_id, search_id: null, dedupe_key: dedupeKey.priceDrop(car_id, change.price), payload: { ...car, price: change.price, was: change.was } });
    } else {
      out.push({ user_id, kind: 'sold', car_id, search_id: null, dedupe_key: dedupeKey.sold(car_id), payload: { ...car, ...(change.gone ? { gone: true } : {}) } });
    }
  }
  return out;
}

/** New cars alerted per saved search and scan at most: a broad search after a big import says "20+ new cars". */
export const MAX_NEW_MATCHES_PER_SEARCH = 20;

export type SavedSearchRef = { id: string; user_id: string; url: string; label: string };

/** One alert per saved search and new car it lists (at most MAX_NEW_MATCHES_PER_SEARCH per search and scan). */
export function matchAlerts(
  matches: ReadonlyArray<{ id: string; car_ids: readonly string[] }>,
  searches: ReadonlyMap<string, SavedSearchRef>,
  info: (carId: string) => CarInfo & { price: number },
): AlertDraft[] {
  const out: AlertDraft[] = [];
  for (const match of matches) {
    const search = searches.get(match.id);
    if (!search) continue;
    const more = match.car_ids.length > MAX_NEW_MATCHES_PER_SEARCH;
    for (const car_id of match.car_ids.slice(0, MAX_NEW_MATCHES_PER_SEARCH)) {
      const car = info(car_id);
      out.push({
        user_id: search.user_id,
        kind: 'new_match',
        car_id,
        search_id: search.id,
        dedupe_key: dedupeKey.newMatch(search.id, car_id),
        payload: { name: car.name, slug: car.slug, price: car.price, search_label: search.label, search_url: search.url, ...(more ? { more: true } : {}) },
      });
    }
  }
  return out;
}
