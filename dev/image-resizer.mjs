/**
 * The local stand-in for Cloudflare Image Resizing (local runs and tests only). Deployed, Cloudflare answers
 * `/cdn-cgi/image/<options>/<source>` on the zone before the Worker runs; locally dev/platform.mjs binds this Node
 * service (sharp) to the shell as IMAGE_RESIZER and the shell forwards `/cdn-cgi/image/*` to it only when that binding
 * exists. The URL rule and its checks are contracts/src/images.ts (`parseImageRequest`): width one of IMAGE_WIDTHS,
 * quality one of IMAGE_QUALITIES (default 75), format auto/avif/webp/jpeg/png, a crop (`height` of one of IMAGE_CROPS
 * with `fit=cover`: exactly that box around the centre); anything else is 400.
 *
 * - The source is fetched through the platform itself (`fetchSource`, the shell's own routes) and only under the
 *   local picture folders (SOURCE_PREFIXES, `/demo-img/`: the demo Worker's pictures): any other same-origin path is
 *   400 without a fetch (it would render a whole page only to be refused as not an image). An absolute http(s) source
 *   (an imported feed's photo host) is not fetched (local runs are offline): the answer redirects the browser to it,
 *   unresized.
 * - A source is read as a stream up to MAX_SOURCE_BYTES (a larger `content-length` is refused before reading; a body
 *   that runs past the cap is cancelled): 413, never a whole oversized body in memory.
 * - Resizes run at most `concurrency` at a time with at most `maxQueue` waiting; past that the answer is 503 with
 *   `retry-after` (a burst of new sizes cannot pile up unbounded sharp jobs and their source buffers).
 * - `format=auto` gives AVIF when the browser accepts it, else WebP, else the source's format (`Vary: Accept`), as
 *   Cloudflare does; SVG passes through unchanged; a picture is never enlarged.
 * - Answers are cached by source bytes + options: in memory (MemoryLru, default 64 MiB) and on disk (DiskCache, default
 *   .wrangler/image-cache, 512 MiB), so a restart (each bench or e2e run) starts warm.
 * - A raster source is kept for its `Cache-Control: max-age` as Cloudflare keeps an origin picture by its cache headers:
 *   its digest and type only (SOURCE_MEMO_ENTRIES of them, least recently used dropped), so a picture asked for again
 *   within that time is answered from the caches above without reading the source again (before, every request read
 *   the 150-400 KB JPEG through two Node<->workerd hops and hashed it: ~15 ms of Node CPU per picture on a page). A
 *   source without max-age, or with no-store / no-cache / private, is read every time.
 */
import sharp from 'sharp';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DiskCache, MemoryLru, cacheFileName, limitConcurrency } from './disk-cache.mjs';
import { importBundle } from './local-kv.mjs';
import { ROOT } from './workers.mjs';

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
/** Largest source read (a dealer photo is well under; anything bigger is refused rather than held in memory). */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** Root-relative folders the local resizer reads sources from (the demo Worker's generated pictures). */
export const SOURCE_PREFIXES = ['/demo-img/'];
/** Resizes waiting for a sharp slot before new ones are turned away (503). */
export const DEFAULT_MAX_QUEUE = 32;
/** Raster sources whose digest is kept for their max-age (an entry is the source URL, at most ~2 KB, and a digest). */
export const SOURCE_MEMO_ENTRIES = 4096;
/** Seconds a 503 (queue full) asks the browser to wait. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The body of `res` as one Buffer, or null when it is over `max` bytes: a `content-length` over the cap is refused
 * before reading, and a body without one is read chunk by chunk and cancelled as soon as it passes the cap.
 */
export async function readCapped(res, max) {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

let contracts = null;
/** contracts/src/images.ts, bundled once per process (the rule the pages write URLs by). */
export const loadImageRules = () => (contracts ??= importBundle('contracts/src/images.ts'));

const text = (status, body) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * A resizer service. `fetch(request)` answers a `/cdn-cgi/image/...` request; `fetchSource(url)` fetches a
 * root-relative source through the platform (dev/platform.mjs passes miniflare's dispatchFetch).
 * @param {{ fetchSource: (url: URL) => Promise<Response>, dir?: string | false, diskBytes?: number, memoryBytes?: number, concurrency?: number, maxQueue?: number, maxSourceBytes?: number, sourceMemoEntries?: number, now?: () => number }} options
 */
export function createImageResizer(options) {
  const disk = options.dir === false ? null : new DiskCache({ dir: options.dir ?? join(ROOT, '.wrangler/image-cache'), maxBytes: options.diskBytes ?? 512 * 1024 ** 2 });
  const memory = new MemoryLru(options.memoryBytes ?? 64 * 1024 ** 2);
  const concurrency = options.concurrency ?? 2;
  const maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
  const maxSourceBytes = options.maxSourceBytes ?? MAX_SOURCE_BYTES;
  const limit = limitConcurrency(concurrency);
  /** Resizes admitted and not finished (running plus waiting): bounded by concurrency + maxQueue. */
  let admitted = 0;
  const stats = { resized: 0, memoryHits: 0, diskHits: 0, refusedBusy: 0, sourceReads: 0 };
  /** Source URL -> { digest, type, until }: what a fresh source read would give, until its max-age runs out. */
  const sources = new MemoryLru(options.sourceMemoEntries ?? SOURCE_MEMO_ENTRIES);
  const now = options.now ?? Date.now;

  async function readSource(source, request) {
    const url = new URL(source, request.url);
    stats.sourceReads++;
    const res = await options.fetchSource(url);
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return { status: res.status === 404 ? 404 : 502 };
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const bytes = await readCapped(res, maxSourceBytes);
    if (!bytes) return { status: 413 };
    return { status: 200, type, bytes, maxAge: cacheableSeconds(res.headers.get('cache-control')) };
  }

  /** The cached answer for `key`, from memory or disk (then kept in memory too). */
  async function cached(key, format) {
    let body = memory.get(key);
    if (body) {
      stats.memoryHits++;
      return body;
    }
    body = disk ? await disk.get(cacheFileName(key, `.${format}`)) : undefined;
    if (body) {
      stats.diskHits++;
      memory.set(key, body, body.byteLength);
    }
    return body;
  }

  async function fetchImage(request) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const { parseImageRequest, autoImageFormat } = await loadImageRules();
    const url = new URL(request.url);
    const asked = parseImageRequest(url.pathname + url.search);
    if (!asked.ok) return text(400, `Bad image request: ${asked.reason}`);
    // Local runs stay offline (README "Local runs are offline"): a picture on another host (an imported feed's photo
    // CDN) is not fetched by the runtime; the browser is sent to it, unresized, as it went before the image CDN.
    if (!asked.source.startsWith('/')) return new Response(null, { status: 302, headers: { location: asked.source, 'cache-control': 'no-store' } });
    if (!SOURCE_PREFIXES.some((prefix) => asked.source.startsWith(prefix))) return text(400, `Bad image request: a local source must be under ${SOURCE_PREFIXES.join(', ')}`);
    const formatFor = (type) => (asked.format === 'auto' ? (autoImageFormat(request.headers.get('accept')) ?? (type === 'image/png' ? 'png' : 'jpeg')) : asked.format);
    const keyFor = (digest, format) => `${digest}:w${asked.width}${asked.height ? `:h${asked.height}` : ''}:q${asked.quality}:${format}`;
    // A source read within its max-age: the answer from the caches, without reading the source again.
    const sourceUrl = new URL(asked.source, request.url).href;
    const known = sources.get(sourceUrl);
    if (known && known.until > now()) {
      const format = formatFor(known.type);
      const body = await cached(keyFor(known.digest, format), format);
      if (body) return answer(request, body, format);
    }
    const source = await readSource(asked.source, request);
    if (source.status !== 200) {
      sources.delete(sourceUrl);
      return text(source.status, 'Source image unavailable');
    }
    // Vector pictures pass through (as Cloudflare does with SVG).
    if (source.type === 'image/svg+xml') return new Response(request.method === 'HEAD' ? null : source.bytes, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" } });
    const format = formatFor(source.type);
    const digest = createHash('sha256').update(source.bytes).digest('hex');
    if (source.maxAge > 0) sources.set(sourceUrl, { digest, type: source.type, until: now() + source.maxAge * 1000 }, 1);
    else sources.delete(sourceUrl);
    const key = keyFor(digest, format);
    let body = await cached(key, format);
    if (!body) {
      if (admitted >= concurrency + maxQueue) {
        stats.refusedBusy++;
        const busy = text(503, 'Image resizer busy');
        busy.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        return busy;
      }
      admitted++;
      try {
        body = await limit(() => encode(source.bytes, asked.width, asked.quality, format, asked.height));
      } catch {
        return text(415, 'Source is not an image the resizer reads');
      } finally {
        admitted--;
      }
      stats.resized++;
      memory.set(key, body, body.byteLength);
      await disk?.put(cacheFileName(key, `.${format}`), body);
    }
    return answer(request, body, format);
  }

  return { fetch: fetchImage, stats, memory, disk, sources };
}

function answer(request, body, format) {
  const headers = {
    'content-type': CONTENT_TYPES[format],
    'content-length': String(body.byteLength),
    'cache-control': 'public, max-age=86400',
    vary: 'Accept',
    'x-content-type-options': 'nosniff',
  };
  return new Response(request.method === 'HEAD' ? null : body, { headers });
}

/** Seconds a response may be reused by its Cache-Control (s-maxage, else max-age); 0 when it may not be kept. */
export function cacheableSeconds(cacheControl) {
  const value = (cacheControl ?? '').toLowerCase();
  if (/(^|,)\s*(no-store|no-cache|private)\s*(,|=|$)/.test(value)) return 0;
  const match = /(?:^|,)\s*s-maxage\s*=\s*(\d+)/.exec(value) ?? /(?:^|,)\s*max-age\s*=\s*(\d+)/.exec(value);
  return match ? Number(match[1]) : 0;
}

/**
 * The resized picture: at most `width` wide (never enlarged), EXIF orientation applied, metadata dropped; with a
 * `height`, exactly `width` x `height`, scaled to cover that box and cropped around the centre (Cloudflare's
 * `fit=cover`, which enlarges when it must).
 */
export function encode(bytes, width, quality, format, height) {
  const img = sharp(bytes, { failOn: 'error' }).rotate().resize(height ? { width, height, fit: 'cover', position: 'centre' } : { width, withoutEnlargement: true });
  switch (format) {
    // effort 1: a local stand-in must answer in tens of milliseconds; Cloudflare's encoder is its own.
    case 'avif': return img.avif({ quality, effort: 1 }).toBuffer();
    case 'webp': return img.webp({ quality }).toBuffer();
    case 'png': return img.png().toBuffer();
    default: return img.jpeg({ quality, optimiseCoding: true }).toBuffer();
  }
}
