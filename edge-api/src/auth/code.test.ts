import { describe, expect, it } from 'vitest';
import { OTP_LENGTH } from '@forecourt/contracts/sign-in';
import { CODE_DRAW_LIMIT, CODE_SPACE, KNOWN_DEVICE_TTL_MS, SESSION_TOKEN_PATTERN, constantTimeEqual, generateCode, hashCode, isKnownDevice, knownDeviceToken, otpHashKey, sessionId, sessionToken, type RandomSource } from './code.ts';

const KEY = 'test-only-otp-hash-key-0123456789';

/** A random source that answers the given 32-bit values in turn. */
const scripted = (...values: number[]): RandomSource => (buffer) => {
  buffer[0] = values.shift() ?? 0;
  return buffer;
};

describe('generateCode (spec §9: 6 digits)', () => {
  it('maps a draw to its last 6 digits, keeping leading zeros', () => {
    expect(generateCode(scripted(0))).toBe('000000');
    expect(generateCode(scripted(42))).toBe('000042');
    expect(generateCode(scripted(1_999_999))).toBe('999999');
    expect(generateCode(scripted(CODE_DRAW_LIMIT - 1))).toBe(String((CODE_DRAW_LIMIT - 1) % CODE_SPACE).padStart(6, '0'));
  });

  it('redraws values at or above the last full block of 10^6 (no modulo bias)', () => {
    expect(CODE_DRAW_LIMIT).toBe(4_294_000_000);
    expect(generateCode(scripted(CODE_DRAW_LIMIT, 2 ** 32 - 1, 7))).toBe('000007');
  });

  it('refuses a broken random source instead of looping for ever', () => {
    expect(() => generateCode(() => new Uint32Array([2 ** 32 - 1]))).toThrow(/out of range/);
  });

  it('draws 6-digit codes spread over the whole range (sanity check of the real source)', () => {
    const n = 20_000;
    const buckets = new Array<number>(10).fill(0);
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const code = generateCode();
      expect(code).toMatch(new RegExp(`^\\d{${OTP_LENGTH}}$`));
      buckets[Number(code[0])]! += 1;
      seen.add(code);
    }
    // Each leading digit ~2,000 times: a chi-square over 9 degrees of freedom stays far below 40 unless the source is skewed.
    const expected = n / 10;
    const chi = buckets.reduce((sum, b) => sum + (b - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(40);
    // 20,000 draws from 10^6 codes: about 200 repeats are expected, thousands would mean a small range.
    expect(seen.size).toBeGreaterThan(n - 1000);
  });
});

describe('hashes and tokens', () => {
  it('hashes a code bound to its tenant and phone, never the code itself', async () => {
    const h = await hashCode(KEY, 'outback', '0412345678', '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(await hashCode(KEY, 'outback', '0412345678', '123456')).toBe(h);
    expect(await hashCode(KEY, 'other', '0412345678', '123456')).not.toBe(h);
    expect(await hashCode(KEY, 'outback', '0412345679', '123456')).not.toBe(h);
    expect(await hashCode(KEY, 'outback', '0412345678', '123457')).not.toBe(h);
    // Keyed: without the secret the stored hash cannot be recomputed (a copy of D1 alone tests no codes).
    expect(await hashCode('another-secret-of-enough-length', 'outback', '0412345678', '123456')).not.toBe(h);
  });

  it('needs the OTP_HASH_KEY secret, and a real one', () => {
    expect(otpHashKey({ OTP_HASH_KEY: ` ${KEY} ` })).toBe(KEY);
    expect(() => otpHashKey({})).toThrow(/OTP_HASH_KEY is not set/);
    expect(() => otpHashKey({ OTP_HASH_KEY: 'short' })).toThrow(/OTP_HASH_KEY/);
  });

  it('compares strings fully (equal only when equal, any length)', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('a', '')).toBe(false);
  });

  it('makes 32-byte base64url session tokens whose stored id is their SHA-256', async () => {
    const a = sessionToken();
    const b = sessionToken();
    expect(a).toMatch(SESSION_TOKEN_PATTERN);
    expect(a).not.toBe(b);
    const id = await sessionId(a);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toContain(a);
    const bytes = Uint8Array.from(atob(a.replace(/-/g, '+').replace(/_/g, '/') + '='), (ch) => ch.charCodeAt(0));
    expect(bytes.length).toBe(32);
  });
});

describe('known-device tokens (issue 10: the browser that verified a phone skips its back-off)', () => {
  const now = 1_800_000_000_000;
  it('proves this tenant and phone only, under the secret, for 180 days', async () => {
    const token = await knownDeviceToken(KEY, 'outback', '0412345678', now);
    expect(token).toMatch(/^1800000000\.[0-9a-f]{64}$/);
    expect(token).not.toContain('0412345678');
    expect(KNOWN_DEVICE_TTL_MS).toBe(180 * 24 * 60 * 60 * 1000);
    expect(await isKnownDevice(KEY, 'outback', '0412345678', token, now)).toBe(true);
    expect(await isKnownDevice(KEY, 'outback', '0412345678', token, now + KNOWN_DEVICE_TTL_MS)).toBe(true);
    expect(await isKnownDevice(KEY, 'outback', '0412345678', token, now + KNOWN_DEVICE_TTL_MS + 1000)).toBe(false);
  });

  it('gives nothing for another phone, another site, another secret, a forged or altered token', async () => {
    const token = await knownDeviceToken(KEY, 'outback', '0412345678', now);
    expect(await isKnownDevice(KEY, 'outback', '0412345679', token, now)).toBe(false);
    expect(await isKnownDevice(KEY, 'harbourside', '0412345678', token, now)).toBe(false);
    expect(await isKnownDevice('another-secret-of-enough-length', 'outback', '0412345678', token, now)).toBe(false);
    // Moving the issue time (to stretch its life) breaks the MAC; so does any other change.
    const [issued, mac] = token.split('.') as [string, string];
    expect(await isKnownDevice(KEY, 'outback', '0412345678', `${Number(issued) + 1}.${mac}`, now)).toBe(false);
    expect(await isKnownDevice(KEY, 'outback', '0412345678', `${issued}.${'0'.repeat(64)}`, now)).toBe(false);
    for (const junk of [undefined, null, '', 'x', `${issued}.${mac}x`, `-1.${mac}`, `${issued}.${mac.toUpperCase()}`]) {
      expect(await isKnownDevice(KEY, 'outback', '0412345678', junk, now)).toBe(false);
    }
    // Issued in the future (beyond a minute of clock skew): not issued here.
    const ahead = await knownDeviceToken(KEY, 'outback', '0412345678', now + 5 * 60_000);
    expect(await isKnownDevice(KEY, 'outback', '0412345678', ahead, now)).toBe(false);
  });
});
