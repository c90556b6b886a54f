/**
 * Stock import (issue 3): parse a JSON or CSV feed, validate every row for a tenant, and produce the STOCK KV
 * writes for the good rows. Pure; dev/stock-import.mjs bundles this module and applies the writes.
 */
import * as v from 'valibot';
import { StockMetaSchema, type StockMeta } from '@forecourt/contracts/tenant-data';
import { parseFeed, type FeedFormat } from './parse.ts';
import { validateFeed, type TenantRules, type ValidationResult } from './validate.ts';

export { parseFeed, parseJsonFeed, parseCsvFeed, feedFormat, FeedParseError, type FeedRow, type FeedFormat, type ParsedFeed } from './parse.ts';
export { validateFeed, tenantRules, formatBadRow, formatIssue, type BadRow, type TenantRules, type ValidationResult } from './validate.ts';
export { stockWrites, chunkIndexOf, type StockWrites, type KvPut } from './write.ts';
// Issue 19: the index snapshot (also written by the demo seed), the previous stock (for the changed cars) and the
// refresh route an import calls on a running platform.
export { snapshotWrites } from '../engine/snapshot.ts';
export { loadStock } from '../lib/stock.ts';
export { STOCK_REFRESH_PATH } from '../lib/stock-changes.ts';
export { parseSiteConfig, kvTenantKey } from '@forecourt/contracts/tenant';
export { parseTenantData, kvTenantDataKey, kvStockMetaKey } from '@forecourt/contracts/tenant-data';

/** True for a well-formed `stock:<slug>:meta` value (a broken one is ignored and its chunks found by listing). */
export const isStockMeta = (value: unknown): value is StockMeta => v.is(StockMetaSchema, value);

export type FeedCheck = ValidationResult & { rows: number; warnings: string[] };

/** Parses and validates a feed (throws FeedParseError when the file is not a feed at all). */
export function checkFeed(text: string, format: FeedFormat, rules: TenantRules): FeedCheck {
  const { rows, warnings } = parseFeed(text, format);
  return { ...validateFeed(rows, rules), rows: rows.length, warnings };
}
