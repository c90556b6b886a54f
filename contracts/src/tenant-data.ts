/**
 * A tenant's data set (entities shown by the site) and the KV keys for it and its stock.
 * SiteConfig (tenant.ts) holds settings; this holds the records it points at. ARCHITECTURE.md "Data".
 */
import * as v from 'valibot';
import { DealershipSchema, ManufacturerSchema, BrandSchema } from './entities/dealership.ts';
import { LocationSchema, SpecialHoursEntrySchema } from './entities/location.ts';
import { OfferSchema } from './entities/content.ts';

/**
 * Every list defaults to empty, so a tenant with no stored data set (or no brands, offers...) still reads. Read and
 * validated by the shell and most Workers on a tenant's first request, so it holds what they show: the special
 * (holiday) hours, half of a dealer group's data set and read by the location pages alone, are their own key
 * (`special-hours:<slug>`, below).
 */
export const TenantDataSchema = v.object({
  locations: v.optional(v.array(LocationSchema), []),
  dealerships: v.optional(v.array(DealershipSchema), []),
  manufacturers: v.optional(v.array(ManufacturerSchema), []),
  brands: v.optional(v.array(BrandSchema), []),
  offers: v.optional(v.array(OfferSchema), []),
});
export type TenantData = v.InferOutput<typeof TenantDataSchema>;
export type TenantDataInput = v.InferInput<typeof TenantDataSchema>;

/**
 * A tenant's special (holiday) hours, every location's, stored under `special-hours:<slug>` as a JSON array (spec §3
 * special hours; read by mf-locations only). A data set stored before they had their own key keeps them in its
 * `special_hours` list: the tenant store reads that when the key is absent (tenant-store.ts `specialHours`).
 */
export const SpecialHoursSchema = v.array(SpecialHoursEntrySchema);
export type SpecialHours = v.InferOutput<typeof SpecialHoursSchema>;
export type SpecialHoursInput = v.InferInput<typeof SpecialHoursSchema>;

/** Parses a tenant's special hours (none stored: `[]`) and throws one readable error listing every bad entry. */
export function parseSpecialHours(slug: string, input: unknown): SpecialHours {
  const result = v.safeParse(SpecialHoursSchema, input ?? []);
  if (!result.success) {
    const lines = result.issues.map((i) => `  ${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(`Invalid special hours "${slug}":\n${lines.join('\n')}`);
  }
  return result.output;
}

/** Parses a tenant's data set and throws one readable error listing every bad field. */
export function parseTenantData(slug: string, input: unknown): TenantData {
  const result = v.safeParse(TenantDataSchema, input);
  if (!result.success) {
    const lines = result.issues.map((i) => `  ${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new Error(`Invalid tenant data "${slug}":\n${lines.join('\n')}`);
  }
  return result.output;
}

/** Stock is stored in KV in chunks of this many cars (a KV value stays well under its 25 MiB limit). */
export const STOCK_CHUNK_SIZE = 500;

export const StockMetaSchema = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  chunks: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** ISO timestamp of the import. */
  updated_at: v.pipe(v.string(), v.isoTimestamp()),
  /** Where the stock came from: the demo seed, or a feed import (which a local restart must not overwrite). */
  source: v.optional(v.picklist(['demo', 'import'])),
});
export type StockMeta = v.InferOutput<typeof StockMetaSchema>;

export const kvTenantDataKey = (slug: string) => `tenant-data:${slug}`;
export const kvSpecialHoursKey = (slug: string) => `special-hours:${slug}`;
export const kvStockMetaKey = (slug: string) => `stock:${slug}:meta`;
export const kvStockChunkKey = (slug: string, index: number) => `stock:${slug}:${index}`;

/** Number of chunks needed for `count` cars. */
export const stockChunkCount = (count: number, size = STOCK_CHUNK_SIZE) => Math.ceil(count / size);
