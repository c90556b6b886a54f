/**
 * Stock visibility (spec §4 "Stock visibility", §9 stock filters): which cars a tenant's site may list.
 * Pure functions of (car, scope); the engine applies them server-side to every query.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import type { SearchScope } from '@forecourt/contracts/search';

export const DAY_MS = 86_400_000;

/** Spec §4: sold cars stay visible this many days after sold_date_timestamp unless the tenant says otherwise. */
export const DEFAULT_INCLUDE_SOLD_CARS_DAYS = 3;

type SoldFields = Pick<Car, 'status' | 'sold'>;

/** A car counts as sold when its status says so or the feed flags it sold (feeds disagree; either is enough). */
export function isSold(car: SoldFields): boolean {
  return car.status === 'sold' || car.sold === true;
}

/** In stock for similar cars and `in_stock_only` tenants: status in_stock and not flagged sold. */
export function isInStock(car: SoldFields): boolean {
  return car.status === 'in_stock' && car.sold !== true;
}

function soldDays(scope: Pick<SearchScope, 'include_sold_cars_days'>): number {
  const days = scope.include_sold_cars_days;
  return typeof days === 'number' && Number.isFinite(days) ? Math.max(0, days) : DEFAULT_INCLUDE_SOLD_CARS_DAYS;
}

/**
 * Spec §4: a sold car is listed while `now - sold_date_timestamp <= include_sold_cars_days` days (inclusive:
 * exactly 3 days after the sale it is still shown). A sold car without a sale date cannot prove it is recent: hidden.
 */
export function inSoldWindow(car: Pick<Car, 'sold_date_timestamp'>, scope: Pick<SearchScope, 'include_sold_cars_days' | 'now'>): boolean {
  const soldAt = car.sold_date_timestamp;
  if (soldAt == null) return false;
  return scope.now - soldAt <= soldDays(scope) * DAY_MS;
}

/**
 * Spec §9 "exclude items older than N days" (exact meaning not shown). Our reading: with N > 0, a car whose
 * created_at_timestamp is more than N days before `now` is not listed; exactly N days old is still listed; 0 is off.
 */
export function withinAgeLimit(car: Pick<Car, 'created_at_timestamp'>, scope: Pick<SearchScope, 'older_than_days' | 'now'>): boolean {
  const days = scope.older_than_days;
  if (!days || days <= 0) return true;
  return scope.now - car.created_at_timestamp <= days * DAY_MS;
}

function normaliseStocknum(stocknum: string): string {
  return stocknum.trim().toLowerCase();
}

/** Normalised exclusion sets per list: a scope's list is checked against every car of a query. */
const excludedSets = new WeakMap<readonly string[], Set<string>>();

/** True when the stock number is on the tenant's exclusion list (compared trimmed, case-insensitively). */
export function isExcludedStocknum(stocknum: string | null | undefined, excluded: readonly string[]): boolean {
  if (!stocknum || excluded.length === 0) return false;
  let set = excludedSets.get(excluded);
  if (!set) {
    set = new Set(excluded.map(normaliseStocknum));
    excludedSets.set(excluded, set);
  }
  return set.has(normaliseStocknum(stocknum));
}

/**
 * The tenant's stock rules that do not depend on time or status: shown on the dealer website, used-only,
 * demo-km rule, excluded stock numbers. A car failing these does not belong to the site at all (also no vehicle page).
 */
export function belongsToSite(
  car: Pick<Car, 'show_on_dealer_website' | 'car_type' | 'km' | 'stocknum'>,
  scope: Pick<SearchScope, 'used_only' | 'demo_max_km' | 'excluded_stocknums'>,
): boolean {
  if (car.show_on_dealer_website !== true) return false;
  if (scope.used_only && car.car_type !== 'used') return false;
  // Demo-km rule: demo cars with more km than the tenant's limit are hidden; exactly the limit is kept.
  if (car.car_type === 'demo' && scope.demo_max_km != null && car.km > scope.demo_max_km) return false;
  if (isExcludedStocknum(car.stocknum, scope.excluded_stocknums ?? [])) return false;
  return true;
}

/** The fields the visibility rules read (the engine keeps only these in memory for every car: CarStub). */
export type VisibilityFields = Pick<Car, 'show_on_dealer_website' | 'car_type' | 'km' | 'stocknum' | 'status' | 'sold' | 'sold_date_timestamp' | 'created_at_timestamp'>;

/** Spec §4 Stock visibility plus the tenant's base filters: may this car appear in search results right now? */
export function isVisible(car: VisibilityFields, scope: SearchScope): boolean {
  if (!belongsToSite(car, scope)) return false;
  // Only these statuses are ever listed (the contract's picklist already limits status to them).
  if (car.status !== 'in_stock' && car.status !== 'coming_soon' && car.status !== 'sold') return false;
  const sold = isSold(car);
  if (scope.in_stock_only && (sold || car.status !== 'in_stock')) return false;
  if (sold && !inSoldWindow(car, scope)) return false;
  return withinAgeLimit(car, scope);
}

/**
 * Vehicle page rule for `getBySlug`: the car must belong to the site (see `belongsToSite`), but time windows,
 * `in_stock_only` and the sold window do not apply, so a sold car still gets its page with the SOLD block.
 */
export function hasVehiclePage(car: VisibilityFields, scope: SearchScope): boolean {
  return belongsToSite(car, scope);
}
