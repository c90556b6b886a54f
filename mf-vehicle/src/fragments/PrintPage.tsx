import { formatAud, priceDisplay } from '@forecourt/contracts/display';
import type { Car } from '@forecourt/contracts/entities/car';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { imageUrl } from '@forecourt/contracts/images';
import { PRINT_IMAGE_WIDTH } from '../gallery/media.ts';
import { Island } from '@forecourt/ui';
import PrintActions from '../islands/PrintActions.tsx';
import { carDetails, specifications, summary } from '../lib/car-view.ts';
import { commentsPending } from '../lib/rules.ts';
import { dealerText } from '../lib/sanitize.ts';
import { financeDisclaimer, pageFinance } from './VehiclePage.tsx';
import { DetailList } from './DetailList.tsx';

/** `/print?car_id={slug}`: a print layout of the car (spec §2 Routes; analytics 61 and the PDF by slug in PrintActions). */
export function PrintPage({ car, config, now }: { car: Car; config: SiteConfig; now: Date }) {
  const price = priceDisplay(car);
  const images = car.images.slice(0, 4);
  const comments = commentsPending(car.dealercomments) ? null : dealerText(car.dealercomments ?? '');
  return (
    <article className="fv-print">
      <Island remote="mf-vehicle" module="PrintActions" id="fv-print-actions" component={PrintActions} props={{ carId: car.id, slug: car.slug }} />
      <header className="fv-print__head">
        <h1>{car.name}</h1>
        <p className="fv-print__price">
          {price.kind === 'offer' && price.was ? <s>{formatAud(price.was)}</s> : null} <strong>{price.text}</strong> {car.price_type && (price.kind === 'price' || price.kind === 'offer') ? car.price_type : null}
        </p>
        <p>{summary(car)}</p>
      </header>
      <div className="fv-print__images">
        {images.map((i, n) => (
          // One CDN size (two photos a row on paper); eager: a print must not wait for lazy loading.
          <img key={i.image.url} src={imageUrl(i.image.url, { width: PRINT_IMAGE_WIDTH })} alt={n === 0 ? car.name : ''} width={600} height={400} decoding="async" />
        ))}
      </div>
      <h2>Car details</h2>
      <DetailList rows={carDetails(car, now, { timeZone: config.time_zone, showUnregistered: config.vdp_config.show_unregistered })} />
      {specifications(car).length ? (
        <>
          <h2>Specifications</h2>
          <DetailList rows={specifications(car)} />
        </>
      ) : null}
      {car.features?.length ? (
        <>
          <h2>Features</h2>
          <ul className="fv-features">
            {car.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : null}
      {comments ? (
        <>
          <h2>Dealer Comments</h2>
          <p className="fv-print__comments">{comments}</p>
        </>
      ) : null}
      <footer className="fv-print__foot">
        <p>
          {car.dealership_name || config.name}
          {car.location?.address ? ` · ${car.location.address}` : ''} · {car.location?.phone || config.contact.phone}
        </p>
        <p className="fv-note">{financeDisclaimer(config, pageFinance(car, config, now))}</p>
      </footer>
    </article>
  );
}
