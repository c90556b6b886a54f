/**
 * The search card's view model (spec §2 Search card): everything the card shows, computed server-side from the Car
 * and the tenant's config, so the component is thin and SSR and hydration render the same markup.
 */
import type { Car } from '@forecourt/contracts/entities/car';
import { DEFAULT_TERM_YEARS, FALLBACK_RATES, NEW_ARRIVAL_DEFAULT_TAG, RESERVE_DEFAULT_AMOUNT, SOLD_TAG_DEFAULT } from '@forecourt/contracts/constants';
import { formatAud, priceDisplay, type PriceDisplay } from '@forecourt/contracts/display';
import { defaultFinanceDisclaimer, weeklyFinanceEstimate } from '@forecourt/contracts/finance-estimate';
import type { SiteConfig, TenantSearch } from '@forecourt/contracts/tenant';
import { cardButtons, carPath, DEFAULT_BUTTON_OPTIONS, type CardButton, type CardButtonOptions } from './card-buttons.ts';
import { cardTag, DEFAULT_TAG_OPTIONS, isAvailable, SOLD_PROMPT, type CardTag, type CardTagOptions } from './card-tags.ts';
import { cardChips, cardTitle, type CardChip, type CardTitleStyle } from './card-title.ts';

export type { CardButton, CardTag };

/** Weekly finance estimate on a card (spec §9), with the disclaimer its toggle reveals. */
export type CardFinance = { weekly: number; text: string; disclaimer: string };

/** What a search card needs: a small slice of the Car plus the card's computed texts, so island props stay small. */
export type CardCar = {
  id: string;
  slug: string;
  path: string;
  /** Heading text: `{year} {make} {model}`. */
  title: string;
  /** 'detailed' title variant: name, colour, gears and transmission, body configuration; else null. */
  subtitle: string | null;
  /** Visually hidden suffix of the card's link names, unique per car: title, badge, stock number. */
  a11yName: string;
  name: string;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  image: string | null;
  /** Chip texts in words, in the tenant's order (`search.card_chips`). */
  chips: string[];
  price: PriceDisplay;
  priceType: string | null;
  finance: CardFinance | null;
  status: Car['status'];
  /** Spec §4: a car that is not available (sold) cannot be newly favourited and shows the sold tag. */
  available: boolean;
  /** Spec §4 (compare mode): can be added to the compare list: available, a price above 0 and a photo. */
  comparable: boolean;
  /** Location overlay text: the tenant's `override_city`, else the car's city, else its location's name. */
  city: string | null;
  /** View count overlay (car.views); null when unknown or zero, or when the tenant shows views as a chip. */
  views: number | null;
  /** Tag overlay (spec §4 Card tag precedence), or none. */
  tag: CardTag | null;
  /** 'Like this and want something similar?' under the sold tag of an unavailable car. */
  soldPrompt: string | null;
  /** Buttons in order: the primary, the secondary, then the rest behind 'More options' (every width). */
  buttons: CardButton[];
};

/** The tenant settings and render time a card depends on; build them once per request with `cardOptions`. */
export type CardOptions = CardTagOptions &
  CardButtonOptions & {
    titleStyle: CardTitleStyle;
    chips: readonly CardChip[];
    overrideCity: string | null;
    finance: { ratePercent: number; termYears: number; establishmentFee: number; disclaimer: string };
  };

const DEFAULT_CHIPS: TenantSearch['card_chips'] = ['car_type', 'simple_body', 'km', 'simple_transmission'];

/** Defaults of the tenant schema; `now: 0` means no new-arrival tag (callers rendering a page pass `cardOptions`). */
export const DEFAULT_CARD_OPTIONS: CardOptions = {
  ...DEFAULT_TAG_OPTIONS,
  ...DEFAULT_BUTTON_OPTIONS,
  titleStyle: 'standard',
  chips: DEFAULT_CHIPS,
  overrideCity: null,
  finance: { ratePercent: FALLBACK_RATES.interest, termYears: DEFAULT_TERM_YEARS, establishmentFee: 0, disclaimer: defaultFinanceDisclaimer() },
};

/**
 * Card options from a tenant's config and the render time (pass the request's `now`: never read the clock in render).
 * @example result.hits.map((car) => toCardCar(car, cardOptions(config, now)))
 */
export function cardOptions(config: SiteConfig, now: number): CardOptions {
  const { search, finance, features } = config;
  const termYears = finance.default_term_years > 0 ? finance.default_term_years : DEFAULT_TERM_YEARS;
  return {
    now,
    electricTag: features.electric_tag,
    manufacturer: config.manufacturer ?? null,
    newArrivalLabel: search.new_arrival_label.trim() || NEW_ARRIVAL_DEFAULT_TAG,
    soldTag: search.sold_tag.trim() || SOLD_TAG_DEFAULT,
    reserveOnline: features.reserve_online,
    reserveAmount: config.reserve_amount > 0 ? config.reserve_amount : RESERVE_DEFAULT_AMOUNT,
    testDrive: features.test_drive,
    comingSoonTestDrive: features.coming_soon_test_drive,
    titleStyle: search.card_title,
    chips: search.card_chips,
    overrideCity: config.override_city?.trim() || null,
    finance: {
      ratePercent: finance.sample_rate,
      termYears,
      establishmentFee: finance.establishment_fee,
      disclaimer: finance.disclaimer?.trim() || defaultFinanceDisclaimer({ ratePercent: finance.sample_rate, comparisonRatePercent: finance.comparison_rate, termYears }),
    },
  };
}

/** The amount a finance estimate and link work from: the offer or normal price the card shows; 0 for none. */
export function financedPrice(price: PriceDisplay): number {
  return price.kind === 'offer' || price.kind === 'price' ? price.amount : 0;
}

/** Weekly estimate for an available car with a shown price (a subscription is already weekly), else null. */
export function cardFinance(car: Car, price: PriceDisplay, finance: CardOptions['finance']): CardFinance | null {
  if (!isAvailable(car)) return null;
  const weekly = weeklyFinanceEstimate(financedPrice(price), { ratePercent: finance.ratePercent, termYears: finance.termYears, establishmentFee: finance.establishmentFee });
  return weekly === null ? null : { weekly, text: `${formatAud(weekly)} / week`, disclaimer: finance.disclaimer };
}

export function toCardCar(car: Car, options: CardOptions = DEFAULT_CARD_OPTIONS): CardCar {
  const { title, subtitle, badgeLine } = cardTitle(car, options.titleStyle);
  const price = priceDisplay(car);
  const available = isAvailable(car);
  const stock = car.stocknum?.trim();
  return {
    id: String(car.id),
    slug: car.slug,
    // Built from the validated slug, never from the feed's free-text `path` (it could point off-site).
    path: carPath(car),
    title,
    subtitle,
    a11yName: `${[title, badgeLine].filter(Boolean).join(' ')}, ${stock ? `stock #${stock}` : `car ${car.id}`}`,
    name: car.name,
    make: car.make,
    model: car.model,
    badge: car.badge ?? null,
    series: car.series ?? null,
    image: car.primary_image_url ?? car.images[0]?.image.url ?? null,
    chips: cardChips(car, options.chips),
    price,
    priceType: car.price_type?.trim() || null,
    finance: cardFinance(car, price, options.finance),
    status: car.status,
    available,
    comparable: available && car.price > 0 && (car.primary_image_url ?? car.images[0]?.image.url) != null,
    city: options.overrideCity ?? (car.city?.trim() || car.location?.name?.trim() || null),
    views: !options.chips.includes('views') && car.views != null && car.views > 0 ? car.views : null,
    tag: cardTag(car, options),
    soldPrompt: available ? null : SOLD_PROMPT,
    buttons: cardButtons(car, financedPrice(price), options),
  };
}

/**
 * Whether carousel cards (similar cars, stock strips) carry the favourite control: as the grid's cards, unless the
 * tenant's card control is compare (spec §4), which carousels do not offer.
 */
export const carouselFavourites = (config: Pick<SiteConfig, 'features' | 'search'>): boolean => config.features.favourites && !(config.features.compare && config.search.card_control === 'compare');

/** Cards for a page of hits, with the tenant's options built once (spec §2 Search card). */
export function toCardCars(cars: readonly Car[], config: SiteConfig, now: number): CardCar[] {
  const options = cardOptions(config, now);
  return cars.map((car) => toCardCar(car, options));
}
