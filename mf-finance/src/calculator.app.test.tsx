/** Worker tests of the finance calculator: the slot fragment, the /finance page and POST /api/finance/quote. */
import { describe, expect, it } from 'vitest';
import { decodeFragmentHead, FRAGMENT_HEAD_HEADER, ISLAND_ATTR, ISLAND_PROPS_ATTR } from '@forecourt/contracts/fragments';
import { expectProtocolNotFound } from '@forecourt/contracts/fixtures/fragments';
import { ISLAND_WHEN_ATTR } from '@forecourt/contracts/islands';
import { TENANT_HEADER } from '@forecourt/contracts/tenant';
import { CLIENT_IP_HEADER } from '@forecourt/contracts/http';
import { createApp } from './app.tsx';
import type { Env } from './env.ts';
import { QuickQuoteError, type QuickQuotePort } from './quote/port.ts';
import { QUOTE_RATE_LIMIT_MESSAGE } from './routes/quote.ts';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { carFinanceFigures, calculatorSlotParams } from '@forecourt/contracts/finance-calculator';
import { slotFor } from '@forecourt/contracts/slots';
import { formatAud } from '@forecourt/contracts/display';
import * as v from 'valibot';
import { renderToReadableStream } from 'react-dom/server';
import { siteConfig, siteConfigInput, testEnv } from './test/tenant.ts';
import { CalculatorSection } from './fragments/CalculatorSection.tsx';
import { calculatorProps } from './lib/calculator.ts';

const styles = ['/_mf/mf-finance/0.1.0/assets/style-abc123.css'];
const env = testEnv([siteConfigInput('test-motors'), siteConfigInput('quote-motors', { features: { youx_quote: true } })]);
const app = (quickQuote?: (env: Env) => QuickQuotePort) => createApp({ styles, version: '1.0.0', ...(quickQuote ? { quickQuote } : {}) });
const get = (path: string, tenant = 'test-motors') => app().request(path, { headers: { [TENANT_HEADER]: tenant } }, env);
const post = (body: unknown, tenant = 'quote-motors', port?: QuickQuotePort) =>
  app(port ? () => port : undefined).request('/api/finance/quote', { method: 'POST', headers: { [TENANT_HEADER]: tenant, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }, env);

/** The island's props as the page carries them. */
const islandProps = (html: string) => JSON.parse(new RegExp(`<script type="application/json" ${ISLAND_PROPS_ATTR}="ffc">(.*?)</script>`).exec(html)![1]!);

describe('GET /fragments/finance-calculator (the vehicle page slot)', () => {
  const slot = '/fragments/finance-calculator?car_id=148223&price=31990&car_type=used&make=Toyota&dealership_slug=springwood-toyota&year=2021';

  it('renders the calculator server-side, shareable for 60 s, with its styles in the head', async () => {
    const res = await get(slot);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const head = decodeFragmentHead(res.headers.get(FRAGMENT_HEAD_HEADER));
    expect(head).toMatchObject({ title: 'Finance calculator | Test Motors', styles });
    const html = await res.text();
    expect(html).toMatch(/^<section id="finance-calculator" class="ffc-section" aria-labelledby="ffc-title"><h2 id="ffc-title">Finance calculator<\/h2>/);
    // Below the fold on a car: its code loads near the viewport (the form works before that).
    expect(html).toContain(`<div id="ffc" ${ISLAND_ATTR}="mf-finance/FinanceCalculator" class="fc-island" ${ISLAND_WHEN_ATTR}="visible">`);
    // Defaults (spec §5/§9, the site's 5 years): $30,000 at 10% weekly = $146.73 (closed form, 50-digit decimal) -> $147;
    // total 260 x 147 = $38,220; about 147 x 4.33 = $637 a month.
    expect(html).toContain('<strong>$147</strong> per week');
    expect(html).toContain('<dd>$38,220</dd>');
    expect(html).toContain('<dd>$637</dd>');
    // The GET form goes to /finance with the car.
    expect(html).toContain('action="/finance#finance-calculator"');
    expect(html).toContain('<input type="hidden" name="car_id" value="148223"/>');
    expect(html).toContain('<input type="hidden" name="make" value="Toyota"/>');
    const props = islandProps(html);
    expect(props.limits.amount).toMatchObject({ min: 1000, max: 100000, step: 500 });
    expect(props.carId).toBe('148223');
    expect(props.quote).toBeNull();
  });

  it('answers the markup React streams, byte for byte (rendered to a string: issue 19)', async () => {
    const queries = [slot, `${slot}&amount=45000&term=5&interest=8&frequency=month&deposit=5000&residual=0`, `${slot}&amount=999999`, '/fragments/finance-calculator?price=0'];
    for (const [path, tenant] of queries.flatMap((q) => [[q, 'test-motors'], [q, 'quote-motors']] as const)) {
      const props = calculatorProps(siteConfig(tenant, tenant === 'quote-motors' ? { features: { youx_quote: true } } : {}), new URL(path, 'http://x').searchParams, false);
      const streamed = await new Response(await renderToReadableStream(<CalculatorSection props={props} />)).text();
      expect(await (await get(path, tenant)).text()).toBe(streamed);
    }
  });

  it('re-computes a submitted form and shows the message of an out-of-range amount', async () => {
    const html = await (await get(`${slot}&amount=45000&term=5&interest=8&frequency=month&deposit=5000&residual=0`)).text();
    // $45,000 − $5,000 deposit at 8% monthly over 5 years = $811.06 (closed form, 50-digit decimal) -> $811; total 60 x 811 = $48,660.
    expect(html).toContain('<strong>$811</strong> per month');
    expect(html).toContain('<dd>$48,660</dd>');
    const bad = await (await get(`${slot}&amount=999999`)).text();
    expect(bad).toContain('<p id="ffc-amount-error" class="ffc-field__error">Cannot be less than $1,000 or more than $250,000</p>');
    expect(bad).toContain('aria-invalid="true" aria-describedby="ffc-amount-error ffc-amount-hint"');
    expect(bad).toContain('value="999999"');
  });

  it('asks for the external quote only when the site has it and the price is above 0 (spec §5)', async () => {
    expect(islandProps(await (await get(slot, 'quote-motors')).text()).quote).toEqual({ purchasePrice: 'price', price: 31990, year: 2021, loanTerm: 5 });
    expect(islandProps(await (await get('/fragments/finance-calculator?price=0', 'quote-motors')).text()).quote).toBeNull();
  });

  it("answers params the slot contract refuses (contracts SLOTS.financeCalculator) with the protocol's empty 404", async () => {
    for (const query of ['price=abc', 'car_type=boat', `make=${'x'.repeat(101)}`]) {
      await expectProtocolNotFound(await get(`/fragments/finance-calculator?${query}`), { version: '1.0.0', tenantName: 'Test Motors', label: query });
    }
  });
});

describe('the car page and its calculator agree (issue 13: one source for every finance figure)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const config = siteConfig('test-motors');
  const car = v.parse(CarSchema, sampleCar);
  const cars: Array<[string, Car]> = [
    // The car: the calculator opened on $30,000 beside a $14,990 car's estimate.
    ['a $14,990 car without an eligible lender (the site sample rate)', { ...car, price: 14990, before_price: null, finance_lenders: null }],
    ["a car with a Taurus entry (the lender's rate and term)", car],
    ['a car over the 100,000 maximum', { ...car, price: 148500, before_price: null, finance_lenders: null }],
    ['a car on an offer price', { ...car, offer_price: 29990 }],
  ];

  it.each(cars)("%s: the calculator opens on the page's amount, rate, term and fee, and shows its weekly figure", async (_label, subject) => {
    const figures = carFinanceFigures(subject, config.finance, { now })!;
    expect(figures.weekly).toBeGreaterThan(25);
    // What mf-vehicle puts in its head for the slot, as the shell sends it.
    const slot = slotFor('financeCalculator', 'finance-calculator', calculatorSlotParams(subject, { finance: config.finance, hiddenDealerships: [], now }));
    const html = await (await get(`/fragments/finance-calculator?${new URLSearchParams(slot.params)}`)).text();
    const props = islandProps(html);
    expect(props.state).toMatchObject({ amount: figures.amount, interest: figures.interest, term: figures.termYears, frequency: 'week', deposit: figures.deposit, residual: figures.balloon });
    expect(props.limits.fee).toBe(figures.fee);
    expect(html).toContain(`<strong>${formatAud(figures.weekly!)}</strong> per week`);
    expect(html).toContain(`value="${figures.amount.toLocaleString('en-AU')}"`);
    expect(html).not.toContain('ffc-amount-error');
  });
});

describe('GET /fragments/finance (the standalone calculator)', () => {
  it('shows the calculator up to $250,000 beside the 3 steps', async () => {
    const res = await get('/fragments/finance');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Finance</h1>');
    // Below the finance form: its code loads near the viewport.
    expect(html).toContain(`<div id="ffc" ${ISLAND_ATTR}="mf-finance/FinanceCalculator" class="fc-island" data-island-when="visible">`);
    expect(html).toContain(`<div id="ff-steps" ${ISLAND_ATTR}="mf-finance/FinanceSteps" class="fc-island" data-island-when="engaged">`);
    expect(islandProps(html).limits.amount.max).toBe(250000);
    expect(html).toContain('max="250000"');
    expect(html).not.toContain('coming soon');
  });

  it('accepts a typed $250,000 and refuses $250,001', async () => {
    // $250,000 at 10% weekly over 5 years = $1,222.78 (closed form, 50-digit decimal) -> $1,223.
    expect(await (await get('/fragments/finance?amount=250000')).text()).toContain('<strong>$1,223</strong> per week');
    expect(await (await get('/fragments/finance?amount=250001')).text()).toContain('Cannot be less than $1,000 or more than $250,000');
  });
});

describe('POST /api/finance/quote', () => {
  it("answers edge-api's quote (its YouX port) when the site has the feature", async () => {
    const res = await post({ selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5, year: 2021 });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ weeklyRepaymentAmount: 91.62, advertisedRate: 6.29, comparisonRate: 8.19 });
  });

  it('404 without the feature, 400 for a bad body, 502 with the spec §8 message when the provider fails', async () => {
    expect((await post({ purchasePrice: 30000 }, 'test-motors')).status).toBe(404);
    expect((await post('not json')).status).toBe(400);
    expect((await post({ purchasePrice: 30000, loanTerm: 9 })).status).toBe(400);
    const failing: QuickQuotePort = { quickQuote: async () => { throw new QuickQuoteError('answered 500'); } };
    const res = await post({ purchasePrice: 30000 }, 'quote-motors', failing);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'Failed to get YouX quick quote' });
    // edge-api's refusal (a price out of the quick-estimate range) is passed on as the same 502.
    expect((await post({ purchasePrice: 5000 })).status).toBe(502);
  });

  it('limits quotes per tenant and client IP with a 429 before the provider is called', async () => {
    const limited = testEnv([siteConfigInput('quote-motors', { features: { youx_quote: true } })]);
    let calls = 0;
    const counting: QuickQuotePort = { quickQuote: async () => { calls++; return { weeklyRepaymentAmount: 90, advertisedRate: 6, comparisonRate: 8 }; } };
    const ask = (ip: string) => app(() => counting).request('/api/finance/quote', { method: 'POST', headers: { [TENANT_HEADER]: 'quote-motors', 'content-type': 'application/json', [CLIENT_IP_HEADER]: ip }, body: JSON.stringify({ purchasePrice: 30000 }) }, limited);
    for (let i = 0; i < 30; i++) expect((await ask('203.0.113.9')).status).toBe(200);
    const refused = await ask('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ error: QUOTE_RATE_LIMIT_MESSAGE });
    expect(calls).toBe(30);
    expect((await ask('203.0.113.10')).status).toBe(200);
    expect(limited.QUOTE_LIMITER.calls.at(-1)).toBe('quote-motors:203.0.113.10');
  });
});
