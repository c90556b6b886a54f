/**
 * The mf-finance isolate's warm-up (issue 19, cold start; contracts warm-up.ts): at module start, before any request,
 * the finance calculator slot every car page holds (`#finance-calculator`) is made for a made-up car WARM_UP_ROUNDS
 * times through the route's own steps (the slot params a car page sends, their check, the calculator's props and
 * React's render), after the tenant middleware's reads, and the router's first matches, so a fresh isolate's first car
 * page meets warm code. No I/O, no Response; nothing it makes is kept.
 */
import { renderToString } from 'react-dom/server';
import { calculatorSlotParams } from '@forecourt/contracts/finance-calculator';
import { sampleCar, siteConfigInput } from '@forecourt/contracts/made-up';
import { readSlotParams, slotFor, SLOTS } from '@forecourt/contracts/slots';
import { parseSiteConfig } from '@forecourt/contracts/tenant';
import { createWarmUp, warmUpRoutes, warmUpTenantReads, WARM_UP_NOW, WARM_UP_ROUNDS, WARM_UP_TENANT } from '@forecourt/contracts/warm-up';
import { CalculatorSection } from './fragments/CalculatorSection.tsx';
import { calculatorProps } from './lib/calculator.ts';

/** The paths the shell asks this Worker for most (the car page's slot first). */
const PATHS = [`/fragments/${SLOTS.financeCalculator.page}`, '/fragments/finance', '/fragments/finance-enquiry'];

/** Runs the warm-up; answers the characters of the HTML it rendered (a test's proof that calculators were made). */
export async function warmUpFinance(router: { match(method: string, path: string): unknown }, { rounds = WARM_UP_ROUNDS, now = new Date(WARM_UP_NOW) }: { rounds?: number; now?: Date } = {}): Promise<number> {
  await warmUpTenantReads(rounds);
  const config = parseSiteConfig(siteConfigInput(WARM_UP_TENANT));
  let chars = 0;
  for (let i = 0; i < rounds; i++) {
    // The query a car page's slot sends (contracts slotFor: the params as strings), for a car of another price each round.
    const car = { ...sampleCar, id: String(900_200 + i), price: sampleCar.price + i * 1_000 };
    const query = new URLSearchParams(slotFor('financeCalculator', 'finance-calculator', calculatorSlotParams(car, { finance: config.finance, now })).params);
    if (!readSlotParams('financeCalculator', query).success) throw new Error('warm-up: the calculator slot refused a car page’s params');
    chars += renderToString(<CalculatorSection props={calculatorProps(config, query, false)} />).length;
  }
  warmUpRoutes(router, PATHS, rounds);
  return chars;
}

/** The isolate's warm-up record: worker.tsx starts it, a Worker test reads it. */
export const warmUp = createWarmUp('mf-finance');
