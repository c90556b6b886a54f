/**
 * The finance calculator's rules (spec §5 Finance calculator, Finance eligibility, External quote; §9 Finance):
 * ranges, steps and defaults per site and lender, validation messages, the repayment result and lender eligibility.
 * Pure functions shared by mf-finance (the calculator widget, server and island) and any part that shows a lender's
 * figures (mf-vehicle). The amortisation itself is finance-estimate.ts's `periodicPayment`, so cards and calculator agree.
 */
import * as v from 'valibot';
import {
  DEFAULT_INTEREST_RATE, DEFAULT_LOAN_AMOUNT, DEPOSIT_MAX, INTEREST_RANGE_DEFAULT, LENDER_MIN_PRICE, LOAN_AMOUNT, LOAN_TERM_YEARS,
  MIN_DISPLAYED_PAYMENT, REPAYMENT_PERIODS_PER_YEAR, RESIDUAL_MAX, TAURUS_MAX_AGE_YEARS, WEEKS_PER_MONTH,
} from './constants.ts';
import { formatAud, priceDisplay } from './display.ts';
import { CAR_TYPES } from './entities/car.ts';
import type { SlotParamsInput } from './slots.ts';
import type { FinanceCalculatorState, RepaymentFrequency } from './entities/finance.ts';
import { periodicPayment } from './finance-estimate.ts';

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

const Money = v.pipe(v.number(), v.minValue(0), v.maxValue(10_000_000));
const Rate = v.pipe(v.number(), v.minValue(0), v.maxValue(100));
const Years = v.pipe(v.number(), v.minValue(0.5), v.maxValue(10));

/** What one lender changes in the calculator (spec §5 "range by lender", fees of §9, "5000 for one lender"). */
export const LenderCalculatorProfileSchema = v.object({
  interest_min: v.optional(Rate),
  interest_max: v.optional(Rate),
  default_interest: v.optional(Rate),
  default_term_years: v.optional(Years),
  establishment_fee: v.optional(Money),
  amount_min: v.optional(Money),
});
export type LenderCalculatorProfile = v.InferOutput<typeof LenderCalculatorProfileSchema>;

/**
 * A site's calculator switches (spec §5 per-site variants). Belongs in SiteConfig `finance.calculator`; read with
 * `calculatorConfigOf`. Every field has a default, so a site names only what differs.
 */
export const FinanceCalculatorConfigSchema = v.object({
  /** Flagged site: the amount may reach 1.05 x price when the price exceeds 100,000. */
  amount_max_from_price: v.optional(v.boolean(), false),
  /** One site opens on the car's price instead of 30,000. */
  default_amount_is_price: v.optional(v.boolean(), false),
  /** A supplied default amount (used when > 0). */
  default_amount: v.optional(Money),
  /** The calculator's opening term when it differs from the site's `default_term_years` (lender figures still win). */
  default_term_years: v.optional(Years),
  /** Custom year increments: the term slider moves over these values by index. */
  term_options: v.optional(v.pipe(v.array(Years), v.minLength(2), v.maxLength(20))),
  /** One site shows the interest without letting the shopper move it. */
  interest_slider_disabled: v.optional(v.boolean(), false),
  /** One site rounds the repayment up rather than to the nearest dollar (spec §9). */
  round_up_payment: v.optional(v.boolean(), false),
  /** Makes whose loans start at 5,000 (spec §5 "5000 for one lender and one brand"); case-insensitive. */
  high_min_makes: v.optional(v.array(v.string()), []),
  /** Dealerships whose cars show no lender finance (spec §5 "listed dealerships"). */
  hidden_dealerships: v.optional(v.array(v.string()), []),
  /** Per-lender changes, keyed by provider (normalised: `360 Finance` -> `360finance`). */
  lenders: v.optional(v.record(v.string(), LenderCalculatorProfileSchema), {}),
});
export type FinanceCalculatorConfig = v.InferOutput<typeof FinanceCalculatorConfigSchema>;
export type FinanceCalculatorConfigInput = v.InferInput<typeof FinanceCalculatorConfigSchema>;

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
  /** Not yet in SiteConfig's schema: see FinanceCalculatorConfigSchema. */
  calculator?: unknown;
};

/** The calculator switches of a site's finance settings; an absent or invalid block means the defaults. */
export function calculatorConfigOf(finance: object): FinanceCalculatorConfig {
  const parsed = v.safeParse(FinanceCalculatorConfigSchema, (finance as { calculator?: unknown }).calculator ?? {});
  return parsed.success ? parsed.output : v.parse(FinanceCalculatorConfigSchema, {});
}

/** `360 Finance` -> `360finance`, `Nissan Finance` -> `nissanfinance`: provider keys compare this way. */
export const providerKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

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
};

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
  const makeHighMin = !!ctx.make && config.high_min_makes.some((m) => m.toLowerCase() === ctx.make!.toLowerCase());

  const amountMin = Math.max(LOAN_AMOUNT.min, profile.amount_min ?? 0, makeHighMin ? HIGH_MIN_LOAN_AMOUNT : 0);
  const amountMax = ctx.standalone
    ? LOAN_AMOUNT.standaloneMax
    : config.amount_max_from_price && price > LOAN_AMOUNT.max
      ? Math.round(price * PRICE_HEADROOM)
      : LOAN_AMOUNT.max;
  const amountDefault = config.default_amount && config.default_amount > 0
    ? config.default_amount
    : config.default_amount_is_price && price > 0
      ? price
      : DEFAULT_LOAN_AMOUNT;

  const termMax = Math.max(LOAN_TERM_YEARS.min, Math.min(LOAN_TERM_YEARS.max, ctx.finance.max_term_years));
  const termRange = { min: LOAN_TERM_YEARS.min, max: termMax, step: LOAN_TERM_YEARS.step };
  const termDefault = [entry.termYears, profile.default_term_years, config.default_term_years, ctx.finance.default_term_years].find(finite) ?? CALCULATOR_DEFAULT_TERM_YEARS;
  const options = config.term_options?.filter((t) => t >= termRange.min && t <= termRange.max).sort((a, b) => a - b);

  const interestMin = profile.interest_min ?? ctx.finance.interest_min;
  const interestMax = Math.max(interestMin, profile.interest_max ?? ctx.finance.interest_max);
  const interestRange = { min: interestMin, max: interestMax, step: INTEREST_RANGE_DEFAULT.step };
  const interestDefault = [entry.interestRate, profile.default_interest, ctx.finance.default_interest].find(finite) ?? DEFAULT_INTEREST_RATE;

  const fee = [entry.establishmentFees, profile.establishment_fee, ctx.finance.establishment_fee].find(finite) ?? 0;

  return {
    amount: { min: amountMin, max: Math.max(amountMin, amountMax), step: LOAN_AMOUNT.step, default: clamp(amountDefault, amountMin, Math.max(amountMin, amountMax)), typedMax: LOAN_AMOUNT.standaloneMax },
    term: {
      ...termRange,
      default: options?.length ? nearest(options, termDefault) : snapToStep(termDefault, termRange),
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

// Lender eligibility (spec §5 Finance eligibility) -------------------------------------------------------------

export const SUPPORTED_LENDERS = ['taurus', '360finance', 'ausloans', 'manual', 'angle', 'powertorque', 'nissanfinance'] as const;
/** Makes whose cars never show lender finance (spec §5). */
export const FINANCE_HIDDEN_MAKES = ['suzuki'] as const;

export type LenderFigures = {
  interestRate?: number | null;
  comparisonRate?: number | null;
  paymentWeek?: number | null;
  paymentMonth?: number | null;
  financeProvider?: string | null;
};
export type EligibilityCar = {
  make: string;
  year: number;
  price: number;
  status: string;
  sold?: boolean | null;
  dealership_slug?: string | null;
  finance_lenders?: Record<string, LenderFigures> | null;
};

const present = (n: number | null | undefined) => finite(n);
/** 'Available': a purchasable status (spec §4 Purchasable car) and not marked sold. */
const available = (car: EligibilityCar) => (car.status === 'in_stock' || car.status === 'coming_soon') && !car.sold;

/**
 * Whether a car shows one lender's finance (spec §5 Finance eligibility): the entry exists with interest and comparison
 * rates, the make is not Suzuki, the dealership is not listed, and the lender's own rule holds.
 */
export function lenderEligible(provider: string, entry: LenderFigures | null | undefined, car: EligibilityCar, options: { hiddenDealerships?: readonly string[]; now?: Date } = {}): boolean {
  if (!entry || !present(entry.interestRate) || !present(entry.comparisonRate)) return false;
  if ((FINANCE_HIDDEN_MAKES as readonly string[]).includes(car.make.trim().toLowerCase())) return false;
  if (car.dealership_slug && options.hiddenDealerships?.includes(car.dealership_slug)) return false;
  const priced = car.price > LENDER_MIN_PRICE;
  switch (providerKey(provider)) {
    case 'taurus': {
      const year = (options.now ?? new Date()).getFullYear();
      return year - car.year <= TAURUS_MAX_AGE_YEARS && priced && available(car) && present(entry.comparisonRate);
    }
    case '360finance':
    case 'ausloans':
      return available(car);
    case 'manual':
    case 'angle':
    case 'powertorque':
      return priced && available(car) && present(entry.paymentWeek);
    case 'nissanfinance':
      return priced && available(car) && present(entry.paymentMonth);
    default:
      return false;
  }
}

/** The car's lenders that may be shown, in the car's order; the provider name is the entry's or its key. */
export function eligibleLenders(car: EligibilityCar, options: { hiddenDealerships?: readonly string[]; now?: Date } = {}): Array<{ provider: string; entry: LenderFigures }> {
  return Object.entries(car.finance_lenders ?? {})
    .map(([key, entry]) => ({ provider: entry.financeProvider || key, entry }))
    .filter(({ provider, entry }) => lenderEligible(provider, entry, car, options));
}

/** External quote (spec §5): fetched only when the feature is on, no quote is there yet and the price is above 0. */
export function shouldFetchQuote({ enabled, quote, price }: { enabled: boolean; quote?: unknown; price?: number | null }): boolean {
  return enabled && quote == null && finite(price) && price > 0;
}

// The vehicle page's slot (contracts/fragments.ts FragmentSlot) ------------------------------------------------------

/** Slot params the calculator reads about a car's lender (all optional; numbers as strings). */
export const LENDER_SLOT_PARAMS = ['lender', 'lender_interest', 'lender_term_years', 'lender_fee', 'lender_deposit', 'lender_balloon'] as const;

export type SlotCar = EligibilityCar & {
  id: string;
  car_type: string;
  /** The price the shopper sees (spec §4 Price display precedence) is where the calculator starts. */
  offer_price?: number | null;
  subscription_price?: number | null;
  before_price?: number | null;
  preorder?: boolean | null;
  finance_lenders?: Record<string, LenderFigures & { termYears?: number | null; establishmentFees?: number | null; deposit?: number | null; balloon?: number | null }> | null;
};

/**
 * The finance calculator slot's params for a car (mf-finance page `finance-calculator`): the car's id, price, type,
 * make, dealership and year, plus the figures of its first eligible lender (spec §5 Finance eligibility) so the
 * calculator opens on that lender's rate, term and fee. Unknowns are left out; every value is a string.
 * @example slotFor('financeCalculator', 'finance-calculator', calculatorSlotParams(car, { hiddenDealerships }))
 */
export function calculatorSlotParams(car: SlotCar, options: { hiddenDealerships?: readonly string[]; now?: Date } = {}): SlotParamsInput<'financeCalculator'> {
  const params: Record<string, string> = { car_id: car.id.slice(0, 100), make: car.make.slice(0, 100), year: String(car.year) };
  if ((CAR_TYPES as readonly string[]).includes(car.car_type)) params['car_type'] = car.car_type;
  // The price the shopper sees (spec §4 Price display precedence): an offer wins over the list price; a subscription,
  // preorder or no-price car sends none, so the calculator starts from its own default.
  const shown = priceDisplay(car);
  if (shown.kind === 'price' || shown.kind === 'offer') params['price'] = String(Math.max(0, shown.amount));
  if (car.dealership_slug) params['dealership_slug'] = car.dealership_slug.slice(0, 100);
  const lender = eligibleLenders(car, options)[0];
  if (lender) {
    const entry = lender.entry as NonNullable<SlotCar['finance_lenders']>[string];
    params['lender'] = lender.provider.slice(0, 100);
    const figures: Array<[string, number | null | undefined]> = [
      ['lender_interest', entry.interestRate], ['lender_term_years', entry.termYears], ['lender_fee', entry.establishmentFees],
      ['lender_deposit', entry.deposit], ['lender_balloon', entry.balloon],
    ];
    // Plain decimals only (the slot contract's number form): 1e-7 or 1e21 would be refused, so they are left out.
    for (const [name, value] of figures) if (finite(value) && /^-?\d+(\.\d+)?$/.test(String(value))) params[name] = String(value);
  }
  return params as SlotParamsInput<'financeCalculator'>;
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
