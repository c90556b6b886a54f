/**
 * Builds the calculator's props from a request (the slot's or the /finance page's query) and the site's settings:
 * limits, the state to show (re-computed server-side from a submitted GET form) and where the form submits.
 */
import { QUICK_ESTIMATE } from '@forecourt/contracts/constants';
import { calculatorConfigOf, FINANCE_HIDDEN_MAKES, LENDER_SLOT_PARAMS, providerKey } from '@forecourt/contracts/finance-calculator';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import {
  calculatorLimits, readCalculatorQuery, shouldFetchQuote, type CalculatorField, type CalculatorLimits, type FinanceCalculatorState, type SuppliedDefaults,
} from './calculator-rules.ts';

/**
 * Query of `GET /fragments/finance-calculator` (the vehicle page's slot params, all strings, unknowns omitted): the car,
 * and optionally its eligible lender's figures (contracts `calculatorSlotParams`). These travel through the no-JS form.
 */
export const CAR_PARAMS = ['car_id', 'price', 'car_type', 'make', 'dealership_slug', 'year', ...LENDER_SLOT_PARAMS] as const;
export type CarParam = (typeof CAR_PARAMS)[number];

/** The calculator's answer to the first submit without JavaScript, and its anchor (spec §2 `#finance-calculator`). */
export const CALCULATOR_FORM_ACTION = '/finance#finance-calculator';

export type QuoteSetup = {
  /** purchasePrice is the car's price (fixed) on a car, the loan amount on the standalone calculator. */
  purchasePrice: 'price' | 'amount';
  price: number | null;
  year: number | null;
  /** spec §7: loanTerm 5 on the car page; the standalone calculator asks for its own term. */
  loanTerm: number | 'term';
};

export type FinanceCalculatorProps = {
  standalone: boolean;
  limits: CalculatorLimits;
  state: FinanceCalculatorState;
  /** What the shopper typed when it was refused (no-JS submit), shown back with its message. */
  typedAmount: string | null;
  errors: Partial<Record<CalculatorField, string>>;
  action: string;
  /** Car context carried through the no-JS form. */
  hidden: Partial<Record<CarParam, string>>;
  carId: string | null;
  /** External quote (spec §5), or null when the conditions do not hold. */
  quote: QuoteSetup | null;
};

const num = (text: string | null | undefined): number | null => {
  if (text == null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * The lender whose calculator settings apply: the car's lender when the slot names one, else the site's first provider
 * with a calculator profile; none when the car's make or dealership hides lender finance (spec §5 Finance eligibility).
 */
export function calculatorLender(config: SiteConfig, make: string | null, dealershipSlug: string | null, carLender: string | null = null): string | null {
  const calc = calculatorConfigOf(config.finance);
  if (make && (FINANCE_HIDDEN_MAKES as readonly string[]).includes(make.trim().toLowerCase())) return null;
  if (dealershipSlug && calc.hidden_dealerships.includes(dealershipSlug)) return null;
  return carLender ?? config.finance.providers.find((p) => calc.lenders[providerKey(p)]) ?? null;
}

/** Props of the calculator for a site and a query (URLSearchParams of the fragment request). */
export function calculatorProps(config: SiteConfig, query: URLSearchParams, standalone: boolean): FinanceCalculatorProps {
  const text = (name: string) => {
    const value = query.get(name)?.trim();
    return value ? value.slice(0, 100) : null;
  };
  const rawPrice = num(text('price') ?? text('vehiclePriceBudget'));
  // spec §5: a negative price becomes 0.
  const price = rawPrice === null ? null : Math.max(0, rawPrice);
  const make = text('make');
  const dealership = text('dealership_slug') ?? text('preferredDealership');
  const lender = calculatorLender(config, make, dealership, text('lender'));
  // The car's lender figures count only with that lender (spec §5 "default ... or lender", "lender termYears").
  const lenderEntry = lender && lender === text('lender')
    ? { interestRate: num(text('lender_interest')), termYears: num(text('lender_term_years')), establishmentFees: num(text('lender_fee')), deposit: num(text('lender_deposit')), balloon: num(text('lender_balloon')) }
    : null;
  // Spec §5 "default amount = supplied default if >0": the host page's figures (the car page's price, rate, term and
  // fee: contracts `calculatorSlotParams` with the site's finance settings), so the calculator starts on the repayment
  // the page quotes beside it; on /finance, the budget a link carries.
  const supplied: SuppliedDefaults = {
    amount: num(text('default_amount')) ?? (standalone ? price : null),
    interest: num(text('default_interest')),
    termYears: num(text('default_term_years')),
    fee: num(text('default_fee')),
  };
  const limits = calculatorLimits({ standalone, finance: config.finance, price, make, lender, lenderEntry, supplied });
  const { state, typedAmount, errors } = readCalculatorQuery((name) => query.get(name), limits);
  const hidden: Partial<Record<CarParam, string>> = {};
  for (const name of CAR_PARAMS) {
    const value = text(name);
    if (value) hidden[name] = value;
  }
  const year = num(text('year'));
  const enabled = config.features.youx_quote;
  const quote: QuoteSetup | null = standalone
    ? enabled ? { purchasePrice: 'amount', price: null, year, loanTerm: 'term' } : null
    : shouldFetchQuote({ enabled, quote: null, price }) ? { purchasePrice: 'price', price, year, loanTerm: QUICK_ESTIMATE.defaultTerm } : null;
  return { standalone, limits, state, typedAmount, errors, action: CALCULATOR_FORM_ACTION, hidden, carId: text('car_id'), quote };
}
