import { escapeHtml } from '@forecourt/contracts/display';
import { canonicalQuery } from '@forecourt/contracts/http';
import { SLOT_ID_MAX_LENGTH, slotMarker, type FragmentHead } from '@forecourt/contracts/fragments';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { pageCacheTags } from '@forecourt/contracts/page-cache';
import type { RemoteName } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';
import { announcementBar, documentHead, documentTail, fallbackBlock, NAV_LINK_CLASS, NAV_SUBLINK_CLASS, siteHeader, type ShellAssets } from './document.ts';
import { fetchFragment } from './fragments.ts';
import { notFoundPage } from './pages.ts';
import { pinsKey } from '@forecourt/contracts/releases';
import type { ShellPins } from './remote-versions.ts';
import { securityHeaders, withHeaderPolicyRecord } from './security.ts';
import type { ResolvedTenant } from './tenant.ts';
import {
  CACHE_LAYER_HEADER,
  clearPageCache,
  countMiss,
  forgetIsolateDocument,
  isolateDocument,
  noteFastHit,
  notePrivatePage,
  recentlyPrivate,
  pageCacheStats,
  purgeEpoch,
  putSharedDocument,
  rememberIsolateDocument,
  SHARED_DOCUMENT_CACHE_CONTROL,
  sharedDocument,
  sharedDocumentKey,
  tenantDigest,
} from './page-cache.ts';

export { DOCUMENT_CACHE_BYTES } from './page-cache.ts';

const encoder = new TextEncoder();

/**
 * Tenants whose chrome is kept per isolate (one entry each, least recently used evicted first). A chrome is 10-40 KB,
 * so 100 tenants are at most ~4 MB; an isolate serving more tenants than that renders the chrome again for the rarer ones
 * (a few hundred microseconds), which is cheaper than holding every tenant's.
 */
export const CHROME_CACHE_MAX = 100;
type Chrome = { config: object; data: object; accountHtml: string; assets: ShellAssets; versions: string; top: string; tail: string };
const chromeCache = new Map<string, Chrome>();

/**
 * The chrome before and after a page's body depends only on the tenant (and the header's account slot, and the
 * remote versions its inlined remote map names), so it is rendered once per tenant config, slot and versions, not per
 * request. Configs are cached objects, so identity is the check. Exported for tests.
 */
export async function tenantChrome(tenant: ResolvedTenant, accountHtml: string, assets: ShellAssets, pins: ShellPins): Promise<Chrome> {
  const versions = pinsKey(pins);
  const slug = tenant.config.slug;
  const hit = chromeCache.get(slug);
  if (hit && hit.config === tenant.config && hit.data === tenant.data && hit.accountHtml === accountHtml && hit.assets === assets && hit.versions === versions) {
    chromeCache.delete(slug);
    chromeCache.set(slug, hit);
    return hit;
  }
  const entry: Chrome = {
    config: tenant.config,
    data: tenant.data,
    accountHtml,
    assets,
    versions,
    top: String(await announcementBar(tenant.config)) + String(await siteHeader(tenant, accountHtml)),
    tail: String(await documentTail(tenant, assets, pins)),
  };
  chromeCache.delete(slug);
  chromeCache.set(slug, entry);
  while (chromeCache.size > CHROME_CACHE_MAX) chromeCache.delete(chromeCache.keys().next().value!);
  return entry;
}

/** The tenants whose chrome is kept, least recently used first (tests). */
export const chromeCacheSlugs = () => [...chromeCache.keys()];

/**
 * Marks the header's nav links to the current path with `aria-current="page"` (WCAG 2.4.8 orientation).
 * Done server-side on the cached chrome string, per request, rather than by the client: it is there at first paint
 * and without JavaScript, and it costs one scan of a few KB; the cache keeps the unmarked string. Links are found
 * by their exact `class` + escaped `href` as siteHeader renders them, so nothing else in the chrome can match.
 */
export function markCurrentNavLink(top: string, pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const href = `href="${escapeHtml(path)}"`;
  let out = top;
  for (const cls of [NAV_LINK_CLASS, NAV_SUBLINK_CLASS]) {
    const link = `<a class="${cls}" ${href}`;
    out = out.replaceAll(link, `${link} aria-current="page"`);
  }
  return out;
}

export type ComposeOptions = {
  env: Env;
  request: Request;
  tenant: ResolvedTenant;
  /** The version of each remote this request runs (remote-versions.ts `pinsFor`). */
  pins: ShellPins;
  assets: ShellAssets;
  /** Keeps the isolate alive until the document has streamed (ExecutionContext.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /**
   * Set by worker.ts when nothing but the URL decides this answer until then (epoch ms: the tenant's `freshUntil`; a
   * GET of a route with no sign-in gate, every remote on its stable version): an isolate hit is then noted for the
   * early hit check (page-cache.ts `noteFastHit`), which answers the same URL before routing next time.
   */
  earlyHitUntil?: number;
  /** The page: a remote's fragment, or HTML the shell renders itself. */
  page:
    | { kind: 'remote'; remote: RemoteName; page: string; params: Record<string, string> }
    | { kind: 'shell'; status: number; head: FragmentHead; body: string };
};

/** What the isolate's document layer holds (tests; pageCacheStats in page-cache.ts has every layer). */
export const documentCacheStats = () => pageCacheStats().isolate;

/** Test hook: empties the isolate's document layer and the counters (page-cache.ts clearPageCache). */
export const clearDocumentCache = () => clearPageCache();

/** A composed document's headers: the same for every answer of it, so a kept document is answered with them. */
const documentHeaders = (tenant: ResolvedTenant, cacheControl: string): Record<string, string> => ({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': cacheControl,
  ...securityHeaders({ turnstile: tenant.config.features.turnstile && Boolean(tenant.config.turnstile_site_key) }),
});

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A slot's HTML with its per-render lead-id token (if any) replaced by one fresh UUID. */
export const withRenderLeadId = (html: string): string => (html.includes(LEAD_ID_RENDER_TOKEN) ? html.replaceAll(LEAD_ID_RENDER_TOKEN, crypto.randomUUID()) : html);

/** A slot marker's text before and after its id (contracts slotMarker). */
const [MARKER_OPEN, MARKER_CLOSE] = slotMarker('\u0000').split('\u0000') as [string, string];

/**
 * Puts each slot's HTML in place of its marker (contracts slotMarker) in one pass over the body: a car page has up to 8
 * slots, and a `replace` per slot would copy the whole body each time. Each marker once (the contract): the first
 * occurrence takes the slot's HTML, a repeat stays as it was (a second slot with the same id takes the next one); a
 * missing marker leaves its slot out. The slot's HTML is inserted as is, never read as a replacement pattern ('$&'),
 * nor searched for markers itself. A lead form's per-render token becomes one fresh lead id per slot (contracts
 * LEAD_ID_RENDER_TOKEN): the slot answer is shared, the page never is.
 * Found with `indexOf`, not a RegExp of the markers: on a car page's ~80 KB of two-byte text the alternation took ~1 ms
 * a page, `indexOf` ~0.04 ms (issue 19, uncached render cost).
 */
export function fillSlots(text: string, slots: ReadonlyArray<{ slot: { id: string }; html: string }>): string {
  if (!slots.length) return text;
  const pending = new Map<string, string[]>();
  for (const { slot, html } of slots) {
    const queue = pending.get(slot.id);
    if (queue) queue.push(html);
    else pending.set(slot.id, [html]);
  }
  let out = '';
  let from = 0;
  for (let at = text.indexOf(MARKER_OPEN); at !== -1; at = text.indexOf(MARKER_OPEN, at + 1)) {
    const idStart = at + MARKER_OPEN.length;
    const idEnd = text.indexOf(MARKER_CLOSE, idStart);
    if (idEnd === -1) break;
    // Not a marker (an id this long never is): look on from the next character.
    if (idEnd - idStart > SLOT_ID_MAX_LENGTH) continue;
    const html = pending.get(text.slice(idStart, idEnd))?.shift();
    if (html === undefined) continue;
    out += text.slice(from, at) + withRenderLeadId(html);
    from = idEnd + MARKER_CLOSE.length;
    at = from - 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Reads a slot body as text only when it is a 200; any other answer's body is cancelled, never left open. */
async function slotHtml(result: Awaited<ReturnType<typeof fetchFragment>>): Promise<string> {
  if (!result.ok) return '';
  if (result.status !== 200) {
    if (result.html === undefined) await result.body.cancel().catch(() => {});
    return '';
  }
  // A kept or shareable slot is text already (fragments.ts): no stream made and read back.
  if (result.html !== undefined) return result.html;
  try {
    return await new Response(result.body).text();
  } catch (error) {
    console.error('compose: account slot broke', error instanceof Error ? error.message : error);
    return '';
  }
}

/**
 * Composes a document (ARCHITECTURE.md steps 3-4): fetches the page fragment and the header's account slot in
 * parallel, then streams head, header, the fragment's body as it arrives, and footer.
 * A HEAD request gets the same status and headers with no body (the fragment's body is cancelled, not streamed).
 *
 * Whole documents built only from shareable parts (page fragment, header slot and every slot `public, max-age`,
 * status 200, GET) are kept in two layers (page-cache.ts): this isolate's (answered with no await) and the Workers
 * Cache API's, until the earliest part expires or a purge names one of their tags (the parts' CACHE_TAGS_HEADER and
 * the tenant's). CACHE_LAYER_HEADER says which layer answered.
 */
export async function composeDocument({ env, request, tenant, pins, assets, page, waitUntil, earlyHitUntil }: ComposeOptions): Promise<Response> {
  const url = new URL(request.url);
  const isHead = request.method === 'HEAD';
  const versions = page.kind === 'remote' && !isHead ? pinsKey(pins) : '';
  // Keyed without tracking parameters, the others sorted (contracts canonicalQuery): an ad click shares the page.
  const documentKey = page.kind === 'remote' && !isHead ? `${tenant.config.slug}|${versions}|${url.pathname}?${canonicalQuery(url.searchParams)}` : null;
  const slug = tenant.config.slug;
  const startEpoch = purgeEpoch(slug);
  // Fragments are kept under the same digest of the tenant's config and data as the shared document key.
  const digest = tenantDigest(tenant);
  let sharedKey: string | null = null;
  if (documentKey) {
    const now = Date.now();
    const kept = isolateDocument(documentKey, tenant, assets, now);
    if (kept instanceof Response) {
      if (earlyHitUntil) noteFastHit(request.url, documentKey, slug, startEpoch, earlyHitUntil, withHeaderPolicyRecord);
      return kept;
    }
    sharedKey = sharedDocumentKey(url, tenant, assets, env.CF_VERSION_METADATA?.id ?? '', versions);
    const shared = recentlyPrivate(documentKey, now) ? null : await sharedDocument(sharedKey, now);
    // A purge while the shared layer was asked: its answer may be what was purged.
    if (shared && purgeEpoch(slug) === startEpoch) {
      const headers = documentHeaders(tenant, SHARED_DOCUMENT_CACHE_CONTROL);
      rememberIsolateDocument(documentKey, { ...shared, tenant, assets, status: 200, headers, sharedKey }, now);
      return new Response(shared.bytes, { status: 200, headers: { ...headers, [CACHE_LAYER_HEADER]: 'shared' } });
    }
    if (kept === 'recheck') forgetIsolateDocument(documentKey);
    countMiss();
  }
  // HEAD needs no chrome, so no account slot: the status and headers depend on the page alone.
  const accountSlot = isHead ? null : fetchFragment({ env, remote: 'mf-account', page: 'header-account', tenant: tenant.config, tenantDigest: digest, pin: pins['mf-account'], request, timeoutMs: 1500 });
  const fragment =
    page.kind === 'remote'
      ? await fetchFragment({ env, remote: page.remote, page: page.page, params: page.params, search: url.searchParams, tenant: tenant.config, tenantDigest: digest, pin: pins[page.remote], request })
      : null;

  let status: number;
  let head: FragmentHead | null;
  let body: ReadableStream<Uint8Array> | string;
  let cacheControl = 'private, no-store';
  // The tags of every part (the tenant's always): a purge of any of them drops the document.
  const tags = new Set([pageCacheTags.tenant(tenant.config.slug)]);
  if (page.kind === 'shell') {
    status = page.status;
    head = page.head;
    body = page.body;
  } else if (fragment?.kind === 'ok') {
    status = fragment.status;
    head = fragment.head;
    body = fragment.html ?? fragment.body;
    // A browser may keep a shareable page but asks again every time (a purge shows on the very next request).
    if (fragment.sharedUntil && status === 200) cacheControl = SHARED_DOCUMENT_CACHE_CONTROL;
    for (const tag of fragment.tags ?? []) tags.add(tag);
  } else if (fragment?.kind === 'not-found') {
    ({ status, head, body } = await notFoundPage(tenant));
  } else {
    status = 503;
    head = { title: `${tenant.config.name}: temporarily unavailable`, robots: 'noindex' };
    body = String(await fallbackBlock());
  }
  const headers = documentHeaders(tenant, cacheControl);

  // Slots: other remotes' fragments inside this page (contracts FragmentSlotSchema): a remote's fragment or a page
  // the shell renders itself names them in its head; they are fetched in parallel, then the page body is read whole
  // so each marker can be replaced.
  const slotSpecs = !isHead && (fragment?.kind === 'ok' || page.kind === 'shell') ? (head?.slots ?? []) : [];
  const slots = slotSpecs.length
    ? await Promise.all(
        slotSpecs.map(async (slot) => {
          const result = await fetchFragment({ env, remote: slot.remote, page: slot.page, search: new URLSearchParams(slot.params ?? {}), tenant: tenant.config, tenantDigest: digest, pin: pins[slot.remote], request });
          const html = await slotHtml(result);
          const answered = result.ok && result.status === 200;
          return { slot, html, perRender: html.includes(LEAD_ID_RENDER_TOKEN), styles: answered ? (result.head?.styles ?? []) : [], sharedUntil: answered ? result.sharedUntil : undefined, tags: answered ? result.tags : undefined };
        }),
      )
    : [];
  if (slots.length) {
    let text: string;
    if (typeof body === 'string') text = body;
    else {
      try {
        text = await new Response(body).text();
      } catch (error) {
        console.error('compose: fragment broke', error instanceof Error ? error.message : error);
        text = String(await fallbackBlock());
      }
    }
    body = fillSlots(text, slots);
    // A page is only as shareable as its least shareable part.
    if (slots.some((s) => !s.sharedUntil || s.perRender)) headers['cache-control'] = 'private, no-store';
    for (const s of slots) for (const tag of s.tags ?? []) tags.add(tag);
  }

  if (isHead) {
    if (typeof body !== 'string') await body.cancel().catch(() => {});
    return new Response(null, { status, headers: { ...headers, [CACHE_LAYER_HEADER]: 'miss' } });
  }

  const account = await accountSlot!;
  const accountHtml = await slotHtml(account);
  // The page's stylesheets plus the header slot's, each once.
  const styles = [...new Set([...(head?.styles ?? []), ...slots.flatMap((s) => s.styles), ...(account.ok ? (account.head?.styles ?? []) : [])])];
  const chrome = await tenantChrome(tenant, accountHtml, assets, pins);
  const top = markCurrentNavLink(chrome.top, url.pathname);
  // The document may be shared when every part of it may be (status 200 only), until the earliest part expires.
  const sharedUntil =
    documentKey && status === 200 && fragment?.kind === 'ok' && fragment.sharedUntil && account.ok && account.status === 200 && account.sharedUntil
      ? Math.min(fragment.sharedUntil, account.sharedUntil, ...slots.map((s) => (s.perRender ? 0 : (s.sharedUntil ?? 0))))
      : 0;
  const kept: Uint8Array[] | null = sharedUntil > Date.now() ? [] : null;
  // The header slot decides too: only a wholly shareable document is public.
  if (!kept) {
    headers['cache-control'] = 'private, no-store';
    if (documentKey) notePrivatePage(documentKey);
  }
  else for (const tag of account.ok ? (account.tags ?? []) : []) tags.add(tag);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const reader = typeof body === 'string' ? null : body.getReader();
  const send = (bytes: Uint8Array) => {
    kept?.push(bytes);
    return writer.write(bytes);
  };
  const write = async (chunk: unknown) => send(encoder.encode(String(await chunk)));
  let broken = false;
  const stream = async () => {
    try {
      await write(documentHead({ tenant, head, url, assets, styles, status }));
      await write(top);
      if (typeof body === 'string') await write(body);
      else {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader!.read();
          } catch (error) {
            // The remote broke mid-stream: the shopper gets the fallback block and the rest of the page.
            console.error('compose: fragment stream broke', error instanceof Error ? error.message : error);
            broken = true;
            await write(fallbackBlock());
            break;
          }
          if (chunk.done) break;
          await send(chunk.value);
        }
      }
      await write(chrome.tail);
      await writer.close();
      // Only a whole, unbroken document is kept (a broken stream wrote the fallback block instead of the rest), and
      // not when a purge came while it was composed (it may show what the purge dropped). The shared layer is written
      // here, after the shopper has the whole page (this runs under waitUntil).
      if (kept?.length && documentKey && !broken && purgeEpoch(slug) === startEpoch) {
        const doc = { expires: sharedUntil, tenant, assets, status, headers, bytes: concat(kept), tags: [...tags], sharedKey };
        rememberIsolateDocument(documentKey, doc);
        // The shared layer's write waits a turn of the event loop, so the runtime writes the document's last bytes to the
        // shopper first: run at once, making the Response it puts held the end of the page back (~1.5 ms an uncached
        // page in a running isolate, more in a fresh one; bench/RESULTS.md). putSharedDocument checks the purge epoch
        // again, so a purge meanwhile still keeps the document out.
        if (sharedKey) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          await putSharedDocument(sharedKey, doc, slug, startEpoch);
        }
      }
    } catch (error) {
      // A write failed: the shopper went away (the response body was cancelled). Stop reading the remote and end
      // both streams; nothing is rethrown, so waitUntil never sees a rejection.
      await reader?.cancel(error).catch(() => {});
      await writer.abort(error).catch(() => {});
    }
  };
  // The shopper leaving cancels the response body, which errors the writer at once: stop reading the remote then,
  // even while it is stalled between chunks.
  writer.closed.catch((error: unknown) => reader?.cancel(error).catch(() => {}));
  const streaming = stream();
  waitUntil?.(streaming);
  return new Response(readable, { status, headers: { ...headers, [CACHE_LAYER_HEADER]: 'miss' } });
}
