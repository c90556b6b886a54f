import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { financeHref, financeQueryOf, FinanceQuerySchema } from './finance-link.ts';
import { resolveRoute } from './routes.ts';

const car = { id: '148223', car_type: 'used', vin: 'JTNK4RBE903123456', dealership_slug: 'springwood-toyota' };

describe('financeHref (spec §2: links carry preferredDealership, vehiclePriceBudget, car_id, car_type and vin and end with #finance-form)', () => {
  it('carries every value in one stable order and ends with #finance-form', () => {
    expect(financeHref(car, 31990)).toBe('/finance?car_id=148223&vehiclePriceBudget=31990&car_type=used&vin=JTNK4RBE903123456&preferredDealership=springwood-toyota#finance-form');
  });

  it('leaves out the budget when the page shows none (0, negative, absent, not a number)', () => {
    const without = '/finance?car_id=148223&car_type=used&vin=JTNK4RBE903123456&preferredDealership=springwood-toyota#finance-form';
    for (const budget of [0, -5, undefined, null, Number.NaN, Number.POSITIVE_INFINITY, 0.4]) expect(financeHref(car, budget)).toBe(without);
  });

  it('writes the budget in whole dollars, as the finance page reads it', () => {
    expect(financeHref(car, 31990.6)).toContain('vehiclePriceBudget=31991&');
  });

  it('leaves out empty values and trims, encodes the rest', () => {
    expect(financeHref({ id: '7', car_type: 'new', vin: null, dealership_slug: 'x-motors' }, 0)).toBe('/finance?car_id=7&car_type=new&preferredDealership=x-motors#finance-form');
    expect(financeHref({ id: '7', car_type: 'new', vin: '   ', dealership_slug: '' })).toBe('/finance?car_id=7&car_type=new#finance-form');
    expect(financeHref({ id: 'a&b', car_type: 'demo', vin: ' V 1 ', dealership_slug: 'd' }, 1000)).toBe('/finance?car_id=a%26b&vehiclePriceBudget=1000&car_type=demo&vin=V+1&preferredDealership=d#finance-form');
  });

  it('resolves to the finance page of mf-finance, and reads back as the same car', () => {
    const href = financeHref(car, 31990);
    const url = new URL(href, 'https://www.example.com.au');
    expect(resolveRoute(url.pathname)?.remote).toBe('mf-finance');
    expect(url.hash).toBe('#finance-form');
    expect(financeQueryOf(url.searchParams)).toEqual({ car_id: '148223', vehiclePriceBudget: 31990, car_type: 'used', vin: 'JTNK4RBE903123456', preferredDealership: 'springwood-toyota' });
  });
});

describe('financeQueryOf (spec §2 Finance page query)', () => {
  it('reads every parameter of the spec into typed values', () => {
    const q = financeQueryOf('?car_id=7&vin=jtnk4rbe903123456&nvic=0f8j21&year=2021&preferredDealership=x-motors&car_type=Demo&vehiclePriceBudget=31990&loanTerm=5&selfAssessedCreditScore=DECENT&whoIsHelping=%20Sam%20');
    expect(q).toEqual({
      car_id: '7', vin: 'JTNK4RBE903123456', nvic: '0F8J21', year: 2021, preferredDealership: 'x-motors', car_type: 'demo',
      vehiclePriceBudget: 31990, loanTerm: 5, selfAssessedCreditScore: 'DECENT', whoIsHelping: 'Sam',
    });
    expect(v.is(FinanceQuerySchema, q)).toBe(true);
  });

  it('takes price for vehiclePriceBudget and credit_score for selfAssessedCreditScore, case-insensitively', () => {
    expect(financeQueryOf('price=25000&credit_score=poor')).toEqual({ vehiclePriceBudget: 25000, selfAssessedCreditScore: 'POOR' });
    expect(financeQueryOf('credit_score=Great')).toEqual({ selfAssessedCreditScore: 'GREAT' });
    // The spec's own names win; a bad one falls back to the alias.
    expect(financeQueryOf('vehiclePriceBudget=31990&price=25000&selfAssessedCreditScore=great&credit_score=POOR')).toEqual({ vehiclePriceBudget: 31990, selfAssessedCreditScore: 'GREAT' });
    expect(financeQueryOf('vehiclePriceBudget=lots&price=25000&selfAssessedCreditScore=excellent&credit_score=poor')).toEqual({ vehiclePriceBudget: 25000, selfAssessedCreditScore: 'POOR' });
  });

  it('drops bad values instead of throwing', () => {
    const bad = financeQueryOf({
      car_id: '', vin: 'JTN-K4', nvic: '<script>', year: '21', preferredDealership: 'X Motors', car_type: 'classic',
      vehiclePriceBudget: '31,990', price: '-5', loanTerm: '8', selfAssessedCreditScore: 'EXCELLENT', whoIsHelping: 'a\u0000b',
    });
    expect(bad).toEqual({});
    expect(financeQueryOf('year=1899&loanTerm=0&vehiclePriceBudget=1e5')).toEqual({});
    expect(financeQueryOf('year=2101&loanTerm=2.5&price=31990.50')).toEqual({});
    expect(financeQueryOf(`car_id=${'x'.repeat(101)}&whoIsHelping=${'y'.repeat(101)}`)).toEqual({});
  });

  it('keeps prices digits only and clamps nothing (the calculator and quick estimate clamp to their own ranges)', () => {
    expect(financeQueryOf('vehiclePriceBudget=500')).toEqual({ vehiclePriceBudget: 500 });
    expect(financeQueryOf('vehiclePriceBudget=450000')).toEqual({ vehiclePriceBudget: 450000 });
    expect(financeQueryOf('vehiclePriceBudget=0')).toEqual({ vehiclePriceBudget: 0 });
  });

  it('reads URLSearchParams, a query string and a plain record alike; the first of a repeated name counts', () => {
    const expected = { car_id: '7', loanTerm: 3 };
    expect(financeQueryOf(new URLSearchParams('car_id=7&loanTerm=3&car_id=8'))).toEqual(expected);
    expect(financeQueryOf('?car_id=7&loanTerm=3')).toEqual(expected);
    expect(financeQueryOf({ car_id: ' 7 ', loanTerm: '3', unrelated: 'x' })).toEqual(expected);
    expect(financeQueryOf({ toString: 'x', constructor: 'y' } as Record<string, string>)).toEqual({});
    expect(financeQueryOf('')).toEqual({});
  });
});
