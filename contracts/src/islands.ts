/**
 * Attribute builders for server-rendered islands, so every remote marks islands identically without sharing React
 * code: the container carries `data-island="<remote>/<Module>"`, and its props sit in a JSON script beside it
 * (outside the container, so hydration sees only the component's own markup).
 */
import * as v from 'valibot';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, serializeIslandProps } from './fragments.ts';
import type { RemoteName } from './tenant.ts';
import type { EventName } from './events.ts';

/**
 * When an island's code is loaded (first-visit JavaScript is a budget): without this attribute, at once. With it,
 * only once one of its triggers holds; until then its server HTML stands as it is (so it must be right without
 * JavaScript, e.g. a saved-cars count of 0 when nothing is saved):
 *  - `storage:<key>`: the browser already holds something under that localStorage key (not empty, not `[]`);
 *  - `event:<name>`: that browser event fired on this page (contracts/events, e.g. `favourites.changed.v1`);
 *  - `visible`: the island came within 500px of the viewport;
 *  - `interaction`: the shopper points at, touches or moves focus into the island. For a page-sized island whose server
 *    HTML already works (links and GET forms), so loading a page costs no hydration at all: the locations list
 *    (issue 17, Lighthouse TBT), hydrated by the time a pointer or the Tab key reaches its controls.
 *  - `engaged`: the shopper scrolls, points, touches or presses a key anywhere on the page (issue 19: the first sign of
 *    a person using the page). For an island whose work follows the shopper's use of the page rather than a touch of
 *    its own (the car page's view count and sticky bar, small dialog buttons): loading a page costs no island code,
 *    and one scroll or mouse move brings them all.
 *  - `hash:<name>`: the address's hash is `#<name>`, on load or later (a search card's Quick Enquiry lands on
 *    `/cars/<slug>#enquire`: the button that opens that dialog loads at once).
 */
export const ISLAND_WHEN_ATTR = 'data-island-when';

export type IslandTrigger = { kind: 'storage'; key: string } | { kind: 'event'; name: string } | { kind: 'visible' } | { kind: 'interaction' } | { kind: 'engaged' } | { kind: 'hash'; name: string };

const STORAGE_KEY = /^forecourt:[a-z0-9:-]+$/;
const EVENT_NAME = /^[a-z]+(?:\.[a-z]+)*\.v\d+$/;
const HASH_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** `storage:forecourt:favourites event:favourites.changed.v1` -> triggers; unknown or malformed words are dropped. */
export function parseIslandWhen(value: string | null | undefined): IslandTrigger[] {
  const triggers: IslandTrigger[] = [];
  for (const word of (value ?? '').split(/\s+/)) {
    if (word === 'visible') triggers.push({ kind: 'visible' });
    else if (word === 'interaction') triggers.push({ kind: 'interaction' });
    else if (word === 'engaged') triggers.push({ kind: 'engaged' });
    else if (word.startsWith('hash:') && HASH_NAME.test(word.slice(5))) triggers.push({ kind: 'hash', name: word.slice(5) });
    else if (word.startsWith('storage:') && STORAGE_KEY.test(word.slice(8))) triggers.push({ kind: 'storage', key: word.slice(8) });
    else if (word.startsWith('event:') && EVENT_NAME.test(word.slice(6))) triggers.push({ kind: 'event', name: word.slice(6) });
  }
  return triggers;
}

const formatTrigger = (t: IslandTrigger) => (t.kind === 'visible' || t.kind === 'interaction' || t.kind === 'engaged' ? t.kind : t.kind === 'storage' ? `storage:${t.key}` : t.kind === 'hash' ? `hash:${t.name}` : `event:${t.name}`);

/**
 * Island mode, read by the shell's client: `client` marks an island whose server HTML is a stand-in (a form rendered
 * by another part, a placeholder list): the client replaces it with createRoot instead of hydrating it, so the
 * server markup and the island's version never need to match.
 */
export const ISLAND_MODE_ATTR = 'data-island-mode';
export type IslandMode = 'hydrate' | 'client';

/**
 * Every island of the platform, by the remote that exposes it (its Module Federation `exposes`: `./<Module>`; a test
 * in dev/ checks each remote's vite.config.mjs against this list). `data-island="<remote>/<Module>"` can only name one
 * of these, and the shell's client loads it as `<remote>/<Module>` from that remote's entry.
 */
export const ISLANDS = {
  'mf-search': ['SearchResults', 'SimilarCars', 'StockStrip'],
  'mf-vehicle': [
    'DeliveryCalculator', 'DialogButton', 'FaveButton', 'FuelCalculator', 'LocatedAt', 'MarketPrice', 'PhoneReveal', 'PrintActions',
    'ShareBar', 'StickyBar', 'TrackedLink', 'ViewCount', 'ImageGallery', 'SpinViewer', 'ReserveForm', 'PaymentStatus', 'TradeInJourney',
  ],
  'mf-locations': ['LocationsCarousel', 'LocationsList', 'LocationPanel'],
  'mf-finance': ['FinanceSteps', 'FinanceCalculator', 'PreApproval'],
  'mf-account': ['HeaderAccount', 'SavedCars', 'CompareCars', 'MergeFavourites', 'LeadForm', 'LeadSuccess', 'SignIn'],
} as const satisfies Record<RemoteName, readonly string[]>;
export type IslandModule<R extends RemoteName> = (typeof ISLANDS)[R][number];

/**
 * Props of `mf-search/SimilarCars`: what the carousel is similar to, a car (the car page, where mf-search's own
 * `similarCars` slot renders it) or a search page with its query (empty search), an optional heading ('Similar cars'
 * for a car, 'You might also like' for a search) and the links shown when loading fails (default: the stock-type search
 * pages). A page that embeds it takes the slot (contracts SLOTS.similarCars), which brings its markup and stylesheet.
 */
export const SimilarCarsIslandPropsSchema = v.object({
  source: v.union([v.object({ slug: v.string() }), v.object({ path: v.string(), query: v.string() })]),
  heading: v.optional(v.string()),
  fallbackLinks: v.optional(v.array(v.object({ label: v.string(), href: v.string() }))),
});
export type SimilarCarsIslandProps = v.InferOutput<typeof SimilarCarsIslandPropsSchema>;
/** What the similar-cars carousel is similar to: `{ slug }` of a car, or `{ path, query }` of a search page. */
export type SimilarSource = SimilarCarsIslandProps['source'];

/** `mf-account/LeadForm`: the value of an island's `data-island` attribute. */
export function islandName<R extends RemoteName>(remote: R, module: IslandModule<R>): `${R}/${IslandModule<R>}` {
  return `${remote}/${module}`;
}

export function islandContainerProps<R extends RemoteName>(remote: R, module: IslandModule<R>, id: string, options: { when?: IslandTrigger[]; mode?: IslandMode } = {}) {
  const base: Record<string, string> = { id, [ISLAND_ATTR]: islandName(remote, module), className: 'fc-island' };
  if (options.when?.length) base[ISLAND_WHEN_ATTR] = options.when.map(formatTrigger).join(' ');
  if (options.mode === 'client') base[ISLAND_MODE_ATTR] = 'client';
  return base;
}

/**
 * A beacon (issue 19): what a page records as soon as it is seen, sent by the shell's light client (no React, no island
 * code) at load, or when a page loaded in the background becomes visible, once. For what must not wait for an island's
 * trigger: the car page's view count (spec §7 `view.json`), its analytics event 4 and the viewed-cars list are recorded
 * for every shopper who sees the page, also one who reads it without scrolling or touching it, while the count's
 * display (the ViewCount island) still loads on `engaged`. A `<script type="application/json" data-beacon="<id>">`
 * holding a `Beacon`:
 *  - `send`: same-origin API requests (path starting with one `/`), GET or POST (a POST's `body` sent as JSON,
 *    `keepalive` so a shopper leaving at once still counts);
 *  - `push`: a bounded list in localStorage (a STORAGE_KEYS key): `item` put first, any item with its `id` removed,
 *    cut to `limit`; then `event` dispatched on window with `{ [field]: list }` (contracts/events payload).
 * The answer of the first `send` (its JSON, or null when it failed) is kept for the page under
 * `window[BEACON_ANSWERS_GLOBAL][<id>]` (a promise), so an island showing it (ViewCount) does not ask again.
 */
export const BEACON_ATTR = 'data-beacon';
/** The window property where the light client keeps each beacon's answer (a promise of its first request's JSON). */
export const BEACON_ANSWERS_GLOBAL = '__forecourtBeacons';
export type BeaconRequest = { path: string; method?: 'GET' | 'POST'; body?: unknown };
export type Beacon = {
  send: BeaconRequest[];
  push?: { key: string; item: { id: string | number } & Record<string, unknown>; limit: number; event?: { name: string; field: string } };
};
/**
 * The event a beacon's viewed-cars push dispatches (contracts/events `viewed.changed.v1`, payload `{ viewed }`), named
 * here once: a part never writes an event name outside `emit`/`on` (events.test.ts), and the light client dispatches
 * what the beacon carries.
 */
export const VIEWED_LIST_EVENT = { name: 'viewed.changed.v1', field: 'viewed' } as const satisfies { name: EventName; field: string };
/** A beacon's answer as an island reads it: the promise the light client left, or undefined when none was sent. */
export function beaconAnswer(id: string, win: object = globalThis): Promise<unknown> | undefined {
  const answers = (win as Record<string, unknown>)[BEACON_ANSWERS_GLOBAL] as Record<string, Promise<unknown>> | undefined;
  return answers?.[id];
}
/** Props of a beacon's `<script>` (JSON escaped as island props are). */
export function beaconScriptProps(id: string, beacon: Beacon) {
  return { type: 'application/json', [BEACON_ATTR]: id, dangerouslySetInnerHTML: { __html: serializeIslandProps(beacon) } } as const;
}

export function islandPropsScriptProps(id: string, props: unknown) {
  return { type: 'application/json', [ISLAND_PROPS_ATTR]: id, dangerouslySetInnerHTML: { __html: serializeIslandProps(props) } } as const;
}
