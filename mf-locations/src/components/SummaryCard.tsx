import type { BlockCard } from '../lib/block.ts';
import { TodayHours } from './TodayHours.tsx';
import { AddressAndPhone } from './AddressAndPhone.tsx';

/**
 * A location in the 'Our Locations' carousel (spec §2 Location block, carousel): its photo (width and height set, so
 * nothing moves as it loads), name, type, today, address linked to its map place, phone, 'View Location' and, for a
 * sales or used location, 'View Our Stock' (its search page, mf-search's `/search/<location slug>`).
 */
export function SummaryCard({ card }: { card: BlockCard }) {
  const titleId = `fl-car-${card.id}`;
  const named = <span className="fc-visually-hidden">: {card.name}</span>;
  return (
    <article className="fc-card fl-ccard" aria-labelledby={titleId} data-location-id={card.id}>
      {card.image ? <img className="fl-ccard__img" src={card.image.src} width={card.image.width} height={card.image.height} alt="" loading="lazy" decoding="async" /> : <div className="fl-ccard__img fl-ccard__img--none" />}
      <div className="fl-ccard__body">
        <h3 className="fl-ccard__name" id={titleId}>
          {card.name}
        </h3>
        <p className="fl-ccard__type">{card.typeLabel}</p>
        <TodayHours today={card.today} />
        <AddressAndPhone place={card} block="fl-ccard" />
        <p className="fl-ccard__more">
          <a className="fc-btn fc-btn--primary fc-btn--sm" href={card.detailsHref}>
            View Location{named}
          </a>
          {card.stockHref ? (
            <a className="fc-btn fc-btn--ghost fc-btn--sm" href={card.stockHref}>
              View Our Stock{named}
            </a>
          ) : null}
        </p>
      </div>
    </article>
  );
}
