import { WATCHLIST_API } from '@forecourt/contracts/api';
import { savedCarImage } from '../lib/car-images.ts';
import { CarStatus } from './CarStatus.tsx';
import type { CarLookup } from './data.ts';
import { HiddenFields } from './HiddenFields.tsx';
import { ACCOUNT_TEXTS, carHref, carImage, carStatus, priceText, WATCHLIST_PATH } from './model.ts';

/** The id of the watchlist's compare form (the cards' checkboxes belong to it through their `form` attribute). */
export const COMPARE_FORM_ID = 'fa-compare-form';

export type SavedCarItemProps = {
  id: string;
  lookup: CarLookup;
  /** The signed-in shopper's phone: the watchlist API checks it is the session's (spec §7 `phone_number`). */
  phone: string;
  /** Offer the car for the comparison (a checkbox of the compare form). */
  compare: boolean;
  compareChecked: boolean;
};

/**
 * One saved car of the signed-in watchlist: picture, name linking to its page, live price, status said honestly, a
 * compare box and a Remove form (POST WATCHLIST_API.remove, back to the watchlist). A car no longer listed keeps its
 * Remove form.
 */
export function SavedCarItem({ id, lookup, phone, compare, compareChecked }: SavedCarItemProps) {
  const car = lookup.kind === 'car' ? lookup.car : null;
  const name = car?.name ?? (lookup.kind === 'gone' ? 'A car no longer listed' : 'Saved car');
  const image = car ? carImage(car) : null;
  const price = car ? priceText(car) : null;
  const checkId = `fa-compare-${id}`;
  return (
    <li className="fc-card fa-saved__item">
      {image ? <img {...savedCarImage(image)} alt="" width={160} height={107} loading="lazy" decoding="async" /> : <span className="fa-saved__noimg" />}
      <div className="fa-saved__text">
        {car ? (
          <a className="fa-saved__name" href={carHref(car)}>
            {car.name}
          </a>
        ) : (
          <span className="fa-saved__name">{name}</span>
        )}
        {price ? (
          <span className="fa-saved__price">
            {price.text}
            {price.was ? <span className="fa-saved__meta"> (was {price.was})</span> : null}
          </span>
        ) : null}
        {lookup.kind === 'unknown' ? <span className="fa-saved__meta">{ACCOUNT_TEXTS.carUnknown}</span> : <CarStatus status={carStatus(car, lookup.kind === 'car' && lookup.reserved)} />}
      </div>
      {compare && car ? (
        <div className="flf-field flf-field--check">
          <input type="checkbox" id={checkId} name="compare" value={id} form={COMPARE_FORM_ID} defaultChecked={compareChecked} />
          <label htmlFor={checkId}>
            Compare<span className="fc-visually-hidden"> {car.name}</span>
          </label>
        </div>
      ) : null}
      <form method="post" action={WATCHLIST_API.remove} className="fa-inline-form">
        <HiddenFields redirect={WATCHLIST_PATH} fields={{ phone_number: phone, car_id: id }} />
        <button type="submit" className="fc-btn">
          Remove<span className="fc-visually-hidden"> {name} from your saved cars</span>
        </button>
      </form>
    </li>
  );
}
