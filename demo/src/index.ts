/**
 * @forecourt/demo: the embedded default data every local run and test uses: demo tenants (config + data),
 * a deterministic stock generator, generated images, and the KV seed.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { kvHostKey, kvTenantKey, parseSiteConfig, type SiteConfig } from '@forecourt/contracts/tenant';
import { kvSpecialHoursKey, kvStockChunkKey, kvStockMetaKey, kvTenantDataKey, parseSpecialHours, parseTenantData, STOCK_CHUNK_SIZE, stockChunkCount, type SpecialHours, type StockMeta, type TenantData } from '@forecourt/contracts/tenant-data';
import { DEMO_TENANTS } from '../tenants/index.ts';
import { findDemoTenant, generateStock } from './stock.ts';
import { MAKES } from './catalogue.ts';
import { img } from './kit.ts';
import { demoContent } from './content.ts';
import { kvContentKey } from '@forecourt/contracts/content';
import { kvPartsKey } from '@forecourt/contracts/entities/part';
import { demoParts } from './parts.ts';

export { generateStock, findDemoTenant, slugify, vinCheckDigit, monthlyRepayment, imageBody, type GenerateStockOptions } from './stock.ts';
export { renderDemoImage, demoImageExists, demoPhotoDrawing, DEMO_IMAGE_PREFIX, DEMO_IMAGE_BODIES } from './images.ts';
export {
  renderCarView, renderVehicleSvg, renderLogoSvg, renderMakeMark, renderBannerSvg, renderInteriorSvg, renderPlaceSvg, shapeForBody, resolveBody,
  bodyTraits, viewTable, vehicleAnchor, VIEW_COUNT, BANNER_SAFE, type CarViewOptions, type VehicleSvgOptions, type LogoColours,
} from './svg.ts';
export { logoSize, makeMarkSize } from './wordmark.ts';
export { createRng, hashString, type Rng } from './prng.ts';
export { contrastRatio, relativeLuminance } from './contrast.ts';
export { MAKES, MODELS, type MakeDef, type ModelDef } from './catalogue.ts';
export type { DemoTenant, StockProfile } from './kit.ts';
export { DEMO_TENANTS };
export { demoContent, readContentFolder, DEMO_CONTENT_DIR } from './content.ts';
export { demoParts } from './parts.ts';

const DAY = 86_400_000;

export type DemoScale = 'default' | 'bench';

/** Start of the current UTC day: stable within a day (so runs agree) yet recent (so sold windows stay realistic). */
export function defaultDemoNow(at: number = Date.now()): number {
  return Math.floor(at / DAY) * DAY;
}

let configs: SiteConfig[] | null = null;
/** Every demo tenant's validated site config (throws if one is invalid). */
export function demoTenants(): SiteConfig[] {
  configs ??= DEMO_TENANTS.map((t) => parseSiteConfig(t.config));
  return configs;
}

const dataCache = new Map<string, TenantData>();
/** A demo tenant's validated data set (locations, dealerships, manufacturers, brands, offers; its special hours: demoSpecialHours). */
export function demoTenantData(slug: string): TenantData {
  let data = dataCache.get(slug);
  if (!data) {
    const raw = findDemoTenant(slug).data;
    data = parseTenantData(slug, { ...raw, manufacturers: withStockMakes(raw.manufacturers ?? []) });
    dataCache.set(slug, data);
  }
  return data;
}

const hoursCache = new Map<string, SpecialHours>();
/** A demo tenant's validated special (holiday) hours, seeded under `special-hours:<slug>`. */
export function demoSpecialHours(slug: string): SpecialHours {
  let hours = hoursCache.get(slug);
  if (!hours) hoursCache.set(slug, (hours = parseSpecialHours(slug, findDemoTenant(slug).data.special_hours)));
  return hours;
}

/**
 * A tenant's manufacturers plus every other make its stock may hold (used trade-ins of other makes, a make named
 * differently in the feed, such as 'Isuzu' for Isuzu UTE and Isuzu Trucks), each with its wordmark: the search page
 * shows a make's mark by its name. The brand grid and mega menu list the tenant's `brands` only.
 */
function withStockMakes<M extends { name: string }>(manufacturers: readonly M[]) {
  const names = new Set(manufacturers.map((m) => m.name));
  const extra: Array<{ id: string; name: string; slug: string; logo: { url: string }; category: 'car' | 'truck' | 'motorcycle' }> = [];
  for (const make of MAKES) {
    if (names.has(make.make)) continue;
    names.add(make.make);
    const slug = make.make.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    extra.push({ id: `m-${slug}`, name: make.make, slug, logo: { url: img.logo(make.slug) }, category: make.kind });
  }
  return [...manufacturers, ...extra];
}

export type DemoStockOptions = {
  scale?: DemoScale;
  /** Evaluation time; default `defaultDemoNow()`. */
  now?: number;
  /** Total cars across tenants, split in proportion to the scale's per-tenant counts (overrides the scale's total). */
  count?: number;
};

/** Cars per tenant for a scale: default about 3,000 in all; bench 10,000+. */
export function demoStockCounts(options: Pick<DemoStockOptions, 'scale' | 'count'> = {}): Record<string, number> {
  const scale = options.scale ?? 'default';
  const base = DEMO_TENANTS.map((t) => [t.config.slug, scale === 'bench' ? t.stock.benchCount : t.stock.defaultCount] as const);
  if (options.count === undefined) return Object.fromEntries(base);
  const total = base.reduce((s, [, n]) => s + n, 0);
  const out: Record<string, number> = {};
  let assigned = 0;
  base.forEach(([slug, n], i) => {
    const share = i === base.length - 1 ? (options.count as number) - assigned : Math.round(((options.count as number) * n) / total);
    out[slug] = Math.max(0, share);
    assigned += out[slug];
  });
  return out;
}

/**
 * Stock of every demo tenant, keyed by tenant slug. Deterministic for a given scale, count and now.
 * @example demoStock({ scale: 'bench', now: Date.UTC(2026, 10, 21) })
 */
export function demoStock(options: DemoStockOptions = {}): Record<string, Car[]> {
  const now = options.now ?? defaultDemoNow();
  const counts = demoStockCounts(options);
  const out: Record<string, Car[]> = {};
  for (const t of DEMO_TENANTS) out[t.config.slug] = generateStock({ tenant: t, count: counts[t.config.slug] ?? 0, now });
  return out;
}

export type KvEntry = { key: string; value: string };

/**
 * The KV entries that seed a local run: CONFIG namespace (tenant:<slug>, host:<host>, tenant-data:<slug>,
 * special-hours:<slug>, content:<slug>, parts:<slug>) and
 * STOCK namespace (stock:<slug>:meta and chunks stock:<slug>:<i> of STOCK_CHUNK_SIZE cars). Values are JSON.
 */
export function buildSeed(options: DemoStockOptions = {}): { config: KvEntry[]; stock: KvEntry[] } {
  const now = options.now ?? defaultDemoNow();
  const config: KvEntry[] = [];
  const stock: KvEntry[] = [];
  const all = demoStock({ ...options, now });
  for (const site of demoTenants()) {
    config.push({ key: kvTenantKey(site.slug), value: JSON.stringify(site) });
    for (const host of site.hosts) config.push({ key: kvHostKey(host), value: site.slug });
    config.push({ key: kvTenantDataKey(site.slug), value: JSON.stringify(demoTenantData(site.slug)) });
    config.push({ key: kvSpecialHoursKey(site.slug), value: JSON.stringify(demoSpecialHours(site.slug)) });
    config.push({ key: kvContentKey(site.slug), value: JSON.stringify(demoContent(site.slug)) });
    config.push({ key: kvPartsKey(site.slug), value: JSON.stringify(demoParts(site.slug)) });
    const cars = all[site.slug] ?? [];
    const chunks = stockChunkCount(cars.length);
    const meta: StockMeta = { count: cars.length, chunks, updated_at: new Date(now).toISOString(), source: 'demo' };
    stock.push({ key: kvStockMetaKey(site.slug), value: JSON.stringify(meta) });
    for (let i = 0; i < chunks; i++) {
      stock.push({ key: kvStockChunkKey(site.slug, i), value: JSON.stringify(cars.slice(i * STOCK_CHUNK_SIZE, (i + 1) * STOCK_CHUNK_SIZE)) });
    }
  }
  return { config, stock };
}
