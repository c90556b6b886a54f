import type { Offer } from '@forecourt/contracts/entities/content';
import { Breadcrumbs } from '@forecourt/ui';
import { OfferCard } from '../components/OfferCard.tsx';

/** Offers still running at `now` (an offer without an expiry runs until removed). */
export function currentOffers(offers: readonly Offer[], now: number, manufacturerSlug?: string): Offer[] {
  return offers.filter((o) => (!o.expiry || Date.parse(o.expiry) >= now) && (!manufacturerSlug || o.manufacturer_slug === manufacturerSlug));
}

/** Special offers (spec §2 /special-offers, /offers/{id}, /offers/{manufacturerSlug}/{id}; §8 empty offers text). */
export function OffersPage({ offers, heading, stock = new Map() }: { offers: Offer[]; heading: string; stock?: ReadonlyMap<string, number> }) {
  return (
    <div className="fs-page">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: heading }]} />
      <h1>{heading}</h1>
      {offers.length ? (
        <ul className="fs-grid">
          {offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} inStock={stock.get(offer.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="fs-empty">
          <h2>No Results Available</h2>
          <p>There appears to be no offers currently available that meet the conditions of your search</p>
          <a className="fc-btn fc-btn--primary" href="/special-offers">
            Clear Filters
          </a>
        </div>
      )}
    </div>
  );
}
