import { useId, useState } from 'react';
import { formatAud, formatNumber } from '@forecourt/contracts/display';
import { CARD_BUTTONS_VISIBLE_SMALL } from '../lib/card-buttons.ts';
import type { CardButton, CardCar } from '../lib/card.ts';
import '../styles/card.css';

type Props = {
  /** The card title's heading level: 2 in the results grid, 3 inside a section that has its own h2 (carousel). */
  headingLevel?: 2 | 3;
  car: CardCar;
  favourite: boolean;
  showFavourite: boolean;
  onToggleFavourite: (car: CardCar) => void;
  priority: boolean;
  /** Compare control (spec §4): shown only when a handler is given, for a comparable car or one already compared. */
  compared?: boolean;
  onToggleCompare?: (car: CardCar) => void;
};

function ButtonLink({ button, car }: { button: CardButton; car: CardCar }) {
  const primary = button.kind === 'explore' || button.kind === 'similar';
  return (
    <li>
      <a className={`fc-btn${primary ? ' fc-btn--primary' : ''}`} href={button.href} data-kind={button.kind}>
        {button.label}
        <span className="fc-visually-hidden">: {car.a11yName}</span>
      </a>
    </li>
  );
}

/**
 * Search card (spec §2 Search card). Thin: every text, tag and link is computed server-side into CardCar
 * (lib/card.ts), so SSR and hydration render the same markup. One heading; overlays and the favourite button sit
 * beside the image link, never inside it (no nested interactive elements).
 */
export function SearchCard({ car, favourite, showFavourite, onToggleFavourite, priority, compared = false, onToggleCompare, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  // useId: unique even when one car shows twice on a page (grid and a similar-cars carousel), and equal in SSR and
  // hydration; the car id keeps the ids readable.
  const uid = useId();
  const titleId = `card-${car.id}-${uid}-title`;
  const disclaimerId = `card-${car.id}-${uid}-disclaimer`;
  // The heading shows the title; the rest of the unique name (badge, stock number) is for screen readers only.
  const nameRest = car.a11yName.startsWith(car.title) ? car.a11yName.slice(car.title.length) : '';
  const badgeLine = [car.badge, car.series].filter(Boolean).join(' ');
  const shown = car.buttons.slice(0, CARD_BUTTONS_VISIBLE_SMALL);
  const grouped = car.buttons.slice(CARD_BUTTONS_VISIBLE_SMALL);
  return (
    <article className="fs-card" aria-labelledby={titleId} data-available={car.available ? undefined : 'false'}>
      <div className="fs-card__media">
        <a className="fs-card__image" href={car.path} tabIndex={-1} aria-hidden="true">
          {car.image ? (
            <img src={car.image} alt="" width={640} height={427} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} decoding="async" />
          ) : (
            <span className="fs-card__noimg">No photo yet</span>
          )}
        </a>
        {car.tag ? (
          <p className="fs-card__tag" data-kind={car.tag.kind}>
            {car.tag.text}
          </p>
        ) : null}
        {car.city ? (
          <p className="fs-card__location">
            <span className="fc-visually-hidden">Location: </span>
            {car.city}
          </p>
        ) : null}
        {car.views ? (
          <p className="fs-card__views">
            {formatNumber(car.views)} {car.views === 1 ? 'view' : 'views'}
          </p>
        ) : null}
        {showFavourite && (car.available || favourite) ? (
          // The label carries the state (Save / Saved); no aria-pressed, so it is not announced twice.
          <button type="button" className="fc-btn fs-card__fave" data-saved={favourite ? '' : undefined} onClick={() => onToggleFavourite(car)}>
            <span aria-hidden="true">{favourite ? '♥' : '♡'}</span> {favourite ? 'Saved' : 'Save'}
            <span className="fc-visually-hidden"> {car.a11yName}</span>
          </button>
        ) : null}
      </div>
      <div className="fs-card__body">
        <Heading className="fs-card__title" id={titleId}>
          <a href={car.path}>
            {car.title}
            {nameRest ? <span className="fc-visually-hidden">{nameRest}</span> : null}
          </a>
        </Heading>
        {car.subtitle ? <p className="fs-card__subtitle">{car.subtitle}</p> : null}
        {badgeLine ? <p className="fs-card__badge">{badgeLine}</p> : null}
        {car.chips.length ? (
          <ul className="fs-card__chips" aria-label="Key details">
            {car.chips.map((chip) => (
              <li key={chip}>{chip}</li>
            ))}
          </ul>
        ) : null}
        <p className="fs-card__price">
          {car.price.kind === 'offer' && car.price.was ? (
            <s className="fs-card__was">
              <span className="fc-visually-hidden">Was </span>
              {formatAud(car.price.was)}
            </s>
          ) : null}
          {car.price.kind === 'offer' && car.price.was ? <span className="fc-visually-hidden">, now </span> : null}
          <strong>{car.price.text}</strong>
          {car.priceType && car.price.kind !== 'none' && car.price.kind !== 'subscription' ? <span className="fs-card__ptype"> {car.priceType}</span> : null}
        </p>
        {car.finance ? (
          <div className="fs-card__finance">
            <p className="fs-card__weekly">
              Est. <strong>{car.finance.text}</strong>
              <sup aria-hidden="true">*</sup>
              <button type="button" className="fs-card__disclaimer-toggle" aria-expanded={disclaimerOpen} aria-controls={disclaimerId} onClick={() => setDisclaimerOpen((open) => !open)}>
                Finance disclaimer<span className="fc-visually-hidden"> for {car.a11yName}</span>
              </button>
            </p>
            <p className="fs-card__disclaimer" id={disclaimerId} hidden={!disclaimerOpen}>
              {car.finance.disclaimer}
            </p>
          </div>
        ) : null}
        {car.soldPrompt ? <p className="fs-card__sold-prompt">{car.soldPrompt}</p> : null}
        {onToggleCompare && (car.comparable || compared) ? (
          <button type="button" className="fc-btn fs-card__compare" data-compared={compared ? '' : undefined} onClick={() => onToggleCompare(car)}>
            {compared ? 'Remove from compare' : 'Compare'}
            <span className="fc-visually-hidden"> {car.a11yName}</span>
          </button>
        ) : null}
        <div className="fs-card__actions">
          <ul className="fs-card__buttons">
            {shown.map((button) => (
              <ButtonLink key={button.kind} button={button} car={car} />
            ))}
          </ul>
          {grouped.length ? (
            // Small screens: the rest behind a disclosure that works without JavaScript; wider screens show them all.
            <details className="fs-card__more">
              <summary>
                More options<span className="fc-visually-hidden"> for {car.a11yName}</span>
              </summary>
              <ul className="fs-card__buttons">
                {grouped.map((button) => (
                  <ButtonLink key={button.kind} button={button} car={car} />
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      </div>
    </article>
  );
}
