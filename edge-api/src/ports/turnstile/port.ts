export type TurnstileVerdict = { success: boolean; errorCodes: string[] };

/**
 * Bot check of a form submission. A real adapter (Cloudflare Turnstile siteverify with the secret key from a
 * Worker secret) comes with the leads issue; it returns siteverify's success and error-codes as they are.
 */
export interface TurnstilePort {
  verify(token: string | null | undefined, remoteIp?: string | null): Promise<TurnstileVerdict>;
}
