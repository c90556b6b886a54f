/**
 * The Watchlist toggle in the browser (spec §4 Watchlist toggle, §6, §7, §8 Watchlist failure; issue 16), shared by
 * every card and car page that shows Save / Saved (mf-search's cards, mf-vehicle's sidebar). edge-api owns the list
 * (WATCHLIST_API); this module owns the browser side of the one rule set, so the two remotes cannot drift:
 * - the signed-in shopper's list is cached in localStorage (`forecourt:watchlist`: phone and ids), so a page shows
 *   Saved at once and never asks the server for a visitor who has not signed in;
 * - a change is applied optimistically (`toggleReducer`), sent with the session's phone, then kept or undone;
 * - success: `watchlist.changed.v1` (every toggle and the header follow) and one toast with View List;
 * - failure: the error text in a browser alert (spec §8), the change undone, no toast;
 * - no session: the car is remembered for this tab (`forecourt:watchlist-pending`, sessionStorage) and the shopper goes
 *   to `/sign-in?type=watchlist&redirect=<here>`; back on the page, `resumePendingSave` saves it.
 */
import * as v from 'valibot';
import { STORAGE_KEYS } from './browser-storage.ts';
import { IdSchema } from './entities/common.ts';
import { REQUEST_TIMEOUT_MS, TOAST_MS } from './constants.ts';
import { WATCHLIST_API, WatchlistIdsResponseSchema } from './api.ts';
import { emit } from './events.ts';
import { signInPath } from './routes.ts';
import { SessionResponseSchema, SIGN_IN_API } from './sign-in.ts';

/** Spec §4 texts (the toast titles and descriptions verbatim). */
export const WATCHLIST_TEXTS = {
  save: 'Save',
  saved: 'Saved',
  savedTitle: 'Car Saved In Watchlist',
  removedTitle: 'Car Removed',
  viewList: 'View List',
  failed: 'An unknown error occurred.',
} as const;
export const savedDescription = (name: string) => `${name} is now available in your watchlist`;
export const removedDescription = (name: string) => `${name} is no longer in your watchlist`;
/** Where View List goes (mf-account's watchlist page). */
export const WATCHLIST_PAGE = '/watchlist';
/** Spec §9: a toast shows for 3 s, one at a time. */
export const WATCHLIST_TOAST_MS = TOAST_MS;
/** sessionStorage key of a save waiting for sign-in (this tab only). */
export const PENDING_SAVE_KEY = 'forecourt:watchlist-pending';
/** A pending save older than this is dropped (the shopper gave up signing in). */
export const PENDING_SAVE_TTL_MS = 30 * 60 * 1000;

const CacheSchema = v.object({ phone: v.string(), ids: v.array(IdSchema) });
export type WatchlistCache = v.InferOutput<typeof CacheSchema>;
const PendingSchema = v.object({ id: IdSchema, name: v.string(), at: v.number() });
export type PendingSave = v.InferOutput<typeof PendingSchema>;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The cached list of the signed-in shopper, or null (signed out, never signed in here, or unreadable). */
export function readWatchlistCache(storage: Pick<Storage, 'getItem'> | null): WatchlistCache | null {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.watchlist);
    if (!raw) return null;
    const parsed = v.safeParse(CacheSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Stores (or with null, forgets) the cached list; a refused write is ignored (the page still applies the change). */
export function writeWatchlistCache(storage: Store | null, cache: WatchlistCache | null): void {
  try {
    if (cache) storage?.setItem(STORAGE_KEYS.watchlist, JSON.stringify(cache));
    else storage?.removeItem(STORAGE_KEYS.watchlist);
  } catch {
    /* storage full or blocked */
  }
}

export function readPendingSave(storage: Pick<Storage, 'getItem'> | null, now: number): PendingSave | null {
  try {
    const raw = storage?.getItem(PENDING_SAVE_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(PendingSchema, JSON.parse(raw));
    return parsed.success && now - parsed.output.at <= PENDING_SAVE_TTL_MS && parsed.output.at <= now ? parsed.output : null;
  } catch {
    return null;
  }
}

const writePending = (storage: Store | null, pending: PendingSave | null) => {
  try {
    if (pending) storage?.setItem(PENDING_SAVE_KEY, JSON.stringify(pending));
    else storage?.removeItem(PENDING_SAVE_KEY);
  } catch {
    /* blocked */
  }
};

// The toggle's state machine ------------------------------------------------

export type ToggleState = { saved: boolean; busy: boolean };
export type ToggleEvent = { type: 'click' } | { type: 'done' } | { type: 'failed' } | { type: 'sync'; saved: boolean };

/**
 * click: flips at once (optimistic) and disables the button; done: keeps it; failed: undoes it; sync: the list changed
 * elsewhere (ignored while busy: the answer under way decides). A click while busy changes nothing.
 */
export function toggleReducer(state: ToggleState, event: ToggleEvent): ToggleState {
  switch (event.type) {
    case 'click':
      return state.busy ? state : { saved: !state.saved, busy: true };
    case 'done':
      return { saved: state.saved, busy: false };
    case 'failed':
      return state.busy ? { saved: !state.saved, busy: false } : state;
    case 'sync':
      return state.busy ? state : { saved: event.saved, busy: false };
  }
}

/** Spec §4: a sold (unavailable) car shows no Save button unless it is already saved. */
export const showWatchlistToggle = (available: boolean, saved: boolean): boolean => available || saved;

// Talking to edge-api -------------------------------------------------------

export type WatchlistCar = { id: string; name: string };
export type ToastRequest = { title: string; description: string; action: { label: string; href: string } };

export type WatchlistDeps = {
  fetch: typeof fetch;
  local: Store | null;
  session: Store | null;
  /** The page's path and query (the sign-in's way back). */
  here: () => string;
  go: (href: string) => void;
  alert: (message: string) => void;
  toast: (toast: ToastRequest) => void;
  now: () => number;
  /** Where the change event goes (window in the browser). */
  target?: EventTarget;
};

/** The browser's defaults; `toast` is the caller's (the ui package draws it). */
export function browserDeps(toast: (t: ToastRequest) => void): WatchlistDeps {
  const store = (name: 'localStorage' | 'sessionStorage'): Store | null => {
    try {
      return typeof window === 'undefined' ? null : window[name];
    } catch {
      return null;
    }
  };
  return {
    fetch: (...args) => fetch(...args),
    local: store('localStorage'),
    session: store('sessionStorage'),
    here: () => `${location.pathname}${location.search}`,
    go: (href) => location.assign(href),
    alert: (message) => window.alert(message),
    toast,
    now: Date.now,
  };
}

const jsonInit = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify(body),
  credentials: 'same-origin',
  signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
});

/** The signed-in shopper's phone and list (from edge-api), cached; null when nobody is signed in here. */
export async function refreshWatchlist(deps: WatchlistDeps): Promise<WatchlistCache | null> {
  try {
    const session = await deps.fetch(SIGN_IN_API.session, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (session.status === 401) {
      // Signed out since (elsewhere, or the session expired): forget the list, and say so to the header and toggles.
      const had = readWatchlistCache(deps.local) !== null;
      writeWatchlistCache(deps.local, null);
      if (had) emit('watchlist.changed.v1', { ids: [] }, deps.target);
      return null;
    }
    const user = v.safeParse(SessionResponseSchema, session.ok ? await session.json() : null);
    if (!user.success) return readWatchlistCache(deps.local);
    const list = await deps.fetch(WATCHLIST_API.list, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const ids = v.safeParse(WatchlistIdsResponseSchema, list.ok ? await list.json() : null);
    const cache = { phone: user.output.user.phone, ids: ids.success ? ids.output.ids : [] };
    writeWatchlistCache(deps.local, cache);
    emit('watchlist.changed.v1', { ids: cache.ids }, deps.target);
    return cache;
  } catch {
    return readWatchlistCache(deps.local);
  }
}

export type ToggleOutcome = 'saved' | 'removed' | 'sign-in' | 'failed';

/**
 * Saves (`save` true) or removes a car for the signed-in shopper. The caller has already flipped its button
 * (`toggleReducer` click) and applies `done` for 'saved' / 'removed', `failed` otherwise ('sign-in' leaves the page).
 */
export async function changeWatchlist(car: WatchlistCar, save: boolean, deps: WatchlistDeps): Promise<ToggleOutcome> {
  const cache = readWatchlistCache(deps.local) ?? (await refreshWatchlist(deps));
  if (!cache) return toSignIn(car, save, deps);
  let status = 0;
  let error: string | undefined;
  try {
    const res = await deps.fetch(save ? WATCHLIST_API.save : WATCHLIST_API.remove, jsonInit({ phone_number: cache.phone, car_id: car.id }));
    status = res.status;
    const body = (await res.json().catch(() => null)) as { success?: unknown; error?: unknown } | null;
    if (res.ok && body?.success === true) {
      const ids = save ? [car.id, ...cache.ids.filter((id) => id !== car.id)] : cache.ids.filter((id) => id !== car.id);
      writeWatchlistCache(deps.local, { phone: cache.phone, ids });
      emit('watchlist.changed.v1', { ids, change: { action: save ? 'save' : 'remove', car_id: car.id, success: true } }, deps.target);
      deps.toast({
        title: save ? WATCHLIST_TEXTS.savedTitle : WATCHLIST_TEXTS.removedTitle,
        description: save ? savedDescription(car.name) : removedDescription(car.name),
        action: { label: WATCHLIST_TEXTS.viewList, href: WATCHLIST_PAGE },
      });
      return save ? 'saved' : 'removed';
    }
    error = typeof body?.error === 'string' ? body.error : undefined;
  } catch {
    /* network failure or timeout: the generic text below */
  }
  // The session ended (or belongs to another phone now): forget the cache and sign in again.
  if (status === 401 || status === 403) {
    writeWatchlistCache(deps.local, null);
    if (save) return toSignIn(car, save, deps);
  }
  emit('watchlist.changed.v1', { ids: cache.ids, change: { action: save ? 'save' : 'remove', car_id: car.id, success: false } }, deps.target);
  deps.alert(error ?? WATCHLIST_TEXTS.failed);
  return 'failed';
}

function toSignIn(car: WatchlistCar, save: boolean, deps: WatchlistDeps): ToggleOutcome {
  if (!save) return 'failed';
  writePending(deps.session, { id: car.id, name: car.name, at: deps.now() });
  deps.go(signInPath('watchlist', deps.here()));
  return 'sign-in';
}

/**
 * Back from sign-in: saves the car the shopper asked for before signing in (once; the pending entry is removed
 * first, so a reload never saves twice). Answers the outcome, or null when nothing was pending.
 */
export async function resumePendingSave(deps: WatchlistDeps): Promise<ToggleOutcome | null> {
  const pending = readPendingSave(deps.session, deps.now());
  if (!pending) return null;
  writePending(deps.session, null);
  const cache = await refreshWatchlist(deps);
  // Still signed out (the shopper came back without signing in): nothing to do, no second trip to sign-in.
  if (!cache) return null;
  if (cache.ids.includes(pending.id)) return 'saved';
  return changeWatchlist(pending, true, deps);
}
