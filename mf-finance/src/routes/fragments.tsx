import { Hono } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { CalculatorSection } from '../fragments/CalculatorSection.tsx';
import { FinancePage } from '../fragments/FinancePage.tsx';
import { FinancePlaceholder } from '../fragments/FinancePlaceholder.tsx';
import { calculatorProps } from '../lib/calculator.ts';
import { financeFormSlot } from '../lib/enquiry-form.ts';
import { hasEnquiryForm, isFinancePage, PAGE_TITLES } from '../lib/pages.ts';
import type { AppEnv, RouteOptions } from './context.ts';

/** The calculator slot depends only on its query (and the tenant the shell keys its cache by): shareable for a minute. */
export const CALCULATOR_CACHE_CONTROL = 'public, max-age=60';

/**
 * `/fragments/*`, the finance pages the shell composes (ARCHITECTURE.md "Fragments"):
 * - `GET /finance-calculator` (contracts `SLOTS.financeCalculator`): the calculator slot other remotes embed, not a
 *   route of its own; params the contract refuses give the protocol's empty 404 (the host page shows no calculator);
 * - `GET /finance`: the standalone calculator page; `GET /finance-enquiry`, `/apply-for-finance`,
 *   `/personalised-finance`: the placeholders (with mf-account's finance enquiry form slot where they have one);
 * - any other page: the protocol's empty 404 (the shell draws its standard not-found block).
 */
export function fragmentRoutes({ styles, version }: RouteOptions) {
  /** No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block. */
  const notFound = (config: SiteConfig) => notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });

  const app = new Hono<AppEnv>();

  // The calculator slot (contracts SLOTS.financeCalculator: the car and its lender's figures).
  app.get(`/${SLOTS.financeCalculator.page}`, async (c) => {
    const config = c.var.config;
    if (!readSlotParams('financeCalculator', new URL(c.req.url).searchParams).success) return notFound(config);
    const props = calculatorProps(config, new URL(c.req.url).searchParams, false);
    const body = await renderToReadableStream(<CalculatorSection props={props} />);
    return fragmentResponse(body, { head: { title: `Finance calculator | ${config.name}`, styles }, version, cacheControl: CALCULATOR_CACHE_CONTROL });
  });

  app.get('/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    if (!isFinancePage(page)) return notFound(config);
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

  return app;
}
