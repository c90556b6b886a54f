import { describe, expect, it } from 'vitest';
import { DELIVERY_TARIFF, EmbeddedDelivery, estimateDeliveryEmbedded, tariffForKm } from './embedded.ts';
import { DELIVERY_REGIONS, deliveryRegionFor } from './regions.ts';
import { classifyPostcode } from '../../lib/au/states.ts';
import { locatePostcode } from '../../lib/au/lookup.ts';

describe('delivery tariff', () => {
  it('charges the pickup base plus tapering per-km bands, rounded up to $10', () => {
    expect(tariffForKm(0)).toBe(190);
    expect(tariffForKm(100)).toBe(300); // 190 + 100 x 1.10
    expect(tariffForKm(300)).toBe(520); // 190 + 330
    expect(tariffForKm(1000)).toBe(910); // 190 + 330 + 700 x 0.55 = 905
    expect(tariffForKm(2000)).toBe(1360); // 190 + 330 + 660 + 500 x 0.35 = 1355
    expect(tariffForKm(0, true)).toBe(190 + DELIVERY_TARIFF.bassStraitCrossing);
  });

  it('never gets cheaper as the distance grows', () => {
    let last = 0;
    for (let km = 0; km <= 4500; km += 25) {
      const price = tariffForKm(km);
      expect(price).toBeGreaterThanOrEqual(last);
      last = price;
    }
  });
});

describe('embedded delivery estimate (spec §7 Delivery cost by postcode)', () => {
  it('prices by region from the origin (worked distances from the gazetteer)', () => {
    // Brisbane -> Brisbane Metro anchor: 0 km.
    expect(estimateDeliveryEmbedded('4120', '4000')).toEqual({ name: 'Brisbane Metro', price: 190 });
    // Brisbane -> Surfers Paradise 70.5 km: 190 + 77.6 = 267.6.
    expect(estimateDeliveryEmbedded('4226', '4000')).toEqual({ name: 'Gold Coast', price: 270 });
    // Brisbane -> Sydney 732.4 km: 190 + 330 + 432.4 x 0.55 = 757.8.
    expect(estimateDeliveryEmbedded('2150', '4000')).toEqual({ name: 'Sydney Metro', price: 760 });
    // Sydney -> Perth 3290 km: 190 + 330 + 660 + 1790.5 x 0.35 = 1806.7.
    expect(estimateDeliveryEmbedded('6160', '2000')).toEqual({ name: 'Perth Metro', price: 1810 });
    // Melbourne -> Hobart 598 km plus the Bass Strait crossing: 190 + 330 + 163.9 + 450 = 1133.9.
    expect(estimateDeliveryEmbedded('7050', '3000')).toEqual({ name: 'Southern Tasmania', price: 1140 });
  });

  it('gives every postcode of a region the same price', () => {
    const a = estimateDeliveryEmbedded('2000', '4000');
    const b = estimateDeliveryEmbedded('2232', '4000');
    expect(a).toEqual(b);
  });

  it('answers null (no estimate) for empty, malformed, PO-box or unowned postcodes, and for an unknown origin', async () => {
    for (const bad of ['', '12', 'abcd', '1230', '9726', '0100']) expect(estimateDeliveryEmbedded(bad, '4000'), bad).toBeNull();
    expect(estimateDeliveryEmbedded('4000', '0100')).toBeNull();
    await expect(new EmbeddedDelivery().estimate({ tenant: 't', postcode: '', originPostcode: '4000' })).resolves.toBeNull();
  });

  it('covers every street postcode of every state with exactly one region of that state', () => {
    for (let n = 0; n <= 9999; n++) {
      const pc = String(n).padStart(4, '0');
      const info = classifyPostcode(pc);
      if (info?.kind !== 'street') continue;
      const matches = DELIVERY_REGIONS.filter((r) => r.state === info.state && r.ranges.some(([from, to]) => n >= from && n <= to));
      expect(matches.map((r) => r.name), pc).toHaveLength(1);
      expect(deliveryRegionFor(pc)?.state).toBe(info.state);
    }
  });

  it("anchors each region on a gazetteer town inside the region's own state and ranges", () => {
    for (const region of DELIVERY_REGIONS) {
      expect(locatePostcode(region.anchor)?.approximate, region.name).toBe(false);
      expect(deliveryRegionFor(region.anchor)?.name, region.name).toBe(region.name);
    }
  });
});
