import type { SiteConfig } from '@forecourt/contracts/tenant';
import { LocationsListPage } from './LocationsListPage.tsx';
import { LocationDetail } from './LocationDetail.tsx';
import type { PageView } from '../lib/pages.ts';
import { FormPageArticle } from './FormPages.tsx';

type PageConfig = Pick<SiteConfig, 'name' | 'contact'>;

/**
 * A locations page, by its kind: a location's own page (`/our-location/{slug}`, `/locations/{slug}`), the list
 * (`/locations`, `/dealer-locator`: dealerships' cards with tabs, the search box, the locator), or a page with a form
 * (contact, service, parts: the form beside its context, and the location block).
 */
export function LocationsPage({ view, config }: { view: Exclude<PageView, { kind: 'not-found' }>; config: PageConfig }) {
  switch (view.kind) {
    case 'location':
      return <LocationDetail detail={view.detail} />;
    case 'locations':
      return <LocationsListPage view={view} config={config} />;
    case 'form':
      return <FormPageArticle view={view} config={config} />;
  }
}
