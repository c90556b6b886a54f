import { describe, expect, it } from 'vitest';
import { ALPHA_CARS, FIXTURE_NOW, makeCar, scopeOf } from '../test/engine-fixtures.ts';
import { belongsToSite, DAY_MS, hasVehiclePage, inSoldWindow, isInStock, isSold, isVisible, withinAgeLimit } from './visibility.ts';

const scope = scopeOf('alpha');
const byId = (id: string) => ALPHA_CARS.find((c) => c.id === id)!;
const visibleIds = (s = scope) => ALPHA_CARS.filter((c) => isVisible(c, s)).map((c) => c.id);
const soldCar = (soldAgo: number | null) =>
  makeCar({ id: 's', make: 'Kia', model: 'Rio', year: 2019, car_type: 'used', price: 10_000, km: 1, status: 'sold', created_at_timestamp: FIXTURE_NOW - 30 * DAY_MS, sold_date_timestamp: soldAgo === null ? null : FIXTURE_NOW - soldAgo });

describe('isSold / isInStock', () => {
  it('counts status sold or the sold flag as sold', () => {
    expect(isSold({ status: 'sold', sold: false })).toBe(true);
    expect(isSold({ status: 'in_stock', sold: true })).toBe(true);
    expect(isSold({ status: 'coming_soon', sold: null })).toBe(false);
    expect(isInStock({ status: 'in_stock', sold: null })).toBe(true);
    expect(isInStock({ status: 'in_stock', sold: true })).toBe(false);
    expect(isInStock({ status: 'coming_soon' })).toBe(false);
  });
});

describe('sold window (spec §4: include_sold_cars_days, default 3)', () => {
  it('shows a sold car exactly 3 days after the sale and hides it 1 ms later', () => {
    expect(inSoldWindow(soldCar(3 * DAY_MS), scope)).toBe(true);
    expect(inSoldWindow(soldCar(3 * DAY_MS + 1), scope)).toBe(false);
    expect(inSoldWindow(soldCar(0), scope)).toBe(true);
  });
  it('uses the tenant setting, and 3 days when the setting is not a number', () => {
    expect(inSoldWindow(soldCar(7 * DAY_MS), { ...scope, include_sold_cars_days: 7 })).toBe(true);
    expect(inSoldWindow(soldCar(7 * DAY_MS + 1), { ...scope, include_sold_cars_days: 7 })).toBe(false);
    expect(inSoldWindow(soldCar(1), { ...scope, include_sold_cars_days: 0 })).toBe(false);
    expect(inSoldWindow(soldCar(3 * DAY_MS), { ...scope, include_sold_cars_days: Number.NaN })).toBe(true);
    expect(inSoldWindow(soldCar(4 * DAY_MS), { ...scope, include_sold_cars_days: Number.NaN })).toBe(false);
  });
  it('hides a sold car without a sale date', () => {
    expect(inSoldWindow(soldCar(null), scope)).toBe(false);
    expect(isVisible(soldCar(null), scope)).toBe(false);
  });
});

describe('isVisible (spec §4 Stock visibility + tenant base filters)', () => {
  it('lists the fixture cars the spec allows with the default scope', () => {
    // a9 sold 3 days + 1 ms ago, a13 not on the website, a15 sold without date.
    expect(visibleIds()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a10', 'a11', 'a12', 'a14', 'a16', 'a17', 'a18']);
  });
  it('needs show_on_dealer_website true', () => {
    expect(isVisible(byId('a13'), scope)).toBe(false);
    expect(isVisible({ ...byId('a1'), show_on_dealer_website: false }, scope)).toBe(false);
  });
  it('used_only keeps used cars only', () => {
    expect(visibleIds({ ...scope, used_only: true })).toEqual(['a5', 'a6', 'a7', 'a8', 'a10', 'a11', 'a14', 'a16']);
  });
  it('in_stock_only drops sold and coming-soon cars', () => {
    const ids = visibleIds({ ...scope, in_stock_only: true });
    expect(ids).not.toContain('a12');
    expect(ids.some((id) => isSold(byId(id)))).toBe(false);
    expect(ids).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a10', 'a11', 'a14', 'a17', 'a18']);
  });
  it('demo_max_km hides demo cars above the limit and keeps one exactly at it', () => {
    expect(visibleIds({ ...scope, demo_max_km: 10_000 })).not.toContain('a4');
    expect(visibleIds({ ...scope, demo_max_km: 12_000 })).toContain('a4');
    expect(visibleIds({ ...scope, demo_max_km: 4_000 }).filter((id) => byId(id).car_type === 'demo')).toEqual(['a18']);
    // used cars are not subject to the demo rule
    expect(visibleIds({ ...scope, demo_max_km: 0 })).toContain('a6');
  });
  it('excluded_stocknums match trimmed and case-insensitively', () => {
    const ids = visibleIds({ ...scope, excluded_stocknums: [' u3001 ', 'N1001'] });
    expect(ids).not.toContain('a1');
    expect(ids).not.toContain('a5');
    expect(ids).toHaveLength(13);
  });
  it('older_than_days: hides cars created more than N days ago, keeps exactly N days, 0 is off', () => {
    const car = (ageMs: number) => ({ created_at_timestamp: FIXTURE_NOW - ageMs });
    const s7 = { older_than_days: 7, now: FIXTURE_NOW };
    expect(withinAgeLimit(car(7 * DAY_MS), s7)).toBe(true);
    expect(withinAgeLimit(car(7 * DAY_MS + 1), s7)).toBe(false);
    expect(withinAgeLimit(car(400 * DAY_MS), { older_than_days: 0, now: FIXTURE_NOW })).toBe(true);
    expect(visibleIds({ ...scope, older_than_days: 5 })).toEqual(['a1', 'a2', 'a3', 'a12', 'a17', 'a18']);
  });
});

describe('vehicle page (getBySlug rule)', () => {
  it('keeps sold cars outside the window and coming-soon cars, but not cars off the site', () => {
    expect(hasVehiclePage(byId('a9'), scope)).toBe(true);
    expect(hasVehiclePage(byId('a15'), scope)).toBe(true);
    expect(hasVehiclePage(byId('a12'), { ...scope, in_stock_only: true })).toBe(true);
    expect(hasVehiclePage(byId('a13'), scope)).toBe(false);
    expect(hasVehiclePage(byId('a1'), { ...scope, used_only: true })).toBe(false);
    expect(hasVehiclePage(byId('a4'), { ...scope, demo_max_km: 10_000 })).toBe(false);
    expect(hasVehiclePage(byId('a5'), { ...scope, excluded_stocknums: ['U3001'] })).toBe(false);
    expect(belongsToSite(byId('a5'), scope)).toBe(true);
  });
});
