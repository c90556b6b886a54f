/**
 * The finance calculator's own rules (spec §5 Finance calculator, External quote; §9 Finance): ranges, steps and defaults
 * per site and lender, validation messages, reading the no-JavaScript form, the repayment result and the quote
 * conditions. Pure functions used by this remote's server (lib/calculator.ts) and its island (islands/FinanceCalculator.tsx).
 * What another part needs stays in contracts (contracts/finance-calculator.ts): the site's calculator switches
 * (`calculatorConfigOf`), lender eligibility and the car page slot's params. The amortisation itself is contracts'
 * finance-estimate.ts `periodicPayment`, so the search cards' estimate and the calculator agree.
 */
import {
  DEFAULT_INTEREST_RATE, DEFAULT_LOAN_AMOUNT, DEPOSIT_MAX, INTEREST_RANGE_DEFAULT, LOAN_AMOUNT, LOAN_TERM_YEARS,
  MIN_DISPLAYED_PAYMENT, REPAYMENT_PERIODS_PER_YEAR, RESIDUAL_MAX, WEEKS_PER_MONTH,
} from '@forecourt/contracts/constants';
import { formatAud } from '@forecourt/contracts/display';
import type { FinanceCalculatorState, RepaymentFrequency } from '@forecourt/contracts/entities/finance';
import { calculatorConfigOf, providerKey, type LenderCalculatorProfile } from '@forecourt/contracts/finance-calculator';
import { periodicPayment } from '@forecourt/contracts/finance-estimate';

export type { FinanceCalculatorState, RepaymentFrequency };
export const FREQUENCIES = ['week', 'fortnight', 'month'] as const satisfies readonly RepaymentFrequency[];
export const FREQUENCY_LABELS: Record<RepaymentFrequency, string> = { week: 'Weekly', fortnight: 'Fortnightly', month: 'Monthly' };

/** The spec's interest ranges by lender or site (spec §5); `default` is the site default 0.5-15. */
export const INTEREST_RANGES = {
  default: { min: INTEREST_RANGE_DEFAULT.min, max: INTEREST_RANGE_DEFAULT.max },
  a: { min: 7.5, max: 14.5 },
  b: { min: 5.99, max: 15.99 },
  c: { min: 9.95, max: 19.95 },
  d: { min: 4, max: 20 },
} as const;
/** Lender-specific minimum loan (spec §5 "5000 for one lender and one brand"). */
export const HIGH_MIN_LOAN_AMOUNT = 5_000;
/** Without a lender or site default the calculator opens on 6 years (spec §5 "default 5 for some lenders/sites, 6 otherwise"). */
export const CALCULATOR_DEFAULT_TERM_YEARS = 6;
/** A flagged site lets the amount go to 1.05 x price when the price exceeds the 100,000 maximum (spec §5). */
export const PRICE_HEADROOM = 1.05;
export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance';

/** The site finance settings the calculator reads (SiteConfig `finance`, contracts/tenant.ts). */
export type SiteFinanceSettings = {
  providers: string[];
  default_interest: number;
  interest_min: number;
  interest_max: number;
  max_term_years: number;
  /** The site's opening term (SiteConfig default 5); a site may say 6. */
  default_term_years?: number;
  establishment_fee: number;
  /** The site's calculator switches: contracts' FinanceCalculatorConfigSchema, read with `calculatorConfigOf`. */
  calculator?: unknown;
};

export type CalculatorContext = {
  /** The /finance page's calculator (250,000 maximum) rather than a car's. */
  standalone: boolean;
  finance: SiteFinanceSettings;
  /** The car's price; negative becomes 0 (spec §5). */
  price?: number | null;
  make?: string | null;
  /** The lender whose figures apply (a car's eligible lender or the site's provider). */
  lender?: string | null;
  /** The car's entry for that lender, when known (termYears, interestRate, establishmentFees, deposit, balloon). */
  lenderEntry?: { termYears?: number | null; interestRate?: number | null; establishmentFees?: number | null; deposit?: number | null; balloon?: number | null } | null;
  /**
   * Opening values the host supplies (spec §5 "default amount = supplied default if >0"; the car page's figures,
   * contracts `carFinanceFigures`): they win over every other default, and a range widens to hold them, so the
   * calculator opens on exactly the repayment the host quotes.
   */
  supplied?: SuppliedDefaults | null;
};

/** See `CalculatorContext.supplied`. */
export type SuppliedDefaults = { amount?: number | null; interest?: number | null; termYears?: number | null; fee?: number | null };

export type Range = { min: number; max: number; step: number };
export type CalculatorLimits = {
  amount: Range & { default: number; /** Typed amounts are accepted up to this (the message names it). */ typedMax: number };
  term: Range & { default: number; options?: number[] };
  interest: Range & { default: number; disabled: boolean };
  deposit: Range & { default: number };
  residual: Range & { default: number };
  fee: number;
  roundUp: boolean;
};

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Snaps a value onto a range's steps (counted from its min) and into the range. */
export function snapToStep(value: number, { min, max, step }: Range): number {
  const snapped = min + Math.round((value - min) / step) * step;
  return clamp(Number(snapped.toFixed(6)), min, max);
}

/**
 * Ranges, steps and opening values of every input for a site, a car and a lender (spec §5 Finance calculator, §9).
 * @example calculatorLimits({ standalone: true, finance }).amount // { min: 1000, max: 250000, step: 500, default: 30000, typedMax: 250000 }
 */
export function calculatorLimits(ctx: CalculatorContext): CalculatorLimits {
  const config = calculatorConfigOf(ctx.finance);
  const price = Math.max(0, finite(ctx.price) ? ctx.price : 0);
  const profile: LenderCalculatorProfile = (ctx.lender && config.lenders[providerKey(ctx.lender)]) || {};
  const entry = ctx.lenderEntry ?? {};
  const supplied = ctx.supplied ?? {};
  const makeHighMin = !!ctx.make && config.high_min_makes.some((m) => m.toLowerCase() === ctx.make!.toLowerCase());
  const suppliedAmount = finite(supplied.amount) && supplied.amount > 0 ? supplied.amount : null;

  const amountMin = Math.max(LOAN_AMOUNT.min, profile.amount_min ?? 0, makeHighMin ? HIGH_MIN_LOAN_AMOUNT : 0);
  const rangeMax = ctx.standalone
    ? LOAN_AMOUNT.standaloneMax
    : config.amount_max_from_price && price > LOAN_AMOUNT.max
      ? Math.round(price * PRICE_HEADROOM)
      : LOAN_AMOUNT.max;
  // A supplied amount above the range (a car dearer than the car page's 100,000) stays reachable.
  const amountMax = Math.max(amountMin, rangeMax, suppliedAmount ?? 0);
  const amountDefault = suppliedAmount
    ?? (config.default_amount && config.default_amount > 0
      ? config.default_amount
      : config.default_amount_is_price && price > 0
        ? price
        : DEFAULT_LOAN_AMOUNT);

  const termMax = Math.max(LOAN_TERM_YEARS.min, Math.min(LOAN_TERM_YEARS.max, ctx.finance.max_term_years));
  const suppliedTerm = finite(supplied.termYears) && supplied.termYears > 0 ? supplied.termYears : null;
  const termRange = { min: Math.min(LOAN_TERM_YEARS.min, suppliedTerm ?? Infinity), max: Math.max(termMax, suppliedTerm ?? 0), step: LOAN_TERM_YEARS.step };
  const termDefault = [entry.termYears, profile.default_term_years, config.default_term_years, ctx.finance.default_term_years].find(finite) ?? CALCULATOR_DEFAULT_TERM_YEARS;
  const configured = config.term_options?.filter((t) => t >= termRange.min && t <= termRange.max);
  const options = configured && suppliedTerm !== null && !configured.includes(suppliedTerm) ? [...configured, suppliedTerm] : configured;
  options?.sort((a, b) => a - b);

  const suppliedInterest = finite(supplied.interest) && supplied.interest >= 0 ? supplied.interest : null;
  const interestMin = Math.min(profile.interest_min ?? ctx.finance.interest_min, suppliedInterest ?? Infinity);
  const interestMax = Math.max(interestMin, profile.interest_max ?? ctx.finance.interest_max, suppliedInterest ?? 0);
  const interestRange = { min: interestMin, max: interestMax, step: INTEREST_RANGE_DEFAULT.step };
  const interestDefault = [suppliedInterest, entry.interestRate, profile.default_interest, ctx.finance.default_interest].find(finite) ?? DEFAULT_INTEREST_RATE;

  const fee = [supplied.fee, entry.establishmentFees, profile.establishment_fee, ctx.finance.establishment_fee].find(finite) ?? 0;

  return {
    amount: { min: amountMin, max: amountMax, step: LOAN_AMOUNT.step, default: suppliedAmount ?? clamp(amountDefault, amountMin, amountMax), typedMax: Math.max(LOAN_AMOUNT.standaloneMax, amountMax) },
    term: {
      ...termRange,
      // A supplied term is kept as given (e.g. a lender's 4.25 years); otherwise the default snaps onto the slider.
      default: suppliedTerm ?? (options?.length ? nearest(options, termDefault) : snapToStep(termDefault, termRange)),
      ...(options && options.length >= 2 ? { options } : {}),
    },
    // The lender's own rate is kept as given (e.g. 7.99) even off the 0.5 grid; only the range applies.
    interest: { ...interestRange, default: clamp(interestDefault, interestMin, interestMax), disabled: config.interest_slider_disabled },
    deposit: { min: 0, max: DEPOSIT_MAX, step: LOAN_AMOUNT.step, default: clamp(finite(entry.deposit) ? entry.deposit : 0, 0, DEPOSIT_MAX) },
    residual: { min: 0, max: RESIDUAL_MAX, step: LOAN_AMOUNT.step, default: clamp(finite(entry.balloon) ? entry.balloon : 0, 0, RESIDUAL_MAX) },
    fee: Math.max(0, fee),
    roundUp: config.round_up_payment,
  };
}

const nearest = (values: number[], target: number) => values.reduce((best, x) => (Math.abs(x - target) < Math.abs(best - target) ? x : best));

/** The out-of-range text of the amount field (spec §5): 'Cannot be less than $1,000 or more than $250,000'. */
export function amountRangeMessage(min: number, typedMax: number = LOAN_AMOUNT.standaloneMax): string {
  return `Cannot be less than ${formatAud(min)} or more than ${formatAud(typedMax)}`;
}

/** Digits of a typed amount (`$31,990` -> 31990); null when nothing numeric was typed. */
export function parseMoney(text: string | null | undefined): number | null {
  if (text == null) return null;
  const cleaned = String(text).replace(/[\s$,]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A typed loan amount: the amount, or the spec §5 message when it is missing or outside min..250,000. */
export function validateAmount(text: string | number | null | undefined, limits: CalculatorLimits['amount']): { value: number } | { error: string } {
  const value = typeof text === 'number' ? text : parseMoney(text);
  if (value === null || !Number.isFinite(value) || value < limits.min || value > limits.typedMax) return { error: amountRangeMessage(limits.min, limits.typedMax) };
  return { value };
}

/** Deposit/trade-in and residual are clamped to 0-250,000 (spec §5), never refused. */
export const clampDeposit = (n: number): number => clamp(Number.isFinite(n) ? n : 0, 0, DEPOSIT_MAX);
export const clampResidual = (n: number): number => clamp(Number.isFinite(n) ? n : 0, 0, RESIDUAL_MAX);

export type RepaymentResult = {
  frequency: RepaymentFrequency;
  periods: number;
  /** Loan after fee and deposit: amount + fee − deposit (spec §9). */
  principal: number;
  /** Unrounded payment per period. */
  exactPayment: number;
  /** Payment per period as displayed: whole dollars (rounded up on sites that say so); null shows 'Enquire for Finance'. */
  payment: number | null;
  /** periods x payment + fee (spec §9 "total = periods x term x payment + fee"); null (blank) with 'Enquire for Finance'. */
  total: number | null;
  /** Weekly payment x 4.33, for the weekly frequency (spec §9). */
  monthlyFromWeekly: number | null;
};

/**
 * The repayment for a calculator state (spec §9): standard amortisation over term x frequency periods at
 * rate/100/frequency, establishment fee added to the loan, deposit subtracted, residual discounted.
 * A displayed payment at or below 25 means 'Enquire for Finance' and a blank total (spec §5).
 * @example calculateRepayment({ amount: 30000, term: 5, interest: 10, frequency: 'week' }) // payment 147, total 38220
 */
export function calculateRepayment(state: FinanceCalculatorState, options: { fee?: number; roundUp?: boolean } = {}): RepaymentResult {
  const fee = Math.max(0, options.fee ?? 0);
  const perYear = REPAYMENT_PERIODS_PER_YEAR[state.frequency];
  const periods = Math.round(state.term * perYear);
  const principal = Math.max(0, state.amount + fee - clampDeposit(state.deposit ?? 0));
  const balloon = clampResidual(state.residual ?? 0);
  const exactPayment = principal > 0 && periods > 0 ? periodicPayment({ principal, annualRatePercent: state.interest, years: state.term, periodsPerYear: perYear, balloon }) : 0;
  const shown = options.roundUp ? Math.ceil(Number(exactPayment.toFixed(6))) : Math.round(exactPayment);
  if (!(shown > MIN_DISPLAYED_PAYMENT)) return { frequency: state.frequency, periods, principal, exactPayment, payment: null, total: null, monthlyFromWeekly: null };
  return {
    frequency: state.frequency,
    periods,
    principal,
    exactPayment,
    payment: shown,
    total: periods * shown + fee,
    monthlyFromWeekly: state.frequency === 'week' ? Math.round(shown * WEEKS_PER_MONTH) : null,
  };
}

/** External quote (spec §5): fetched only when the feature is on, no quote is there yet and the price is above 0. */
export function shouldFetchQuote({ enabled, quote, price }: { enabled: boolean; quote?: unknown; price?: number | null }): boolean {
  return enabled && quote == null && finite(price) && price > 0;
}

// Reading a submitted (no-JavaScript) form ------------------------------------------------------------------------

export const CALCULATOR_FIELDS = ['amount', 'deposit', 'term', 'interest', 'frequency', 'residual'] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

/**
 * The calculator state from query values (the GET form re-computed server-side), starting from the defaults.
 * A bad typed amount keeps the default in the state and returns the spec §5 message; the rest is clamped or snapped.
 */
export function readCalculatorQuery(get: (name: CalculatorField) => string | null | undefined, limits: CalculatorLimits): { state: FinanceCalculatorState; typedAmount: string | null; errors: Partial<Record<CalculatorField, string>> } {
  const errors: Partial<Record<CalculatorField, string>> = {};
  const state: FinanceCalculatorState = {
    amount: limits.amount.default,
    term: limits.term.default,
    interest: limits.interest.default,
    frequency: 'week',
    deposit: limits.deposit.default,
    residual: limits.residual.default,
  };
  const typedAmount = get('amount') ?? null;
  if (typedAmount !== null && typedAmount.trim() !== '') {
    const checked = validateAmount(typedAmount, limits.amount);
    if ('error' in checked) errors.amount = checked.error;
    else state.amount = checked.value;
  }
  const num = (name: CalculatorField) => parseMoney(get(name));
  const deposit = num('deposit');
  if (deposit !== null) state.deposit = clampDeposit(deposit);
  const residual = num('residual');
  if (residual !== null) state.residual = clampResidual(residual);
  const term = num('term');
  if (term !== null) state.term = limits.term.options ? nearest(limits.term.options, term) : snapToStep(term, limits.term);
  const interest = num('interest');
  if (interest !== null && !limits.interest.disabled) state.interest = clamp(interest, limits.interest.min, limits.interest.max);
  const frequency = get('frequency');
  if (frequency && (FREQUENCIES as readonly string[]).includes(frequency)) state.frequency = frequency as RepaymentFrequency;
  return { state, typedAmount: errors.amount ? typedAmount : null, errors };
}
