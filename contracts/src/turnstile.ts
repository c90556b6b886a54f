/**
 * Cloudflare Turnstile on the platform's forms (tenant `features.turnstile` with `turnstile_site_key`): the rules the
 * forms share (mf-account's lead forms, mf-vehicle's trade-in contact step). edge-api verifies the token (its
 * turnstile port) from `turnstile_token` (JSON) or the widget's own form field.
 */

/** The field Cloudflare's widget fills in its form; edge-api reads it, or `turnstile_token`, from a plain form. */
export const TURNSTILE_FORM_FIELD = 'cf-turnstile-response';

/**
 * Cloudflare's test site keys (`1x00000000000000000000AA` ...): they need no widget and always pass with the test
 * token, so local runs and tests carry it even without JavaScript.
 */
export const isTurnstileTestSiteKey = (siteKey: string) => /^[123]x0{10,}[A-Z]{2}$/.test(siteKey);

/** The token Cloudflare's test secret keys accept. */
export const TURNSTILE_TEST_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** The widget's script (explicit rendering); the shell's CSP allows its origin for tenants with Turnstile on. */
export const TURNSTILE_SCRIPT_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
