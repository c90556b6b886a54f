import type { SiteConfig } from '@forecourt/contracts/tenant';
import { LeadFormIsland, leadFormConfig } from '@forecourt/mf-account/src/lead-form/index.ts';
import { CONTACT_FORM_STEPS, PURPOSES, type ContactFormView } from '../lib/contact-form.ts';

export const CONTACT_FORM_ID = 'fl-contact-form';

export type ContactFormSite = Pick<SiteConfig, 'name' | 'features' | 'collection_notice_href' | 'turnstile_site_key'>;

/**
 * The contact page's General Enquiry form: mf-account's lead-form kit, server-rendered here as the plain form
 * (works without JavaScript) inside the kit's client-mode island. `leadId` is fresh per render (the page is
 * `private, no-store`), so a resubmitted no-JavaScript form is one lead.
 */
export function ContactForm({ view, config, leadId = crypto.randomUUID() }: { view: ContactFormView; config: ContactFormSite; leadId?: string }) {
  const title = view.offer ? `Enquire about ${view.offer.name}` : PURPOSES[view.purpose].title;
  const form = leadFormConfig({
    id: CONTACT_FORM_ID,
    title,
    ...(view.offer ? { category: view.offer.category, subcategory: view.offer.subcategory } : { category: PURPOSES[view.purpose].category }),
    features: config.features,
    steps: CONTACT_FORM_STEPS.map((s) => ({ title: s.title, fields: [...s.fields] })),
    hidden: view.location ? { location: view.location.id, dealership_slug: view.location.dealership_slug } : {},
    options: view.options.length ? { location: view.options } : {},
    collector: config.name,
    ...(config.collection_notice_href ? { privacyHref: config.collection_notice_href } : {}),
    // Turnstile only where the tenant switched it on and has a site key.
    ...(config.features.turnstile && config.turnstile_site_key ? { turnstileSiteKey: config.turnstile_site_key } : {}),
    leadId,
    ...(view.serverError ? { serverError: view.serverError } : {}),
  });
  return (
    <section className="fl-contact" aria-labelledby={`${CONTACT_FORM_ID}-title`}>
      <h2 id={`${CONTACT_FORM_ID}-title`}>{title}</h2>
      <LeadFormIsland config={form} />
    </section>
  );
}
