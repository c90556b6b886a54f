/**
 * Cross-remote browser events: versioned `CustomEvent`s on `window` with valibot payload schemas
 * (ARCHITECTURE.md "Browser events"). A changed payload shape needs a new version (`.v2`), never an edit:
 * the JSON Schema snapshot test fails on an edit.
 */
import * as v from 'valibot';
import { CAR_STATUSES, CAR_TYPES } from './entities/car.ts';
import { IdSchema } from './entities/common.ts';
import { FinanceCalculatorStateSchema } from './entities/finance.ts';
import { FavouriteEntrySchema, ViewedCarSchema } from './browser-storage.ts';
import { SearchRequestSchema } from './search.ts';
import type { RouteOwner } from './routes.ts';

/** Who changed a list and how; the full list travels too, so a late listener needs no history. */
const ListChange = v.object({ action: v.picklist(['add', 'remove', 'clear']), id: v.optional(IdSchema) });

export const EVENT_SCHEMAS = {
  /** The local favourites list changed (spec §3 browser-stored favourites). */
  'favourites.changed.v1': v.object({
    favourites: v.array(FavouriteEntrySchema),
    change: v.optional(ListChange),
  }),
  /** The server watchlist changed for the signed-in user (spec §4 Watchlist toggle). */
  'watchlist.changed.v1': v.object({
    ids: v.array(IdSchema),
    change: v.optional(v.object({ action: v.picklist(['save', 'remove']), car_id: IdSchema, success: v.boolean() })),
  }),
  /** The compare list changed. */
  'compare.changed.v1': v.object({
    cars: v.array(FavouriteEntrySchema),
    change: v.optional(ListChange),
  }),
  /** A lead form was accepted by the server (spec §4 Multi-step lead form). */
  'lead.submitted.v1': v.object({
    lead_id: IdSchema,
    category: v.string(),
    subcategory: v.optional(v.string()),
    /** Analytics event id recorded for it (spec §7). */
    event_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
    car_id: v.optional(IdSchema),
    car_type: v.optional(v.picklist(CAR_TYPES)),
    vehicle_status: v.optional(v.picklist(CAR_STATUSES)),
  }),
  /** A finance calculator input changed; `first` marks the first interaction (analytics 26). */
  'finance.calculator.used.v1': v.object({
    state: FinanceCalculatorStateSchema,
    /** Repayment per period for `state.frequency`, in dollars. */
    payment: v.nullable(v.number()),
    car_id: v.optional(IdSchema),
    first: v.boolean(),
  }),
  /** The search refinements or results changed. */
  'search.changed.v1': v.object({
    path: v.pipe(v.string(), v.startsWith('/')),
    request: SearchRequestSchema,
    count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
  /** The list of viewed cars changed (a vehicle page was viewed). */
  'viewed.changed.v1': v.object({ viewed: v.array(ViewedCarSchema) }),
} as const;

export type EventName = keyof typeof EVENT_SCHEMAS;
export const EVENT_NAMES = Object.keys(EVENT_SCHEMAS) as EventName[];
export type EventPayload<N extends EventName> = v.InferOutput<(typeof EVENT_SCHEMAS)[N]>;
export type EventPayloadInput<N extends EventName> = v.InferInput<(typeof EVENT_SCHEMAS)[N]>;
/** What the lead-form kit announces after a lead went through. */
export type LeadSubmittedInput = EventPayloadInput<'lead.submitted.v1'>;

/**
 * What each part emits (ARCHITECTURE.md: each remote declares what it emits and consumes). Kept truthful to the code:
 * src/events.test.ts scans every part's sources for `emit('<name>'` / `on('<name>'` and fails on any difference,
 * except declarations listed there as PLANNED_EVENTS with the issue that will add the call.
 */
export const EVENT_PRODUCERS = {
  shell: [],
  /**
   * Favourite and compare toggles on cards; the cards' watchlist Save / Saved (through contracts/src/watchlist-client.ts
   * and ui's useWatchlist, the toggle's one implementation); refinements (planned).
   */
  'mf-search': ['favourites.changed.v1', 'compare.changed.v1', 'watchlist.changed.v1', 'search.changed.v1'],
  /** Fave, the watchlist toggle (as mf-search's), viewed cars. */
  'mf-vehicle': ['favourites.changed.v1', 'watchlist.changed.v1', 'viewed.changed.v1'],
  'mf-locations': [],
  'mf-finance': ['finance.calculator.used.v1'],
  /**
   * Removing a car on the saved cars page or from the comparison; every lead form on the platform is mf-account's
   * kit (issue 4), so lead.submitted.v1 comes from here whichever remote hosts the form.
   */
  'mf-account': ['favourites.changed.v1', 'compare.changed.v1', 'watchlist.changed.v1', 'lead.submitted.v1'],
} as const satisfies Record<RouteOwner, readonly EventName[]>;

/** What each part listens for (same rule as EVENT_PRODUCERS). */
export const EVENT_CONSUMERS = {
  /** Analytics of the finance calculator's first use (planned). The /success page reads the kit's stored car context. */
  shell: ['finance.calculator.used.v1'],
  /** Favourite, compare and watchlist state of the cards. */
  'mf-search': ['favourites.changed.v1', 'compare.changed.v1', 'watchlist.changed.v1'],
  'mf-vehicle': ['favourites.changed.v1', 'watchlist.changed.v1', 'finance.calculator.used.v1'],
  'mf-locations': [],
  'mf-finance': [],
  /** The header's saved-cars count (device favourites, or the watchlist), the saved cars page and the comparison. */
  'mf-account': ['favourites.changed.v1', 'compare.changed.v1', 'watchlist.changed.v1'],
} as const satisfies Record<RouteOwner, readonly EventName[]>;

function defaultTarget(): EventTarget {
  if (typeof window === 'undefined') throw new Error('No window: pass an EventTarget to emit/on');
  return window;
}

/**
 * Validates and dispatches a browser event. An invalid payload is logged and not dispatched.
 * @returns whether the event was dispatched
 * @example emit('favourites.changed.v1', { favourites })
 */
export function emit<N extends EventName>(name: N, payload: EventPayloadInput<N>, target: EventTarget = defaultTarget()): boolean {
  const result = v.safeParse(EVENT_SCHEMAS[name], payload);
  if (!result.success) {
    console.error(`[events] ${name}: invalid payload not dispatched`, v.flatten(result.issues));
    return false;
  }
  return target.dispatchEvent(new CustomEvent(name, { detail: result.output }));
}

/**
 * Listens for a browser event; payloads that fail validation are logged and not handed to the handler.
 * @returns a function that removes the listener
 * @example const off = on('favourites.changed.v1', ({ favourites }) => setCount(favourites.length))
 */
export function on<N extends EventName>(name: N, handler: (payload: EventPayload<N>) => void, target: EventTarget = defaultTarget()): () => void {
  const listener = (event: Event) => {
    const result = v.safeParse(EVENT_SCHEMAS[name], (event as CustomEvent<unknown>).detail);
    if (!result.success) {
      console.error(`[events] ${name}: invalid payload ignored`, v.flatten(result.issues));
      return;
    }
    handler(result.output as EventPayload<N>);
  };
  target.addEventListener(name, listener);
  return () => target.removeEventListener(name, listener);
}
