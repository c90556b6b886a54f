import { Island, VISIBLE } from '@forecourt/ui';
import { AllLocationsLink, LocationBlockCards } from '../components/LocationBlock.tsx';
import { ReviewsBlock, REVIEWS_ID } from '../components/ReviewsBlock.tsx';
import LocationsCarousel from '../islands/LocationsCarousel.tsx';
import type { LocationsSummary as Summary } from '../lib/summary.ts';

export const SUMMARY_TITLE_ID = 'fl-summary-title';
/** The carousel island's id (its heading's and list's ids start with it). */
export const CAROUSEL_ID = 'fl-carousel';

/**
 * The home page's locations section (contracts SLOTS.locationsSummary), server-rendered: the location block (its
 * heading, a link to every location when the site has more than one, one large card or a grid; no JavaScript) or
 * the 'Our Locations' carousel (an island whose code loads only as it nears the viewport, for Previous / Next).
 * The host's heading replaces 'Visit us' / 'Our locations'; the `map` variant draws the map of Australia with the
 * location's pin in place of its photo, and a `reviews` list follows the cards as the `#reviews` block, the card's
 * rating linking there (the car page's `#vehicle-map` and `#reviews`, issue 18).
 */
export function LocationsSummary({ summary }: { summary: Summary }) {
  const { cards, total, layout, variant, heading, reviews } = summary;
  if (layout === 'carousel') {
    return <Island remote="mf-locations" module="LocationsCarousel" id={CAROUSEL_ID} className="fl-block" component={LocationsCarousel} props={{ id: CAROUSEL_ID, cards, total }} when={VISIBLE} />;
  }
  return (
    <section className="fl-block fl-summary" aria-labelledby={SUMMARY_TITLE_ID}>
      <div className="fl-summary__head">
        <h2 id={SUMMARY_TITLE_ID}>{heading ?? (total === 1 ? 'Visit us' : 'Our locations')}</h2>
        <AllLocationsLink shown={cards.length} total={total} />
      </div>
      <LocationBlockCards cards={cards} variant={variant} reviewsHref={reviews ? `#${REVIEWS_ID}` : undefined} />
      {reviews ? <ReviewsBlock review={reviews.review} reviews={reviews.items} /> : null}
    </section>
  );
}
