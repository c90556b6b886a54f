import type { TurnstilePort } from '../ports/turnstile/port.ts';

export const SPAM_CHECK_FAILED_MESSAGE = 'Spam check failed. Please reload the page and try again.';

/** Why an accepted lead is flagged for the dealer to review. */
export type SpamReason = 'turnstile-missing' | 'turnstile-unavailable';

export type SpamVerdict =
  | { accept: true; flagged: false }
  | { accept: true; flagged: true; reason: SpamReason }
  | { accept: false; errorCodes: string[] };

/**
 * Turnstile decision for one lead (issue 4 Spam): a token is verified; siteverify unreachable (or the adapter not
 * usable) accepts the lead and flags it, never loses it; a failing token is refused. Without a token, a tenant that
 * uses Turnstile (`features.turnstile`) gets the lead flagged (the no-JavaScript form cannot run the widget).
 */
export async function checkSpam(port: () => TurnstilePort, token: string | undefined, options: { required: boolean; remoteIp: string | null }): Promise<SpamVerdict> {
  if (!token?.trim()) return options.required ? { accept: true, flagged: true, reason: 'turnstile-missing' } : { accept: true, flagged: false };
  try {
    const verdict = await port().verify(token, options.remoteIp);
    return verdict.success ? { accept: true, flagged: false } : { accept: false, errorCodes: verdict.errorCodes };
  } catch (err) {
    // Only the error's name and message: never the token or the lead.
    console.error(`edge-api leads: Turnstile unavailable, lead accepted and flagged (${err instanceof Error ? `${err.name}: ${err.message}` : 'error'})`);
    return { accept: true, flagged: true, reason: 'turnstile-unavailable' };
  }
}
