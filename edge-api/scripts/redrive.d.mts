import type { D1Like } from './migrations.d.mts';

export type Statement = { sql: string; params: (string | number | null)[] };
export declare function redriveStatements(tenant: string, leadIds: string[] | null, now?: number): Statement[];
export declare function redriveLocal(db: D1Like, tenant: string, leadIds: string[] | null, now?: number): Promise<number>;
export declare function listDead(db: D1Like, tenant: string): Promise<{ lead_id: string; attempts: number; last_error: string | null; updated_at: number }[]>;
