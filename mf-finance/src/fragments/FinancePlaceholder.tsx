import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import FinanceSteps from '../islands/FinanceSteps.tsx';
import { Island } from '../lib/island.tsx';
import { FinanceEnquiryForm } from './FinanceEnquiryForm.tsx';
import { COMING_SOON, PAGE_TITLES, type FinancePage } from '../lib/pages.ts';

/** A finance page that lands in a later issue: says so, how to reach the dealer now, and how finance works. */
export function FinancePlaceholder({ page, config, params = new URLSearchParams() }: { page: FinancePage; config: Pick<SiteConfig, 'name' | 'contact' | 'features' | 'collection_notice_href' | 'turnstile_site_key'>; params?: URLSearchParams }) {
  const title = PAGE_TITLES[page];
  const { phone, email } = config.contact;
  return (
    <article className="ff-page">
      <nav aria-label="Breadcrumb" className="fc-breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1>{title}</h1>
      <p>
        {COMING_SOON[page]} In the meantime, call {config.name} on <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {page === 'finance-enquiry' || page === 'apply-for-finance' ? <FinanceEnquiryForm config={config} params={params} /> : null}
      <Island module="FinanceSteps" id="ff-steps" component={FinanceSteps} props={{}} />
      <p className="ff-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
      </p>
    </article>
  );
}
