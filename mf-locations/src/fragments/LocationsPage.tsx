import type { SiteConfig } from '@forecourt/contracts/tenant';
import { slotMarker } from '@forecourt/contracts/fragments';
import { Breadcrumbs, Island } from '@forecourt/ui';
import { LocationGrid } from '../components/LocationCardView.tsx';
import LocationsList from '../islands/LocationsList.tsx';
import { telHref } from '../lib/locations.ts';
import type { PageView } from '../lib/pages.ts';

type View = Exclude<PageView, { kind: 'not-found' }>;

/** A locations page: breadcrumbs, heading, how to reach the dealer, and the location cards. */
export function LocationsPage({ view, config }: { view: View; config: Pick<SiteConfig, 'name' | 'contact'> }) {
  const { phone, email } = config.contact;
  const detail = view.kind === 'detail';
  return (
    <article className="fl-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, ...(detail ? [{ label: 'Our locations', href: '/locations' }] : []), { label: view.title }]} />
      <h1>{view.title}</h1>
      <p>
        {view.comingSoon ? `${view.comingSoon} Or call` : 'Call'} {config.name} on <a href={telHref(phone)}>{phone}</a> or email{' '}
        <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {/* The lead form: mf-account's slot, filled by the shell (app.tsx lists it in the head). */}
      {view.contactForm ? <div className="fl-slot" dangerouslySetInnerHTML={{ __html: slotMarker(view.contactForm.id) }} /> : null}
      {view.searchable && view.cards.length ? (
        <Island remote="mf-locations" module="LocationsList" id="fl-locations" component={LocationsList} props={{ cards: view.cards, query: view.query }} />
      ) : view.cards.length ? (
        <LocationGrid cards={view.cards} detailsLink={!detail} />
      ) : null}
      <p className="fl-actions">
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>
        {detail ? (
          <a className="fc-btn" href="/locations">
            All locations
          </a>
        ) : null}
      </p>
    </article>
  );
}
