import { priceDisplay, telHref } from '@forecourt/contracts/display';
import type { Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { hoursSummary } from '@forecourt/contracts/hours';
import { addressText, directionsHref } from '../lib/locations.ts';
import { imageUrl } from '@forecourt/contracts/images';

export type LeadContextProps = {
  car: Car | null;
  /** The dealer location the form goes to (the car's, else the site's primary); null when the tenant data is missing. */
  location: Location | null;
  config: Pick<SiteConfig, 'name' | 'contact'>;
};

/**
 * What a lead form is about, beside it (issue 13 "forms laid out with their context"): the car (photo, name, price),
 * the dealer (address with directions, phone) and its opening hours (contracts `hoursSummary`, the one hours rule).
 */
export function LeadContext({ car, location, config }: LeadContextProps) {
  const image = car?.images[0]?.image.thumb?.url ?? car?.images[0]?.image.url ?? car?.primary_image_url ?? null;
  const price = car ? priceDisplay(car) : null;
  const phone = location?.contact_detail.phone || config.contact.phone;
  const hours = location ? hoursSummary(location.contact_detail.opening_hours) : [];
  return (
    <aside className="fv-context fc-card" aria-label={car ? 'The car and the dealer' : 'The dealer'}>
      {car ? (
        <div className="fv-context__car">
          {image ? <img src={imageUrl(image, { width: 640 })} alt="" width={320} height={213} decoding="async" /> : null}
          <p className="fv-context__name">
            <a href={`/cars/${car.slug}`}>{car.name}</a>
          </p>
          <p className="fv-context__price">
            <strong>{price!.text}</strong> {car.price_type && (price!.kind === 'price' || price!.kind === 'offer') ? <span>{car.price_type}</span> : null}
          </p>
        </div>
      ) : null}
      <div className="fv-context__dealer">
        <h2 className="fv-context__title">{location?.name ?? config.name}</h2>
        {location ? (
          <p>
            <a href={directionsHref(location, car)} target="_blank" rel="noopener noreferrer">
              {addressText(location)}
            </a>
          </p>
        ) : null}
        <p>
          <a className="fv-context__phone" href={telHref(phone)}>
            {phone}
          </a>
        </p>
        {hours.length ? (
          <>
            <h3 className="fv-context__subtitle">Opening hours</h3>
            <dl className="fv-hours">
              {hours.map((line) => (
                <div key={line.days}>
                  <dt>{line.days}</dt>
                  <dd>{line.text}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
      </div>
    </aside>
  );
}
