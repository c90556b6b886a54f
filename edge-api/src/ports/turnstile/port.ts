export type TurnstileVerdict = { success: boolean; errorCodes: string[] };

/**
 * Bot check of a form submission. The real adapter (http.ts: Cloudflare Turnstile siteverify with the secret key
 * from a Worker secret) returns siteverify's success and error-codes as they are, and throws
 * TurnstileUnavailableError when siteverify cannot answer (the lead is then accepted and flagged, never lost).
 */
export interface TurnstilePort {
  verify(token: string | null | undefined, remoteIp?: string | null): Promise<TurnstileVerdict>;
}
