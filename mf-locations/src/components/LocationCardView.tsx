import type { LocationCard } from '../lib/locations.ts';
import { ReviewStars } from './ReviewStars.tsx';
import { TodayHours } from './TodayHours.tsx';

type CardOptions = {
  /** A link to the location's own page (not on that page itself). */
  detailsLink?: boolean;
  /** The card name's heading level: 2 where the cards are the page's sections, 3 under a section heading. */
  headingLevel?: 2 | 3;
};

/**
 * One location card (spec §2 Locations list): name, type, today (open now, holiday hours), address linked to the map,
 * phone, the week's hours, review summary, DL#/MVR#.
 */
export function LocationCardView({ card, detailsLink = true, headingLevel = 2 }: { card: LocationCard } & CardOptions) {
  const titleId = `fl-loc-${card.id}`;
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const HoursTitle = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <article className="fc-card fl-card" aria-labelledby={titleId}>
      <Name className="fl-card__name" id={titleId}>
        {card.name}
      </Name>
      <p className="fl-card__type">{card.typeLabel}</p>
      <TodayHours today={card.today} />
      <p className="fl-card__address">
        <a href={card.mapHref}>
          {card.street}
          <br />
          {card.locality}
        </a>
      </p>
      {card.phone && card.phoneHref ? (
        <p>
          <a className="fc-btn fl-card__phone" href={card.phoneHref}>
            Call {card.phone}
          </a>
        </p>
      ) : null}
      {card.hours.length ? (
        <>
          <HoursTitle className="fl-card__hours-title">Opening hours</HoursTitle>
          <dl className="fl-hours">
            {card.hours.map((line) => (
              <div key={line.days} className="fl-hours__row">
                <dt>{line.days}</dt>
                <dd>{line.text}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {card.review ? <ReviewStars review={card.review} /> : null}
      {card.dealerLicence || card.repairer ? (
        <p className="fl-card__licence">
          {card.dealerLicence ? <span>DL# {card.dealerLicence}</span> : null}
          {card.dealerLicence && card.repairer ? ' · ' : null}
          {card.repairer ? <span>MVR# {card.repairer}</span> : null}
        </p>
      ) : null}
      {detailsLink ? (
        <p className="fl-card__more">
          <a href={`/locations/${card.slug}`}>
            View location details<span className="fc-visually-hidden">: {card.name}</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}

/** A grid of cards. */
export function LocationGrid({ cards, detailsLink = true, headingLevel = 2 }: { cards: readonly LocationCard[] } & CardOptions) {
  return (
    <ul className="fl-grid">
      {cards.map((card) => (
        <li key={card.id}>
          <LocationCardView card={card} detailsLink={detailsLink} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
