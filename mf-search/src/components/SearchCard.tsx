import { useState, type KeyboardEvent } from 'react';
import { formatAud, formatNumber } from '@forecourt/contracts/display';
import { showWatchlistToggle, WATCHLIST_TEXTS } from '@forecourt/contracts/watchlist-client';
import { WatchlistForm } from '@forecourt/ui/watchlist';
import { CARD_BUTTONS_VISIBLE } from '../lib/card-buttons.ts';
import { cardMemo } from '../lib/card-html.ts';
import type { CardButton, CardCar } from '../lib/card.ts';
import { cardImage } from '../lib/card-image.ts';
import '../styles/card.css';
import { Icon } from '@forecourt/ui/icons';

/** How a card's photo loads: above the fold ('priority': eager, high fetch priority), in a first row ('eager'), or 'lazy'. */
export type CardImageLoading = 'priority' | 'eager' | 'lazy';

type Props = {
  /** The card title's heading level: 2 in the results grid, 3 inside a section that has its own h2 (carousel). */
  headingLevel?: 2 | 3;
  car: CardCar;
  /**
   * Prefix of the card's element ids, unique per list on a page ('fs-grid', a carousel's id). Ids never come from
   * where React renders the card (useId), so the server HTML and the island's hydration always agree.
   */
  idBase: string;
  favourite: boolean;
  showFavourite: boolean;
  onToggleFavourite: (car: CardCar) => void;
  /** Default 'lazy'. */
  imageLoading?: CardImageLoading;
  /** Compare control (spec §4): shown only when a handler is given, for a comparable car or one already compared. */
  compared?: boolean;
  onToggleCompare?: (car: CardCar) => void;
  /**
   * The server watchlist's Save / Saved (spec §4 Watchlist toggle; tenant switch `watchlist`), in place of the local
   * favourite. A plain form without JavaScript (edge-api saves and answers with the watchlist page, or sign-in first).
   */
  watchlist?: { saved: boolean; busy: boolean; onToggle: (car: CardCar) => void };
};

/** The watchlist toggle: a form that posts to edge-api without JavaScript; the island takes the submit over. */
function WatchlistToggle({ car, saved, busy, onToggle }: { car: CardCar } & NonNullable<Props['watchlist']>) {
  return (
    <WatchlistForm className="fs-card__fave-form" carId={car.id} onToggle={() => onToggle(car)}>
      {/* The label carries the state; aria-disabled (not disabled) keeps focus on it while the change is sent. */}
      <button type="submit" className="fs-card__toggle fs-card__fave" data-saved={saved ? '' : undefined} aria-disabled={busy ? 'true' : undefined}>
        <Icon name={saved ? 'heart' : 'heart-outline'} /> {saved ? WATCHLIST_TEXTS.saved : WATCHLIST_TEXTS.save}
        <span className="fc-visually-hidden"> {car.a11yName}</span>
      </button>
    </WatchlistForm>
  );
}

/** The two visible actions: the card's primary (filled) and secondary (outlined) button. */
function ActionLink({ button, car, primary }: { button: CardButton; car: CardCar; primary: boolean }) {
  return (
    <li>
      <a className={`fc-btn fc-btn--sm${primary ? ' fc-btn--primary' : ''}`} href={button.href} data-kind={button.kind}>
        {button.label}
        <span className="fc-visually-hidden">: {car.a11yName}</span>
      </a>
    </li>
  );
}

/** Escape closes an open 'More options' and puts focus back on its summary (a disclosure that works without JS). */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== 'Escape' || !details.open) return;
  event.preventDefault();
  details.open = false;
  details.querySelector('summary')?.focus();
}

/** The card's inside (what the `<article>` holds): rendered live in the browser, and once per props on the server. */
function CardContent({ car, idBase, favourite, showFavourite, onToggleFavourite, imageLoading = 'lazy', compared = false, onToggleCompare, headingLevel = 2, watchlist }: Props) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  const titleId = `${idBase}-${car.id}-title`;
  const disclaimerId = `${idBase}-${car.id}-disclaimer`;
  // The heading shows the title; the rest of the unique name (badge, stock number) is for screen readers only.
  const nameRest = car.a11yName.startsWith(car.title) ? car.a11yName.slice(car.title.length) : '';
  // Badge and series, then the 'detailed' title variant's line (spec §2 "some sites"), on one line.
  const meta = [[car.badge, car.series].filter(Boolean).join(' '), car.subtitle].filter(Boolean).join(' · ');
  const shown = car.buttons.slice(0, CARD_BUTTONS_VISIBLE);
  const grouped = car.buttons.slice(CARD_BUTTONS_VISIBLE);
  const { showCompare, showWatchlist } = toggles({ car, compared, onToggleCompare, watchlist });
  return (
    <>
      <div className="fs-card__media">
        <a className="fs-card__image" href={car.path} tabIndex={-1} aria-hidden="true">
          {car.image ? (
            <img
              {...cardImage(car.image)}
              alt=""
              width={640}
              height={480}
              loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={imageLoading === 'priority' ? 'high' : 'auto'}
              decoding="async"
            />
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
        {showWatchlist ? <WatchlistToggle car={car} {...watchlist!} /> : null}
        {!watchlist && showFavourite && (car.available || favourite) ? (
          // The label carries the state (Save / Saved); no aria-pressed, so it is not announced twice.
          <button type="button" className="fs-card__toggle fs-card__fave" data-saved={favourite ? '' : undefined} onClick={() => onToggleFavourite(car)}>
            <Icon name={favourite ? 'heart' : 'heart-outline'} /> {favourite ? 'Saved' : 'Save'}
            <span className="fc-visually-hidden"> {car.a11yName}</span>
          </button>
        ) : null}
        {showCompare ? (
          <button type="button" className="fs-card__toggle fs-card__compare" aria-pressed={compared} data-compared={compared ? '' : undefined} onClick={() => onToggleCompare!(car)}>
            <Icon name={compared ? 'check' : 'plus'} /> Compare
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
        {meta ? <p className="fs-card__meta">{meta}</p> : null}
        {car.chips.length ? (
          <ul className="fs-card__chips" aria-label="Key details">
            {car.chips.map((chip) => (
              <li key={chip}>{chip}</li>
            ))}
          </ul>
        ) : null}
        <div className="fs-card__pricing">
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
            <p className="fs-card__weekly">
              Est. <strong>{car.finance.text}</strong>
              <sup aria-hidden="true">*</sup>
              <button type="button" className="fs-card__info" aria-expanded={disclaimerOpen} aria-controls={disclaimerId} onClick={() => setDisclaimerOpen((open) => !open)}>
                <span aria-hidden="true">i</span>
                <span className="fc-visually-hidden">Finance disclaimer for {car.a11yName}</span>
              </button>
            </p>
          ) : null}
        </div>
        {car.finance ? (
          <p className="fs-card__disclaimer" id={disclaimerId} hidden={!disclaimerOpen}>
            {car.finance.disclaimer}
          </p>
        ) : null}
        {car.soldPrompt ? <p className="fs-card__sold-prompt">{car.soldPrompt}</p> : null}
        <div className="fs-card__actions">
          <ul className="fs-card__buttons">
            {shown.map((button, i) => (
              <ActionLink key={button.kind} button={button} car={car} primary={i === 0} />
            ))}
          </ul>
          {grouped.length ? (
            // Every width: the rest behind a disclosure that works without JavaScript (a menu over the card when open).
            <details className="fs-card__more" onKeyDown={closeOnEscape}>
              {/* 'More' on screen (it fits beside the two buttons); 'More options for <car>' to assistive tech. */}
              <summary>
                More<span className="fc-visually-hidden"> options for {car.a11yName}</span>
              </summary>
              <ul className="fs-card__menu">
                {grouped.map((button) => (
                  <li key={button.kind}>
                    <a href={button.href} data-kind={button.kind}>
                      {button.label}
                      <span className="fc-visually-hidden">: {car.a11yName}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** Which toggles a card shows: Compare (compare mode, a comparable or compared car) and the watchlist's Save. */
function toggles({ car, compared = false, onToggleCompare, watchlist }: Pick<Props, 'car' | 'compared' | 'onToggleCompare' | 'watchlist'>) {
  return { showCompare: Boolean(onToggleCompare) && (car.comparable || compared), showWatchlist: watchlist !== undefined && showWatchlistToggle(car.available, watchlist.saved) };
}

/** Everything in a card's props that shapes its markup (handlers only by whether they are given): the memo's key. */
function markupKey({ car, idBase, favourite, showFavourite, imageLoading = 'lazy', compared = false, onToggleCompare, headingLevel = 2, watchlist }: Props): string {
  return JSON.stringify([car, idBase, favourite, showFavourite, imageLoading, compared, Boolean(onToggleCompare), headingLevel, watchlist ? [watchlist.saved, watchlist.busy] : null]);
}

/**
 * Search card (spec §2 Search card), compact (issue 13): a 4:3 photo with its overlays, the title, key chips, the
 * price with the weekly estimate, and two actions, a primary and a secondary; the rest behind 'More options' on
 * every width. Thin: every text, tag and link is computed server-side into CardCar (lib/card.ts), so SSR and
 * hydration render the same markup. One heading; overlays and the Save/Compare toggles sit beside the image link,
 * never inside it (no nested interactive elements).
 */
export function SearchCard(props: Props) {
  const { car, idBase } = props;
  const { showCompare, showWatchlist } = toggles(props);
  const titleId = `${idBase}-${car.id}-title`;
  const article = { className: 'fs-card', 'aria-labelledby': titleId, 'data-available': car.available ? undefined : 'false', 'data-toggles': showWatchlist && showCompare ? '2' : undefined };
  // A server page rendered with the cards' memo reuses the inside of a card it rendered before with the same props
  // (lib/card-html.ts: the same cars come back query after query); the HTML is React's own, so the island hydrates it
  // as if rendered in place. Anywhere else (the browser) the card renders live, and so does a card whose photo loads
  // at once: React hoists the preload of such an image to the top of the page, which it cannot do for kept HTML.
  const memo = (props.imageLoading ?? 'lazy') === 'lazy' || !car.image ? cardMemo() : null;
  if (memo) {
    const key = markupKey(props);
    const html = memo.get(key);
    if (html !== undefined) return <article {...article} dangerouslySetInnerHTML={{ __html: html }} />;
    memo.miss(key, titleId);
  }
  return (
    <article {...article}>
      <CardContent {...props} />
    </article>
  );
}
