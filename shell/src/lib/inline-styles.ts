/**
 * A page's stylesheets, inlined into its `<head>` (issue 19): the shell's own and each remote's versioned stylesheet
 * (`/_shell/<version>/…css`, `/_mf/<remote>/<version>/…css`) as `<style data-href>` instead of `<link rel=stylesheet>`.
 * A linked stylesheet holds the first paint for one more round trip after the document (three of them on a search page,
 * ~11 KB gzip in all); inlined, the page paints from the document alone.
 *
 * A stylesheet's path names its version and its content hash, so its text never changes: this isolate keeps each text
 * it has read (bounded below). A page starts reading the stylesheets this isolate does not know as soon as it knows
 * their paths (the shell's at once, a remote's when its fragment's head arrives: beside the page's other reads) and
 * waits for them at most INLINE_STYLE_WAIT_MS before its head is written; one still unread then is linked and read on
 * (`waitUntil`), and the caller keeps no such page in the page cache (`complete: false`), so every kept page has its
 * styles inlined.
 *
 * A stylesheet is linked, never inlined, when its text would read differently inside the document: a relative `url()`
 * (it would resolve against the page's address), an `@import`, or a `</style` (it would end the element); and when it
 * is larger than INLINE_STYLE_MAX_BYTES (one stylesheet must not weigh on every page). A read that fails is tried again
 * after INLINE_STYLE_RETRY_MS.
 */
import { REMOTE_NAMES, type RemoteName } from '@forecourt/contracts/tenant';

/** The largest stylesheet inlined (bytes of text); a larger one stays a link. Forecourt's largest is ~34 KB. */
export const INLINE_STYLE_MAX_BYTES = 64 * 1024;
/**
 * Stylesheets whose text (or that they are not inlinable) is kept per isolate: one per remote version and the shell's,
 * so 64 is eight versions of each part at once (a canary beside stable takes two). At most 64 x 64 KB = 4 MB; the
 * least recently used goes first.
 */
export const INLINE_STYLES_MAX = 64;
/** After a failed read, a stylesheet is linked for this long before it is read again. */
export const INLINE_STYLE_RETRY_MS = 60_000;
/** How long a page waits, at most, for stylesheet reads still running when its head is due (only the first pages). */
export const INLINE_STYLE_WAIT_MS = 50;

/**
 * How this request reads a stylesheet by its path (the shell's ASSETS, or the binding of the remote version it runs),
 * or null when it cannot (another version's path: that stylesheet is linked, as it always was).
 */
export type StyleLoader = (href: string) => (() => Promise<Response>) | null;

/** A text, `null` when the stylesheet must stay a link, or the epoch ms after which a failed read is tried again. */
type Entry = { text: string | null } | { retryAt: number };
const kept = new Map<string, Entry>();
const loading = new Map<string, Promise<void>>();

/** Why a stylesheet's text cannot be inlined as it is, or null when it can. */
export function notInlinable(text: string): string | null {
  if (text.length > INLINE_STYLE_MAX_BYTES) return 'too large';
  if (/<\/style/i.test(text)) return 'closes <style>';
  if (/@import/i.test(text)) return '@import';
  for (const m of text.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const target = m[2]!.trim();
    if (!/^(?:data:|https?:|\/|#)/i.test(target)) return 'relative url()';
  }
  return null;
}

function remember(href: string, entry: Entry) {
  kept.delete(href);
  kept.set(href, entry);
  while (kept.size > INLINE_STYLES_MAX) kept.delete(kept.keys().next().value!);
}

async function load(href: string, read: () => Promise<Response>, now: () => number): Promise<void> {
  try {
    const res = await read();
    if (!res.ok || !(res.headers.get('content-type') ?? 'text/css').includes('text/css')) {
      await res.body?.cancel().catch(() => {});
      throw new Error(`status ${res.status}`);
    }
    const text = await res.text();
    const why = notInlinable(text);
    if (why) console.warn(`inline styles: ${href} stays linked (${why})`);
    remember(href, { text: why ? null : text });
  } catch (error) {
    console.warn(`inline styles: ${href} could not be read:`, error instanceof Error ? error.message : error);
    remember(href, { retryAt: now() + INLINE_STYLE_RETRY_MS });
  } finally {
    loading.delete(href);
  }
}

/** Starts reading the stylesheets this isolate does not know yet (each once at a time), off the response path. */
export function readStyles(hrefs: readonly string[], loader: StyleLoader, waitUntil?: (p: Promise<unknown>) => void, now: () => number = Date.now) {
  inlineStyleTexts(hrefs, loader, waitUntil, now);
}

/** Waits for the reads of these stylesheets still running, at most `ms` (no timer when none is running). */
export async function settleStyleReads(hrefs: readonly string[], ms = INLINE_STYLE_WAIT_MS): Promise<void> {
  const running = hrefs.flatMap((href) => loading.get(href) ?? []);
  if (!running.length) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(running), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * The texts of the page's stylesheets this isolate knows (href -> text; an href missing from it is linked), and whether
 * every stylesheet that can be inlined is (`complete`). Unknown ones are read in the background (`waitUntil`).
 */
export function inlineStyleTexts(hrefs: readonly string[], loader: StyleLoader, waitUntil?: (p: Promise<unknown>) => void, now: () => number = Date.now): { texts: Map<string, string>; complete: boolean } {
  const texts = new Map<string, string>();
  let complete = true;
  for (const href of hrefs) {
    const entry = kept.get(href);
    if (entry && 'text' in entry) {
      kept.delete(href);
      kept.set(href, entry);
      if (entry.text !== null) texts.set(href, entry.text);
      continue;
    }
    const read = loader(href);
    if (!read) continue;
    complete = false;
    if ((entry && entry.retryAt > now()) || loading.has(href)) continue;
    const reading = load(href, read, now);
    loading.set(href, reading);
    waitUntil?.(reading);
  }
  return { texts, complete };
}

/**
 * The loader for one request: the shell's own stylesheets from its ASSETS, a remote's from the binding of the version
 * this request runs (its pins), with its version override. A path of another version, or of no known part, is linked.
 */
export function styleLoader(opts: {
  origin: string;
  assets: Fetcher;
  remote: (remote: RemoteName, version: string) => ((request: Request) => Promise<Response>) | null;
}): StyleLoader {
  return (href) => {
    if (href.startsWith('/_shell/')) return () => opts.assets.fetch(new Request(opts.origin + href));
    const m = /^\/_mf\/([a-z-]+)\/([\w.-]+)\//.exec(href);
    if (!m || !REMOTE_NAMES.includes(m[1] as RemoteName)) return null;
    const fetch = opts.remote(m[1] as RemoteName, m[2]!);
    return fetch ? () => fetch(new Request(opts.origin + href)) : null;
  };
}

/** What this isolate keeps (tests, the bench). */
export const inlineStylesStats = () => ({ entries: kept.size, bytes: [...kept.values()].reduce((n, e) => n + ('text' in e && e.text ? e.text.length : 0), 0), loading: loading.size });

/** Test hook: forgets every kept text. */
export function clearInlineStyles() {
  kept.clear();
  loading.clear();
}
