import type { LocationCard } from '../lib/locations.ts';

/** What the address and phone lines need: every card, panel and block item of this remote has them. */
export type Reachable = Pick<LocationCard, 'mapHref' | 'street' | 'locality' | 'phone' | 'phoneHref'>;

/**
 * Where a location is and how to call it, the same on every card, block, carousel card and a location's panel: the
 * address on two lines linked to its map place, then 'Call <phone>' as a `tel:` link (a plain link, or a button-styled
 * one where the card leads with it). `block` names the BEM block whose `__address` / `__phone` classes style them.
 * @example <AddressAndPhone place={card} block="fl-bcard" />
 */
export function AddressAndPhone({ place, block, phoneButton = false }: { place: Reachable; block: string; phoneButton?: boolean }) {
  return (
    <>
      <p className={`${block}__address`}>
        <a href={place.mapHref}>
          {place.street}
          <br />
          {place.locality}
        </a>
      </p>
      {place.phone && place.phoneHref ? (
        phoneButton ? (
          <p>
            <a className={`fc-btn ${block}__phone`} href={place.phoneHref}>
              Call {place.phone}
            </a>
          </p>
        ) : (
          <p className={`${block}__phone`}>
            <a href={place.phoneHref}>Call {place.phone}</a>
          </p>
        )
      ) : null}
    </>
  );
}
