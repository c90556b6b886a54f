/**
 * Every redirect the platform builds from input (a form's `url`, `redirect`, `back`, `return_path`, a Referer) goes
 * through these: only a same-site absolute path may come back, never another host, a scheme or a relative path.
 */

/** Longest path a redirect keeps (a longer one is not a page of the platform). */
export const MAX_REDIRECT_PATH = 2048;

const BASE = 'https://same.invalid';

/**
 * The same-site path (with its query and hash) that `value` names, or null when it names anything else: another host
 * (`//host`, `/\host`, `https://...`), a scheme (`javascript:`, `x:\\host`), a relative path, or a path whose dot
 * segments parse to a protocol-relative URL.
 * @example sameSitePath('/cars/abc/checkout?x=1') // '/cars/abc/checkout?x=1'
 * @example sameSitePath('x:\\\\evil.example') // null
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_REDIRECT_PATH || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and spaces have no place in a path a page wrote; browsers drop some of them when parsing.
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    // Checked again after parsing: dot segments can turn '/.//evil.example' into '//evil.example'.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('//') || path.startsWith('/\\') ? null : path;
  } catch {
    return null;
  }
}

/**
 * Where a redirect may send the shopper: a same-site path (sameSitePath), else '/'.
 * @example safeRedirectPath('/cars/abc/checkout') // '/cars/abc/checkout'
 * @example safeRedirectPath('https://evil.example/') // '/'
 * @example safeRedirectPath('/.//evil.example') // '/' (a path that parses to a protocol-relative URL)
 */
export function safeRedirectPath(value: string | null | undefined): string {
  return sameSitePath(value) ?? '/';
}

/**
 * The same-site path a full page URL (a form's `url` field, a Referer) names, or null: its path and query only, and
 * only when the URL is a web URL (`http:`/`https:`) or already a same-site path.
 * @example pathOfPageUrl('https://dealer.example/contact?x=1#f') // '/contact?x=1'
 * @example pathOfPageUrl('javascript:alert(1)') // null
 */
export function pathOfPageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/')) {
    const path = sameSitePath(value);
    return path === null ? null : path.replace(/#.*$/, '');
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return sameSitePath(`${url.pathname}${url.search}`);
  } catch {
    return null;
  }
}

/**
 * A same-site path with query parameters set (replacing any of the same name), e.g. a form's page with its error code.
 * @example withQueryParams('/contact?x=1', { lead_error: 'invalid' }) // '/contact?x=1&lead_error=invalid'
 */
export function withQueryParams(path: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(safeRedirectPath(path), BASE);
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
