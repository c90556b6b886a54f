import { describe, expect, it } from 'vitest';
import { createHmacKeys, HMAC_KEYS_MAX } from './hmac-keys.ts';

const sign = async (key: CryptoKey, text: string) => new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));

describe('createHmacKeys', () => {
  it('imports a secret once: the same key object for the same secret', async () => {
    const keys = createHmacKeys();
    const a = await keys('secret-one-secret-one');
    expect(await keys('secret-one-secret-one')).toBe(a);
    expect(keys.size()).toBe(1);
    // A key that signs like a freshly imported one.
    const fresh = await crypto.subtle.importKey('raw', new TextEncoder().encode('secret-one-secret-one'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    expect(await sign(a, 'x')).toEqual(await sign(fresh, 'x'));
  });

  it(`keeps at most HMAC_KEYS_MAX (${HMAC_KEYS_MAX}) keys, the oldest imported out first`, async () => {
    expect(HMAC_KEYS_MAX).toBe(8);
    const keys = createHmacKeys();
    const first = await keys('secret-0');
    for (let i = 1; i < 3 * HMAC_KEYS_MAX; i++) await keys(`secret-${i}`);
    expect(keys.size()).toBe(HMAC_KEYS_MAX);
    // The first was let go: asked again, it is imported again (a new key object), and the bound still holds.
    expect(await keys('secret-0')).not.toBe(first);
    expect(keys.size()).toBe(HMAC_KEYS_MAX);
  });
});
