import type { Offer } from '@forecourt/contracts/entities/content';
import { FINANCE_DISCLAIMER_LIMIT as DISCLAIMER_TRUNCATE_CHARS } from '@forecourt/contracts/constants';
import { formatNumber } from '@forecourt/contracts/display';
import { offerSearchPath } from '../lib/query-caches.ts';
import { cardImage } from '../lib/card-image.ts';

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

/** One special offer: picture, text, disclaimer (long ones behind Show more), Enquire Now, its model and its stock (spec §9). */
export function OfferCard({ offer, inStock }: { offer: Offer; inStock: number | undefined }) {
  const stockPath = offerSearchPath(offer);
  const titleId = `offer-${offer.id}-title`;
  const disclaimer = offer.disclaimer ?? '';
  return (
    <article className="fs-offer" aria-labelledby={titleId}>
      {offer.image_or_model_image?.url ? (
        // Shown whole (contain) in a 4:3 frame, the vehicle pictures' ratio: a banner or a photo of another shape is
        // letterboxed on the surface colour, never cut at an edge (issue 13: offer pictures lost their right edge).
        <div className="fs-offer__media">
          {/* Through the image CDN at a card's widths: the offers page lays its cards out as the search results. */}
          <img {...cardImage(offer.image_or_model_image.url)} alt="" width={800} height={600} loading="lazy" decoding="async" />
        </div>
      ) : null}
      <div className="fs-offer__body">
        <h2 id={titleId}>{offer.name}</h2>
        <p>{offer.description}</p>
        {disclaimer ? (
          disclaimer.length > DISCLAIMER_TRUNCATE_CHARS ? (
            <details className="fs-offer__disclaimer">
              <summary>{truncate(disclaimer, DISCLAIMER_TRUNCATE_CHARS)} <span className="fs-offer__more">Show more</span></summary>
              <p>{disclaimer}</p>
            </details>
          ) : (
            <p className="fs-offer__disclaimer">{disclaimer}</p>
          )
        ) : null}
        <div className="fs-offer__actions">
          <a className="fc-btn fc-btn--primary" href={`/contact?offer=${encodeURIComponent(offer.id)}`}>
            Enquire Now<span className="fc-visually-hidden">: {offer.name}</span>
          </a>
          {offer.model ? (
            <a className="fc-btn" href={offer.url ?? `/models/${offer.model.slug}`}>
              Explore {offer.model.name}
            </a>
          ) : null}
          {stockPath && inStock ? (
            // The offer's stock (spec §9 offers search): how many of its model are on sale now.
            <a className="fc-btn fc-btn--ghost" href={stockPath}>
              {`View ${formatNumber(inStock)} in stock`}
              <span className="fc-visually-hidden">{`: ${offer.model!.name}`}</span>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}
