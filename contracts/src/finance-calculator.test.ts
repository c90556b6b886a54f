import { describe, expect, it } from 'vitest';
import {
  calculatorSlotParams, calculatorConfigOf, carFinanceFigures, eligibleLenders, lenderEligible, providerKey, type EligibilityCar, type FinanceFigureSettings,
} from './finance-calculator.ts';
import { periodicPayment, weeklyFinanceEstimate } from './finance-estimate.ts';
import { CalculatorSlotParamsSchema, slotFor, type SlotParamsInput } from './slots.ts';

describe('calculatorConfigOf (SiteConfig `finance.calculator`)', () => {
  it('an invalid calculator block falls back to the defaults', () => {
    expect(calculatorConfigOf({ calculator: { round_up_payment: 'yes' } }).round_up_payment).toBe(false);
    expect(calculatorConfigOf({}).lenders).toEqual({});
  });
});

describe('lender eligibility (spec §5 Finance eligibility)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const car: EligibilityCar = { make: 'Toyota', year: 2021, price: 31990, status: 'in_stock', sold: false, dealership_slug: 'springwood-toyota' };
  const rates = { interestRate: 7.99, comparisonRate: 8.56 };

  it('needs provider data with interest and comparison rates', () => {
    expect(lenderEligible('360 Finance', null, car, { now })).toBe(false);
    expect(lenderEligible('360 Finance', { interestRate: 7.99, comparisonRate: null }, car, { now })).toBe(false);
    expect(lenderEligible('360 Finance', rates, car, { now })).toBe(true);
  });

  it('is hidden for Suzuki and listed dealerships; unknown providers never show', () => {
    expect(lenderEligible('AusLoans', rates, { ...car, make: 'SUZUKI' }, { now })).toBe(false);
    expect(lenderEligible('AusLoans', rates, car, { now, hiddenDealerships: ['springwood-toyota'] })).toBe(false);
    expect(lenderEligible('Acme Credit', rates, car, { now })).toBe(false);
  });

  it('Taurus: year within the last 12 years, price above 500, available', () => {
    expect(lenderEligible('Taurus', rates, { ...car, year: 2014 }, { now })).toBe(true);
    expect(lenderEligible('Taurus', rates, { ...car, year: 2013 }, { now })).toBe(false);
    expect(lenderEligible('Taurus', rates, { ...car, price: 500 }, { now })).toBe(false);
    expect(lenderEligible('Taurus', rates, { ...car, status: 'sold' }, { now })).toBe(false);
  });

  it('360 Finance and AusLoans: available only', () => {
    expect(lenderEligible('360 Finance', rates, { ...car, price: 0, year: 1990 }, { now })).toBe(true);
    expect(lenderEligible('AusLoans', rates, { ...car, status: 'coming_soon' }, { now })).toBe(true);
    expect(lenderEligible('AusLoans', rates, { ...car, sold: true }, { now })).toBe(false);
  });

  it('Manual, Angle, Powertorque: price above 500, available, weekly payment present', () => {
    for (const lender of ['Manual', 'Angle', 'Powertorque']) {
      expect(lenderEligible(lender, { ...rates, paymentWeek: 139 }, car, { now }), lender).toBe(true);
      expect(lenderEligible(lender, rates, car, { now }), lender).toBe(false);
      expect(lenderEligible(lender, { ...rates, paymentWeek: 139 }, { ...car, price: 400 }, { now }), lender).toBe(false);
    }
  });

  it('Nissan Finance: price above 500, available, monthly payment present', () => {
    expect(lenderEligible('Nissan Finance', { ...rates, paymentMonth: 602 }, car, { now })).toBe(true);
    expect(lenderEligible('Nissan Finance', { ...rates, paymentWeek: 139 }, car, { now })).toBe(false);
  });

  it('lists the eligible lenders of a car by provider name', () => {
    const withLenders = { ...car, finance_lenders: { taurus: { ...rates, financeProvider: 'Taurus' }, angle: rates, ausloans: rates } };
    expect(eligibleLenders(withLenders, { now }).map((l) => l.provider)).toEqual(['Taurus', 'ausloans']);
    expect(providerKey('Nissan Finance')).toBe('nissanfinance');
  });
});

describe('calculatorSlotParams (the vehicle page slot)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const car = { id: '148223', car_type: 'used', make: 'Toyota', year: 2021, price: 31990, status: 'in_stock', sold: false, dealership_slug: 'springwood-toyota' };

  it('carries the car and its first eligible lender as strings', () => {
    const finance_lenders = {
      angle: { interestRate: 7.99, comparisonRate: 8.56 },
      taurus: { interestRate: 8.49, comparisonRate: 9.1, termYears: 5, establishmentFees: 395, deposit: 0, balloon: null, financeProvider: 'Taurus' },
    };
    expect(calculatorSlotParams({ ...car, finance_lenders }, { now })).toEqual({
      car_id: '148223', price: '31990', car_type: 'used', make: 'Toyota', year: '2021', dealership_slug: 'springwood-toyota',
      lender: 'Taurus', lender_interest: '8.49', lender_term_years: '5', lender_fee: '395', lender_deposit: '0',
    });
  });

  it('no lender for Suzuki or a listed dealership; no price for a car without one or on subscription (the calculator default)', () => {
    const finance_lenders = { ausloans: { interestRate: 9.95, comparisonRate: 10.5 } };
    expect(calculatorSlotParams({ ...car, make: 'Suzuki', finance_lenders }, { now })).not.toHaveProperty('lender');
    expect(calculatorSlotParams({ ...car, finance_lenders }, { now, hiddenDealerships: ['springwood-toyota'] })).not.toHaveProperty('lender');
    expect(calculatorSlotParams({ ...car, price: -1, dealership_slug: null }, { now })).toEqual({ car_id: '148223', car_type: 'used', make: 'Toyota', year: '2021' });
    expect(calculatorSlotParams({ ...car, subscription_price: 199 }, { now })).not.toHaveProperty('price');
  });

  it('starts from the offer price when the car has one (the price the shopper sees)', () => {
    expect(calculatorSlotParams({ ...car, offer_price: 29990 }, { now }).price).toBe('29990');
    expect(calculatorSlotParams({ ...car, offer_price: 0 }, { now }).price).toBe('31990');
  });

  it('passes the slot contract (contracts SLOTS.financeCalculator), lender figures and all', () => {
    const finance_lenders = { taurus: { interestRate: 8.49, comparisonRate: 9.1, termYears: 5, establishmentFees: 395, deposit: 0, balloon: 20, financeProvider: 'Taurus' } };
    const params = calculatorSlotParams({ ...car, finance_lenders }, { now });
    expect(slotFor('financeCalculator', 'finance-calculator', params as SlotParamsInput<'financeCalculator'>).params).toEqual(params);
    expect(Object.keys(params).every((k) => k in CalculatorSlotParamsSchema.entries)).toBe(true);
  });
});

describe('tenant config carries the calculator switches', () => {
  it('finance.calculator survives SiteConfig parsing (and is absent when the site names none)', async () => {
    const { siteConfigInput } = await import('./fixtures/tenant.ts');
    const { parseSiteConfig } = await import('./tenant.ts');
    const input = siteConfigInput('test-motors');
    const withCalc = parseSiteConfig({ ...input, finance: { ...input.finance, calculator: { amount_max_from_price: true, round_up_payment: true } } });
    expect(withCalc.finance.calculator).toMatchObject({ amount_max_from_price: true, round_up_payment: true });
    expect(parseSiteConfig(input).finance.calculator).toBeUndefined();
  });
});

describe('calculatorSlotParams never builds a slot its contract refuses', () => {
  it('an exponent-form figure and a long make: left out or trimmed, and slotFor accepts the result', async () => {
    const { slotFor } = await import('./slots.ts');
    const now = new Date('2026-01-01T00:00:00Z');
    const car = {
      id: '148223', car_type: 'used', make: 'T'.repeat(150), year: 2021, price: 31990, status: 'in_stock', sold: false, dealership_slug: 'springwood-toyota',
      finance_lenders: { ausloans: { interestRate: 1e-7, comparisonRate: 10.5, termYears: 5 } },
    } as const;
    const params = calculatorSlotParams(car as never, { now });
    expect(() => slotFor('financeCalculator', 'finance-calculator', params)).not.toThrow();
    // The lender is eligible (so the path is taken); the odd figure is left out.
    expect(params.lender).toBe('ausloans');
    expect(params.lender_term_years).toBe('5');
    expect(params).not.toHaveProperty('lender_interest');
    expect(params.make).toHaveLength(100);
  });
});

describe('carFinanceFigures (one source for the car page: sidebar, sticky header, calculator)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const finance: FinanceFigureSettings = { sample_rate: 6.29, comparison_rate: 8.19, default_term_years: 5, establishment_fee: 0 };
  const car = { id: '148223', car_type: 'used', make: 'Toyota', year: 2021, price: 14990, status: 'in_stock', sold: false, dealership_slug: 'springwood-toyota' };
  const taurus = { interestRate: 8.49, comparisonRate: 9.1, termYears: 4, establishmentFees: 395, deposit: 1000, balloon: 2000, financeProvider: 'Taurus' };

  it("without an eligible lender: the car's shown price at the site's sample rate, term and fee (the search card's estimate)", () => {
    const figures = carFinanceFigures(car, finance, { now })!;
    expect(figures).toEqual({ amount: 14990, interest: 6.29, comparisonRate: 8.19, termYears: 5, fee: 0, deposit: 0, balloon: 0, lender: null, weekly: weeklyFinanceEstimate(14990, { ratePercent: 6.29, termYears: 5 }) });
    expect(figures.weekly).toBe(67);
    expect(carFinanceFigures({ ...car, offer_price: 13990 }, finance, { now })!.amount).toBe(13990);
  });

  it("with one: the lender's rate, comparison rate, term, fee, deposit and balloon, repaid weekly like the calculator", () => {
    const figures = carFinanceFigures({ ...car, finance_lenders: { taurus } }, finance, { now })!;
    expect(figures).toMatchObject({ amount: 14990, interest: 8.49, comparisonRate: 9.1, termYears: 4, fee: 395, deposit: 1000, balloon: 2000, lender: 'Taurus' });
    const exact = periodicPayment({ principal: 14990 + 395 - 1000, annualRatePercent: 8.49, years: 4, periodsPerYear: 52, balloon: 2000 });
    expect(figures.weekly).toBe(Math.round(exact));
  });

  it("a lender without a term takes the lender profile's, then the site's; a round-up site rounds up; hidden makes and dealerships quote the site's", () => {
    const noTerm = { ...taurus, termYears: null };
    expect(carFinanceFigures({ ...car, finance_lenders: { taurus: noTerm } }, finance, { now })!.termYears).toBe(5);
    const profiled = { ...finance, calculator: { lenders: { taurus: { default_term_years: 3 } }, round_up_payment: true } };
    const up = carFinanceFigures({ ...car, finance_lenders: { taurus: noTerm } }, profiled, { now })!;
    expect(up.termYears).toBe(3);
    expect(up.weekly).toBe(Math.ceil(periodicPayment({ principal: 14990 + 395 - 1000, annualRatePercent: 8.49, years: 3, periodsPerYear: 52, balloon: 2000 })));
    expect(carFinanceFigures({ ...car, make: 'Suzuki', finance_lenders: { taurus } }, finance, { now })!.interest).toBe(6.29);
    expect(carFinanceFigures({ ...car, finance_lenders: { taurus } }, { ...finance, calculator: { hidden_dealerships: ['springwood-toyota'] } }, { now })!.lender).toBeNull();
  });

  it('nothing to finance: subscription, preorder and no-price cars; a tiny payment is no figure (spec §5)', () => {
    expect(carFinanceFigures({ ...car, subscription_price: 199 }, finance, { now })).toBeNull();
    expect(carFinanceFigures({ ...car, price: 0, preorder: true }, finance, { now })).toBeNull();
    expect(carFinanceFigures({ ...car, price: 2000 }, finance, { now })!.weekly).toBeNull();
  });

  it('calculatorSlotParams sends the figures as the opening values, through the slot contract', () => {
    const params = calculatorSlotParams({ ...car, finance_lenders: { taurus } }, { now, finance });
    expect(params).toMatchObject({ price: '14990', lender: 'Taurus', default_amount: '14990', default_interest: '8.49', default_term_years: '4', default_fee: '395' });
    expect(slotFor('financeCalculator', 'finance-calculator', params).params).toEqual(params);
    expect(calculatorSlotParams(car, { now, finance })).toMatchObject({ default_amount: '14990', default_interest: '6.29', default_term_years: '5', default_fee: '0' });
    expect(calculatorSlotParams({ ...car, subscription_price: 199 }, { now, finance })).not.toHaveProperty('default_amount');
    expect(calculatorSlotParams(car, { now })).not.toHaveProperty('default_amount');
  });
});
