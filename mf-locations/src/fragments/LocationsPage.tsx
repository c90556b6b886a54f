import type { SiteConfig } from '@forecourt/contracts/tenant';
import { slotMarker } from '@forecourt/contracts/fragments';
import { telHref } from '@forecourt/contracts/display';
import { Breadcrumbs, Island } from '@forecourt/ui';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { LocationCardView, LocationGrid } from '../components/LocationCardView.tsx';
import LocationsList from '../islands/LocationsList.tsx';
import { besideForm, type PageView } from '../lib/pages.ts';

type View = Exclude<PageView, { kind: 'not-found' }>;
type PageConfig = Pick<SiteConfig, 'name' | 'contact'>;

/**
 * A locations page: breadcrumbs, heading, then either the page's form with its context beside it (contact, service,
 * parts: the form in one column, the dealer's phone, email and location cards in the other; stacked on small screens)
 * or the location cards (locations, dealer locator, a location's page).
 */
export function LocationsPage({ view, config }: { view: View; config: PageConfig }) {
  const detail = view.kind === 'detail';
  return (
    <article className="fl-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, ...(detail ? [{ label: 'Our locations', href: '/locations' }] : []), { label: view.title }]} />
      <h1>{view.title}</h1>
      {view.contactForm ? <FormPage view={view} config={config} slotId={view.contactForm.id} /> : <CardsPage view={view} config={config} />}
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

/** The form (mf-account's lead-form slot, filled by the shell) beside the dealer's details and location cards. */
function FormPage({ view, config, slotId }: { view: View; config: PageConfig; slotId: string }) {
  const { aside, below } = besideForm(view.cards);
  return (
    <>
      {view.intro ? <p className="fl-lede">{view.intro}</p> : null}
      <div className="fl-split">
        <div className="fc-card fl-split__form" dangerouslySetInnerHTML={{ __html: slotMarker(slotId) }} />
        <div className="fl-split__aside">
          <ContactDetails config={config} />
          {aside.map((card) => (
            <LocationCardView key={card.id} card={card} />
          ))}
        </div>
      </div>
      {below.length ? (
        <section className="fl-more" aria-labelledby="fl-more-title">
          <h2 id="fl-more-title">{aside.length ? 'Our other locations' : 'Our locations'}</h2>
          <LocationGrid cards={below} headingLevel={3} />
        </section>
      ) : null}
    </>
  );
}

/** The location cards: the searchable list (locations, dealer locator) or a grid (a location's page). */
function CardsPage({ view, config }: { view: View; config: PageConfig }) {
  const { phone, email } = config.contact;
  const detail = view.kind === 'detail';
  return (
    <>
      <p className="fl-lede">
        Call {config.name} on <a href={telHref(phone)}>{phone}</a> or email <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {view.searchable && view.cards.length ? (
        <Island remote="mf-locations" module="LocationsList" id="fl-locations" component={LocationsList} props={{ cards: view.cards, query: view.query }} />
      ) : view.cards.length ? (
        <LocationGrid cards={view.cards} detailsLink={!detail} />
      ) : null}
    </>
  );
}
