/** Deletes all data from all storage bindings of this workerd (see vitest-workers-storage.mjs). */
export function freshStorage(): Promise<void>;
