/**
 * The finance enquiry (spec §1 finance pre-approval journey, issue 4 "every form submits through the leads API"):
 * mf-account's lead-form kit as a Finance Enquiry (edge-api records event 9), server-rendered here as the plain form
 * (works without JavaScript) inside the kit's client-mode island. A `car_id` in the page's query travels as the car.
 */
import * as v from 'valibot';
import { LEAD_CATEGORIES } from '@forecourt/contracts/api';
import { readFormError } from '@forecourt/contracts/form-errors';
import { IdSchema } from '@forecourt/contracts/entities/common';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { LeadFormIsland, leadFormConfig } from '@forecourt/mf-account/src/lead-form/index.ts';

export const FINANCE_FORM_ID = 'ff-enquiry';
export const FINANCE_FORM_TITLE = 'Send us a finance enquiry';

type Site = Pick<SiteConfig, 'name' | 'features' | 'collection_notice_href' | 'turnstile_site_key'>;

export function FinanceEnquiryForm({ config, params, leadId = crypto.randomUUID() }: { config: Site; params: URLSearchParams; leadId?: string }) {
  // A stock id as the feeds write them (letters, digits, '-', '_'); anything else is left out.
  const car = v.safeParse(v.pipe(IdSchema, v.regex(/^[A-Za-z0-9_-]{1,64}$/)), params.get('car_id') ?? '');
  const serverError = readFormError(params, 'lead')?.message;
  const form = leadFormConfig({
    id: FINANCE_FORM_ID,
    title: FINANCE_FORM_TITLE,
    category: LEAD_CATEGORIES.FINANCE,
    features: config.features,
    steps: [
      { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] },
      { title: 'Your finance', fields: ['message', 'terms_conditions', 'opt_in'] },
    ],
    hidden: car.success ? { car_id: car.output } : {},
    // What they want to finance may be said in a few words; the category already says it is finance.
    rules: { messageRequired: false },
    collector: config.name,
    ...(config.collection_notice_href ? { privacyHref: config.collection_notice_href } : {}),
    ...(config.features.turnstile && config.turnstile_site_key ? { turnstileSiteKey: config.turnstile_site_key } : {}),
    leadId,
    ...(serverError ? { serverError } : {}),
  });
  return (
    <section className="ff-enquiry" aria-labelledby={`${FINANCE_FORM_ID}-title`}>
      <h2 id={`${FINANCE_FORM_ID}-title`}>{FINANCE_FORM_TITLE}</h2>
      <LeadFormIsland config={form} />
    </section>
  );
}
