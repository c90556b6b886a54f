/**
 * The part of the runtime module `node:crypto` (workerd's nodejs_compat; Node in unit tests) the shell's own code uses:
 * a native hash for the tenant digest (page-cache.ts). The shell type-checks with lib DOM and no Node types (its
 * tsconfig), as for `cloudflare:workers` (../cloudflare-workers.d.ts).
 */
declare module 'node:crypto' {
  interface Hash {
    update(data: string): Hash;
    digest(encoding: 'base64url' | 'hex' | 'base64'): string;
  }
  export function createHash(algorithm: 'sha1' | 'sha256' | 'md5'): Hash;
}
