import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, slotMarker } from '@forecourt/contracts/fragments';
import { FINANCE_FORM_SLOT, financeFormSlot } from '../lib/enquiry-form.ts';
import { PAGES } from '@forecourt/contracts/routes';
import { siteConfig } from '../test/tenant.ts';
import { FinancePlaceholder } from './FinancePlaceholder.tsx';

const config = siteConfig();

describe('finance placeholder fragments', () => {
  it('every page has breadcrumbs, its heading, the dealer phone and email and a link to stock', () => {
    for (const page of PAGES['mf-finance']) {
      const html = renderToString(<FinancePlaceholder page={page} config={config} />);
      expect(html).toMatch(/<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="\/">Home<\/a><\/li><li aria-current="page">[^<]+<\/li><\/ol><\/nav><h1>[^<]+<\/h1>/);
      expect(html).not.toContain('coming soon');
      expect(html).toContain('<a href="tel:0730000000">07 3000 0000</a>');
      expect(html).toContain('<a href="mailto:sales@example.com.au">sales@example.com.au</a>');
      expect(html).toContain('href="/search/new-used-and-demo-cars"');
    }
  });
  it('finance enquiry, apply and personalised finance pages carry the lead-form slot marker (mf-account fills it)', () => {
    for (const page of ['finance-enquiry', 'apply-for-finance', 'personalised-finance'] as const) {
      expect(renderToString(<FinancePlaceholder page={page} config={config} />)).toContain(slotMarker(FINANCE_FORM_SLOT));
    }
  });
  it('the slot is a Finance Enquiry with the car of the query, and never a car id it does not trust', () => {
    expect(financeFormSlot(new URLSearchParams('car_id=2004268&lead_error=invalid'))).toEqual({
      id: FINANCE_FORM_SLOT, remote: 'mf-account', page: 'lead-form',
      params: { form: 'finance-enquiry', id: 'ff-enquiry', car_id: '2004268', lead_error: 'invalid' },
    });
    expect(financeFormSlot(new URLSearchParams('car_id=%3Cscript%3E')).params).not.toHaveProperty('car_id');
  });
  it('names the page', () => {
    const html = renderToString(<FinancePlaceholder page="apply-for-finance" config={config} />);
    expect(html).toContain('<li aria-current="page">Apply for finance</li>');
    expect(html).toContain('<h1>Apply for finance</h1>');
  });
  it('renders the FinanceSteps island: steps visible, toggle hidden until hydrated', () => {
    const html = renderToString(<FinancePlaceholder page="finance" config={config} />);
    expect(html).toContain(`<div id="ff-steps" ${ISLAND_ATTR}="mf-finance/FinanceSteps" class="fc-island">`);
    expect(html).toContain(`<script type="application/json" ${ISLAND_PROPS_ATTR}="ff-steps">{}</script>`);
    expect(html).toMatch(/<button type="button" class="fc-btn" hidden="" aria-expanded="true" aria-controls="ff-steps-list">Hide steps<\/button>/);
    expect(html).toContain('<ol id="ff-steps-list" class="ff-steps__list">');
    expect(html.match(/<li><strong>/g)).toHaveLength(3);
  });
});
