import { formatAud } from '@forecourt/contracts/display';
import type { CardCar } from '../lib/card.ts';

type Props = { car: CardCar; favourite: boolean; showFavourite: boolean; onToggleFavourite: (car: CardCar) => void; priority: boolean };

/** Search card (spec §2 Search card), first version: title, badge/series, chips, price, Explore Vehicle, favourite. */
export function SearchCard({ car, favourite, showFavourite, onToggleFavourite, priority }: Props) {
  const titleId = `card-${car.id}-title`;
  return (
    <article className="fs-card" aria-labelledby={titleId}>
      <a className="fs-card__media" href={car.path} tabIndex={-1} aria-hidden="true">
        {car.image ? (
          <img src={car.image} alt="" width={640} height={427} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} decoding="async" />
        ) : (
          <span className="fs-card__noimg">No photo yet</span>
        )}
        {car.city ? <span className="fs-card__location">{car.city}</span> : null}
      </a>
      <div className="fs-card__body">
        <h2 className="fs-card__title" id={titleId}>
          <a href={car.path}>{car.title}</a>
        </h2>
        {car.badge || car.series ? <p className="fs-card__badge">{[car.badge, car.series].filter(Boolean).join(' ')}</p> : null}
        <ul className="fs-card__chips" aria-label="Key details">
          {car.chips.map((chip) => (
            <li key={chip}>{chip}</li>
          ))}
        </ul>
        <p className="fs-card__price">
          {car.price.kind === 'offer' && car.price.was ? (
            <s className="fs-card__was">
              <span className="fc-visually-hidden">Was </span>
              {formatAud(car.price.was)}
            </s>
          ) : null}
          <strong>{car.price.text}</strong>
          {car.priceType && car.price.kind !== 'none' && car.price.kind !== 'subscription' ? <span className="fs-card__ptype"> {car.priceType}</span> : null}
        </p>
        <div className="fs-card__actions">
          <a className="fc-btn fc-btn--primary" href={car.path}>
            Explore Vehicle<span className="fc-visually-hidden">: {car.title}</span>
          </a>
          {showFavourite && (car.available || favourite) ? (
            // The label carries the state (Save / Saved); no aria-pressed, so it is not announced twice.
            <button type="button" className="fc-btn fs-card__fave" data-saved={favourite ? '' : undefined} onClick={() => onToggleFavourite(car)}>
              <span aria-hidden="true">{favourite ? '♥' : '♡'}</span> {favourite ? 'Saved' : 'Save'}
              <span className="fc-visually-hidden"> {car.title}</span>
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
