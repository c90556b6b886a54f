import { describe, expect, it } from 'vitest';
import { EmbeddedTurnstile, MAX_TOKEN_LENGTH, verifyTurnstileEmbedded } from './embedded.ts';

describe('embedded Turnstile', () => {
  it("passes the test widget's dummy token and any well-formed token", async () => {
    expect(verifyTurnstileEmbedded('XXXX.DUMMY.TOKEN.XXXX')).toEqual({ success: true, errorCodes: [] });
    await expect(new EmbeddedTurnstile().verify('0.abc-DEF_123')).resolves.toEqual({ success: true, errorCodes: [] });
  });

  it("fails a missing token with siteverify's missing-input-response", () => {
    for (const t of [undefined, null, '', '   ']) expect(verifyTurnstileEmbedded(t)).toEqual({ success: false, errorCodes: ['missing-input-response'] });
  });

  it('fails an over-long or whitespace token with invalid-input-response', () => {
    expect(verifyTurnstileEmbedded('x'.repeat(MAX_TOKEN_LENGTH + 1)).errorCodes).toEqual(['invalid-input-response']);
    expect(verifyTurnstileEmbedded('a b').success).toBe(false);
  });
});
