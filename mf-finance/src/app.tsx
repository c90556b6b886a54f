import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import { tenantMiddleware, type TenantVariables } from '@forecourt/contracts/tenant-store';
import type { Env } from './env.ts';
import { CalculatorSection } from './fragments/CalculatorSection.tsx';
import { FinancePage } from './fragments/FinancePage.tsx';
import { FinancePlaceholder } from './fragments/FinancePlaceholder.tsx';
import { calculatorProps } from './lib/calculator.ts';
import { financeFormSlot } from './lib/enquiry-form.ts';
import { hasEnquiryForm, isFinancePage, PAGE_TITLES } from './lib/pages.ts';
import type { QuickQuotePort } from './quote/port.ts';
import { selectQuickQuote } from './quote/select.ts';
import { quoteRoutes } from './routes/quote.ts';

type AppEnv = { Bindings: Env; Variables: TenantVariables };

export type AppOptions = {
  /** The remote's stylesheets (dist/asset-manifest.json `css`), sent in every fragment's head. */
  styles: string[];
  /** This build's version (dist/asset-manifest.json `version`, from package.json), sent in `x-forecourt-version`. */
  version: string;
  /** The quick-quote port for a request's env (default: the adapter env.YOUX_ADAPTER names). */
  quickQuote?: (env: Env) => QuickQuotePort;
};

/** The calculator slot depends only on its query (and the tenant the shell keys its cache by): shareable for a minute. */
export const CALCULATOR_CACHE_CONTROL = 'public, max-age=60';

/**
 * The mf-finance Worker: the finance pages and the finance calculator slot as fragments (ARCHITECTURE.md "Fragments"),
 * and `/api/finance/quote`.
 * @example export default createApp({ styles: assetManifest.css, version: assetManifest.version })
 */
export function createApp({ styles, version, quickQuote = selectQuickQuote }: AppOptions) {
  const app = new Hono<AppEnv>();

  // Versioned client bundle (remoteEntry + chunks), proxied same-origin by the shell.
  app.get('/_mf/*', (c) => c.env.ASSETS.fetch(c.req.raw));

  // The tenant comes from the shell (server-side), never from the browser.
  app.use('*', tenantMiddleware());

  app.route('/api/finance/quote', quoteRoutes(quickQuote));

  // The calculator slot other remotes embed (contracts SLOTS.financeCalculator: the car and its lender's figures); not
  // a route of its own. Params the contract refuses give the protocol's empty 404: the host page shows no calculator.
  app.get(`/fragments/${SLOTS.financeCalculator.page}`, async (c) => {
    const config = c.var.config;
    if (!readSlotParams('financeCalculator', new URL(c.req.url).searchParams).success) {
      return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    }
    const props = calculatorProps(config, new URL(c.req.url).searchParams, false);
    const body = await renderToReadableStream(<CalculatorSection props={props} />);
    return fragmentResponse(body, { head: { title: `Finance calculator | ${config.name}`, styles }, version, cacheControl: CALCULATOR_CACHE_CONTROL });
  });

  app.get('/fragments/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    // No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block.
    if (!isFinancePage(page)) return notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });
    const title = PAGE_TITLES[page];
    if (page === 'finance') {
      const calculator = calculatorProps(config, new URL(c.req.url).searchParams, true);
      const body = await renderToReadableStream(<FinancePage config={config} calculator={calculator} />);
      // Like the slot, the page depends only on its query and the tenant.
      return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description: `Work out your finance repayments with ${config.name}.`, styles }, version, cacheControl: CALCULATOR_CACHE_CONTROL });
    }
    const body = await renderToReadableStream(<FinancePlaceholder page={page} config={config} />);
    // Placeholders are thin pages: kept out of search results until the finance pages land.
    const slots = hasEnquiryForm(page) ? [financeFormSlot(new URL(c.req.url).searchParams)] : [];
    return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description: `${title} at ${config.name}.`, robots: 'noindex', styles, slots }, version });
  });

  app.onError((error, c) => {
    console.error('mf-finance error', error.message);
    return c.json({ error: 'An unknown error occurred.' }, 500);
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
