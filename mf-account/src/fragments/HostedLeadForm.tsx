/**
 * A lead form another part hosts through a fragment slot (contracts FragmentSlotSchema): the shell's own pages
 * (careers, fleet) cannot render React, so they put `<fc-slot id="lead-form">` in their body and this fragment fills
 * it. One purpose per page, each with its lead category (contracts LEAD_CATEGORIES; careers is rewritten by
 * edge-api to General Enquiry / Career Enquiry, spec §4).
 */
import { LEAD_CATEGORIES } from '@forecourt/contracts/api';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { LeadFormIsland, leadFormConfig } from '../lead-form/index.ts';

export const HOSTED_FORM_ID = 'fa-lead-form';

export const HOSTED_PURPOSES = {
  careers: { category: LEAD_CATEGORIES.CAREERS, title: 'Apply or ask about a role' },
  fleet: { category: LEAD_CATEGORIES.FLEET, title: 'Ask about fleet buying' },
} as const;
export type HostedPurpose = keyof typeof HOSTED_PURPOSES;
export const isHostedPurpose = (x: string | undefined): x is HostedPurpose => x !== undefined && Object.hasOwn(HOSTED_PURPOSES, x);

type Site = Pick<SiteConfig, 'name' | 'features' | 'collection_notice_href' | 'turnstile_site_key'>;

export function HostedLeadForm({ purpose, config, leadId = crypto.randomUUID() }: { purpose: HostedPurpose; config: Site; leadId?: string }) {
  const { category, title } = HOSTED_PURPOSES[purpose];
  const form = leadFormConfig({
    id: HOSTED_FORM_ID,
    title,
    category,
    features: config.features,
    steps: [
      { title: 'Your details', fields: ['name', 'last_name', 'email', 'phone', 'postcode'] },
      { title: 'Your enquiry', fields: ['message', 'terms_conditions', 'opt_in'] },
    ],
    collector: config.name,
    ...(config.collection_notice_href ? { privacyHref: config.collection_notice_href } : {}),
    ...(config.features.turnstile && config.turnstile_site_key ? { turnstileSiteKey: config.turnstile_site_key } : {}),
    leadId,
    // The form posts back to the page that hosts it (the no-JavaScript error path returns there).
  });
  return (
    <section className="fa-hosted-form" aria-labelledby={`${HOSTED_FORM_ID}-title`}>
      <h2 id={`${HOSTED_FORM_ID}-title`}>{title}</h2>
      <LeadFormIsland config={form} />
    </section>
  );
}
