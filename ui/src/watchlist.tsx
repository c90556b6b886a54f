/**
 * `useWatchlist`: the server watchlist's state for the Save / Saved toggles of one island (a results grid, a strip, a
 * car page's sidebar), on top of contracts/src/watchlist-client.ts (the rules and the calls). Per car: saved and busy
 * (`toggleReducer`: optimistic flip, disabled while the answer is on its way, undone on failure). Follows changes made
 * elsewhere (`watchlist.changed.v1`, other tabs' storage), checks the list with edge-api at most once a minute while
 * this browser is signed in, and finishes a save that waited for sign-in.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { WATCHLIST_API } from '@forecourt/contracts/api';
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { on } from '@forecourt/contracts/events';
import {
  browserDeps, changeWatchlist, readWatchlistCache, refreshWatchlist, resumePendingSave, toggleReducer,
  WATCHLIST_PAGE, type WatchlistCar, type WatchlistDeps,
} from '@forecourt/contracts/watchlist-client';
import { showToast } from './toast.tsx';

/** sessionStorage: when this tab last checked the list with edge-api. */
const CHECKED_KEY = 'forecourt:watchlist-checked';
const CHECK_EVERY_MS = 60_000;

export type WatchlistState = {
  saved: ReadonlySet<string>;
  busy: ReadonlySet<string>;
  toggle: (car: WatchlistCar) => void;
};

function shouldCheck(deps: WatchlistDeps): boolean {
  try {
    const last = Number(deps.session?.getItem(CHECKED_KEY) ?? 0);
    if (deps.now() - last < CHECK_EVERY_MS) return false;
    deps.session?.setItem(CHECKED_KEY, String(deps.now()));
  } catch {
    /* blocked storage: check */
  }
  return true;
}

/** @param enabled the tenant's `watchlist` switch (off: no state, no calls). */
export function useWatchlist(enabled: boolean, depsOverride?: WatchlistDeps): WatchlistState {
  const [saved, setSaved] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const busyRef = useRef(new Set<string>());
  const savedRef = useRef<ReadonlySet<string>>(saved);
  savedRef.current = saved;
  const depsRef = useRef<WatchlistDeps | null>(depsOverride ?? null);
  const deps = () => (depsRef.current ??= browserDeps((t) => showToast(t)));

  useEffect(() => {
    if (!enabled) return;
    const d = deps();
    const cache = readWatchlistCache(d.local);
    if (cache) setSaved(new Set(cache.ids));
    const offChange = on('watchlist.changed.v1', ({ ids }) => setSaved(new Set(ids)));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.watchlist) setSaved(new Set(readWatchlistCache(d.local)?.ids ?? []));
    };
    window.addEventListener('storage', onStorage);
    void (async () => {
      const resumed = await resumePendingSave(d);
      if (resumed === null && cache && shouldCheck(d)) await refreshWatchlist(d);
    })();
    return () => {
      offChange();
      window.removeEventListener('storage', onStorage);
    };
    // deps are stable for the island's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);

  const toggle = useCallback((car: WatchlistCar) => {
    if (!enabled) return;
    const before = { saved: savedRef.current.has(car.id), busy: busyRef.current.has(car.id) };
    const clicked = toggleReducer(before, { type: 'click' });
    if (clicked === before) return;
    const setOne = (id: string, on: boolean) => setSaved((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    busyRef.current.add(car.id);
    setBusy(new Set(busyRef.current));
    setOne(car.id, clicked.saved);
    void changeWatchlist(car, clicked.saved, deps()).then((outcome) => {
      if (outcome === 'sign-in') return;
      const after = toggleReducer(clicked, { type: outcome === 'failed' ? 'failed' : 'done' });
      busyRef.current.delete(car.id);
      setBusy(new Set(busyRef.current));
      setOne(car.id, after.saved);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);

  return { saved, busy, toggle };
}

/**
 * The toggle's form: without JavaScript a plain POST to edge-api's save-car (the car saved, or sign-in first, then the
 * watchlist page); with it, the island takes the submit over (`onToggle`). The caller draws the button inside.
 */
export function WatchlistForm({ carId, className, onToggle, children }: { carId: string; className: string; onToggle: () => void; children: ReactNode }) {
  return (
    <form
      className={className}
      method="post"
      action={WATCHLIST_API.save}
      onSubmit={(event) => {
        event.preventDefault();
        onToggle();
      }}
    >
      <input type="hidden" name="car_id" value={carId} />
      <input type="hidden" name="redirect" value={WATCHLIST_PAGE} />
      {children}
    </form>
  );
}
