/**
 * Search card buttons (spec §2 Search card; §4 Purchasable car): which links a card offers, by the car's
 * purchasability and the tenant's flags. Pure; the component only renders the list.
 */
import { isReservable, isTestDriveOnly, type Car } from '@forecourt/contracts/entities/car';
import { FIND_SIMILAR_TEXT, RESERVE_DEFAULT_AMOUNT } from '@forecourt/contracts/constants';
import { financeHref } from '@forecourt/contracts/finance-link';
import { formatAud, priceDisplay } from '@forecourt/contracts/display';
import { facetKey } from '../engine/facets.ts';
import { isAvailable } from './card-tags.ts';

export type CardButtonKind = 'explore' | 'enquire' | 'reserve' | 'test_drive' | 'finance' | 'similar';
export type CardButton = { kind: CardButtonKind; label: string; href: string };

/**
 * A card shows this many buttons on every width, a primary and a secondary; the rest go behind 'More options'
 * (spec §2 "up to 2 buttons then group", kept on every width since issue 13: six stacked equal buttons doubled a card).
 */
export const CARD_BUTTONS_VISIBLE = 2;

export type CardButtonOptions = {
  /** Tenant flag `features.reserve_online`. */
  reserveOnline: boolean;
  /** Tenant `reserve_amount` (spec §9: default $200). */
  reserveAmount: number;
  /** Tenant flag `features.test_drive`. */
  testDrive: boolean;
  /** Tenant flag `features.coming_soon_test_drive` (spec §4: one dealer configuration has none for coming_soon). */
  comingSoonTestDrive: boolean;
};

export const DEFAULT_BUTTON_OPTIONS: CardButtonOptions = { reserveOnline: false, reserveAmount: RESERVE_DEFAULT_AMOUNT, testDrive: true, comingSoonTestDrive: true };

/** A car's page, always from its validated slug: the feed's free-text `path` is never used as a link. */
export const carPath = (car: Pick<Car, 'slug'>) => `/cars/${encodeURIComponent(car.slug)}`;

/** A car whose own tag puts it in test-drive-only mode: no reserve (spec §4). The rule is contracts'. */
export { isTestDriveOnly };

/**
 * Finance link of spec §2 (`/finance?car_id=..&vehiclePriceBudget=..&car_type=..&vin=..&preferredDealership=..#finance-form`):
 * the one builder in contracts, so a card's link and the car page's are the same link (issue 15).
 */
export { financeHref };

/** Search page of the same make and model, the path `/search/{make}/{model}` resolves (slugified like facet keys). */
export const similarHref = (car: Pick<Car, 'make' | 'model'>): string => `/search/${facetKey(car.make)}/${facetKey(car.model)}`;

/** 'Reserve This Car ($200)': the tenant's amount in whole dollars. */
export const reserveLabel = (amount: number): string => `Reserve This Car (${formatAud(amount > 0 ? amount : RESERVE_DEFAULT_AMOUNT)})`;

/**
 * The card's buttons, in order: the first is its primary action, the second its secondary, the rest go behind
 * 'More options'. A purchasable car: Explore Vehicle and Quick Enquiry (Quick Enquiry first when the card shows no
 * price: 'Enquire for price.' makes enquiring its main action); Reserve This Car when the tenant reserves online and
 * the car is neither reserved nor test-drive-only; Book a Test Drive when the tenant takes test drives (and, for a
 * coming_soon car, unless the tenant turns that off); Get Finance. An unavailable (sold) car: Find Me Something
 * Similar (spec §4: its own call to action, to the search of its make and model), then Explore Vehicle.
 * @param price the price the card shows, for the finance link's budget.
 */
export function cardButtons(car: Car, price: number, options: CardButtonOptions): CardButton[] {
  const path = carPath(car);
  const explore: CardButton = { kind: 'explore', label: 'Explore Vehicle', href: path };
  if (!isAvailable(car)) return [{ kind: 'similar', label: FIND_SIMILAR_TEXT, href: similarHref(car) }, explore];
  // The car page opens its Enquire Now dialog for `#enquire` (mf-vehicle lib/dialogs.ts; without JavaScript the hash
  // lands on the page's price and action buttons).
  const enquire: CardButton = { kind: 'enquire', label: 'Quick Enquiry', href: `${path}#enquire` };
  const buttons: CardButton[] = priceDisplay(car).kind === 'none' ? [enquire, explore] : [explore, enquire];
  // Here the car is available (purchasable, not sold): the one reservable rule decides the rest (contracts).
  if (options.reserveOnline && isReservable(car)) {
    buttons.push({ kind: 'reserve', label: reserveLabel(options.reserveAmount), href: `/cars/${car.slug}/checkout` });
  }
  if (options.testDrive && (car.status !== 'coming_soon' || options.comingSoonTestDrive)) buttons.push({ kind: 'test_drive', label: 'Book a Test Drive', href: `/book-test-drive?${new URLSearchParams({ car_id: String(car.id) })}` });
  buttons.push({ kind: 'finance', label: 'Get Finance', href: financeHref(car, price) });
  return buttons;
}
