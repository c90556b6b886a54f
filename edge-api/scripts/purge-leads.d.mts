import type { D1Like } from './migrations.d.mts';

export type PurgeStatement = { sql: string; params: Array<string | number> };
export type PurgeReport = { tenant: string; days: number; cutoff: number; leads: number };

export declare const DEFAULT_RETENTION_DAYS: 365;
export declare const RATE_LIMIT_KEEP_MS: number;
export declare function retentionCutoff(now: number, days: number): number;
export declare function retentionOf(config: unknown): number;
export declare function purgeStatements(tenant: string, cutoff: number, now: number): PurgeStatement[];
export declare function countStatement(tenant: string, cutoff: number): PurgeStatement;
export declare function inlineSql(statement: PurgeStatement): string;
export declare function purgeTenant(
  db: D1Like & { prepare(sql: string): { bind(...values: unknown[]): { first(): Promise<unknown> } } },
  options: { tenant: string; days: number; now?: number; dryRun?: boolean },
): Promise<PurgeReport>;
