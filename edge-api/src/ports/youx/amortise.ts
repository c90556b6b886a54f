/**
 * Standard amortisation (spec §9): payment per period at rate/100/frequency over years x frequency periods,
 * with an optional balloon (final payment) discounted to today.
 */
export type AmortisationInput = {
  principal: number;
  annualRatePercent: number;
  years: number;
  periodsPerYear: number;
  /** Final payment left owing after the last regular payment. */
  balloon?: number;
};

export function periodicRepayment({ principal, annualRatePercent, years, periodsPerYear, balloon = 0 }: AmortisationInput): number {
  const n = Math.round(years * periodsPerYear);
  if (!(n > 0)) throw new RangeError('The loan needs at least one repayment.');
  if (principal < 0 || balloon < 0 || annualRatePercent < 0) throw new RangeError('Amounts and rate must not be negative.');
  const r = annualRatePercent / 100 / periodsPerYear;
  if (r === 0) return (principal - balloon) / n;
  return ((principal - balloon / (1 + r) ** n) * r) / (1 - (1 + r) ** -n);
}

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
