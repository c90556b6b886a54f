export type Res = {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
    ms: number;
};
/** GET through the platform with a Host header (Node's fetch ignores `host`; *.localhost is not resolved by Node). */
export declare function get(origin: URL, host: string, path: string, headers?: Record<string, string>, method?: string, body?: string): Promise<Res>;
export declare function concat(chunks: Uint8Array[]): Uint8Array;
