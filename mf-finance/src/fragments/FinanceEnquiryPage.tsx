import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import FinanceSteps from '../islands/FinanceSteps.tsx';
import { STEPS_WHEN } from '../lib/steps.ts';
import PreApproval, { type PreApprovalProps } from '../islands/PreApproval.tsx';
import { slotMarker } from '@forecourt/contracts/fragments';
import { FINANCE_FORM_SLOT } from '../lib/enquiry-form.ts';
import { PAGE_INTROS, PAGE_TITLES, type FinancePage } from '../lib/pages.ts';
import { CarSummary, type ChosenCar } from './CarSummary.tsx';

/**
 * `/finance-enquiry` and `/apply-for-finance`: how to reach the dealer, the Finance Enquiry form (mf-account's lead-form
 * slot, with the car of `car_id`) in one column, and the chosen car or how finance works beside it on wide screens
 * (below it on small ones). Where the site runs the instant pre-approval, its popup variant is offered above the form.
 */
export function FinanceEnquiryPage({ page, config, car = null, preapproval = null }: { page: FinancePage; config: Pick<SiteConfig, 'name' | 'contact'>; car?: ChosenCar | null; preapproval?: PreApprovalProps | null }) {
  const title = PAGE_TITLES[page];
  const { phone, email } = config.contact;
  return (
    <article className="ff-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Finance', href: '/finance' }, { label: title }]} />
      <h1>{title}</h1>
      <p>
        {PAGE_INTROS[page]} Or call {config.name} on <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {preapproval ? (
        <aside className="ff-instant" aria-labelledby="ff-instant-title">
          <h2 id="ff-instant-title">Want an answer now?</h2>
          <p>Get pre-approved online in minutes, with no impact on your credit score.</p>
          <Island remote="mf-finance" module="PreApproval" id="ff-preapproval" component={PreApproval} props={{ ...preapproval, variant: 'dialog' }} />
        </aside>
      ) : null}
      <div className="ff-layout">
        {/* The enquiry form: mf-account's lead-form slot (lib/enquiry-form.ts; routes/fragments.tsx lists it in the head). */}
        <section id="finance-form" className="ff-layout__main ff-form" aria-label="Finance enquiry">
          <div className="ff-slot" dangerouslySetInnerHTML={{ __html: slotMarker(FINANCE_FORM_SLOT) }} />
        </section>
        <div className="ff-layout__side">
          {car ? <CarSummary car={car} /> : <Island remote="mf-finance" module="FinanceSteps" id="ff-steps" component={FinanceSteps} props={{}} when={STEPS_WHEN} />}
        </div>
      </div>
      <p className="ff-actions">
        <a className="fc-btn" href="/finance">
          Work out your repayments
        </a>
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
      </p>
    </article>
  );
}
