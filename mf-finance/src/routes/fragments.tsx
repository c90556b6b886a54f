import { Hono, type Context } from 'hono';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { fragmentResponse, notFoundFragment } from '@forecourt/contracts/fragments';
import { pageCacheTags, withCacheTags } from '@forecourt/contracts/page-cache';
import { readSlotParams, SLOTS } from '@forecourt/contracts/slots';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { CalculatorSection } from '../fragments/CalculatorSection.tsx';
import { isPurchasable } from '@forecourt/contracts/entities/car';
import { CLIENT_IP_HEADER, rateLimitAddress } from '@forecourt/contracts/http';
import { callInternal, fetchCarById } from '@forecourt/contracts/internal';
import { type ChosenCar } from '../fragments/CarSummary.tsx';
import { FinanceEnquiryPage } from '../fragments/FinanceEnquiryPage.tsx';
import { FinancePage } from '../fragments/FinancePage.tsx';
import { PersonalisedFinancePage } from '../fragments/PersonalisedFinancePage.tsx';
import { financeCarsSlot } from '../lib/get-finance-now.ts';
import { preapprovalPage, type PreapprovalPage } from '../lib/preapproval-page.ts';
import { carBudget, clampPrice, carContextFrom, estimateFrom, estimateQuery } from '../lib/preapproval.ts';
import { quoteOrNull } from '../quote/quote-or-null.ts';
import { calculatorProps } from '../lib/calculator.ts';
import { financeFormSlot } from '../lib/enquiry-form.ts';
import { isFinancePage, PAGE_INTROS, PAGE_TITLES } from '../lib/pages.ts';
import type { AppEnv, QuickQuoteFor, RouteOptions } from './context.ts';

/** The calculator slot depends only on its query (and the tenant the shell keys its cache by): shareable for a minute. */
export const CALCULATOR_CACHE_CONTROL = 'public, max-age=60';
/** A page with the shopper's own application, details or quote. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
/** The chosen car and the session are extras of a page: it renders without them past this. */
export const CAR_TIMEOUT_MS = 1_500;

/**
 * `/fragments/*`, the finance pages the shell composes (ARCHITECTURE.md "Fragments"):
 * - `GET /finance-calculator` (contracts `SLOTS.financeCalculator`): the calculator slot other remotes embed, not a
 *   route of its own; params the contract refuses give the protocol's empty 404 (the host page shows no calculator);
 * - `GET /finance`: the finance form (`#finance-form`: the instant pre-approval where the site has it, else
 *   mf-account's Finance Enquiry slot) beside the chosen car (`car_id`) or the 3 steps, Get Finance Now (mf-search's
 *   finance strip) and the standalone calculator; `private, no-store` once it shows the shopper's own application;
 * - `GET /finance-enquiry`, `/apply-for-finance`: the Finance Enquiry form with the car of `car_id`;
 * - `GET /personalised-finance`: the shopper's quote for the car and the pre-approval with their saved details;
 * - any other page: the protocol's empty 404 (the shell draws its standard not-found block).
 */
export function fragmentRoutes({ styles, version, quickQuote }: RouteOptions & { quickQuote: QuickQuoteFor }) {
  /** No such page here: the empty 404 of the fragment protocol; the shell draws its standard not-found block. */
  const notFound = (config: SiteConfig) => notFoundFragment({ head: { title: `Page not found | ${config.name}`, robots: 'noindex' }, version });

  const app = new Hono<AppEnv>();

  // The calculator slot (contracts SLOTS.financeCalculator: the car and its lender's figures).
  app.get(`/${SLOTS.financeCalculator.page}`, async (c) => {
    const config = c.var.config;
    const params = readSlotParams('financeCalculator', new URL(c.req.url).searchParams);
    if (!params.success) return notFound(config);
    const props = calculatorProps(config, new URL(c.req.url).searchParams, false);
    // renderToString: no Suspense boundary and the shell reads the slot whole, so the HTML is the streamed one's
    // (calculator.app.test.tsx compares them) without the stream's many small encoded chunks (issue 19).
    const body = renderToString(<CalculatorSection props={props} />);
    const response = fragmentResponse(body, { head: { title: `Finance calculator | ${config.name}`, styles }, version, cacheControl: CALCULATOR_CACHE_CONTROL });
    // It shows a car's price: named by the car's cache tag, so the car page's purge drops it too (contracts page-cache.ts).
    return withCacheTags(response, params.output.car_id ? [pageCacheTags.car(config.slug, params.output.car_id)] : []);
  });

  app.get('/:page', async (c) => {
    const config = c.var.config;
    const page = c.req.param('page');
    if (!isFinancePage(page)) return notFound(config);
    const title = PAGE_TITLES[page];
    const query = new URL(c.req.url).searchParams;
    const { car, carUnavailable } = await chosenCar(c, query.get('car_id'));
    const description = `${PAGE_INTROS[page]} ${config.name}.`;

    if (page === 'finance') {
      const calculator = calculatorProps(config, query, true);
      const journey = config.features.finance_preapproval ? await withQuote(c, preapprovalPage(query, c.req.header('cookie'))) : null;
      const getFinanceNow = config.features.get_finance_now && !car;
      const slots = [...(journey ? [] : [financeFormSlot(query)]), ...(getFinanceNow ? [financeCarsSlot()] : [])];
      const body = await renderToReadableStream(
        <FinancePage config={config} calculator={calculator} car={car} carUnavailable={carUnavailable} preapproval={journey?.props ?? null} getFinanceNow={getFinanceNow} />,
      );
      // Without anything of the shopper's own, the page depends only on its query and the tenant (shared for a minute).
      return fragmentResponse(body, {
        head: { title: `${title} | ${config.name}`, description: `Finance with ${config.name}: get pre-approved, enquire and work out your repayments.`, styles, slots, ...(journey?.personal ? { robots: 'noindex' } : {}) },
        version,
        cacheControl: journey?.personal ? PERSONAL_CACHE_CONTROL : CALCULATOR_CACHE_CONTROL,
      });
    }

    if (page === 'personalised-finance') {
      const user = await sessionUser(c);
      const prefill = user ? { firstName: user.first_name ?? '', lastName: user.last_name ?? '', email: user.email ?? '', phone: user.phone } : {};
      const estimate = { ...estimateFrom((k) => query.get(k)), ...(car && !query.get('vehiclePriceBudget') && !query.get('price') ? { price: clampPrice(carBudget(car)) } : {}) };
      const carContext = { ...carContextFrom((k) => query.get(k)), ...(car ? { car_id: car.id } : {}) };
      const personalQuery = new URLSearchParams({ ...Object.fromEntries(query), ...estimateQuery(estimate), ...carContext });
      const journey = config.features.finance_preapproval ? preapprovalPage(personalQuery, c.req.header('cookie'), Object.fromEntries(Object.entries(prefill).filter(([, v]) => v))) : null;
      const quote = await limitedQuote(c, { estimate, car: carContext });
      const body = await renderToReadableStream(
        <PersonalisedFinancePage config={config} car={car} carUnavailable={carUnavailable} firstName={user?.first_name ?? null} estimate={estimate} carContext={carContext} quote={quote} preapproval={journey?.props ?? null} />,
      );
      const slots = journey ? [] : [financeFormSlot(query)];
      // The shopper's own quote and details: never shared, never indexed.
      return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description, robots: 'noindex', styles, slots }, version, cacheControl: PERSONAL_CACHE_CONTROL });
    }

    // /finance-enquiry and /apply-for-finance: real, indexable pages.
    // The pre-approval's popup variant (step 1, nothing of the shopper's: the page stays shareable).
    const popup = config.features.finance_preapproval ? preapprovalPage(query, undefined).props : null;
    const body = await renderToReadableStream(<FinanceEnquiryPage page={page} config={config} car={car} preapproval={popup} />);
    return fragmentResponse(body, { head: { title: `${title} | ${config.name}`, description, styles, slots: [financeFormSlot(query)] }, version, cacheControl: CALCULATOR_CACHE_CONTROL });
  });

  /** The car of `car_id` when it is one of the site's cars for sale; a failure of mf-search leaves the page without it. */
  async function chosenCar(c: Context<AppEnv>, id: string | null): Promise<{ car: ChosenCar | null; carUnavailable: boolean }> {
    if (!id) return { car: null, carUnavailable: false };
    try {
      const car = await fetchCarById(c.env.SEARCH, c.var.config.slug, id, CAR_TIMEOUT_MS);
      if (car && isPurchasable(car) && !car.sold) return { car, carUnavailable: false };
      return { car: null, carUnavailable: true };
    } catch (error) {
      console.warn('mf-finance: chosen car not loaded', error instanceof Error ? error.message : 'error');
      return { car: null, carUnavailable: false };
    }
  }

  /** Step 3 shows the personalised quote the application kept when its details went in (no provider call here). */
  async function withQuote(_c: Context<AppEnv>, journey: PreapprovalPage): Promise<PreapprovalPage> {
    if (journey.props.step !== 3 || !journey.application?.quote) return journey;
    return { ...journey, props: { ...journey.props, quote: journey.application.quote } };
  }

  /** A quote on a page view (personalised finance) costs a provider call: limited like `/api/finance/quote`. */
  async function limitedQuote(c: Context<AppEnv>, input: Parameters<typeof quoteOrNull>[2]) {
    const ip = rateLimitAddress(c.req.header(CLIENT_IP_HEADER)) ?? 'unknown';
    if (!(await c.env.QUOTE_LIMITER.limit({ key: `${c.var.config.slug}:${ip}` })).success) return null;
    return quoteOrNull(quickQuote(c.env), c.var.config.slug, input);
  }

  /** The signed-in shopper (edge-api's session, their cookie forwarded), or null. */
  async function sessionUser(c: Context<AppEnv>) {
    const cookie = c.req.header('cookie');
    if (!cookie) return null;
    try {
      const answer = await callInternal(c.env.EDGE_API, 'session', { tenant: c.var.config.slug, headers: { cookie }, timeoutMs: CAR_TIMEOUT_MS });
      return answer.ok ? answer.data.user : null;
    } catch {
      return null;
    }
  }

  return app;
}
