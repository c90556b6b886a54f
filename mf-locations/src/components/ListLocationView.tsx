import type { ReactNode } from 'react';
import type { ListLocation } from '../lib/list.ts';
import { ReviewStars } from './ReviewStars.tsx';
import { TodayHours } from './TodayHours.tsx';
import { AddressAndPhone } from './AddressAndPhone.tsx';

/**
 * One location inside a dealership's card (spec §2 Locations list): its image, name, distance on the dealer locator,
 * DL#/MVR# (only when the tenant shows them), today, the address linked to its map place, phone, the week's hours,
 * the review summary and its page.
 */
export function ListLocationView({ location, before }: { location: ListLocation; before?: ReactNode }) {
  const titleId = `fl-loc-${location.id}`;
  return (
    <div className="fl-loc">
      {location.image ? (
        <img
          className="fl-loc__image"
          src={location.image.src}
          alt={location.image.alt}
          width={location.image.width}
          height={location.image.height}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="fl-loc__body">
        <h3 className="fl-loc__name" id={titleId}>
          {location.name}
        </h3>
        {location.distance ? <p className="fl-loc__distance">{location.distance}</p> : null}
        {before}
        {location.dealerLicence || location.repairer ? (
          <p className="fl-loc__licence">
            {location.dealerLicence ? <span>DL# {location.dealerLicence}</span> : null}
            {location.dealerLicence && location.repairer ? ' · ' : null}
            {location.repairer ? <span>MVR# {location.repairer}</span> : null}
          </p>
        ) : null}
        <TodayHours today={location.today} />
        <AddressAndPhone place={location} block="fl-loc" phoneButton />
        {location.hours.length ? (
          <>
            <h4 className="fl-loc__hours-title">Opening hours</h4>
            <dl className="fl-hours">
              {location.hours.map((line) => (
                <div key={line.days} className="fl-hours__row">
                  <dt>{line.days}</dt>
                  <dd>{line.text}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        {location.review ? <ReviewStars review={location.review} /> : null}
        <p className="fl-loc__more">
          <a href={`/locations/${location.slug}`}>
            View location details<span className="fc-visually-hidden">: {location.name}</span>
          </a>
        </p>
      </div>
    </div>
  );
}
