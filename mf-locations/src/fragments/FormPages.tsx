import { slotMarker } from '@forecourt/contracts/fragments';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs } from '@forecourt/ui';
import { ContactDetails } from '../components/ContactDetails.tsx';
import { BlockCardView, LocationBlockCards } from '../components/LocationBlock.tsx';
import { besideForm } from '../lib/pages.ts';
import { ENQUIRY_ANCHOR, PARTS_SEARCH, type FormPageView, type ServiceBooking } from '../lib/service.ts';

type PageConfig = Pick<SiteConfig, 'name' | 'contact'>;

/**
 * A page with a form (../lib/service.ts): contact, service, parts. The lead form (mf-account's slot, filled by the
 * shell) sits in one column and its context in the other (the dealer's phone and email, and on the contact page the
 * first location's card); the page's locations follow as the location block. The service page first says how each
 * dealership books a service; the parts page leads with the parts search. Without a form (every dealership books
 * online) the locations follow the bookings directly.
 */
export function FormPageArticle({ view, config }: { view: FormPageView; config: PageConfig }) {
  const contact = view.page === 'contact';
  const { aside, below } = contact ? besideForm(view.cards) : { aside: [], below: view.cards };
  const moreTitle = contact ? (aside.length ? 'Our other locations' : 'Our locations') : view.page === 'service' ? 'Our service centres' : 'Our parts counters';
  return (
    <article className={`fl-page fl-formpage fl-formpage--${view.page}`}>
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: view.title }]} />
      <h1>{view.title}</h1>
      <p className="fl-lede">{view.intro}</p>
      {view.page === 'parts' ? <PartsSearch /> : null}
      {view.bookings?.length ? <ServiceBookings bookings={view.bookings} /> : null}
      {view.contactForm ? (
        <div className="fl-split">
          <div className="fc-card fl-split__form" id={ENQUIRY_ANCHOR} dangerouslySetInnerHTML={{ __html: slotMarker(view.contactForm.id) }} />
          <div className="fl-split__aside">
            <ContactDetails config={config} />
            {aside.map((card) => (
              <BlockCardView key={card.id} card={card} headingLevel={2} contact="booking" />
            ))}
          </div>
        </div>
      ) : null}
      {below.length ? (
        <section className="fl-more fl-block" aria-labelledby="fl-more-title">
          <h2 id="fl-more-title">{moreTitle}</h2>
          <LocationBlockCards cards={below} contact="booking" />
        </section>
      ) : null}
      {view.links?.length ? (
        <nav className="fl-service-links" aria-labelledby="fl-service-links-title">
          <h2 id="fl-service-links-title">Servicing your vehicle</h2>
          <ul>
            {view.links.map((link) => (
              <li key={link.href}>
                <a className="fc-card fl-service-links__link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}

/** Per dealership, how to book a service: its booking site, the brand's service page, or this page's enquiry form. */
function ServiceBookings({ bookings }: { bookings: readonly ServiceBooking[] }) {
  return (
    <section className="fl-bookings" aria-labelledby="fl-bookings-title">
      <h2 id="fl-bookings-title">Book a service</h2>
      <ul className="fl-bookings__list">
        {bookings.map((b) => (
          <li key={b.dealership} className="fc-card fl-booking" data-booking={b.how}>
            <h3 className="fl-booking__name">{b.dealership}</h3>
            {b.locations.length > 1 || b.locations[0] !== b.dealership ? <p className="fl-booking__where">{b.locations.join(', ')}</p> : null}
            <p className="fl-booking__action">
              <a className={`fc-btn${b.how === 'enquiry' ? '' : ' fc-btn--primary'} fl-booking__link`} href={b.href}>
                {b.label}
                <span className="fc-visually-hidden">: {b.dealership}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The parts search: a GET form to mf-search's `/parts/search` (works without JavaScript), and a link to browse it all. */
function PartsSearch() {
  return (
    <section className="fc-card fl-parts-search" aria-labelledby="fl-parts-search-title">
      <h2 id="fl-parts-search-title">{PARTS_SEARCH.label}</h2>
      <form className="fl-parts-search__form" method="get" action={PARTS_SEARCH.action} role="search" aria-labelledby="fl-parts-search-title">
        <label className="fc-visually-hidden" htmlFor="fl-parts-q">
          Part or accessory
        </label>
        <input id="fl-parts-q" name={PARTS_SEARCH.param} type="search" placeholder="Floor mats, tow bars, roof racks..." autoComplete="off" maxLength={100} />
        <button type="submit" className="fc-btn fc-btn--primary">
          Search
        </button>
      </form>
      <p className="fl-parts-search__all">
        <a href={PARTS_SEARCH.action}>Browse all parts and accessories</a>
      </p>
    </section>
  );
}
