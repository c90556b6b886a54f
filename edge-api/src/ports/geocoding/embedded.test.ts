import { describe, expect, it } from 'vitest';
import { EmbeddedGeocoding, geocodePostcodeEmbedded } from './embedded.ts';
import { INVALID_POSTCODE } from './port.ts';
import { POSTCODE_POINTS } from '../../lib/au/postcode-points.ts';
import { classifyPostcode, type AuState } from '../../lib/au/states.ts';
import { haversineKm } from '../../lib/geo.ts';

describe('embedded geocoding (spec §7 Geocoding, restricted to Australia)', () => {
  it('finds a capital city postcode exactly', () => {
    expect(geocodePostcodeEmbedded('4000')).toEqual({ postcode: '4000', state: 'QLD', locality: 'Brisbane', lat: -27.4698, lng: 153.0251, approximate: false });
    expect(geocodePostcodeEmbedded('0800')).toMatchObject({ state: 'NT', locality: 'Darwin', approximate: false });
    expect(geocodePostcodeEmbedded('2600')).toMatchObject({ state: 'ACT', approximate: false });
  });

  it('throws "Invalid postcode" for an empty, malformed or unowned postcode', async () => {
    for (const bad of ['', '   ', '123', '12345', 'abcd', '0100', '6798']) {
      expect(() => geocodePostcodeEmbedded(bad), bad).toThrow(INVALID_POSTCODE);
    }
    await expect(new EmbeddedGeocoding().geocodePostcode('')).rejects.toThrow('Invalid postcode');
  });

  it('stands in the nearest listed postcode of the same state for an unlisted one, flagged approximate', () => {
    const r = geocodePostcodeEmbedded('4001');
    expect(r).toMatchObject({ postcode: '4001', state: 'QLD', locality: 'Brisbane', approximate: true });
    // 2619 is NSW (next to Queanbeyan 2620), never the ACT's 2618 side.
    expect(geocodePostcodeEmbedded('2619')).toMatchObject({ state: 'NSW', locality: 'Queanbeyan' });
  });

  it('places PO-box postcodes at the city that serves them', () => {
    expect(geocodePostcodeEmbedded('1230')).toMatchObject({ state: 'NSW', locality: 'Sydney', approximate: true });
    expect(geocodePostcodeEmbedded('9726')).toMatchObject({ state: 'QLD', locality: 'Brisbane' });
    expect(geocodePostcodeEmbedded('8001')).toMatchObject({ state: 'VIC', locality: 'Melbourne' });
  });

  it('has a sound gazetteer: unique postcodes, each inside Australia and in its own state', () => {
    const seen = new Set<string>();
    for (const [postcode, , lat, lng] of POSTCODE_POINTS) {
      expect(seen.has(postcode), `duplicate ${postcode}`).toBe(false);
      seen.add(postcode);
      expect(classifyPostcode(postcode)?.kind, postcode).toBe('street');
      expect(lat, postcode).toBeGreaterThan(-44);
      expect(lat, postcode).toBeLessThan(-10);
      expect(lng, postcode).toBeGreaterThan(112);
      expect(lng, postcode).toBeLessThan(154);
    }
    expect(POSTCODE_POINTS.length).toBeGreaterThanOrEqual(400);
  });

  it('gives distances that match known ones (Sydney-Melbourne ~714 km, Perth-Adelaide ~2,130 km)', () => {
    const km = (a: string, b: string) => haversineKm(geocodePostcodeEmbedded(a), geocodePostcodeEmbedded(b));
    expect(km('2000', '3000')).toBeCloseTo(714, -1);
    expect(km('6000', '5000')).toBeCloseTo(2131, -1);
  });

  it('places every gazetteer entry inside its own state (catches a mistyped coordinate)', () => {
    for (const [postcode, locality, lat, lng] of POSTCODE_POINTS) {
      const state = classifyPostcode(postcode)!.state;
      const [latMin, latMax, lngMin, lngMax] = STATE_BOUNDS[state];
      expect(lat >= latMin && lat <= latMax && lng >= lngMin && lng <= lngMax, `${postcode} ${locality} (${lat}, ${lng}) in ${state}`).toBe(true);
    }
  });

  it('resolves every street and PO-box postcode to a point in its own state', () => {
    for (let n = 0; n <= 9999; n++) {
      const pc = String(n).padStart(4, '0');
      const info = classifyPostcode(pc);
      if (!info) continue;
      const r = geocodePostcodeEmbedded(pc);
      const [latMin, latMax, lngMin, lngMax] = STATE_BOUNDS[info.state];
      expect(r.state, pc).toBe(info.state);
      expect(r.lat >= latMin && r.lat <= latMax && r.lng >= lngMin && r.lng <= lngMax, pc).toBe(true);
    }
  });
});

/** Rough bounding boxes [latMin, latMax, lngMin, lngMax] of each state and territory. */
const STATE_BOUNDS: Record<AuState, readonly [number, number, number, number]> = {
  NSW: [-37.6, -28.1, 140.9, 153.7],
  ACT: [-35.95, -35.1, 148.7, 149.4],
  VIC: [-39.2, -33.9, 140.9, 150.0],
  QLD: [-29.2, -10.0, 137.9, 153.6],
  SA: [-38.1, -25.9, 129.0, 141.0],
  WA: [-35.2, -13.6, 112.9, 129.0],
  TAS: [-43.7, -39.5, 143.8, 148.5],
  NT: [-26.0, -10.9, 129.0, 138.0],
};
