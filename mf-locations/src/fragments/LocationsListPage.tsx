import type { SiteConfig } from '@forecourt/contracts/tenant';
import { telHref } from '@forecourt/contracts/display';
import { Breadcrumbs, Island } from '@forecourt/ui';
import LocationsList from '../islands/LocationsList.tsx';
import type { ListView } from '../lib/list-page.ts';

/**
 * `/locations` and `/dealer-locator` (spec §2 Locations list): breadcrumbs, heading, the dealer's phone and email,
 * then the island (./islands/LocationsList.tsx: the locator's form on /dealer-locator, the search box, a card per
 * dealership with tabs), server-rendered as it hydrates. A site without locations: the phone and email only.
 */
export function LocationsListPage({ view, config }: { view: ListView; config: Pick<SiteConfig, 'name' | 'contact'> }) {
  const { phone, email } = config.contact;
  return (
    <article className="fl-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: view.title }]} />
      <h1>{view.title}</h1>
      <p className="fl-lede">
        Call {config.name} on <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {view.groups.length || view.locator?.active ? (
        <Island
          remote="mf-locations"
          module="LocationsList"
          id="fl-locations"
          component={LocationsList}
          props={{ groups: view.groups, query: view.query, tab: view.tab, keep: view.keep, locator: view.locator }}
        />
      ) : null}
      <p className="fl-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
      </p>
    </article>
  );
}
