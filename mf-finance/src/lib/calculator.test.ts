import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { siteConfig } from '../test/tenant.ts';
import { CALCULATOR_FORM_ACTION, calculatorLender, calculatorProps } from './calculator.ts';

/** A site whose finance settings carry calculator switches (SiteConfig `finance.calculator`, see contracts). */
const withCalculator = (calculator: unknown, providers: string[] = [], features: Partial<SiteConfig['features']> = {}): SiteConfig => {
  const base = siteConfig('test-motors');
  return { ...base, features: { ...base.features, ...features }, finance: { ...base.finance, providers, calculator } as SiteConfig['finance'] };
};
const q = (text: string) => new URLSearchParams(text);

describe('calculatorProps', () => {
  it("opens on the car's lender figures from the slot params (contracts calculatorSlotParams), not for Suzuki", () => {
    const query = 'price=31990&make=Toyota&lender=Taurus&lender_interest=8.49&lender_term_years=4&lender_fee=395&lender_deposit=1000&lender_balloon=5000';
    const props = calculatorProps(siteConfig('test-motors'), q(query), false);
    expect(props.state).toMatchObject({ interest: 8.49, term: 4, deposit: 1000, residual: 5000 });
    expect(props.limits.fee).toBe(395);
    expect(props.hidden).toMatchObject({ lender: 'Taurus', lender_interest: '8.49', lender_fee: '395' });
    const suzuki = calculatorProps(siteConfig('test-motors'), q(query.replace('Toyota', 'Suzuki')), false);
    expect(suzuki.state).toMatchObject({ interest: 10, term: 5, deposit: 0, residual: 0 });
    expect(suzuki.limits.fee).toBe(0);
  });

  it('a car: limits of the vehicle page, the car carried through the no-JS form, defaults in the state', () => {
    const props = calculatorProps(siteConfig('test-motors'), q('car_id=148223&price=31990&car_type=used&make=Toyota&dealership_slug=springwood&year=2021&utm=x'), false);
    expect(props.standalone).toBe(false);
    expect(props.limits.amount.max).toBe(100000);
    expect(props.state).toEqual({ amount: 30000, term: 5, interest: 10, frequency: 'week', deposit: 0, residual: 0 });
    expect(props.hidden).toEqual({ car_id: '148223', price: '31990', car_type: 'used', make: 'Toyota', dealership_slug: 'springwood', year: '2021' });
    expect(props.action).toBe(CALCULATOR_FORM_ACTION);
    expect(props.carId).toBe('148223');
  });

  it('the price-default site opens on the price; a negative price counts as 0 (spec §5)', () => {
    const site = withCalculator({ default_amount_is_price: true, amount_max_from_price: true });
    expect(calculatorProps(site, q('price=31990'), false).state.amount).toBe(31990);
    expect(calculatorProps(site, q('price=150000'), false).limits.amount.max).toBe(157500);
    expect(calculatorProps(site, q('price=-150000'), false).state.amount).toBe(30000);
  });

  it('the standalone calculator reads the finance page budget and goes to 250,000', () => {
    const props = calculatorProps(siteConfig('test-motors'), q('vehiclePriceBudget=45000&amount=120000'), true);
    expect(props.limits.amount.max).toBe(250000);
    expect(props.state.amount).toBe(120000);
    // A link's budget (the car page's Get Finance) is the amount it opens on (spec §5 "supplied default if >0").
    expect(calculatorProps(siteConfig('test-motors'), q('vehiclePriceBudget=45000'), true).state.amount).toBe(45000);
    expect(calculatorProps(siteConfig('test-motors'), q('vehiclePriceBudget=0'), true).state.amount).toBe(30000);
  });

  it('external quote: a car with a price on a site with the feature; the standalone calculator quotes its own amount and term', () => {
    const on = withCalculator({}, [], { youx_quote: true });
    expect(calculatorProps(on, q('price=31990&year=2021'), false).quote).toEqual({ purchasePrice: 'price', price: 31990, year: 2021, loanTerm: 5 });
    expect(calculatorProps(on, q('price=0'), false).quote).toBeNull();
    expect(calculatorProps(on, q(''), true).quote).toEqual({ purchasePrice: 'amount', price: null, year: null, loanTerm: 'term' });
    expect(calculatorProps(siteConfig('test-motors'), q('price=31990'), false).quote).toBeNull();
  });

  it("applies the site's lender profile, except for Suzuki and listed dealerships (spec §5 Finance eligibility)", () => {
    const site = withCalculator({ lenders: { angle: { interest_min: 4, interest_max: 20, amount_min: 5000 } }, hidden_dealerships: ['bayside'] }, ['Taurus', 'Angle']);
    expect(calculatorLender(site, 'Toyota', null)).toBe('Angle');
    expect(calculatorLender(site, 'Suzuki', null)).toBeNull();
    expect(calculatorLender(site, 'Toyota', 'bayside')).toBeNull();
    expect(calculatorProps(site, q('make=Toyota'), false).limits.interest).toMatchObject({ min: 4, max: 20 });
    expect(calculatorProps(site, q('make=Toyota'), false).limits.amount.min).toBe(5000);
    expect(calculatorProps(site, q('make=Suzuki'), false).limits.interest).toMatchObject({ min: 0.5, max: 15 });
  });
});
