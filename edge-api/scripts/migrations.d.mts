export type Migration = { name: string; queries: string[] };

/** The subset of D1Database (Workers or miniflare's proxy) the runner uses. */
export interface D1Like {
  prepare(sql: string): { bind(...values: unknown[]): unknown; run(): Promise<unknown>; all(): Promise<{ results: unknown[] }> };
  batch(statements: unknown[]): Promise<unknown>;
}

export declare const MIGRATIONS_DIR: string;
export declare const MIGRATIONS_TABLE: 'd1_migrations';
export declare function splitSqlStatements(sql: string): string[];
export declare function readMigrations(dir?: string): Promise<Migration[]>;
export declare function applyMigrations(db: D1Like, migrations?: Migration[], table?: string): Promise<string[]>;
