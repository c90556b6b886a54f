/**
 * What the location pages read of a tenant: its data set (locations, dealerships, manufacturers...) and its special
 * (holiday) hours, which are their own KV key (contracts tenant-data.ts `special-hours:<slug>`: half of a dealer
 * group's data set, so every other Worker's data read leaves them out).
 */
import type { SpecialHours, TenantData } from '@forecourt/contracts/tenant-data';
import type { TenantStore } from '@forecourt/contracts/tenant-store';

export type LocationsData = TenantData & { special_hours: SpecialHours };

/** Both reads at once, through the per-isolate store (each cached, each validated). */
export async function readLocationsData(store: Pick<TenantStore, 'data' | 'specialHours'>, slug: string): Promise<LocationsData> {
  const [data, special_hours] = await Promise.all([store.data(slug), store.specialHours(slug)]);
  return { ...data, special_hours };
}
