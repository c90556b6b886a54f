import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import FinanceSteps from '../islands/FinanceSteps.tsx';
import type { FinanceCalculatorProps } from '../lib/calculator.ts';
import { Island } from '../lib/island.tsx';
import { PAGE_TITLES } from '../lib/pages.ts';
import { CalculatorSection } from './CalculatorSection.tsx';

/**
 * `/finance` (spec §2 Finance page): the standalone calculator (250,000 maximum, spec §5) beside the 3 steps, and how to
 * reach the dealer. The online application form lands with the pre-approval journey.
 */
export function FinancePage({ config, calculator }: { config: Pick<SiteConfig, 'name' | 'contact'>; calculator: FinanceCalculatorProps }) {
  const { phone, email } = config.contact;
  return (
    <article className="ff-page ff-page--wide">
      <nav aria-label="Breadcrumb" className="fc-breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{PAGE_TITLES.finance}</li>
        </ol>
      </nav>
      <h1>{PAGE_TITLES.finance}</h1>
      <p>
        Work out your repayments below. To talk finance with {config.name}, call <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      <div className="ff-layout">
        <CalculatorSection props={calculator} />
        <Island module="FinanceSteps" id="ff-steps" component={FinanceSteps} props={{}} />
      </div>
      <p className="ff-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
      </p>
    </article>
  );
}
