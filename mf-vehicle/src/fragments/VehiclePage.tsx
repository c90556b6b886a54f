import { CALL_THE_DEALER_TEXT, DEALER_COMMENTS_LIMIT, DEALER_COMMENTS_PENDING, FEATURES_LIMIT, FINANCE_DISCLAIMER_LIMIT, KEY_INFO_LIMIT } from '@forecourt/contracts/constants';
import { formatAud, priceDisplay, telHref } from '@forecourt/contracts/display';
import { isPurchasable, type Car } from '@forecourt/contracts/entities/car';
import type { Location } from '@forecourt/contracts/entities/location';
import { carFinanceFigures, type CarFinanceFigures } from '@forecourt/contracts/finance-calculator';
import { defaultFinanceDisclaimer } from '@forecourt/contracts/finance-estimate';
import { slotMarker } from '@forecourt/contracts/fragments';
import { addressText } from '@forecourt/contracts/locations';
import { LocationsSummarySlotParamsSchema, type SlotParamsInput } from '@forecourt/contracts/slots';
import * as v from 'valibot';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { Breadcrumbs, Island, VISIBLE } from '@forecourt/ui';
import { Dialog } from '../components/Dialog.tsx';
import { Disclosure } from '../components/Disclosure.tsx';
import { LimitedList } from '../components/LimitedList.tsx';
import { Gallery } from '../gallery/index.ts';
import DeliveryCalculator from '../islands/DeliveryCalculator.tsx';
import DialogButton from '../islands/DialogButton.tsx';
import FuelCalculator from '../islands/FuelCalculator.tsx';
import LocatedAt from '../islands/LocatedAt.tsx';
import MarketPrice from '../islands/MarketPrice.tsx';
import PhoneReveal from '../islands/PhoneReveal.tsx';
import ShareBar from '../islands/ShareBar.tsx';
import StickyBar from '../islands/StickyBar.tsx';
import { breadcrumbs, carDetails, keyInformation, siteHref, specifications, summary } from '../lib/car-view.ts';
import type { DeliveryView } from '../lib/delivery.ts';
import { hashesFor } from '../lib/dialogs.ts';
import { carLocationOf, carPhone, DIALOG_IDS, pageDialogs, type DialogForm } from '../lib/lead-forms.ts';
import { directionsHref, primaryLocation } from '../lib/locations.ts';
import { commentsPending, financeHref, isElectric, shareLinks, showsSoldBlock, truncate, vehicleButtons, type MarketPanel } from '../lib/rules.ts';
import { dealerText, sanitizeDealerHtml } from '../lib/sanitize.ts';
import { DetailList } from './DetailList.tsx';
import { DialogLeadForm } from './DialogLeadForm.tsx';
import { SoldBlock } from './SoldBlock.tsx';
import { BlogSection } from './BlogSection.tsx';
import type { BlogPost } from '@forecourt/contracts/content';
import { engagedWhen, VehicleSidebar } from './VehicleSidebar.tsx';

export const FINANCE_SLOT_ID = 'finance-calculator';
/** mf-search's similar-cars slot (contracts SLOTS.similarCars): its markup and stylesheet come with it. */
export const SIMILAR_SLOT_ID = 'similar-cars';
/** mf-locations' location block slot (contracts SLOTS.locationsSummary) in the `#vehicle-map` section. */
export const LOCATION_SLOT_ID = 'vehicle-location';
/** The car's location section (spec §2 anchor `#vehicle-map`). */
export const VEHICLE_MAP_ID = 'vehicle-map';
/** The heading of the car's location section. */
export const VEHICLE_MAP_HEADING = 'Where to find this car';

/**
 * The params of the `#vehicle-map` section's slot (issue 18): mf-locations' location block with the car's location
 * (its name, today's hours, address, phone, Get Directions), the map of Australia with its pin (no third-party map:
 * nothing loads before the shopper clicks) and the `#reviews` list of its reviews. Null, and no section, when the
 * tenant turns the section off (`vdp_config.show_map_section`) or the car's location is not one the site shows.
 * @example locationSlotParams(car, config, locations) // { show: 'id', id: 'loc-springwood-sales', variant: 'map', reviews: 'list', heading: 'Where to find this car' }
 */
export function locationSlotParams(car: Car, config: Pick<SiteConfig, 'vdp_config' | 'locations'>, locations: readonly Location[]): SlotParamsInput<'locationsSummary'> | null {
  if (!config.vdp_config.show_map_section) return null;
  const location = carLocationOf(car, locations);
  if (!location?.visible || !config.locations.includes(location.id)) return null;
  const params = { show: 'id', id: location.id, variant: 'map', reviews: 'list', heading: VEHICLE_MAP_HEADING } as const;
  return v.is(LocationsSummarySlotParamsSchema, params) ? params : null;
}

const DIALOG_TITLES: Record<DialogForm, string> = { enquire: 'Enquire Now', 'test-drive': 'Book a Test Drive', 'request-photos': 'Request Photos', contact: 'Contact the dealer' };

export type VehiclePageProps = {
  car: Car;
  config: SiteConfig;
  /** The tenant's locations (primary location, directions, pickup options). */
  locations: Location[];
  market: MarketPanel | null;
  now: Date;
  delivery?: { postcode: string; view: DeliveryView } | null;
  /** The tenant's blog posts about this car (contracts `postsForCar`): the blog section after similar cars. */
  posts?: BlogPost[];
};

/**
 * The finance disclaimer the page shows: the tenant's text, else the default naming the rate, comparison rate and term
 * the page's estimate was worked out with (the car's figures when it has them, else the site's sample rates).
 */
export function financeDisclaimer(config: Pick<SiteConfig, 'finance'>, figures: CarFinanceFigures | null = null): string {
  const f = config.finance;
  if (f.disclaimer) return f.disclaimer;
  return defaultFinanceDisclaimer({ ratePercent: figures?.interest ?? f.sample_rate, comparisonRatePercent: figures ? (figures.comparisonRate ?? f.comparison_rate) : f.comparison_rate, termYears: figures?.termYears ?? f.default_term_years });
}

/**
 * The car's finance figures, the one source of every figure on the page (issue 13): the sidebar's and the sticky
 * header's weekly estimate, and the calculator slot's opening values (routes/fragments.tsx, contracts
 * `calculatorSlotParams`). Null for a car that is not for sale or has no price to finance.
 */
export function pageFinance(car: Car, config: Pick<SiteConfig, 'finance'>, now: Date): CarFinanceFigures | null {
  if (!isPurchasable(car) || car.sold) return null;
  return carFinanceFigures(car, config.finance, { now });
}

/** '$139/week' for the sidebar and the sticky header, or null when there is no figure to show. */
export function weeklyText(figures: CarFinanceFigures | null): string | null {
  return figures?.weekly ? `${formatAud(figures.weekly)}/week` : null;
}

/**
 * The vehicle detail page (spec §2 Vehicle detail page, §4, §5, §9), server-rendered with its data. Interactive bits
 * are small islands; below-the-fold ones load when near the viewport.
 */
export function VehiclePage({ car, config, locations, market, now, delivery, posts = [] }: VehiclePageProps) {
  const f = config.features;
  const price = priceDisplay(car);
  const purchasable = isPurchasable(car) && !car.sold;
  const sold = showsSoldBlock(car);
  const carLocation = carLocationOf(car, locations);
  const primary = primaryLocation(config, locations);
  const phone = carPhone(car, config, locations);
  const dialogs = pageDialogs(car, config, locations);
  // The address hashes each dialog answers (`#enquire` from a search card's Quick Enquiry), on the button that opens it.
  const dialogHashes = Object.fromEntries(dialogs.map((form) => [form, hashesFor(form, dialogs)])) as Partial<Record<DialogForm, string[]>>;
  const mapSection = locationSlotParams(car, config, locations) !== null;
  const buttons = vehicleButtons(car, f, Boolean(phone));
  const figures = pageFinance(car, config, now);
  const weekly = weeklyText(figures);
  const disclaimer = financeDisclaimer(config, figures);
  const disclaimerCut = truncate(disclaimer, FINANCE_DISCLAIMER_LIMIT);
  const pending = commentsPending(car.dealercomments);
  const commentsText = pending ? '' : dealerText(car.dealercomments ?? '');
  const commentsCut = truncate(commentsText, DEALER_COMMENTS_LIMIT);
  const share = shareLinks(config.site_url, `/cars/${car.slug}`, car.name, f.twitter_share);
  const pageUrl = siteHref(config, `/cars/${car.slug}`) ?? `/cars/${car.slug}`;
  const notAtPrimary = Boolean(primary && (car.location_id ?? car.location?.id) && (car.location_id ?? car.location?.id) !== primary.id);
  const city = carLocation?.address.city ?? car.city;
  const tradeInHref = f.trade_in ? `/cars/trade-in?car_id=${encodeURIComponent(car.slug)}` : null;
  const financeLink = financeHref(car);
  const image = car.images[0]?.image.url ?? car.primary_image_url ?? null;
  const details = carDetails(car, now, { timeZone: config.time_zone, showUnregistered: config.vdp_config.show_unregistered });
  const info = keyInformation(car);
  const specs = specifications(car);
  const equipment = car.standardEquipment ?? [];
  const features = car.features ?? [];
  const crumbs = breadcrumbs(car);

  return (
    <article className="fv-vdp" data-car-id={car.id}>
      <Breadcrumbs crumbs={crumbs} />

      {notAtPrimary && city ? <Island remote="mf-vehicle" module="LocatedAt" id="fv-located" when={engagedWhen()} component={LocatedAt} props={{ city, directionsHref: directionsHref(carLocation, car) }} /> : null}

      {/* Gallery first, then title, price and actions, then the sections: the order of small screens (issue 13: a
          photo above the fold); wide screens put the sidebar beside both (styles/vehicle.css grid areas). */}
      <div className="fv-vdp__grid">
        <div className="fv-vdp__media">
          <Gallery car={car} spinDefaultView={config.vdp_config.spin_default_view} />
        </div>

        <VehicleSidebar
          car={car}
          config={config}
          purchasable={purchasable}
          sold={sold}
          weekly={weekly}
          phone={phone}
          buttons={buttons}
          pageUrl={pageUrl}
          financeHref={financeLink}
          tradeInHref={tradeInHref}
          image={image}
          city={city}
          shareable={share.length > 0}
          locationLink={mapSection && carLocation ? { href: `#${VEHICLE_MAP_ID}`, name: carLocation.name } : car.location?.slug ? { href: `/locations/${car.location.slug}`, name: car.location.name } : null}
          dialogHashes={dialogHashes}
        />

        <div className="fv-vdp__main">
          {sold ? <SoldBlock car={car} id="fv-sold-title" /> : null}

          {info.length ? (
            <section className="fv-section" aria-labelledby="fv-key-info">
              <h2 id="fv-key-info">Key information</h2>
              <LimitedList
                items={info}
                limit={KEY_INFO_LIMIT}
                className="fv-keyinfo"
                more="Show More"
                less="Show Less"
                render={(row) => (
                  <li key={row.label}>
                    <span className="fv-keyinfo__label">{row.label}</span>
                    <strong>{row.value}</strong>
                  </li>
                )}
              />
            </section>
          ) : null}

          <section className="fv-section" aria-labelledby="fv-details">
            <h2 id="fv-details">Car details</h2>
            <DetailList rows={details} />
          </section>

          {features.length ? (
            <section className="fv-section" aria-labelledby="fv-features">
              <h2 id="fv-features">Features</h2>
              <LimitedList items={features} limit={FEATURES_LIMIT} className="fv-features" more="Show All" less="Hide" render={(feature) => <li key={feature}>{feature}</li>} />
            </section>
          ) : null}

          <section className="fv-section" aria-labelledby="fv-specs">
            <h2 id="fv-specs">Specifications</h2>
            <h3>Summary</h3>
            <p>{summary(car)}</p>
            {specs.length ? (
              <>
                <h3>Specifications</h3>
                <DetailList rows={specs.slice(0, 6)} />
              </>
            ) : null}
            {specs.length > 6 || equipment.length ? (
              <Disclosure more="Show all specifications" less="Show fewer specifications">
                {specs.length > 6 ? (
                  <DetailList rows={specs.slice(6)} />
                ) : null}
                {equipment.length ? (
                  <>
                    <h3>Standard equipment</h3>
                    <ul className="fv-features">
                      {equipment.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </Disclosure>
            ) : null}
          </section>

          <section className="fv-section" aria-labelledby="fv-comments">
            <h2 id="fv-comments">Dealer Comments</h2>
            {pending ? (
              <p>{DEALER_COMMENTS_PENDING}</p>
            ) : commentsCut.truncated ? (
              <div className="fv-comments">
                <p className="fv-comments__short">{commentsCut.text}</p>
                <Disclosure more="Show more" less="Show less" className="fv-comments__toggle">
                  <div className="fv-comments__full" dangerouslySetInnerHTML={{ __html: sanitizeDealerHtml(car.dealercomments ?? '') }} />
                </Disclosure>
              </div>
            ) : (
              <div className="fv-comments" dangerouslySetInnerHTML={{ __html: sanitizeDealerHtml(car.dealercomments ?? '') }} />
            )}
          </section>

          <section className="fv-section fv-call" aria-labelledby="fv-call">
            <h2 id="fv-call">{CALL_THE_DEALER_TEXT}</h2>
            <p>
              {car.dealership_name || config.name}
              {car.location?.name ? ` · ${car.location.name}` : ''}
            </p>
            <Island remote="mf-vehicle" module="PhoneReveal" id="fv-phone" when={VISIBLE} component={PhoneReveal} props={{ phone, car: { id: car.id, slug: car.slug, car_type: car.car_type, dealership_id: car.dealership_id }, website: config.slug, open: f.phone_reveal_open }} />
            <Island remote="mf-vehicle" module="DialogButton" id="fv-contact-open" when={engagedWhen(dialogHashes.contact)} component={DialogButton} props={{ dialog: DIALOG_IDS.contact, label: 'Contact the dealer', href: '/contact', hashes: dialogHashes.contact ?? [] }} />
          </section>

          {/* The car's location (spec §2 `#vehicle-map`): mf-locations' block with the map and the `#reviews` list (its
              own heading, markup and stylesheet). A failed slot leaves its box empty (hidden by `:empty`) and shows this
              page's own short fallback instead, so the section, and the sidebar's link to it, never lead to nothing. */}
          {mapSection && carLocation ? (
            <div className="fv-section fv-map" id={VEHICLE_MAP_ID}>
              <div className="fv-slot fv-map__slot" dangerouslySetInnerHTML={{ __html: slotMarker(LOCATION_SLOT_ID) }} />
              <section className="fv-map__fallback" aria-labelledby="fv-map-fallback">
                <h2 id="fv-map-fallback">{VEHICLE_MAP_HEADING}</h2>
                <p>
                  <a href={`/locations/${carLocation.slug}`}>{carLocation.name}</a>
                </p>
                <p>{addressText(carLocation)}</p>
                <p>
                  <a href={directionsHref(carLocation, car)} target="_blank" rel="noopener noreferrer">
                    Get directions<span className="fc-visually-hidden"> (opens in a new tab)</span>
                  </a>
                </p>
              </section>
            </div>
          ) : null}

          {/* mf-finance's calculator (its own section and heading, `#finance-calculator`), opening on the page's figures. */}
          {purchasable ? <div className="fv-section fv-slot" id="vdp-finance" dangerouslySetInnerHTML={{ __html: slotMarker(FINANCE_SLOT_ID) }} /> : null}

          {market ? (
            <section className="fv-section" aria-labelledby="fv-market">
              <h2 id="fv-market">How this price compares</h2>
              <Island remote="mf-vehicle" module="MarketPrice" id="fv-market-panel" component={MarketPrice} props={{ panel: market, average: car.autograb_data?.state_average_market_price || car.autograb_data?.average_market_price || null }} when={VISIBLE} />
            </section>
          ) : null}

          {f.delivery_calculator && purchasable ? (
            <section className="fv-section" id="delivery-calculator" aria-labelledby="fv-delivery">
              <h2 id="fv-delivery">Delivery Calculator</h2>
              <Island
                remote="mf-vehicle"
                module="DeliveryCalculator"
                id="fv-delivery-calc"
                component={DeliveryCalculator}
                props={{ carId: car.slug, slug: car.slug, initial: delivery?.view ?? null, postcode: delivery?.postcode ?? '' }}
                when={VISIBLE}
              />
            </section>
          ) : null}

          {f.fuel_calculator && !isElectric(car) ? (
            <section className="fv-section" aria-labelledby="fv-fuel">
              <h2 id="fv-fuel">Fuel Calculator</h2>
              <Island remote="mf-vehicle" module="FuelCalculator" id="fv-fuel-calc" component={FuelCalculator} props={{ consumption: car.variant?.fuelconsumptioncombined ?? null }} when={VISIBLE} />
            </section>
          ) : null}

          <section className="fv-section fv-disclaimer" id="financeDisclaimer" aria-labelledby="fv-disclaimer">
            <h2 id="fv-disclaimer">Disclaimer</h2>
            {disclaimerCut.truncated ? (
              <>
                <p className="fv-disclaimer__short">{disclaimerCut.text}</p>
                <Disclosure more="Show more" less="Show less" className="fv-disclaimer__toggle">
                  <p>{disclaimer}</p>
                </Disclosure>
              </>
            ) : (
              <p>{disclaimer}</p>
            )}
          </section>

          {share.length ? (
            <section className="fv-section" id="share" aria-labelledby="fv-share-title">
              <h2 id="fv-share-title">Share this car</h2>
              <Island remote="mf-vehicle" module="ShareBar" id="fv-share" when={VISIBLE} component={ShareBar} props={{ links: share, url: pageUrl }} />
            </section>
          ) : null}
        </div>
      </div>

      {/* Similar cars: mf-search's slot (contracts SLOTS.similarCars, routes/fragments.tsx names it in the head), which
          brings its own markup and stylesheet; a failed slot leaves nothing. */}
      <div className="fv-slot fv-similar" dangerouslySetInnerHTML={{ __html: slotMarker(SIMILAR_SLOT_ID) }} />

      <BlogSection posts={posts} />

      {!sold ? (
        <Island
          remote="mf-vehicle"
          module="StickyBar"
          id="fv-sticky"
          when={engagedWhen()}
          component={StickyBar}
          props={{
            name: car.name,
            image,
            detail: [car.simple_transmission ?? car.trans, car.body].filter(Boolean).join(' · '),
            price: price.text,
            priceType: price.kind === 'price' || price.kind === 'offer' ? (car.price_type ?? null) : null,
            weekly: weekly && figures ? `Est. ${weekly} at ${figures.interest}% p.a.` : null,
            financeHref: financeLink,
            tradeInHref,
            enquireHref: '/contact',
            enquireDialog: buttons.includes('enquire') ? DIALOG_IDS.enquire : DIALOG_IDS.contact,
            phoneHref: phone ? telHref(phone) : null,
          }}
        />
      ) : null}

      {dialogs.map((form) => (
        <Dialog key={form} id={DIALOG_IDS[form]} title={DIALOG_TITLES[form]}>
          <DialogLeadForm form={form} />
        </Dialog>
      ))}
      {car.certified ? (
        <Dialog id="fv-certified" title="Certified Pre-Owned">
          <p id="fv-certified-info">
            This {car.make} is certified pre-owned: it has passed the manufacturer's multi-point inspection and comes with the benefits of the {car.make} certified pre-owned programme.
            Ask {car.dealership_name || config.name} for the programme's details.
          </p>
        </Dialog>
      ) : null}
    </article>
  );
}
