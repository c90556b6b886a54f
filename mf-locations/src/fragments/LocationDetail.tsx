import { Breadcrumbs, Island } from '@forecourt/ui';
import { ReviewsBlock, REVIEWS_ID } from '../components/ReviewsBlock.tsx';
import { ReviewStars } from '../components/ReviewStars.tsx';
import LocationPanel from '../islands/LocationPanel.tsx';
import type { LocationDetailView } from '../lib/detail.ts';

/**
 * A location's own page (`/our-location/{slug}`, `/locations/{slug}`; ../lib/detail.ts): breadcrumbs, the name, the
 * review summary linking to #reviews, View Our Stock and Visit Website, then the LocationPanel island (the location
 * type choice and the chosen location's today, address, phone, Opening Hours, holiday hours, image and map), then
 * the #reviews block. Server-rendered whole, so it reads the same without JavaScript and for search engines.
 */
export function LocationDetail({ detail }: { detail: LocationDetailView }) {
  return (
    <article className="fl-page fl-detail">
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          { label: 'Our locations', href: '/locations' },
          { label: detail.title },
        ]}
      />
      <div className="fl-detail__head">
        <h1>{detail.title}</h1>
        <p className="fl-detail__subtitle">{detail.subtitle}</p>
        {detail.review ? <ReviewStars review={detail.review} href={`#${REVIEWS_ID}`} /> : null}
        {detail.stockHref || detail.websiteHref ? (
          <p className="fl-detail__links">
            {detail.stockHref ? (
              <a className="fc-btn fc-btn--primary" href={detail.stockHref}>
                View Our Stock
              </a>
            ) : null}
            {detail.websiteHref ? (
              <a className="fc-btn" href={detail.websiteHref} rel="noopener">
                Visit Website
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <Island remote="mf-locations" module="LocationPanel" id="fl-detail" component={LocationPanel} props={{ panels: detail.panels, selected: detail.selected }} />
      {detail.review ? <ReviewsBlock review={detail.review} reviews={detail.reviews} /> : null}
      <p className="fl-actions">
        <a className="fc-btn" href="/locations">
          All locations
        </a>
      </p>
    </article>
  );
}
