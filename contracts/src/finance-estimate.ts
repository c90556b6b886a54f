/**
 * Weekly finance estimate shown on search cards (and usable by the vehicle page's sticky header): spec §9 Finance.
 * Standard amortisation over term x 52 periods at rate/100/52; the establishment fee is added to the loan and a
 * deposit subtracted; the payment is rounded to dollars; a payment at or below 25 is not shown (spec §5).
 */
import { DEFAULT_LOAN_AMOUNT, DEFAULT_TERM_YEARS, FALLBACK_RATES, MIN_DISPLAYED_PAYMENT, REPAYMENT_PERIODS_PER_YEAR } from './constants.ts';
import { formatAud } from './display.ts';

export type RepaymentInput = {
  /** Amount financed (price + fees - deposit), dollars. */
  principal: number;
  annualRatePercent: number;
  years: number;
  periodsPerYear: number;
  /** Residual (balloon) still owing after the last regular payment, discounted to today (spec §9); default 0. */
  balloon?: number;
};

/**
 * Payment per period of a standard amortising loan: (P − B·(1 + r)^−n)·r / (1 − (1 + r)^−n) with r = rate/100/frequency,
 * n = years x frequency and B the balloon (0 by default, giving the textbook P·r / (1 − (1 + r)^−n)); a 0% loan is (P − B) / n.
 * A balloon worth more than the loan gives a negative payment: callers decide what to show.
 * @example periodicPayment({ principal: 30000, annualRatePercent: 6.29, years: 5, periodsPerYear: 52 }) // 134.5475...
 */
export function periodicPayment({ principal, annualRatePercent, years, periodsPerYear, balloon = 0 }: RepaymentInput): number {
  const n = Math.round(years * periodsPerYear);
  if (!(n > 0)) throw new RangeError('The loan needs at least one repayment.');
  if (!(principal >= 0) || !(annualRatePercent >= 0) || !(balloon >= 0)) throw new RangeError('Amount, balloon and rate must not be negative.');
  const r = annualRatePercent / 100 / periodsPerYear;
  if (r === 0) return (principal - balloon) / n;
  return ((principal - balloon * (1 + r) ** -n) * r) / (1 - (1 + r) ** -n);
}

export type WeeklyEstimateOptions = {
  /** Annual interest rate in percent (tenant `finance.sample_rate`, default 6.29). */
  ratePercent?: number;
  /** Term in years (default 5, spec §9). */
  termYears?: number;
  /** Added to the loan (tenant `finance.establishment_fee`, default 0). */
  establishmentFee?: number;
  /** Subtracted from the loan (default 0). */
  deposit?: number;
};

/**
 * Weekly repayment in whole dollars for a car price, or null when there is nothing to show: no price, or a
 * rounded payment at or below MIN_DISPLAYED_PAYMENT (25; spec §5 "Payment at or below 25").
 * @example weeklyFinanceEstimate(30000) // 135 (6.29% over 5 years)
 */
export function weeklyFinanceEstimate(price: number, options: WeeklyEstimateOptions = {}): number | null {
  const { ratePercent = FALLBACK_RATES.interest, termYears = DEFAULT_TERM_YEARS, establishmentFee = 0, deposit = 0 } = options;
  if (!(price > 0) || !(termYears > 0) || !(ratePercent >= 0)) return null;
  const principal = price + Math.max(0, establishmentFee) - Math.max(0, deposit);
  if (!(principal > 0)) return null;
  const weekly = Math.round(periodicPayment({ principal, annualRatePercent: ratePercent, years: termYears, periodsPerYear: REPAYMENT_PERIODS_PER_YEAR.week }));
  return weekly > MIN_DISPLAYED_PAYMENT ? weekly : null;
}

/**
 * The default finance disclaimer: spec §9 "Disclaimers use a 5-year secured fixed-rate loan of $30,000".
 * Names the rate (and comparison rate) the estimate was worked out with, so the figure can be checked.
 */
export function defaultFinanceDisclaimer(options: { ratePercent?: number; comparisonRatePercent?: number; termYears?: number } = {}): string {
  const { ratePercent = FALLBACK_RATES.interest, comparisonRatePercent = FALLBACK_RATES.comparison, termYears = DEFAULT_TERM_YEARS } = options;
  return (
    // The weekly figure is worked out on the car's price; the $30,000 loan is only the comparison-rate example.
    `Weekly repayments are an estimate only, worked out on the price shown over ${termYears} years at ${ratePercent}% p.a. ` +
    `Comparison rate ${comparisonRatePercent}% p.a. based on a ${termYears}-year secured fixed-rate loan of ${formatAud(DEFAULT_LOAN_AMOUNT)}. ` +
    'WARNING: This comparison rate is true only for the example given and may not include all fees and charges. ' +
    'Fees, charges and lending criteria apply; subject to lender approval.'
  );
}
