import { escapeHtml } from '@forecourt/contracts/display';
import { slotMarker, type FragmentHead } from '@forecourt/contracts/fragments';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import type { RemoteName } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';
import { announcementBar, documentHead, documentTail, fallbackBlock, NAV_LINK_CLASS, NAV_SUBLINK_CLASS, siteHeader, type ShellAssets } from './document.ts';
import { fetchFragment } from './fragments.ts';
import { notFoundPage } from './pages.ts';
import { pinsKey } from '@forecourt/contracts/releases';
import type { ShellPins } from './remote-versions.ts';
import { securityHeaders } from './security.ts';
import type { Tenant } from './tenant.ts';

const encoder = new TextEncoder();

/**
 * The chrome before and after a page's body depends only on the tenant (and the header's account slot, and the
 * remote versions its inlined remote map names), so it is rendered once per tenant config, slot and versions, not per
 * request. Configs are cached objects, so identity is the key.
 */
const chromeCache = new WeakMap<object, { accountHtml: string; assets: ShellAssets; versions: string; top: string; tail: string }>();

async function tenantChrome(tenant: Tenant, accountHtml: string, assets: ShellAssets, pins: ShellPins) {
  const versions = pinsKey(pins);
  const hit = chromeCache.get(tenant.config);
  if (hit && hit.accountHtml === accountHtml && hit.assets === assets && hit.versions === versions) return hit;
  const entry = {
    accountHtml,
    assets,
    versions,
    top: String(await announcementBar(tenant.config)) + String(await siteHeader(tenant, accountHtml)),
    tail: String(await documentTail(tenant, assets, pins)),
  };
  chromeCache.set(tenant.config, entry);
  return entry;
}

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
  tenant: Tenant;
  /** The version of each remote this request runs (remote-versions.ts `pinsFor`). */
  pins: ShellPins;
  assets: ShellAssets;
  /** Keeps the isolate alive until the document has streamed (ExecutionContext.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The page: a remote's fragment, or HTML the shell renders itself. */
  page:
    | { kind: 'remote'; remote: RemoteName; page: string; params: Record<string, string> }
    | { kind: 'shell'; status: number; head: FragmentHead; body: string };
};

/**
 * Whole documents built only from shareable parts (the page fragment and the header slot both `public, max-age`),
 * kept per isolate until the earliest part expires: a repeat of the same URL within that time is answered without
 * any fragment fetch or composition. Bounded by bytes (oldest evicted first); a new tenant config or a new shell
 * build never sees an older document (the config object and the assets are part of the entry), nor does another set
 * of remote versions (a canary pin, a rollback, a fallback: the versions are part of the key).
 */
type CachedDocument = { expires: number; config: object; assets: ShellAssets; status: number; headers: Record<string, string>; bytes: Uint8Array<ArrayBuffer> };
export const DOCUMENT_CACHE_BYTES = 12 * 1024 * 1024;
const documentCache = new Map<string, CachedDocument>();
let documentCacheBytes = 0;

function forgetDocument(key: string) {
  const hit = documentCache.get(key);
  if (!hit) return;
  documentCache.delete(key);
  documentCacheBytes -= hit.bytes.byteLength;
}

function rememberDocument(key: string, entry: CachedDocument) {
  if (entry.bytes.byteLength > DOCUMENT_CACHE_BYTES / 8) return;
  forgetDocument(key);
  while (documentCacheBytes + entry.bytes.byteLength > DOCUMENT_CACHE_BYTES && documentCache.size) forgetDocument(documentCache.keys().next().value!);
  documentCache.set(key, entry);
  documentCacheBytes += entry.bytes.byteLength;
}

let documentCacheHits = 0;

/** What the document cache holds (for tests and diagnostics). */
export const documentCacheStats = () => ({ entries: documentCache.size, bytes: documentCacheBytes, hits: documentCacheHits });

/** Test hook: empties the document cache. */
export function clearDocumentCache() {
  documentCache.clear();
  documentCacheBytes = 0;
  documentCacheHits = 0;
}

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

/** Reads a slot body as text only when it is a 200; any other answer's body is cancelled, never left open. */
async function slotHtml(result: Awaited<ReturnType<typeof fetchFragment>>): Promise<string> {
  if (!result.ok) return '';
  if (result.status !== 200) {
    await result.body.cancel().catch(() => {});
    return '';
  }
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
 */
export async function composeDocument({ env, request, tenant, pins, assets, page, waitUntil }: ComposeOptions): Promise<Response> {
  const url = new URL(request.url);
  const isHead = request.method === 'HEAD';
  const documentKey = page.kind === 'remote' && !isHead ? `${tenant.config.slug}|${pinsKey(pins)}|${url.pathname}${url.search}` : null;
  if (documentKey) {
    const hit = documentCache.get(documentKey);
    if (hit && hit.expires > Date.now() && hit.config === tenant.config && hit.assets === assets) {
      documentCacheHits++;
      return new Response(hit.bytes, { status: hit.status, headers: hit.headers });
    }
    if (hit) forgetDocument(documentKey);
  }
  // HEAD needs no chrome, so no account slot: the status and headers depend on the page alone.
  const accountSlot = isHead ? null : fetchFragment({ env, remote: 'mf-account', page: 'header-account', tenant: tenant.config, pin: pins['mf-account'], request, timeoutMs: 1500 });
  const fragment =
    page.kind === 'remote'
      ? await fetchFragment({ env, remote: page.remote, page: page.page, params: page.params, search: url.searchParams, tenant: tenant.config, pin: pins[page.remote], request })
      : null;

  let status: number;
  let head: FragmentHead | null;
  let body: ReadableStream<Uint8Array> | string;
  let cacheControl = 'private, no-store';
  if (page.kind === 'shell') {
    status = page.status;
    head = page.head;
    body = page.body;
  } else if (fragment?.kind === 'ok') {
    status = fragment.status;
    head = fragment.head;
    body = fragment.body;
    if (fragment.cacheControl && status === 200) cacheControl = fragment.cacheControl;
  } else if (fragment?.kind === 'not-found') {
    ({ status, head, body } = await notFoundPage(tenant));
  } else {
    status = 503;
    head = { title: `${tenant.config.name}: temporarily unavailable`, robots: 'noindex' };
    body = String(await fallbackBlock());
  }
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl, ...securityHeaders({ turnstile: tenant.config.features.turnstile && Boolean(tenant.config.turnstile_site_key) }) };

  // Slots: other remotes' fragments inside this page (contracts FragmentSlotSchema): a remote's fragment or a page
  // the shell renders itself names them in its head; they are fetched in parallel, then the page body is read whole
  // so each marker can be replaced.
  const slotSpecs = !isHead && (fragment?.kind === 'ok' || page.kind === 'shell') ? (head?.slots ?? []) : [];
  const slots = slotSpecs.length
    ? await Promise.all(
        slotSpecs.map(async (slot) => {
          const result = await fetchFragment({ env, remote: slot.remote, page: slot.page, search: new URLSearchParams(slot.params ?? {}), tenant: tenant.config, pin: pins[slot.remote], request });
          const html = await slotHtml(result);
          return { slot, html, perRender: html.includes(LEAD_ID_RENDER_TOKEN), styles: result.ok && result.status === 200 ? (result.head?.styles ?? []) : [], sharedUntil: result.ok && result.status === 200 ? result.sharedUntil : undefined };
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
    // Each marker once (the contract); a missing marker leaves its slot out. A replacer function: the slot's HTML is
    // inserted as is, never read as a replacement pattern ('$&'). A lead form's per-render token becomes one fresh lead
    // id per slot (contracts LEAD_ID_RENDER_TOKEN): the slot answer is shared, the page never is.
    for (const { slot, html } of slots) text = text.replace(slotMarker(slot.id), () => withRenderLeadId(html));
    body = text;
    // A page is only as shareable as its least shareable part.
    if (slots.some((s) => !s.sharedUntil || s.perRender)) headers['cache-control'] = 'private, no-store';
  }

  if (isHead) {
    if (typeof body !== 'string') await body.cancel().catch(() => {});
    return new Response(null, { status, headers });
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
      // Only a whole, unbroken document is kept (a broken stream wrote the fallback block instead of the rest).
      if (kept?.length && documentKey && !broken) {
        rememberDocument(documentKey, { expires: sharedUntil, config: tenant.config, assets, status, headers, bytes: concat(kept) });
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
  return new Response(readable, { status, headers });
}
