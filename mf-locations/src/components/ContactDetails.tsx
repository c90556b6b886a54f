import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';

/** The dealer's phone and email beside a page's form (the form's context, issue 13). */
export function ContactDetails({ config }: { config: Pick<SiteConfig, 'name' | 'contact'> }) {
  const { phone, email } = config.contact;
  return (
    <section className="fc-card fl-reach" aria-labelledby="fl-reach-title">
      <h2 className="fl-reach__title" id="fl-reach-title">
        Talk to {config.name}
      </h2>
      <p>
        <a className="fc-btn fl-reach__call" href={telHref(phone)}>
          Call {phone}
        </a>
      </p>
      <p className="fl-reach__email">
        Email <a href={`mailto:${email}`}>{email}</a>
      </p>
    </section>
  );
}
