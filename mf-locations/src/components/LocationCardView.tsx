import type { LocationCard } from '../lib/locations.ts';

/** One location card (spec §2 Locations list): name, type, address linked to the map, phone, hours, DL#/MVR#. */
export function LocationCardView({ card, detailsLink = true }: { card: LocationCard; detailsLink?: boolean }) {
  const titleId = `fl-loc-${card.id}`;
  return (
    <article className="fl-card" aria-labelledby={titleId}>
      <h2 className="fl-card__name" id={titleId}>
        {card.name}
      </h2>
      <p className="fl-card__type">{card.typeLabel}</p>
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
          <h3 className="fl-card__hours-title">Opening hours</h3>
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
export function LocationGrid({ cards, detailsLink = true }: { cards: readonly LocationCard[]; detailsLink?: boolean }) {
  return (
    <ul className="fl-grid">
      {cards.map((card) => (
        <li key={card.id}>
          <LocationCardView card={card} detailsLink={detailsLink} />
        </li>
      ))}
    </ul>
  );
}
