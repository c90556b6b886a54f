import type { Car } from '@forecourt/contracts/entities/car';
import { priceDisplay } from '@forecourt/contracts/display';
import { responsiveImage, type ImageLayout } from '@forecourt/contracts/images';

/** What the sidebar shows of the chosen car (spec §2 Finance page: image, name, price with price type, or '/week'). */
export type ChosenCar = Pick<Car, 'id' | 'slug' | 'name' | 'year' | 'make' | 'model' | 'badge' | 'price' | 'price_type' | 'subscription_price' | 'offer_price' | 'before_price' | 'preorder' | 'primary_image_url' | 'images' | 'status' | 'sold'>;

/**
 * The chosen car's picture as shown (contracts images.ts: image CDN, quality 75, automatic format), not the 1600 px
 * original: full width of the page less its and the card's padding below 992px, the side column (2fr of the 1280px
 * container, ~29rem) from 992px.
 */
export const CAR_SUMMARY_IMAGE_LAYOUT: ImageLayout = { widths: [320, 480, 640, 800, 960], sizes: '(min-width:992px) 29rem, calc(100vw - 4rem)', fallback: 480 };

/** The car a Get Finance link named, beside the finance form: its photo, name and price, a link back to it. */
export function CarSummary({ car }: { car: ChosenCar }) {
  const image = car.images[0]?.image.url ?? car.primary_image_url ?? null;
  const price = priceDisplay(car);
  const name = car.name || [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ');
  return (
    <aside className="ff-car" aria-labelledby="ff-car-title">
      <h2 id="ff-car-title" className="ff-car__label">
        Your chosen car
      </h2>
      {image ? <img className="ff-car__image" {...responsiveImage(image, CAR_SUMMARY_IMAGE_LAYOUT)} alt="" width={480} height={320} loading="lazy" decoding="async" /> : null}
      <p className="ff-car__name">
        <a href={`/cars/${encodeURIComponent(car.slug)}`}>{name}</a>
      </p>
      <p className="ff-car__price">
        <strong>{price.text}</strong>
        {price.kind === 'subscription' ? null : car.price_type && price.kind !== 'none' && price.kind !== 'preorder' ? <span> {car.price_type}</span> : null}
      </p>
    </aside>
  );
}
