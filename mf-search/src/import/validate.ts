/**
 * Stock feed validation (issue 3 "Stock import"): every row against the contracts Car schema and the tenant's rules.
 * A bad row never rejects a good one: rows are judged one by one and reported by their line in the file.
 */
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { TenantData } from '@forecourt/contracts/tenant-data';
import type { FeedRow } from './parse.ts';

export type BadRow = { line: number; id?: string; reasons: string[] };
export type ValidationResult = { good: Car[]; bad: BadRow[] };

/** What a tenant allows in its feed: the dealerships it owns (slug known when the tenant's data set lists it). */
export type TenantRules = { tenant: string; dealerships: Array<{ id: string; slug?: string }> };

/** Rules from a tenant's config (the dealership ids its site shows) and data set (their slugs). */
export function tenantRules(config: Pick<SiteConfig, 'slug' | 'dealerships'>, data?: Pick<TenantData, 'dealerships'> | null): TenantRules {
  const known = new Map((data?.dealerships ?? []).map((d) => [d.id, d.slug]));
  return {
    tenant: config.slug,
    dealerships: config.dealerships.map((id) => {
      const slug = known.get(id);
      return slug ? { id, slug } : { id };
    }),
  };
}

/** One valibot issue as `dot.path: message`; a missing required field reads as such. */
export function formatIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue) ?? '(row)';
  if (issue.kind === 'schema' && issue.input === undefined && issue.type === 'object' && issue.path?.length) {
    return `${path}: Required field is missing`;
  }
  return `${path}: ${issue.message}`;
}

const idOf = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

const slugOf = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const slug = (value as { slug?: unknown }).slug;
  return typeof slug === 'string' ? slug : undefined;
};

/**
 * Validates parsed feed rows for a tenant. Good rows keep feed order. A duplicate id or slug is reported on the
 * row that repeats an accepted one, naming the first one's line (the first valid occurrence wins).
 */
export function validateFeed(rows: readonly FeedRow[], rules: TenantRules): ValidationResult {
  const dealerships = new Map(rules.dealerships.map((d) => [d.id, d]));
  const firstId = new Map<string, number>();
  const firstSlug = new Map<string, number>();
  const good: Car[] = [];
  const bad: BadRow[] = [];

  for (const row of rows) {
    const id = idOf(row.value);
    // A row the parser could not read (e.g. a CSV row with too few fields) has misaligned values: only its parse
    // errors say anything true about it.
    if (row.errors?.length) {
      bad.push(id === undefined ? { line: row.line, reasons: [...row.errors] } : { line: row.line, id, reasons: [...row.errors] });
      continue;
    }
    const reasons: string[] = [];
    const result = v.safeParse(CarSchema, row.value);
    if (!result.success) reasons.push(...result.issues.map(formatIssue));

    const slug = slugOf(row.value);
    if (id !== undefined && firstId.has(id)) reasons.push(`id: Duplicate id "${id}" (first on line ${firstId.get(id)})`);
    if (slug !== undefined && firstSlug.has(slug)) reasons.push(`slug: Duplicate slug "${slug}" (first on line ${firstSlug.get(slug)})`);

    if (result.success) {
      const car = result.output;
      const dealership = dealerships.get(car.dealership_id);
      if (!dealership) {
        const allowed = rules.dealerships.map((d) => d.id).join(', ') || 'none';
        reasons.push(`dealership_id: "${car.dealership_id}" is not a dealership of tenant ${rules.tenant} (allowed: ${allowed})`);
      } else if (dealership.slug && dealership.slug !== car.dealership_slug) {
        reasons.push(`dealership_slug: "${car.dealership_slug}" does not match dealership ${dealership.id} ("${dealership.slug}")`);
      }
    }

    if (result.success && reasons.length === 0) {
      good.push(result.output);
      firstId.set(result.output.id, row.line);
      firstSlug.set(result.output.slug, row.line);
    } else {
      bad.push(id === undefined ? { line: row.line, reasons } : { line: row.line, id, reasons });
    }
  }
  return { good, bad };
}

/** A bad row as one report line: `line 12 (id abc): price: ...; km: ...`. */
export function formatBadRow(row: BadRow): string {
  return `line ${row.line}${row.id === undefined ? '' : ` (id ${row.id})`}: ${row.reasons.join('; ')}`;
}
