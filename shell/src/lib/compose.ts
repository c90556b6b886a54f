import type { FragmentHead } from '@forecourt/contracts/fragments';
import type { RemoteName } from '@forecourt/contracts/tenant';
import type { Env } from '../env.ts';
import { announcementBar, documentHead, documentTail, fallbackBlock, siteHeader, type ShellAssets } from './document.ts';
import { fetchFragment } from './fragments.ts';
import { securityHeaders } from './security.ts';
import type { Tenant } from './tenant.ts';

const encoder = new TextEncoder();

/**
 * The chrome before and after a page's body depends only on the tenant (and the header's account slot), so it is
 * rendered once per tenant config and slot, not per request. Configs are cached objects, so identity is the key.
 */
const chromeCache = new WeakMap<object, { accountHtml: string; assets: ShellAssets; top: string; tail: string }>();

async function tenantChrome(tenant: Tenant, accountHtml: string, assets: ShellAssets) {
  const hit = chromeCache.get(tenant.config);
  if (hit && hit.accountHtml === accountHtml && hit.assets === assets) return hit;
  const entry = {
    accountHtml,
    assets,
    top: String(await announcementBar(tenant.config)) + String(await siteHeader(tenant, accountHtml)),
    tail: String(await documentTail(tenant, assets)),
  };
  chromeCache.set(tenant.config, entry);
  return entry;
}

export type ComposeOptions = {
  env: Env;
  request: Request;
  tenant: Tenant;
  assets: ShellAssets;
  /** Keeps the isolate alive until the document has streamed (ExecutionContext.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The page: a remote's fragment, or HTML the shell renders itself. */
  page:
    | { kind: 'remote'; remote: RemoteName; page: string; params: Record<string, string> }
    | { kind: 'shell'; status: number; head: FragmentHead; body: string };
};

/**
 * Composes a document (ARCHITECTURE.md steps 3-4): fetches the page fragment and the header's account slot in
 * parallel, then streams head, header, the fragment's body as it arrives, and footer.
 */
export async function composeDocument({ env, request, tenant, assets, page, waitUntil }: ComposeOptions): Promise<Response> {
  const url = new URL(request.url);
  const accountSlot = fetchFragment({ env, remote: 'mf-account', page: 'header-account', tenant: tenant.config, request, timeoutMs: 1500 });
  const fragment =
    page.kind === 'remote'
      ? await fetchFragment({ env, remote: page.remote, page: page.page, params: page.params, search: url.searchParams, tenant: tenant.config, request })
      : null;
  const account = await accountSlot;
  const accountHtml = account.ok && account.status === 200 ? await new Response(account.body as never).text() : '';

  let status: number;
  let head: FragmentHead | null;
  let body: ReadableStream<Uint8Array> | string;
  let cacheControl = 'private, no-store';
  if (page.kind === 'shell') {
    status = page.status;
    head = page.head;
    body = page.body;
  } else if (fragment && fragment.ok) {
    status = fragment.status;
    head = fragment.head;
    body = fragment.body;
    if (fragment.cacheControl && status === 200) cacheControl = fragment.cacheControl;
  } else {
    status = 503;
    head = { title: `${tenant.config.name}: temporarily unavailable`, robots: 'noindex' };
    body = String(await fallbackBlock('unavailable'));
  }

  // The page's stylesheets plus the header slot's, each once.
  const styles = [...new Set([...(head?.styles ?? []), ...(account.ok ? (account.head?.styles ?? []) : [])])];
  const chrome = await tenantChrome(tenant, accountHtml, assets);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const write = async (chunk: unknown) => writer.write(encoder.encode(String(await chunk)));
  const stream = async () => {
    try {
      await write(documentHead({ tenant, head, url, assets, styles }));
      await write(chrome.top);
      if (typeof body === 'string') await write(body);
      else {
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await writer.write(value);
        }
      }
    } catch (error) {
      console.error('compose: fragment stream broke', error instanceof Error ? error.message : error);
      await write(fallbackBlock('unavailable'));
    } finally {
      await write(chrome.tail);
      await writer.close();
    }
  };
  const streaming = stream();
  waitUntil?.(streaming);
  return new Response(readable as never, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl, ...securityHeaders() },
  });
}
