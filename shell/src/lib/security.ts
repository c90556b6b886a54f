/** Cloudflare Turnstile's origin: its script and challenge frame (spam protection of lead forms). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The headers every answer the shell sends carries, whoever made it (a page, an API answer of any Worker, an asset,
 * an error): the one header policy of the platform, applied by the shell's outermost middleware (withHeaderPolicy).
 * HSTS has no includeSubDomains: a dealer's apex domain often hosts other subdomains the platform does not serve.
 */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** CSP of an answer that is not a page (JSON, a script, a file): it may load and run nothing if opened directly. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

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
    ...BASE_HEADERS,
    'content-security-policy': csp,
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * An answer with the platform's header policy: BASE_HEADERS always (replacing whatever a Worker behind the shell set,
 * e.g. a wider HSTS), and a CSP where the answer has none: the document policy for HTML, NON_DOCUMENT_CSP otherwise.
 * Answers from service bindings have immutable headers, so the response is copied (the body streams through).
 */
export function withHeaderPolicy(res: Response): Response {
  // The shell's own documents are built with the policy (securityHeaders): answered as they are, not copied.
  if (hasHeaderPolicy(res.headers)) return res;
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(BASE_HEADERS)) out.headers.set(name, value);
  if (!out.headers.has('content-security-policy')) {
    const html = /^\s*text\/html\b/i.test(out.headers.get('content-type') ?? '');
    out.headers.set('content-security-policy', html ? securityHeaders()['content-security-policy']! : NON_DOCUMENT_CSP);
  }
  return out;
}

/** Whether `headers` already carry the platform's header policy: every BASE_HEADERS value as is, and a CSP. */
function hasHeaderPolicy(headers: Headers): boolean {
  for (const name in BASE_HEADERS) if (headers.get(name) !== BASE_HEADERS[name]) return false;
  return headers.has('content-security-policy');
}

/**
 * A header record as withHeaderPolicy would send it (names in lower case, as the shell writes them): BASE_HEADERS
 * replacing any other value, and a CSP where there is none. For answers built once and sent many times (page-cache.ts
 * early hits), so the policy is applied when they are built, not per request.
 */
export function withHeaderPolicyRecord(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...headers, ...BASE_HEADERS };
  if (!('content-security-policy' in out)) {
    out['content-security-policy'] = /^\s*text\/html\b/i.test(out['content-type'] ?? '') ? securityHeaders()['content-security-policy']! : NON_DOCUMENT_CSP;
  }
  return out;
}
