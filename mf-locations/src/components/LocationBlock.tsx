import type { LocationBlockVariant } from '@forecourt/contracts/location-block';
import { blockColumns, type BlockCard } from '../lib/block.ts';
import { ReviewStars } from './ReviewStars.tsx';
import { TodayHours } from './TodayHours.tsx';
import { AddressAndPhone } from './AddressAndPhone.tsx';
import { AustraliaMapSvg } from './LocationMap.tsx';

type CardOptions = {
  /** The card name's heading level: 2 where the cards are the page's sections, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /**
   * The contact button: `always` (the home page's block), or `booking` on the pages with a form, where 'Contact Us'
   * and 'Book a Service' to `/service` lead back to a form on the page: only a dealership's own booking site shows.
   */
  contact?: 'always' | 'booking';
  /** `map`: the map of Australia with the location's pin in place of its photo (the one-location card only). */
  variant?: LocationBlockVariant;
  /** Where the rating's count links ('#reviews' when the block lists the reviews below), else plain text. */
  reviewsHref?: string | undefined;
};

/**
 * The `map` variant's map (the car page's `#vehicle-map`, issue 18): an inline SVG outline of Australia with the
 * location's pin, so nothing loads from a third party until the shopper follows Get Directions. Width and height set
 * (no layout shift); named for what it marks.
 */
export function BlockMap({ card }: { card: Pick<BlockCard, 'marker' | 'locality'> }) {
  return (
    <figure className="fl-bcard__map">
      <AustraliaMapSvg marker={card.marker} locality={card.locality} />
    </figure>
  );
}

/**
 * One location of the location block (spec §2 Location block card): name, type, today, address linked to its map
 * place, phone, the week's hours (Mon-Fri collapsed), review rating, then its buttons: the contact button ('Contact
 * Us', or 'Book a Service' on a service location where the tenant says so), 'Get Directions' and 'View Location
 * Details'. `large` is the one-location card: the location's photo beside its details (width and height set), or
 * with the `map` variant the map of Australia with its pin (BlockMap).
 */
export function BlockCardView({ card, large = false, headingLevel = 3, contact = 'always', variant = 'card', reviewsHref }: { card: BlockCard; large?: boolean } & CardOptions) {
  const titleId = `fl-block-${card.id}`;
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const HoursTitle = headingLevel === 2 ? 'h3' : 'h4';
  const named = <span className="fc-visually-hidden">: {card.name}</span>;
  return (
    <article className={`fc-card fl-bcard${large ? ' fl-bcard--large' : ''}`} aria-labelledby={titleId} data-location-id={card.id}>
      {large && variant === 'map' ? (
        <BlockMap card={card} />
      ) : large && card.image ? (
        <img className="fl-bcard__img" src={card.image.src} width={card.image.width} height={card.image.height} alt="" loading="lazy" decoding="async" />
      ) : null}
      <div className="fl-bcard__body">
        <Name className="fl-bcard__name" id={titleId}>
          {card.name}
        </Name>
        <p className="fl-bcard__type">{card.typeLabel}</p>
        <TodayHours today={card.today} />
        <AddressAndPhone place={card} block="fl-bcard" />
        {card.hours.length ? (
          <div className="fl-bcard__hours">
            <HoursTitle className="fl-bcard__hours-title">Opening hours</HoursTitle>
            <dl className="fl-hours">
              {card.hours.map((line) => (
                <div key={line.days} className="fl-hours__row">
                  <dt>{line.days}</dt>
                  <dd>{line.text}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        {card.review ? <ReviewStars review={card.review} {...(reviewsHref ? { href: reviewsHref } : {})} /> : null}
        <p className="fl-bcard__actions">
          {contact === 'always' || card.contact.external ? (
            <a className="fc-btn fc-btn--primary fl-bcard__contact" href={card.contact.href} data-external={card.contact.external ? '' : undefined}>
              {card.contact.label}
              {named}
            </a>
          ) : null}
          <a className="fc-btn fl-bcard__directions" href={card.directionsHref}>
            Get Directions{named}
          </a>
          <a className="fc-btn fc-btn--ghost fl-bcard__details" href={card.detailsHref}>
            View Location Details{named}
          </a>
        </p>
      </div>
    </article>
  );
}

/**
 * The block's cards: one location is one large card; several are a grid of `blockColumns` columns on wide screens
 * (spec §2: 4 above 3 locations, 3 when 6), named in `data-columns` for the styles.
 */
export function LocationBlockCards({ cards, headingLevel = 3, contact = 'always', variant = 'card', reviewsHref }: { cards: readonly BlockCard[] } & CardOptions) {
  if (cards.length === 1) return <BlockCardView card={cards[0]!} large headingLevel={headingLevel} contact={contact} variant={variant} reviewsHref={reviewsHref} />;
  const columns = blockColumns(cards.length);
  return (
    <ul className="fl-block__grid" data-columns={columns}>
      {cards.map((card, i) => (
        <li key={card.id}>
          {/* The reviews list is the first location's (lib/block.ts blockReviews). */}
          <BlockCardView card={card} headingLevel={headingLevel} contact={contact} reviewsHref={i === 0 ? reviewsHref : undefined} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The link to every location beside the home page section's heading (block and carousel alike): none for a site with
 * one location; 'All 13 locations' when the section shows fewer than the site has, else 'All locations'.
 */
export function AllLocationsLink({ shown, total }: { shown: number; total: number }) {
  if (total <= 1) return null;
  return (
    <a className="fc-btn fc-btn--ghost" href="/locations">
      {total > shown ? `All ${total} locations` : 'All locations'}
    </a>
  );
}
