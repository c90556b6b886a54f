import { formatAud, priceDisplay, telHref } from '@forecourt/contracts/display';
import type { Car } from '@forecourt/contracts/entities/car';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { beaconScriptProps, VIEWED_LIST_EVENT, type Beacon, type IslandTrigger } from '@forecourt/contracts/islands';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { ANALYTICS_PATH } from '@forecourt/contracts/track';
import { Island } from '@forecourt/ui';
import DialogButton from '../islands/DialogButton.tsx';
import FaveButton from '../islands/FaveButton.tsx';
import TrackedLink from '../islands/TrackedLink.tsx';
import ViewCount, { VIEWED_LIMIT } from '../islands/ViewCount.tsx';
import { DIALOG_IDS, type DialogForm } from '../lib/lead-forms.ts';
import { belowMarketBy, type VehicleButton } from '../lib/rules.ts';

export type VehicleSidebarProps = {
  car: Car;
  config: SiteConfig;
  /** What the page works out once and shares with its sections and sticky header. */
  purchasable: boolean;
  sold: boolean;
  /** The weekly finance estimate text, or null when not shown. */
  weekly: string | null;
  phone: string;
  buttons: readonly VehicleButton[];
  /** The car page's absolute address (instant message text). */
  pageUrl: string;
  financeHref: string;
  tradeInHref: string | null;
  /** The car's first picture (saved cars). */
  image: string | null;
  /** Where the car is when it has no location page. */
  city: string | null | undefined;
  /** The page has a Share section to jump to. */
  shareable: boolean;
  /** The car's location line: the page's `#vehicle-map` section when it has one, else the location's page; none unknown. */
  locationLink?: { href: string; name: string } | null;
  /** The address hashes each dialog answers (lib/dialogs.ts `hashesFor`), given to the button that opens it. */
  dialogHashes?: Partial<Record<DialogForm, string[]>>;
};

/**
 * The sidebar's id: where a search card's Quick Enquiry (`/cars/<slug>#enquire`) lands without JavaScript (the title,
 * price and action buttons: Enquire Now to the contact page, Call Now, Book a Test Drive); with it, the Enquire dialog
 * opens over them. The sidebar itself, not its buttons: it is sticky on wide screens, and the browser scrolls to its
 * place at the top of the page (a target inside it would scroll the page far down).
 */
export const ENQUIRE_TARGET_ID = 'enquire';

/**
 * When the car page's small islands load (issue 19, contracts `engaged`): at the shopper's first scroll, pointer, touch
 * or key on the page, so a first visit downloads no island code (nor React) and a person using the page has them
 * ready by the time they reach for one; a click made while they load is held and made again (the shell's client).
 * A dialog's button also loads at once when the address names its dialog (`#enquire`), which it then opens.
 */
export function engagedWhen(hashes: readonly string[] = []): IslandTrigger[] {
  return [{ kind: 'engaged' }, ...hashes.map((name) => ({ kind: 'hash' as const, name }))];
}

/** The id of the car page's view beacon, named in the ViewCount island's props. */
export const VIEW_BEACON_ID = 'fv-view';

/**
 * What the car page records as soon as it is seen (contracts BEACON_ATTR, sent by the shell's light client at load,
 * issue 19): the view (spec §7 `view.json`, whose answer the ViewCount island shows once it loads), analytics event 4
 * for a used car, and the car put first in the viewed-cars list (spec §3; at most VIEWED_LIMIT, then contracts VIEWED_LIST_EVENT).
 * Not left to the ViewCount island, which loads on `engaged`: a shopper who reads without scrolling is counted too.
 * The same for every shopper (the page is shared and cached).
 */
export function viewBeacon(car: Car, website: string, pagePath: string): Beacon {
  const q = new URLSearchParams({ photos_count: String(car.photos_count ?? car.images.length), updated_at: car.created_at, website_id: website });
  const send: Beacon['send'] = [{ path: `/api/cars/${encodeURIComponent(car.slug)}/view.json?${q}` }];
  if (car.car_type === 'used') send.push({ path: ANALYTICS_PATH, method: 'POST', body: { event_id: ANALYTICS_EVENTS.USED_CAR_VIEW, page: pagePath, car_id: car.id } });
  const item = { id: car.id, stocknum: car.stocknum ?? null, make: car.make, model: car.model, body: car.body ?? null, simple_body: car.simple_body ?? null };
  return { send, push: { key: STORAGE_KEYS.viewed, item, limit: VIEWED_LIMIT, event: VIEWED_LIST_EVENT } };
}

/** The car page's sidebar (spec §2 Vehicle detail page, §4): title, price, weekly estimate, tools and the action buttons. */
/** Save / Saved shows what this browser holds: with saved cars stored it loads at once, as before issue 19. */
const FAVE_WHEN: IslandTrigger[] = [...engagedWhen(), { kind: 'storage', key: STORAGE_KEYS.favourites }, { kind: 'storage', key: STORAGE_KEYS.watchlist }];

/** The car page's path for analytics (`page`), from its absolute address. */
const pagePath = (pageUrl: string, slug: string) => {
  try {
    return new URL(pageUrl).pathname;
  } catch {
    return `/cars/${slug}`;
  }
};

export function VehicleSidebar({ car, config, purchasable, sold, weekly, phone, buttons, pageUrl, financeHref, tradeInHref, image, city, shareable, locationLink = null, dialogHashes = {} }: VehicleSidebarProps) {
  const f = config.features;
  const price = priceDisplay(car);
  const below = belowMarketBy(car);
  return (
    <aside className="fv-vdp__side fc-card" id={ENQUIRE_TARGET_ID} aria-label="Price and actions">
      <p className="fv-side__kicker">
        {car.year} {car.make} {car.model}
      </p>
      <h1 className="fv-side__title">{car.name}</h1>
      {car.badge || car.series ? <p className="fv-side__badge">{[car.badge, car.series].filter(Boolean).join(' · ')}</p> : null}
      {car.certified ? (
        <p className="fv-certified">
          <span className="fv-certified__badge">Certified Pre-Owned</span>{' '}
          <Island remote="mf-vehicle" as="span" module="DialogButton" id="fv-certified-open" when={engagedWhen()} component={DialogButton} props={{ dialog: 'fv-certified', label: 'What is this?', href: '#fv-certified-info', className: 'fv-link' }} />
        </p>
      ) : null}
      {car.reserved ? <p className="fv-tag">Reserved</p> : null}
      <div className="fv-price">
        {price.kind === 'offer' && price.was ? (
          <p className="fv-price__was">
            Was <s>{formatAud(price.was)}</s>
          </p>
        ) : null}
        <p className="fv-price__now">
          <strong>{price.text}</strong> {car.price_type && (price.kind === 'price' || price.kind === 'offer') ? <span className="fv-price__type">{car.price_type}</span> : null}
        </p>
        {price.kind === 'offer' && price.was ? <p className="fv-price__reduced">{`Reduced by ${formatAud(price.was - price.amount)}`}</p> : null}
        {below && purchasable ? <p className="fv-below-market">{`${formatAud(below)} below market average`}</p> : null}
        {weekly ? (
          <p className="fv-weekly">
            Est. <strong>{weekly}</strong>{' '}
            <a href="#financeDisclaimer" className="fv-link">
              See disclaimer
            </a>
          </p>
        ) : null}
      </div>
      <p className="fv-side__meta">
        {locationLink ? <a href={locationLink.href}>{locationLink.name}</a> : city ? <span>{city}</span> : null}{' '}
        <Island
          remote="mf-vehicle"
          as="span"
          module="ViewCount"
          id="fv-views"
          when={engagedWhen()}
          component={ViewCount}
          props={{ slug: car.slug, car: { id: car.id, stocknum: car.stocknum ?? null, make: car.make, model: car.model, body: car.body ?? null, simple_body: car.simple_body ?? null, car_type: car.car_type }, photosCount: car.photos_count ?? car.images.length, updatedAt: car.created_at, website: config.slug, views: car.views ?? null, beacon: VIEW_BEACON_ID }}
        />
        <script {...beaconScriptProps(VIEW_BEACON_ID, viewBeacon(car, config.slug, pagePath(pageUrl, car.slug)))} />
      </p>
      <ul className="fv-tools" aria-label="Car tools">
        {shareable ? (
          <li>
            <a className="fv-tool" href="#share">
              Share
            </a>
          </li>
        ) : null}
        {f.watchlist || (f.favourites && purchasable) ? (
          // With the watchlist switch a sold car keeps the island: it shows Saved to a shopper who saved it (spec §4).
          <li>
            <Island remote="mf-vehicle" module="FaveButton" id="fv-fave" when={FAVE_WHEN} component={FaveButton} props={{ car: { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: image }, watchlist: f.watchlist, available: !sold }} />
          </li>
        ) : null}
        <li>
          <a className="fv-tool" href={`/print?car_id=${encodeURIComponent(car.slug)}`} target="_blank" rel="noopener">
            Print
          </a>
        </li>
      </ul>
      <div className="fv-buttons">
        {buttons.map((b) => {
          switch (b) {
            case 'reserve':
              return (
                <a key={b} className="fc-btn fc-btn--primary" href={`/cars/${car.slug}/checkout`}>
                  Reserve Car Now
                </a>
              );
            case 'enquire':
              return <Island key={b} remote="mf-vehicle" module="DialogButton" id="fv-enquire-open" when={engagedWhen(dialogHashes.enquire)} component={DialogButton} props={{ dialog: DIALOG_IDS.enquire, label: 'Enquire Now', href: '/contact', className: 'fc-btn fc-btn--primary', hashes: dialogHashes.enquire ?? [] }} />;
            case 'instant-message':
              return (
                <a key={b} className="fc-btn fc-btn--primary" href={`sms:${telHref(phone).slice(4)}?&body=${encodeURIComponent(`Hi, I'm interested in the ${car.name} (${pageUrl})`)}`}>
                  Instant Message
                </a>
              );
            case 'call':
              return (
                <a key={b} className="fc-btn" href={telHref(phone)}>
                  Call Now
                </a>
              );
            case 'test-drive':
              return <Island key={b} remote="mf-vehicle" module="DialogButton" id="fv-test-drive-open" when={engagedWhen(dialogHashes['test-drive'])} component={DialogButton} props={{ dialog: DIALOG_IDS['test-drive'], label: 'Book a Test Drive', href: `/book-test-drive?car_id=${encodeURIComponent(car.slug)}`, hashes: dialogHashes['test-drive'] ?? [] }} />;
            case 'finance':
              return (
                <a key={b} className="fc-btn" href={financeHref}>
                  Get Finance
                </a>
              );
            case 'trade-in':
              return (
                <a key={b} className="fc-btn" href={tradeInHref!}>
                  Trade-In Valuation
                </a>
              );
            case 'history-report':
              return <Island key={b} remote="mf-vehicle" module="TrackedLink" id="fv-history" when={engagedWhen()} component={TrackedLink} props={{ href: car.file!.url, label: 'Car History Report', event: 'HISTORY_REPORT' as const, carId: car.id }} />;
          }
        })}
      </div>
      {!sold ? (
        <p className="fv-side__more">
          <Island remote="mf-vehicle" as="span" module="DialogButton" id="fv-photos-open" when={engagedWhen(dialogHashes['request-photos'])} component={DialogButton} props={{ dialog: DIALOG_IDS['request-photos'], label: 'Request Photos', href: '/contact', className: 'fv-link', hashes: dialogHashes['request-photos'] ?? [] }} />
        </p>
      ) : null}
    </aside>
  );
}
