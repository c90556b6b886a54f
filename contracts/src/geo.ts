/**
 * Distances on the earth (spec §9: Haversine, earth radius 6371 km), one rule for every part: edge-api's delivery
 * estimates and mf-locations' dealer locator (nearest locations first).
 */
import { EARTH_RADIUS_KM } from './constants.ts';

/** spec §9's earth radius (6371 km), the one in constants.ts, here beside the formula that uses it. */
export { EARTH_RADIUS_KM };

export type LatLng = { lat: number; lng: number };

/**
 * Great-circle distance in km between two points.
 * @example haversineKm({ lat: -27.47, lng: 153.03 }, { lat: -33.87, lng: 151.21 }) // ≈ 732
 */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
