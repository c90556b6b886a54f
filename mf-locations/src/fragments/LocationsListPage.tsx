import type { IslandTrigger } from '@forecourt/contracts/islands';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { telHref } from '@forecourt/contracts/display';
import { Breadcrumbs, Island } from '@forecourt/ui';
import LocationsList from '../islands/LocationsList.tsx';
import type { ListView } from '../lib/list-page.ts';

/**
 * The list hydrates when the shopper reaches for it (a pointer over it, a touch, or focus moving in): its server HTML
 * already works (tabs are links, the search and locator are GET forms), and a page of 13 dealerships costs ~150 ms
 * of main-thread time to hydrate, which loading the page no longer pays (Lighthouse TBT, bench/RESULTS.md).
 */
const HYDRATE_ON_INTERACTION: IslandTrigger[] = [{ kind: 'interaction' }];

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
          when={HYDRATE_ON_INTERACTION}
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
