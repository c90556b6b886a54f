import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM as CONSTANT_RADIUS } from './constants.ts';
import { EARTH_RADIUS_KM, haversineKm } from './geo.ts';

describe('haversineKm (spec §9: earth radius 6371 km)', () => {
  it('uses the spec radius', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(EARTH_RADIUS_KM).toBe(CONSTANT_RADIUS);
  });

  it('is zero for one point, symmetric, and right for known city pairs', () => {
    const brisbane = { lat: -27.4698, lng: 153.0251 };
    const sydney = { lat: -33.8688, lng: 151.2093 };
    const perth = { lat: -31.9523, lng: 115.8613 };
    expect(haversineKm(brisbane, brisbane)).toBe(0);
    expect(haversineKm(brisbane, sydney)).toBeCloseTo(haversineKm(sydney, brisbane), 9);
    expect(haversineKm(brisbane, sydney)).toBeGreaterThan(725);
    expect(haversineKm(brisbane, sydney)).toBeLessThan(735);
    expect(haversineKm(sydney, perth)).toBeGreaterThan(3280);
    expect(haversineKm(sydney, perth)).toBeLessThan(3300);
  });

  it('a quarter of the globe is a quarter of the circumference', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI * 2 * 6371) / 4, 6);
  });
});
