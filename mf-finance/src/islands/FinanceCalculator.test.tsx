import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { calculatorProps } from '../lib/calculator.ts';
import { siteConfig } from '../test/tenant.ts';
import FinanceCalculator from './FinanceCalculator.tsx';

const render = (query: string, standalone = false) => renderToString(<FinanceCalculator {...calculatorProps(siteConfig('test-motors'), new URLSearchParams(query), standalone)} />);

describe('FinanceCalculator server render (works without JavaScript)', () => {
  it('a GET form: every field labelled, named and described by its range; sliders wait for JavaScript', () => {
    const html = render('price=31990');
    expect(html).toMatch(/^<form class="ffc" noValidate="" aria-labelledby="ffc-title" action="\/finance#finance-calculator" method="get">/);
    for (const [id, name, label] of [['ffc-amount', 'amount', 'Loan amount'], ['ffc-deposit', 'deposit', 'Deposit or trade-in'], ['ffc-term', 'term', 'Loan term (years)'], ['ffc-interest', 'interest', 'Interest rate (% p.a.)'], ['ffc-residual', 'residual', 'Residual (balloon)']]) {
      expect(html).toContain(`<label id="${id}-label" for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" type="text"[^>]*aria-describedby="${id}-hint"[^>]*name="${name}"`));
      expect(html).toMatch(new RegExp(`<input type="range" aria-labelledby="${id}-label"[^>]*disabled=""`));
    }
    expect(html).toContain('<legend>Repayment frequency</legend>');
    expect(html.match(/<input type="radio"[^>]*name="frequency"/g)).toHaveLength(3);
    expect(html).toContain('<input type="radio" name="frequency" checked="" value="week"/>');
    expect(html).toContain('<button type="submit" class="fc-btn fc-btn--primary">Calculate</button>');
  });

  it('the result sits in a status region', () => {
    expect(render('')).toMatch(/<div id="ffc-result" class="ffc-result" role="status" aria-live="polite" aria-atomic="true"><p class="ffc-result__payment"><strong>\$147<\/strong> per week<\/p>/);
  });

  it(`a payment at or below $25 shows 'Enquire for Finance' with a blank total (spec §5)`, () => {
    // $1,000 over 7 years at 0.5% weekly = $2.75.
    const html = render('amount=1000&term=7&interest=0.5');
    expect(html).toContain('<strong>Enquire for Finance</strong>');
    expect(html).toContain('<dt>Total repayments</dt><dd></dd>');
  });

  it('shows a final payment and the establishment fee note when they apply', () => {
    const html = render('residual=9000');
    expect(html).toContain('<dt>Final payment</dt><dd>$9,000</dd>');
    expect(html).toContain('An estimate only. Fees');
  });
});
