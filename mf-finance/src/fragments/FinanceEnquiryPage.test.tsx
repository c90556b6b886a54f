import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, slotMarker } from '@forecourt/contracts/fragments';
import { sampleCar } from '@forecourt/contracts/fixtures/car';
import { FINANCE_FORM_SLOT, financeFormSlot } from '../lib/enquiry-form.ts';
import { siteConfig } from '../test/tenant.ts';
import { FinanceEnquiryPage } from './FinanceEnquiryPage.tsx';

const config = siteConfig();

describe('finance enquiry pages (/finance-enquiry, /apply-for-finance)', () => {
  it('breadcrumbs through Finance, the heading, the dealer phone and email, the form in #finance-form, links on', () => {
    for (const page of ['finance-enquiry', 'apply-for-finance'] as const) {
      const html = renderToString(<FinanceEnquiryPage page={page} config={config} />);
      expect(html).toMatch(/<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="\/">Home<\/a><\/li><li><a href="\/finance">Finance<\/a><\/li><li aria-current="page">[^<]+<\/li><\/ol><\/nav><h1>[^<]+<\/h1>/);
      expect(html.toLowerCase()).not.toContain('coming soon');
      expect(html).toContain('<a href="tel:0730000000">07 3000 0000</a>');
      expect(html).toContain('<a href="mailto:sales@example.com.au">sales@example.com.au</a>');
      expect(html).toMatch(/<section id="finance-form"[^>]*><div class="ff-slot"><fc-slot id="ff-enquiry-slot"><\/fc-slot><\/div><\/section>/);
      expect(html).toContain('href="/search/new-used-and-demo-cars"');
      expect(html).toContain('href="/finance"');
    }
    expect(renderToString(<FinanceEnquiryPage page="apply-for-finance" config={config} />)).toContain('<h1>Apply for finance</h1>');
  });

  it('the slot is a Finance Enquiry with the car of the query, and never a car id it does not trust', () => {
    expect(financeFormSlot(new URLSearchParams('car_id=2004268&lead_error=invalid'))).toEqual({
      id: FINANCE_FORM_SLOT, remote: 'mf-account', page: 'lead-form',
      params: { form: 'finance-enquiry', id: 'ff-enquiry', car_id: '2004268', lead_error: 'invalid' },
    });
    expect(financeFormSlot(new URLSearchParams('car_id=%3Cscript%3E')).params).not.toHaveProperty('car_id');
    expect(slotMarker(FINANCE_FORM_SLOT)).not.toContain('id="finance-form"');
  });

  it('with a car: the car beside the form (photo, name linking to it, price with its type); without: the 3 steps', () => {
    const withCar = renderToString(<FinanceEnquiryPage page="finance-enquiry" config={config} car={sampleCar} />);
    expect(withCar).toContain('Your chosen car');
    expect(withCar).toContain(`href="/cars/${sampleCar.slug}"`);
    expect(withCar).not.toContain(`${ISLAND_ATTR}="mf-finance/FinanceSteps"`);
    const without = renderToString(<FinanceEnquiryPage page="finance-enquiry" config={config} />);
    expect(without).toContain(`<div id="ff-steps" ${ISLAND_ATTR}="mf-finance/FinanceSteps" class="fc-island" data-island-when="engaged">`);
    expect(without).toContain(`<script type="application/json" ${ISLAND_PROPS_ATTR}="ff-steps">{}</script>`);
    expect(without.match(/<li><strong>/g)).toHaveLength(3);
  });
});
