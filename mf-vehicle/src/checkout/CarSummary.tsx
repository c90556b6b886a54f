import type { Car } from '@forecourt/contracts/entities/car';
import { formatKm, priceDisplay } from '@forecourt/contracts/display';
import { imageUrl } from '@forecourt/contracts/images';

/**
 * The car being reserved, beside the main column: photo, name (linked to its page), price, odometer, stock number,
 * location and the amount reserved today.
 */
export function CarSummary({ car, amountLabel }: { car: Car; amountLabel: string | null }) {
  const image = car.images[0]?.image.thumb?.url ?? car.images[0]?.image.url ?? car.primary_image_url;
  const price = priceDisplay(car);
  return (
    <aside className="fco-car fc-card" aria-labelledby="fco-car-name">
      {image ? <img src={imageUrl(image, { width: 640 })} alt="" width={320} height={213} loading="eager" decoding="async" /> : null}
      <h2 id="fco-car-name" className="fco-car__name">
        <a href={`/cars/${car.slug}`}>{car.name}</a>
      </h2>
      <dl className="fco-car__facts">
        <div>
          <dt>Price</dt>
          <dd>
            {price.text}
            {car.price_type && price.kind !== 'none' && price.kind !== 'subscription' ? ` ${car.price_type}` : ''}
          </dd>
        </div>
        {car.km > 0 ? (
          <div>
            <dt>Odometer</dt>
            <dd>{formatKm(car.km)}</dd>
          </div>
        ) : null}
        {car.stocknum ? (
          <div>
            <dt>Stock number</dt>
            <dd>{car.stocknum}</dd>
          </div>
        ) : null}
        {car.dealership_name || car.city ? (
          <div>
            <dt>Location</dt>
            <dd>{[car.dealership_name, car.city].filter(Boolean).join(', ')}</dd>
          </div>
        ) : null}
        {amountLabel ? (
          <div className="fco-car__reserve">
            <dt>Reserve today</dt>
            <dd>{amountLabel}</dd>
          </div>
        ) : null}
      </dl>
    </aside>
  );
}
