import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { LEAD_ID_RENDER_TOKEN } from '@forecourt/contracts/lead-forms';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { AccountPage } from './fragments/AccountPage.tsx';
import { SlotLeadForm } from './fragments/SlotLeadForm.tsx';
import { slotForm } from './lead-form/forms.ts';
import { HeaderSlot } from './fragments/HeaderSlot.tsx';
import { HEADER_SLOT, isAccountPage, PAGE_TITLES } from './lib/pages.ts';
import { hasSessionCookie, pendingPhoneFromCookie, readSignInQuery, signInHeading } from './sign-in/model.ts';
import { SignInPage } from './sign-in/SignInPage.tsx';

type AppEnv = { Bindings: Env; Variables: TenantVariables };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
};

/**
 * The mf-account Worker: the header's account slot and the account pages as fragments (ARCHITECTURE.md "Fragments").
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version }: AppOptions) {
  const app = new Hono<AppEnv>();

  // The header slot is the same for every shopper of a tenant (the count fills in on the client): shareable.
  const HEADER_SLOT_CACHE = 'public, max-age=60';
  // A lead form changes only with the tenant's config and data (an offer ending is picked up within the minute).
  const LEAD_FORM_SLOT_CACHE = 'public, max-age=60';

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.get(`/fragments/${HEADER_SLOT}`, async (c) => {
    const config = c.var.config;
    const head = { title: config.name, styles };
    // Favourites are a per-tenant feature (spec §4 Watchlist toggle: hidden when the feature is off): an empty slot.
    if (!config.features.favourites) return fragmentResponse('', { head, version, cacheControl: HEADER_SLOT_CACHE });
    return fragmentResponse(await renderToReadableStream(<HeaderSlot />), { head, version, cacheControl: HEADER_SLOT_CACHE });
  });

  // The lead-form slot (contracts SLOTS.leadForm): a form of the kit in another part's page. The same for every shopper
  // of the tenant, so shareable for a minute: the per-render lead id is the shell's (LEAD_ID_RENDER_TOKEN). Params the
  // contract refuses (host and owner disagree) give the empty 404: no form.
  app.get(`/fragments/${SLOTS.leadForm.page}`, async (c) => {
    const config = c.var.config;
    const params = readSlotParams('leadForm', new URL(c.req.url).searchParams);
    if (!params.success) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const data = await c.var.store.data(config.slug).catch(() => null);
    const form = slotForm(params.output, config, { locations: data?.locations ?? [], offers: data?.offers ?? [] }, LEAD_ID_RENDER_TOKEN);
    return fragmentResponse(await renderToReadableStream(<SlotLeadForm form={form} />), { head: { title: form.title, styles }, version, cacheControl: LEAD_FORM_SLOT_CACHE });
  });

  app.get('/fragments/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    // No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block.
    if (!isAccountPage(page)) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const title = PAGE_TITLES[page];
    if (page === 'sign-in') {
      // The query (type, redirect, back, step, sign_in_error) and the pending-phone cookie come through the shell.
      const query = readSignInQuery(new URL(c.req.url).searchParams);
      const cookie = c.req.header('cookie');
      const body = await renderToReadableStream(<SignInPage query={query} pendingPhone={pendingPhoneFromCookie(cookie)} sessionCookie={hasSessionCookie(cookie)} config={config} />);
      const heading = signInHeading(query.type);
      return fragmentResponse(body, { head: { title: `${heading} | ${config.name}`, description: `${heading} at ${config.name} with a code sent to your mobile.`, robots: 'noindex', styles }, version });
    }
    const body = await renderToReadableStream(<AccountPage page={page} config={config} />);
    // Account pages are personal: never indexed.
    return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: 'noindex', styles }, version });
  });

  app.onError((error, c) => {
    console.error('mf-account error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
