import { slotMarker } from '@forecourt/contracts/fragments';
import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import FinanceSteps from '../islands/FinanceSteps.tsx';
import { STEPS_WHEN } from '../lib/steps.ts';
import PreApproval, { type PreApprovalProps } from '../islands/PreApproval.tsx';
import type { FinanceCalculatorProps } from '../lib/calculator.ts';
import { FINANCE_FORM_SLOT } from '../lib/enquiry-form.ts';
import { FINANCE_CARS_SLOT, GET_FINANCE_NOW_LINKS } from '../lib/get-finance-now.ts';
import { PAGE_TITLES } from '../lib/pages.ts';
import { CalculatorSection } from './CalculatorSection.tsx';
import { CarSummary, type ChosenCar } from './CarSummary.tsx';

export type FinancePageProps = {
  config: Pick<SiteConfig, 'name' | 'contact'>;
  calculator: FinanceCalculatorProps;
  /** The car a Get Finance link named, when it is one of the site's cars for sale. */
  car: ChosenCar | null;
  /** A `car_id` was given but names no car for sale (unknown, sold, hidden): said plainly, the steps shown instead. */
  carUnavailable: boolean;
  /** The instant pre-approval (tenant switch `finance_preapproval`); the Finance Enquiry form without it. */
  preapproval: PreApprovalProps | null;
  /** The Get Finance Now promo (tenant switch `get_finance_now`, no car chosen). */
  getFinanceNow: boolean;
};

/**
 * `/finance` (spec §2 Finance page): the finance form (`#finance-form`: the 4-step instant pre-approval, or the Finance
 * Enquiry) beside the chosen car or the 3 steps; Get Finance Now with featured used cars (mf-search's slot) when the
 * site has it and no car is chosen; then the standalone calculator (250,000 maximum, spec §5).
 */
export function FinancePage({ config, calculator, car, carUnavailable, preapproval, getFinanceNow }: FinancePageProps) {
  const { phone, email } = config.contact;
  return (
    <article className="ff-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: PAGE_TITLES.finance }]} />
      <h1>{PAGE_TITLES.finance}</h1>
      <p>
        {preapproval ? 'Get pre-approved online in minutes, or work out your repayments below.' : 'Tell us what you would like to finance and we will call you with options, or work out your repayments below.'}{' '}
        To talk finance with {config.name}, call <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      <div className="ff-layout">
        <section id="finance-form" className="ff-layout__main ff-form" aria-label={preapproval ? 'Instant finance pre-approval' : 'Finance enquiry'}>
          {preapproval ? (
            <Island remote="mf-finance" module="PreApproval" id="ff-preapproval" component={PreApproval} props={preapproval} />
          ) : (
            // The lead-form kit's form brings its own heading ('Send us a finance enquiry').
            <div className="ff-slot" dangerouslySetInnerHTML={{ __html: slotMarker(FINANCE_FORM_SLOT) }} />
          )}
        </section>
        <div className="ff-layout__side">
          {car ? (
            <CarSummary car={car} />
          ) : (
            <>
              {carUnavailable ? (
                <p className="ff-note" role="note">
                  The car you chose is no longer available. You can still apply, or <a href="/search/new-used-and-demo-cars">find another car</a>.
                </p>
              ) : null}
              <Island remote="mf-finance" module="FinanceSteps" id="ff-steps" component={FinanceSteps} props={{}} when={STEPS_WHEN} />
            </>
          )}
        </div>
      </div>
      {getFinanceNow && !car ? (
        <section className="ff-gfn" aria-labelledby="ff-gfn-title">
          <h2 id="ff-gfn-title">Get Finance Now</h2>
          <p>Pick a car from our used stock and get pre-approved with no impact on your credit score.</p>
          <div className="ff-slot" dangerouslySetInnerHTML={{ __html: slotMarker(FINANCE_CARS_SLOT) }} />
          <ul className="ff-gfn__links">
            {GET_FINANCE_NOW_LINKS.map((l) => (
              <li key={l.href}>
                <a className="fc-btn" href={l.href}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CalculatorSection props={calculator} />
    </article>
  );
}
