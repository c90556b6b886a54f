/**
 * The finance calculator's rules another part needs (spec §5 Finance eligibility; the car page's calculator slot): the
 * site's calculator switches (`calculatorConfigOf`), lender eligibility and the slot's params (`calculatorSlotParams`,
 * built by mf-vehicle, read by mf-finance through contracts/slots.ts `CalculatorSlotParamsSchema`).
 * The calculator's own rules (ranges, steps and defaults, validation, the no-JavaScript form, the repayment, the quote
 * conditions) live with mf-finance (mf-finance/src/lib/calculator-rules.ts).
 */
import * as v from 'valibot';
import { DEPOSIT_MAX, LENDER_MIN_PRICE, MIN_DISPLAYED_PAYMENT, REPAYMENT_PERIODS_PER_YEAR, RESIDUAL_MAX, TAURUS_MAX_AGE_YEARS } from './constants.ts';
import { priceDisplay } from './display.ts';
import { CAR_TYPES } from './entities/car.ts';
import { periodicPayment } from './finance-estimate.ts';
import type { SlotParamsInput } from './slots.ts';

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

/** The calculator switches of a site's finance settings; an absent or invalid block means the defaults. */
export function calculatorConfigOf(finance: object): FinanceCalculatorConfig {
  const parsed = v.safeParse(FinanceCalculatorConfigSchema, (finance as { calculator?: unknown }).calculator ?? {});
  return parsed.success ? parsed.output : v.parse(FinanceCalculatorConfigSchema, {});
}

/** `360 Finance` -> `360finance`, `Nissan Finance` -> `nissanfinance`: provider keys compare this way. */
export const providerKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

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

// One source for every finance figure of a car page ---------------------------------------------------------------

/** The site finance settings a car's figures read (SiteConfig `finance`). */
export type FinanceFigureSettings = {
  /** The rate quoted when the car has no eligible lender (spec §2 sticky header: "at a sample rate"). */
  sample_rate: number;
  comparison_rate: number;
  default_term_years: number;
  establishment_fee: number;
  /** FinanceCalculatorConfigSchema (hidden dealerships, lender profiles, round-up), read with `calculatorConfigOf`. */
  calculator?: unknown;
};

/** What every finance estimate of one car is worked out with, and the weekly repayment it gives. */
export type CarFinanceFigures = {
  /** The price the shopper sees (spec §4 Price display precedence): the loan amount. */
  amount: number;
  /** % p.a.: the first eligible lender's rate (spec §5), else the site's sample rate. */
  interest: number;
  comparisonRate: number | null;
  termYears: number;
  /** Establishment fee added to the loan (spec §9). */
  fee: number;
  deposit: number;
  balloon: number;
  /** The lender whose figures these are, or null for the site's. */
  lender: string | null;
  /** Weekly repayment in whole dollars as the calculator shows it, or null at or below $25 (spec §5) . */
  weekly: number | null;
};

type LenderSlotEntry = LenderFigures & { termYears?: number | null; establishmentFees?: number | null; deposit?: number | null; balloon?: number | null };

const clampTo = (n: number | null | undefined, max: number) => Math.min(max, Math.max(0, finite(n) ? n : 0));

/**
 * The one source of a car page's finance figures (issue 13: the sidebar, the sticky header and the calculator agree):
 * the car's shown price, with its first eligible lender's rate, term, fee, deposit and balloon (spec §5 Finance
 * eligibility; the lender profile of the site's calculator switches fills a missing term or fee), else the site's sample
 * rate, term and fee. The weekly repayment is the calculator's (spec §9: amortisation over term x 52, fee added, deposit
 * subtracted, balloon discounted, whole dollars, rounded up on sites that say so). Null for a car without a price to
 * finance (subscription, preorder, no price).
 * @example carFinanceFigures(car, config.finance)?.weekly // 139
 */
export function carFinanceFigures(car: SlotCar, finance: FinanceFigureSettings, options: { now?: Date } = {}): CarFinanceFigures | null {
  const shown = priceDisplay(car);
  if (shown.kind !== 'price' && shown.kind !== 'offer') return null;
  const calc = calculatorConfigOf(finance);
  const lender = eligibleLenders(car, { hiddenDealerships: calc.hidden_dealerships, ...(options.now ? { now: options.now } : {}) })[0] ?? null;
  const entry: LenderSlotEntry = lender?.entry ?? {};
  const profile: LenderCalculatorProfile = (lender && calc.lenders[providerKey(lender.provider)]) || {};
  const first = (...values: Array<number | null | undefined>) => values.find(finite);
  const amount = Math.max(0, shown.amount);
  const interest = (lender ? first(entry.interestRate) : undefined) ?? finance.sample_rate;
  const termYears = first(entry.termYears, profile.default_term_years, calc.default_term_years, finance.default_term_years) ?? finance.default_term_years;
  const fee = Math.max(0, first(entry.establishmentFees, profile.establishment_fee, finance.establishment_fee) ?? 0);
  const deposit = clampTo(entry.deposit, DEPOSIT_MAX);
  const balloon = clampTo(entry.balloon, RESIDUAL_MAX);
  const principal = Math.max(0, amount + fee - deposit);
  const periods = Math.round(termYears * REPAYMENT_PERIODS_PER_YEAR.week);
  const exact = principal > 0 && periods > 0 && interest >= 0 ? periodicPayment({ principal, annualRatePercent: interest, years: termYears, periodsPerYear: REPAYMENT_PERIODS_PER_YEAR.week, balloon }) : 0;
  const rounded = calc.round_up_payment ? Math.ceil(Number(exact.toFixed(6))) : Math.round(exact);
  return {
    amount,
    interest,
    comparisonRate: (lender ? first(entry.comparisonRate) : finance.comparison_rate) ?? null,
    termYears,
    fee,
    deposit,
    balloon,
    lender: lender?.provider ?? null,
    weekly: rounded > MIN_DISPLAYED_PAYMENT ? rounded : null,
  };
}

/** A slot param's number form (plain decimals): 1e-7 or 1e21 would be refused by the slot contract, so they are left out. */
const plainDecimal = (value: number | null | undefined): value is number => finite(value) && /^-?\d+(\.\d+)?$/.test(String(value));

/**
 * The finance calculator slot's params for a car (mf-finance page `finance-calculator`): the car's id, price, type,
 * make, dealership and year, plus the figures of its first eligible lender (spec §5 Finance eligibility) so the
 * calculator opens on that lender's rate, term and fee. Given the site's `finance` settings, it also sends the page's
 * figures (`carFinanceFigures`) as the calculator's opening values (`default_amount`: the car's price, spec §5 "default
 * amount = supplied default if >0"; `default_interest`, `default_term_years`, `default_fee`), so the calculator starts
 * on the repayment the sidebar and sticky header quote. Unknowns are left out; every value is a string.
 * @example slotFor('financeCalculator', 'finance-calculator', calculatorSlotParams(car, { finance: config.finance }))
 */
export function calculatorSlotParams(car: SlotCar, options: { hiddenDealerships?: readonly string[]; now?: Date; finance?: FinanceFigureSettings } = {}): SlotParamsInput<'financeCalculator'> {
  const params: Record<string, string> = { car_id: car.id.slice(0, 100), make: car.make.slice(0, 100), year: String(car.year) };
  if ((CAR_TYPES as readonly string[]).includes(car.car_type)) params['car_type'] = car.car_type;
  // The price the shopper sees (spec §4 Price display precedence): an offer wins over the list price; a subscription,
  // preorder or no-price car sends none, so the calculator starts from its own default.
  const shown = priceDisplay(car);
  if (shown.kind === 'price' || shown.kind === 'offer') params['price'] = String(Math.max(0, shown.amount));
  if (car.dealership_slug) params['dealership_slug'] = car.dealership_slug.slice(0, 100);
  const hiddenDealerships = options.hiddenDealerships ?? (options.finance ? calculatorConfigOf(options.finance).hidden_dealerships : undefined);
  const lender = eligibleLenders(car, { ...(hiddenDealerships ? { hiddenDealerships } : {}), ...(options.now ? { now: options.now } : {}) })[0];
  if (lender) {
    const entry = lender.entry as LenderSlotEntry;
    params['lender'] = lender.provider.slice(0, 100);
    const figures: Array<[string, number | null | undefined]> = [
      ['lender_interest', entry.interestRate], ['lender_term_years', entry.termYears], ['lender_fee', entry.establishmentFees],
      ['lender_deposit', entry.deposit], ['lender_balloon', entry.balloon],
    ];
    for (const [name, value] of figures) if (plainDecimal(value)) params[name] = String(value);
  }
  const page = options.finance ? carFinanceFigures(car, options.finance, options.now ? { now: options.now } : {}) : null;
  if (page) {
    const opening: Array<[string, number]> = [['default_amount', page.amount], ['default_interest', page.interest], ['default_term_years', page.termYears], ['default_fee', page.fee]];
    for (const [name, value] of opening) if (plainDecimal(value)) params[name] = String(value);
  }
  return params as SlotParamsInput<'financeCalculator'>;
}
