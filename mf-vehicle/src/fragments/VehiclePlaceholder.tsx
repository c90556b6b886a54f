import { telHref } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import CopyLink from '../islands/CopyLink.tsx';
import { Island } from '../lib/island.tsx';
import { COMING_SOON, PAGE_TITLES, type VehiclePage } from '../lib/pages.ts';

/** A vehicle-area page that lands in a later issue: says so, and how to reach the dealer now. */
export function VehiclePlaceholder({ page, config }: { page: VehiclePage; config: Pick<SiteConfig, 'name' | 'contact'> }) {
  const title = PAGE_TITLES[page];
  const { phone, email } = config.contact;
  return (
    <article className="fv-page">
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
      {page === 'vehicle' ? <Island module="CopyLink" id="fv-copy-link" component={CopyLink} props={{}} /> : null}
      <p className="fv-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
      </p>
    </article>
  );
}
