/** Cloudflare Turnstile's origin: its script and challenge frame (spam protection of lead forms). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * Security headers for every document (DEVELOPERS.md rule 7). A tenant whose lead forms use Turnstile with a real
 * site key (`features.turnstile` + `turnstile_site_key`) also allows Turnstile's script and frame, and only that.
 */
export function securityHeaders(options: { turnstile?: boolean } = {}): Record<string, string> {
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${turnstile}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com${turnstile}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
    // No includeSubDomains: a dealer's apex domain often hosts other subdomains the platform does not serve.
    'strict-transport-security': 'max-age=31536000',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * Headers of a generated demo image (SVG): never sniffed as something else, and if opened directly it can run
 * nothing and load nothing (inline styles only, as the generated SVGs use).
 */
export function imageHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
}
