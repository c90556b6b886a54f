import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import FinanceSteps from '../islands/FinanceSteps.tsx';
import type { FinanceCalculatorProps } from '../lib/calculator.ts';
import { PAGE_TITLES } from '../lib/pages.ts';
import { CalculatorSection } from './CalculatorSection.tsx';

/**
 * `/finance` (spec §2 Finance page): the standalone calculator (250,000 maximum, spec §5; it opens on the budget a
 * Get Finance link carries) beside the 3 steps, and how to reach the dealer. The online application form lands with
 * the pre-approval journey.
 */
export function FinancePage({ config, calculator }: { config: Pick<SiteConfig, 'name' | 'contact'>; calculator: FinanceCalculatorProps }) {
  const { phone, email } = config.contact;
  return (
    <article className="ff-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: PAGE_TITLES.finance }]} />
      <h1>{PAGE_TITLES.finance}</h1>
      <p>
        Work out your repayments below. To talk finance with {config.name}, call <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {/* The calculator (the page's form) in one column, how finance works beside it on wide screens. */}
      <div className="ff-layout">
        <div className="ff-layout__main">
          <CalculatorSection props={calculator} />
        </div>
        <div className="ff-layout__side">
          <Island remote="mf-finance" module="FinanceSteps" id="ff-steps" component={FinanceSteps} props={{}} />
        </div>
      </div>
      <p className="ff-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
      </p>
    </article>
  );
}
