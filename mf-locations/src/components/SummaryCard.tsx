import type { LocationCard } from '../lib/locations.ts';
import { ReviewStars } from './ReviewStars.tsx';
import { TodayHours } from './TodayHours.tsx';

/**
 * A location in the home page's locations section: name, type, today's hours, address linked to its map place, phone,
 * review summary and a link to its page (spec §2 Location block card).
 */
export function SummaryCard({ card }: { card: LocationCard }) {
  const titleId = `fl-sum-${card.id}`;
  return (
    <article className="fc-card fl-sum" aria-labelledby={titleId}>
      <h3 className="fl-sum__name" id={titleId}>
        {card.name}
      </h3>
      <p className="fl-sum__type">{card.typeLabel}</p>
      <TodayHours today={card.today} />
      <p className="fl-sum__address">
        <a href={card.mapHref}>
          {card.street}
          <br />
          {card.locality}
        </a>
      </p>
      {card.phone && card.phoneHref ? (
        <p className="fl-sum__phone">
          <a href={card.phoneHref}>Call {card.phone}</a>
        </p>
      ) : null}
      {card.review ? <ReviewStars review={card.review} /> : null}
      <p className="fl-sum__more">
        <a className="fc-btn fc-btn--sm" href={`/locations/${card.slug}`}>
          View location<span className="fc-visually-hidden">: {card.name}</span>
        </a>
      </p>
    </article>
  );
}
