/**
 * The shell isolate's warm-up (issue 19, cold start): at module start, before any request, the shell runs the parts
 * of a page's composition that need no I/O for a made-up dealer group (contracts `richSiteConfigInput`: menus with
 * children, an announcement, a promo popup, web fonts, the business, locations with their weeks): its config, data
 * and registry reads through the tenant store (from an in-memory KV: the validation of a config), the route, the
 * version pins, the page cache's keys and digest, the head, header, footer and tail of a search page, the home page's
 * sections and the not-found block, and every web font's stack. A fresh isolate's first shopper then meets compiled,
 * type-fed code. Cloudflare starts the entry Worker's isolate while the TLS handshake is under way, so its module
 * start is mostly off the first request there; `WARM_UP=off` skips it (contracts warm-up.ts).
 *
 * Global scope may do no I/O, set no timer, draw no random value and make no Response: the fragments' fetches and the
 * document's stream are not warmed. What it builds is its own and dropped: the chrome, document and fragment caches
 * never see it, and its in-memory KV's tenant store is let go when it ends (lib/tenant.ts `releaseStoreOf`). Its clock
 * is the made-up data's (`WARM_UP_NOW`): module scope reads 0 from `Date.now()` on Cloudflare.
 */
import { pinsKey } from '@forecourt/contracts/releases';
import { createWarmUp, WARM_UP_NOW, WARM_UP_ROUNDS, WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { resolveRoute, routeEnabled } from '@forecourt/contracts/routes';
import { decodeFragmentHead, encodeFragmentHead } from '@forecourt/contracts/fragments';
import { fontStack, WEB_FONTS, type WebFontFamily } from '@forecourt/ui/fonts';
import { memoryKv, richSiteConfigInput, richTenantDataInput, tenantEntries } from '@forecourt/contracts/made-up';
import { markCurrentNavLink } from './lib/compose.ts';
import { announcementBar, documentHead, documentTail, siteHeader, type ShellAssets } from './lib/document.ts';
import { homePage, notFoundPage } from './lib/pages.ts';
import { sharedDocumentKey, tenantDigest } from './lib/page-cache.ts';
import { pinsFor } from './lib/remote-versions.ts';
import { securityHeaders } from './lib/security.ts';
import { releaseStoreOf, resolveTenant, withTenantContent } from './lib/tenant.ts';

const HOST = `${WARM_UP_TENANT}.example.com.au`;
/** Runs the warm-up; answers the characters of the documents it made (a test's proof that pages were made). */
export async function warmUpShell({ assets, rounds = WARM_UP_ROUNDS }: { assets: ShellAssets; rounds?: number }): Promise<number> {
  const kv = memoryKv(tenantEntries([richSiteConfigInput(WARM_UP_TENANT, { hosts: [HOST] })], { [WARM_UP_TENANT]: richTenantDataInput() }));
  let chars = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      // Every web font's stack and fallback faces (ui fonts.ts keeps them per family, whoever asks: no tenant's).
      for (const family of Object.keys(WEB_FONTS) as WebFontFamily[]) chars += fontStack(family).length;
      // By its local host: a KV host lookup guards against another request's stalled lookup with a timer, which global
      // scope may not set.
      const tenant = await resolveTenant(kv, `${WARM_UP_TENANT}.localhost`, { localHosts: true, cacheSeconds: 60, now: WARM_UP_NOW });
      if (!tenant) throw new Error('warm-up: the made-up tenant did not resolve');
      const pins = pinsFor(tenant.config, tenant.releases, WARM_UP_NOW);
      const versions = pinsKey(pins);
      const security = securityHeaders();
      for (const path of ['/search/new-used-and-demo-cars', '/']) {
        const url = new URL(`https://${HOST}${path}?sortBy=latest`);
        const route = resolveRoute(url.pathname);
        if (!route || !routeEnabled(route, tenant.config.features)) throw new Error(`warm-up: no route for ${path}`);
        tenantDigest(tenant);
        sharedDocumentKey(url, tenant, assets, '', versions);
        // A remote's fragment head, as the shell decodes it from the fragment's header.
        const head = decodeFragmentHead(encodeFragmentHead({ title: `Cars for sale | ${tenant.config.name}`, description: 'Cars for sale.', styles: ['/_mf/mf-search/0.0.0/assets/style.css'] }));
        const page = route.remote === 'shell' ? await homePage(await withTenantContent(kv, tenant, { cacheSeconds: 60 }), WARM_UP_NOW) : null;
        const top = String(await announcementBar(tenant.config)) + String(await siteHeader(tenant, ''));
        chars +=
          String(await documentHead({ tenant, head: page?.head ?? head, url, assets, styles: head?.styles ?? [] })).length +
          markCurrentNavLink(top, url.pathname).length +
          (page?.body.length ?? 0) +
          String(await documentTail(tenant, assets, pins)).length +
          Object.keys(security).length;
      }
      chars += (await notFoundPage(tenant)).body.length;
    }
  } finally {
    releaseStoreOf(kv);
  }
  return chars;
}

/** The isolate's warm-up record (contracts warm-up.ts): worker.ts starts it, a Worker test reads it. */
export const warmUp = createWarmUp('shell');
