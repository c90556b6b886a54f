import type { FinanceQuickQuoteResponse } from '@forecourt/contracts/api';
import { formatAud, telHref } from '@forecourt/contracts/display';
import { slotMarker } from '@forecourt/contracts/fragments';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island } from '@forecourt/ui';
import FinanceSteps from '../islands/FinanceSteps.tsx';
import { STEPS_WHEN } from '../lib/steps.ts';
import PreApproval, { type PreApprovalProps } from '../islands/PreApproval.tsx';
import { FINANCE_FORM_SLOT } from '../lib/enquiry-form.ts';
import { PAGE_INTROS, PAGE_TITLES } from '../lib/pages.ts';
import { CAR_CONTEXT_KEYS, CREDIT_LABELS, LOAN_TERMS, yearsText, type CarContext, type Estimate } from '../lib/preapproval.ts';
import { CarSummary, type ChosenCar } from './CarSummary.tsx';

export type PersonalisedFinanceProps = {
  config: Pick<SiteConfig, 'name' | 'contact'>;
  car: ChosenCar | null;
  carUnavailable: boolean;
  /** The signed-in shopper's first name, when their account has one. */
  firstName: string | null;
  estimate: Estimate;
  carContext: CarContext;
  /** The provider's quote for this car and shopper; null when it could not be had. */
  quote: FinanceQuickQuoteResponse | null;
  preapproval: PreApprovalProps | null;
};


/**
 * `/personalised/finance?car_id=` (spec §2; behind sign-in where the tenant gates it): the shopper's quote for the car at
 * their credit history and term (a GET form re-quotes without JavaScript), then the pre-approval with their saved
 * details filled in (or the Finance Enquiry form on a site without it), the car beside it.
 */
export function PersonalisedFinancePage({ config, car, carUnavailable, firstName, estimate, carContext, quote, preapproval }: PersonalisedFinanceProps) {
  const { phone, email } = config.contact;
  const title = PAGE_TITLES['personalised-finance'];
  return (
    <article className="ff-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'Finance', href: '/finance' }, { label: title }]} />
      <h1>{title}</h1>
      <p>
        {firstName ? `Hi ${firstName}. ` : ''}
        {PAGE_INTROS['personalised-finance']} Questions? Call {config.name} on <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {carUnavailable ? (
        <p className="ff-note" role="note">
          The car you chose is no longer available. Your quote below is for the amount you asked about.
        </p>
      ) : null}
      <div className="ff-layout">
        <div className="ff-layout__main">
          <section className="ff-quote" aria-labelledby="ff-quote-title">
            <h2 id="ff-quote-title">Your quote</h2>
            <div className="ffc-result" role="status">
              {quote ? (
                <>
                  <p className="ffc-result__payment">
                    <strong>{formatAud(Math.round(quote.weeklyRepaymentAmount))}</strong> per week
                  </p>
                  <dl className="ffc-result__list">
                    <div><dt>Amount</dt><dd>{formatAud(estimate.price)}</dd></div>
                    <div><dt>Term</dt><dd>{yearsText(estimate.term)}</dd></div>
                    <div><dt>Credit history</dt><dd>{CREDIT_LABELS[estimate.credit]}</dd></div>
                    <div><dt>Interest rate</dt><dd>{quote.advertisedRate}% p.a.</dd></div>
                    <div><dt>Comparison rate</dt><dd>{quote.comparisonRate}% p.a.</dd></div>
                  </dl>
                </>
              ) : (
                <p>We could not work out your quote just now. Send us your details below and we will call you with it.</p>
              )}
              <p className="ffc-note">Based on a 10% deposit and a 30% final payment; subject to the lender's checks.</p>
            </div>
            <form className="ff-quote__form" method="get" action="/personalised/finance">
              {CAR_CONTEXT_KEYS.map((k) => (carContext[k] ? <input key={k} type="hidden" name={k} value={carContext[k]} /> : null))}
              <input type="hidden" name="vehiclePriceBudget" value={estimate.price} />
              <div className="ffc-field">
                <label htmlFor="ff-quote-term">Loan term</label>
                <select id="ff-quote-term" name="loanTerm" defaultValue={estimate.term}>
                  {LOAN_TERMS.map((t) => (
                    <option key={t} value={t}>
                      {yearsText(t)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="ffc-field">
                <label htmlFor="ff-quote-credit">Credit history</label>
                <select id="ff-quote-credit" name="selfAssessedCreditScore" defaultValue={estimate.credit}>
                  {(['GREAT', 'DECENT', 'POOR'] as const).map((c) => (
                    <option key={c} value={c}>
                      {CREDIT_LABELS[c]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="fc-btn">
                Update my quote
              </button>
            </form>
          </section>
          <section id="finance-form" className="ff-form" aria-label={preapproval ? 'Instant finance pre-approval' : 'Finance enquiry'}>
            {preapproval ? (
              <Island remote="mf-finance" module="PreApproval" id="ff-preapproval" component={PreApproval} props={preapproval} />
            ) : (
              <div className="ff-slot" dangerouslySetInnerHTML={{ __html: slotMarker(FINANCE_FORM_SLOT) }} />
            )}
          </section>
        </div>
        <div className="ff-layout__side">{car ? <CarSummary car={car} /> : <Island remote="mf-finance" module="FinanceSteps" id="ff-steps" component={FinanceSteps} props={{}} when={STEPS_WHEN} />}</div>
      </div>
    </article>
  );
}
