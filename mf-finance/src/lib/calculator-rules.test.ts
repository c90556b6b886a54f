import { describe, expect, it } from 'vitest';
import type { FinanceCalculatorConfigInput } from '@forecourt/contracts/finance-calculator';
import {
  amountRangeMessage, calculateRepayment, calculatorLimits, clampDeposit, clampResidual, ENQUIRE_FOR_FINANCE, parseMoney, readCalculatorQuery,
  shouldFetchQuote, snapToStep, validateAmount, type SiteFinanceSettings,
} from './calculator-rules.ts';


/** SiteConfig `finance` with the schema's defaults (contracts/tenant.ts FinanceSettingsSchema). */
const finance = (calculator?: FinanceCalculatorConfigInput, overrides: Partial<SiteFinanceSettings> = {}): SiteFinanceSettings => ({
  providers: [], default_interest: 10, interest_min: 0.5, interest_max: 15, max_term_years: 7, establishment_fee: 0, ...overrides, ...(calculator ? { calculator } : {}),
});

/**
 * Independent check of a repayment: no closed form. Simulates the balance period by period
 * (balance x (1 + r) − payment) and bisects on the payment until n payments leave exactly the residual owing.
 */
function simulatedPayment(principal: number, ratePercent: number, years: number, perYear: number, residual = 0): number {
  const r = ratePercent / 100 / perYear;
  const n = Math.round(years * perYear);
  const owingAfter = (payment: number) => {
    let balance = principal;
    for (let k = 0; k < n; k++) balance = balance * (1 + r) - payment;
    return balance;
  };
  let lo = 0;
  let hi = principal * 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (owingAfter(mid) > residual) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const cents = (n: number) => Math.round(n * 100) / 100;

describe('calculateRepayment (spec §9 standard amortisation; worked examples to the cent)', () => {
  // Each expected figure was also worked out by hand with the closed form P·r/(1−(1+r)^−n) in 50-digit decimal
  // arithmetic (Python decimal); the test checks the code against the balance simulation above as well.
  it('$30,000 at 10% over 5 years weekly: $146.73 exact, shown $147, total 260 x 147 = $38,220, monthly 147 x 4.33 = $637', () => {
    const result = calculateRepayment({ amount: 30000, term: 5, interest: 10, frequency: 'week' });
    expect(cents(result.exactPayment)).toBe(146.73);
    expect(cents(simulatedPayment(30000, 10, 5, 52))).toBe(146.73);
    expect(result).toMatchObject({ periods: 260, principal: 30000, payment: 147, total: 38220, monthlyFromWeekly: 637 });
  });

  it('fee added, deposit subtracted, residual discounted: $35,000 + $395 − $5,000, $9,000 balloon, 8.5%, 4.5 years fortnightly = $249.78', () => {
    const result = calculateRepayment({ amount: 35000, term: 4.5, interest: 8.5, frequency: 'fortnight', deposit: 5000, residual: 9000 }, { fee: 395 });
    expect(result.principal).toBe(30395);
    expect(result.periods).toBe(117);
    expect(cents(result.exactPayment)).toBe(249.78);
    expect(cents(simulatedPayment(30395, 8.5, 4.5, 26, 9000))).toBe(249.78);
    // total = periods x payment + fee (spec §9): 117 x 250 + 395.
    expect(result).toMatchObject({ payment: 250, total: 29645, monthlyFromWeekly: null });
  });

  it('monthly with a lender fee: $50,000 + $1,300 at 7.99% over 6 years = $899.20; rounded $899 or, on the round-up site, $900', () => {
    const near = calculateRepayment({ amount: 50000, term: 6, interest: 7.99, frequency: 'month' }, { fee: 1300 });
    expect(cents(near.exactPayment)).toBe(899.2);
    expect(cents(simulatedPayment(51300, 7.99, 6, 12))).toBe(899.2);
    expect(near).toMatchObject({ periods: 72, payment: 899, total: 72 * 899 + 1300 });
    const up = calculateRepayment({ amount: 50000, term: 6, interest: 7.99, frequency: 'month' }, { fee: 1300, roundUp: true });
    expect(up).toMatchObject({ payment: 900, total: 66100 });
  });

  it('large loan with a large balloon: $96,000 at 14.5% over 7 years weekly, $30,000 residual = $372.53', () => {
    const result = calculateRepayment({ amount: 96000, term: 7, interest: 14.5, frequency: 'week', residual: 30000 });
    expect(cents(result.exactPayment)).toBe(372.53);
    expect(cents(simulatedPayment(96000, 14.5, 7, 52, 30000))).toBe(372.53);
    expect(result.payment).toBe(373);
  });

  it('0% divides evenly: $26,000 over 5 years weekly = $100', () => {
    expect(calculateRepayment({ amount: 26000, term: 5, interest: 0, frequency: 'week' })).toMatchObject({ payment: 100, total: 26000 });
  });

  it(`a payment at or below 25 shows '${ENQUIRE_FOR_FINANCE}' with a blank total (spec §5)`, () => {
    // $1,000 at 10% weekly over 5 years is $4.89.
    expect(calculateRepayment({ amount: 1000, term: 5, interest: 10, frequency: 'week' })).toMatchObject({ payment: null, total: null });
    // Boundary: $5,300 at 0% over 4 years weekly = 25.48 -> shown 25 -> enquire; $5,400 -> 25.96 -> 26 shown.
    expect(calculateRepayment({ amount: 5300, term: 4, interest: 0, frequency: 'week' }).payment).toBeNull();
    expect(calculateRepayment({ amount: 5400, term: 4, interest: 0, frequency: 'week' }).payment).toBe(26);
    // A deposit or residual covering the loan leaves nothing to repay.
    expect(calculateRepayment({ amount: 20000, term: 5, interest: 10, frequency: 'week', deposit: 25000 }).payment).toBeNull();
    expect(calculateRepayment({ amount: 20000, term: 5, interest: 10, frequency: 'week', residual: 40000 }).payment).toBeNull();
  });
});

describe('calculatorLimits (spec §5 Finance calculator, §9)', () => {
  it('vehicle page defaults: amount 1,000-100,000 step 500 default 30,000; term 1-7 step 0.5 default 6; interest 0.5-15 step 0.5 default 10', () => {
    const limits = calculatorLimits({ standalone: false, finance: finance(), price: 31990 });
    expect(limits.amount).toEqual({ min: 1000, max: 100000, step: 500, default: 30000, typedMax: 250000 });
    expect(limits.term).toEqual({ min: 1, max: 7, step: 0.5, default: 6 });
    expect(limits.interest).toEqual({ min: 0.5, max: 15, step: 0.5, default: 10, disabled: false });
    expect(limits.deposit).toMatchObject({ min: 0, max: 250000, default: 0 });
    expect(limits.residual).toMatchObject({ min: 0, max: 250000, default: 0 });
    expect(limits.fee).toBe(0);
  });

  it('the standalone calculator goes to 250,000', () => {
    expect(calculatorLimits({ standalone: true, finance: finance() }).amount.max).toBe(250000);
  });

  it('a flagged site allows 1.05 x price when the price exceeds 100,000; otherwise 100,000', () => {
    const flagged = finance({ amount_max_from_price: true });
    expect(calculatorLimits({ standalone: false, finance: flagged, price: 120000 }).amount.max).toBe(126000);
    expect(calculatorLimits({ standalone: false, finance: flagged, price: 100000 }).amount.max).toBe(100000);
    expect(calculatorLimits({ standalone: false, finance: finance(), price: 120000 }).amount.max).toBe(100000);
  });

  it('default amount: a supplied default > 0, else the price on the price site, else 30,000; negative price is 0', () => {
    expect(calculatorLimits({ standalone: false, finance: finance({ default_amount: 42000 }), price: 31990 }).amount.default).toBe(42000);
    expect(calculatorLimits({ standalone: false, finance: finance({ default_amount: 0, default_amount_is_price: true }), price: 31990 }).amount.default).toBe(31990);
    expect(calculatorLimits({ standalone: false, finance: finance({ default_amount_is_price: true }), price: -5 }).amount.default).toBe(30000);
    expect(calculatorLimits({ standalone: false, finance: finance({ amount_max_from_price: true }), price: -200000 }).amount.max).toBe(100000);
  });

  it('minimum 5,000 for the configured lender and the configured brand', () => {
    const config = finance({ high_min_makes: ['Nissan'], lenders: { angle: { amount_min: 5000 } } });
    expect(calculatorLimits({ standalone: false, finance: config, make: 'NISSAN' }).amount.min).toBe(5000);
    expect(calculatorLimits({ standalone: false, finance: config, lender: 'Angle' }).amount.min).toBe(5000);
    expect(calculatorLimits({ standalone: false, finance: config, make: 'Toyota', lender: 'Taurus' }).amount.min).toBe(1000);
  });

  it('term: max 5 on one site; default the lender termYears, else the lender or site default (5 on some), else 6', () => {
    expect(calculatorLimits({ standalone: false, finance: finance(undefined, { default_term_years: 5 }) }).term.default).toBe(5);
    expect(calculatorLimits({ standalone: false, finance: finance(undefined, { default_term_years: 6 }) }).term.default).toBe(6);
    expect(calculatorLimits({ standalone: false, finance: finance(undefined, { max_term_years: 5 }) }).term).toMatchObject({ max: 5, default: 5 });
    expect(calculatorLimits({ standalone: false, finance: finance({ default_term_years: 5 }) }).term.default).toBe(5);
    expect(calculatorLimits({ standalone: false, finance: finance({ lenders: { taurus: { default_term_years: 5 } } }), lender: 'Taurus' }).term.default).toBe(5);
    expect(calculatorLimits({ standalone: false, finance: finance({ default_term_years: 5 }), lenderEntry: { termYears: 4.5 } }).term.default).toBe(4.5);
  });

  it('custom year increments replace the slider steps', () => {
    const limits = calculatorLimits({ standalone: false, finance: finance({ term_options: [7, 1, 3, 5] }) });
    expect(limits.term.options).toEqual([1, 3, 5, 7]);
    expect(limits.term.default).toBe(5);
  });

  it('interest range by lender, else by site; default from the lender entry, lender profile or site (10)', () => {
    const config = finance({ lenders: { '360finance': { interest_min: 5.99, interest_max: 15.99 }, ausloans: { interest_min: 9.95, interest_max: 19.95, default_interest: 12 } } }, { interest_min: 7.5, interest_max: 14.5 });
    expect(calculatorLimits({ standalone: false, finance: config }).interest).toMatchObject({ min: 7.5, max: 14.5, default: 10 });
    expect(calculatorLimits({ standalone: false, finance: config, lender: '360 Finance' }).interest).toMatchObject({ min: 5.99, max: 15.99, default: 10 });
    expect(calculatorLimits({ standalone: false, finance: config, lender: 'AusLoans' }).interest).toMatchObject({ min: 9.95, max: 19.95, default: 12 });
    expect(calculatorLimits({ standalone: false, finance: config, lender: 'AusLoans', lenderEntry: { interestRate: 25 } }).interest.default).toBe(19.95);
    expect(calculatorLimits({ standalone: false, finance: finance({ interest_slider_disabled: true }) }).interest.disabled).toBe(true);
  });

  it('fee: the lender entry, the lender profile (1360.5), the site (1300), else 0', () => {
    const config = finance({ lenders: { angle: { establishment_fee: 1360.5 } } }, { establishment_fee: 1300 });
    expect(calculatorLimits({ standalone: false, finance: config }).fee).toBe(1300);
    expect(calculatorLimits({ standalone: false, finance: config, lender: 'Angle' }).fee).toBe(1360.5);
    expect(calculatorLimits({ standalone: false, finance: config, lender: 'Angle', lenderEntry: { establishmentFees: 395 } }).fee).toBe(395);
  });
});

describe("calculatorLimits with the host page's figures (supplied defaults: the car page quotes them beside the calculator)", () => {
  const supplied = { amount: 14990, interest: 6.29, termYears: 5, fee: 0 };

  it('opens on exactly the supplied amount, rate, term and fee, over the site, lender and profile defaults', () => {
    const config = finance({ default_amount: 42000, lenders: { angle: { default_interest: 12, establishment_fee: 1360.5, default_term_years: 3 } } }, { establishment_fee: 1300 });
    const limits = calculatorLimits({ standalone: false, finance: config, price: 14990, lender: 'Angle', lenderEntry: { interestRate: 9.5, termYears: 4 }, supplied });
    expect(limits.amount.default).toBe(14990);
    expect(limits.interest.default).toBe(6.29);
    expect(limits.term.default).toBe(5);
    expect(limits.fee).toBe(0);
    expect(calculatorLimits({ standalone: false, finance: finance(), supplied: { ...supplied, termYears: 4.25 } }).term.default).toBe(4.25);
  });

  it('widens a range to hold a supplied value (a car over 100,000, a rate or term outside the site range), never narrows it', () => {
    const dear = calculatorLimits({ standalone: false, finance: finance(), price: 148500, supplied: { ...supplied, amount: 148500 } });
    expect(dear.amount).toMatchObject({ min: 1000, max: 148500, default: 148500, typedMax: 250000 });
    const odd = calculatorLimits({ standalone: false, finance: finance(undefined, { interest_min: 7.5, interest_max: 14.5, max_term_years: 5 }), supplied: { interest: 6.29, termYears: 7 } });
    expect(odd.interest).toMatchObject({ min: 6.29, max: 14.5, default: 6.29 });
    expect(odd.term).toMatchObject({ min: 1, max: 7, default: 7 });
    expect(calculatorLimits({ standalone: false, finance: finance({ term_options: [1, 3, 5] }), supplied: { termYears: 4 } }).term.options).toEqual([1, 3, 4, 5]);
  });

  it('ignores a supplied amount of 0 or less (spec §5 "supplied default if >0")', () => {
    expect(calculatorLimits({ standalone: false, finance: finance(), supplied: { amount: 0 } }).amount.default).toBe(30000);
    expect(calculatorLimits({ standalone: false, finance: finance(), supplied: { amount: -5 } }).amount).toMatchObject({ max: 100000, default: 30000 });
  });

  it('the opening repayment is the one the page quotes: $14,990 at 6.29% over 5 years is $67 a week', () => {
    const limits = calculatorLimits({ standalone: false, finance: finance(), supplied });
    expect(calculateRepayment({ amount: limits.amount.default, term: limits.term.default, interest: limits.interest.default, frequency: 'week' }, { fee: limits.fee }).payment).toBe(67);
  });
});

describe('validation (spec §5)', () => {
  const amount = calculatorLimits({ standalone: true, finance: finance() }).amount;

  it("out-of-range amounts say 'Cannot be less than {min} or more than 250000' in currency", () => {
    expect(amountRangeMessage(1000)).toBe('Cannot be less than $1,000 or more than $250,000');
    expect(amountRangeMessage(5000)).toBe('Cannot be less than $5,000 or more than $250,000');
    expect(validateAmount('999', amount)).toEqual({ error: 'Cannot be less than $1,000 or more than $250,000' });
    expect(validateAmount('250001', amount)).toEqual({ error: 'Cannot be less than $1,000 or more than $250,000' });
    expect(validateAmount('abc', amount)).toEqual({ error: 'Cannot be less than $1,000 or more than $250,000' });
    expect(validateAmount('$250,000', amount)).toEqual({ value: 250000 });
    expect(validateAmount(1000, amount)).toEqual({ value: 1000 });
  });

  it('deposit and residual clamp to 0-250,000', () => {
    expect(clampDeposit(-10)).toBe(0);
    expect(clampDeposit(300000)).toBe(250000);
    expect(clampResidual(Number.NaN)).toBe(0);
    expect(clampResidual(12345)).toBe(12345);
  });

  it('reads money and snaps to steps', () => {
    expect(parseMoney(' $31,990 ')).toBe(31990);
    expect(parseMoney('')).toBeNull();
    expect(snapToStep(5.3, { min: 1, max: 7, step: 0.5 })).toBe(5.5);
    expect(snapToStep(9, { min: 1, max: 7, step: 0.5 })).toBe(7);
    expect(snapToStep(6.2, { min: 5.99, max: 15.99, step: 0.5 })).toBe(5.99);
  });

  it('reads a submitted form: clamps, snaps, keeps a bad amount out of the state with its message', () => {
    const limits = calculatorLimits({ standalone: true, finance: finance() });
    const query = new URLSearchParams('amount=500&deposit=-3&term=5.2&interest=99&frequency=fortnight&residual=300000');
    const { state, errors, typedAmount } = readCalculatorQuery((k) => query.get(k), limits);
    expect(state).toEqual({ amount: 30000, deposit: 0, term: 5, interest: 15, frequency: 'fortnight', residual: 250000 });
    expect(errors).toEqual({ amount: 'Cannot be less than $1,000 or more than $250,000' });
    expect(typedAmount).toBe('500');
    const ok = readCalculatorQuery((k) => new URLSearchParams('amount=45000&frequency=yearly').get(k), limits);
    expect(ok.state).toMatchObject({ amount: 45000, frequency: 'week' });
    expect(ok.errors).toEqual({});
  });
});

describe('external quote (spec §5)', () => {
  it('only when the feature is on, there is no quote yet and the price is above 0', () => {
    expect(shouldFetchQuote({ enabled: true, quote: null, price: 31990 })).toBe(true);
    expect(shouldFetchQuote({ enabled: false, quote: null, price: 31990 })).toBe(false);
    expect(shouldFetchQuote({ enabled: true, quote: { weeklyRepaymentAmount: 1 }, price: 31990 })).toBe(false);
    expect(shouldFetchQuote({ enabled: true, quote: undefined, price: 0 })).toBe(false);
  });
});
