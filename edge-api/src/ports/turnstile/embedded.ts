import type { TurnstilePort, TurnstileVerdict } from './port.ts';

/** Turnstile tokens are at most 2048 characters (siteverify rejects longer ones). */
export const MAX_TOKEN_LENGTH = 2048;

/**
 * Local stand-in for siteverify, behaving like Turnstile's always-pass test secret: any well-formed token
 * passes (the widget's test sitekeys produce 'XXXX.DUMMY.TOKEN.XXXX'), a missing or malformed one fails
 * with siteverify's own error codes.
 */
export function verifyTurnstileEmbedded(token: string | null | undefined): TurnstileVerdict {
  if (token === null || token === undefined || token.trim() === '') return { success: false, errorCodes: ['missing-input-response'] };
  if (token.length > MAX_TOKEN_LENGTH || /\s/.test(token)) return { success: false, errorCodes: ['invalid-input-response'] };
  return { success: true, errorCodes: [] };
}

export class EmbeddedTurnstile implements TurnstilePort {
  async verify(token: string | null | undefined): Promise<TurnstileVerdict> {
    return verifyTurnstileEmbedded(token);
  }
}
