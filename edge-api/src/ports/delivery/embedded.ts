import type { DeliveryEstimate } from '@forecourt/contracts/entities/vdp';
import { haversineKm } from '@forecourt/contracts/geo';
import { locatePostcode } from '../../lib/au/lookup.ts';
import { deliveryRegionFor } from './regions.ts';
import type { DeliveryPort, DeliveryRequest } from './port.ts';

/**
 * Car-carrier tariff of the embedded adapter (AUD): a pickup charge plus a per-km rate that tapers with
 * distance, and a Bass Strait crossing when the car goes to or from Tasmania. Prices are a guide (spec §8).
 */
export const DELIVERY_TARIFF = {
  base: 190,
  bands: [
    { upToKm: 300, perKm: 1.1 },
    { upToKm: 1500, perKm: 0.55 },
    { upToKm: Number.POSITIVE_INFINITY, perKm: 0.35 },
  ],
  bassStraitCrossing: 450,
  roundTo: 10,
} as const;

/** Tariff for a straight-line distance, rounded up to the next $10. */
export function tariffForKm(km: number, crossesBassStrait = false, tariff = DELIVERY_TARIFF): number {
  let price = tariff.base;
  let from = 0;
  for (const band of tariff.bands) {
    const inBand = Math.max(0, Math.min(km, band.upToKm) - from);
    price += inBand * band.perKm;
    from = band.upToKm;
    if (km <= band.upToKm) break;
  }
  if (crossesBassStrait) price += tariff.bassStraitCrossing;
  return Math.ceil(price / tariff.roundTo) * tariff.roundTo;
}

/**
 * Region-priced estimate: every postcode of a region costs the same, priced from the origin to the region's
 * anchor town. Null when the destination is not a deliverable Australian postcode or the origin is unknown.
 */
export function estimateDeliveryEmbedded(postcode: string, originPostcode: string): DeliveryEstimate | null {
  const region = deliveryRegionFor(postcode.trim());
  const origin = locatePostcode(originPostcode.trim());
  if (!region || !origin) return null;
  const anchor = locatePostcode(region.anchor);
  if (!anchor) throw new Error(`Delivery region ${region.name} has an anchor outside the gazetteer`);
  const crossesBassStrait = (origin.state === 'TAS') !== (region.state === 'TAS');
  return { name: region.name, price: tariffForKm(haversineKm(origin, anchor), crossesBassStrait) };
}

export class EmbeddedDelivery implements DeliveryPort {
  async estimate(request: DeliveryRequest): Promise<DeliveryEstimate | null> {
    return estimateDeliveryEmbedded(request.postcode, request.originPostcode);
  }
}
