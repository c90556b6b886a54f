import { periodicPayment } from '@forecourt/contracts/finance-estimate';

/**
 * Standard amortisation (spec §9): the platform's one implementation (contracts, shared with the search cards and the
 * finance calculator), named here as the YouX adapter reads it.
 */
export const periodicRepayment = periodicPayment;
export type { RepaymentInput as AmortisationInput } from '@forecourt/contracts/finance-estimate';

/**
 * Comparison rate (annual %, monthly rests) of a loan whose amount of credit is `credit`: the rate at which the
 * repayments plus ongoing fees are worth exactly the credit. Upfront fees are financed, so they raise the repayments.
 * Solved by bisection; comparison rates are always quoted on a benchmark loan (see youx/embedded.ts).
 */
export function comparisonRate({ credit, annualRatePercent, years, upfrontFees, monthlyFee }: {
  credit: number; annualRatePercent: number; years: number; upfrontFees: number; monthlyFee: number;
}): number {
  const n = Math.round(years * 12);
  const outflow = periodicRepayment({ principal: credit + upfrontFees, annualRatePercent, years, periodsPerYear: 12 }) + monthlyFee;
  const presentValue = (annual: number) => {
    const r = annual / 1200;
    return r === 0 ? outflow * n : (outflow * (1 - (1 + r) ** -n)) / r;
  };
  let lo = 0;
  let hi = 200;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(mid) > credit) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export const roundCents = (x: number) => Math.round(x * 100) / 100;
