/**
 * HMAC-SHA-256 signing keys imported once per isolate, by secret (issue 19 "Memory bounded": every per-isolate cache
 * has a bound). Importing a key costs a WebCrypto call per use otherwise. A deployment has one or two secrets per use
 * (the sign-in code hash, the no-JS lead id, the alert links); a rotated secret or a test that makes many would add
 * one entry each, so at most HMAC_KEYS_MAX are kept, the oldest imported going first.
 */
export const HMAC_KEYS_MAX = 8;

export type HmacKeys = ((secret: string) => Promise<CryptoKey>) & {
  /** Keys held now (tests of the bound). */
  size(): number;
};

/** A per-isolate cache of HMAC signing keys by secret, at most `max` (default HMAC_KEYS_MAX). */
export function createHmacKeys(max = HMAC_KEYS_MAX): HmacKeys {
  const keys = new Map<string, Promise<CryptoKey>>();
  const get = (secret: string): Promise<CryptoKey> => {
    let key = keys.get(secret);
    if (!key) {
      key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      keys.set(secret, key);
      while (keys.size > max) keys.delete(keys.keys().next().value!);
    }
    return key;
  };
  return Object.assign(get, { size: () => keys.size });
}
