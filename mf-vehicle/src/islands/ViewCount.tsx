import { useEffect, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { localStorageOrNull, parseStoredList, STORAGE_KEYS, ViewedCarSchema, type ViewedCar } from '@forecourt/contracts/browser-storage';
import { emit } from '@forecourt/contracts/events';
import { formatNumber } from '@forecourt/contracts/display';
import { track } from '@forecourt/contracts/track';
import { beaconAnswer } from '@forecourt/contracts/islands';

export type ViewCountProps = {
  slug: string;
  car: ViewedCar & { car_type: 'new' | 'used' | 'demo' };
  photosCount: number;
  updatedAt: string;
  website: string;
  /** Count known to the server render (the car's `views`), shown until the live count arrives. */
  views: number | null;
  /**
   * The page's view beacon (contracts BEACON_ATTR; VehicleSidebar `viewBeacon`): the shell's light client already
   * counted the view, sent analytics 4 and updated the viewed-cars list at load; the island only shows its answer.
   */
  beacon?: string;
};

/** Most recently viewed cars kept in the browser (spec §3 viewed cars). */
export const VIEWED_LIMIT = 20;

export function pushViewed(list: readonly ViewedCar[], car: ViewedCar, limit = VIEWED_LIMIT): ViewedCar[] {
  return [car, ...list.filter((c) => c.id !== car.id)].slice(0, limit);
}

/** The `views` of a view.json answer (contracts ViewJsonResponseSchema, checked by hand: the schema pulls the whole Car schema into this island). */
const viewsOf = (body: unknown): number | null => {
  const views = (body as { views?: unknown } | null)?.views;
  return typeof views === 'number' && Number.isInteger(views) && views >= 0 ? views : null;
};

/**
 * Shows the car's view count. With the page's view beacon (the shell counted the view at load) it shows that answer;
 * without one it counts this view itself (spec §7 `GET {api}/cars/{slug}/view.json`, kept in edge-api D1) and records
 * analytics 4 for a used car and the viewed-cars list (`viewed.changed.v1`).
 */
export default function ViewCount({ slug, car, photosCount, updatedAt, website, views: initial, beacon }: ViewCountProps) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    const answer = beacon ? beaconAnswer(beacon) : undefined;
    if (answer) {
      let live = true;
      void answer.then((body) => {
        const counted = viewsOf(body);
        if (live && counted != null) setViews(counted);
      });
      return () => {
        live = false;
      };
    }
    const controller = new AbortController();
    const q = new URLSearchParams({ photos_count: String(photosCount), updated_at: updatedAt, website_id: website });
    fetch(`/api/cars/${encodeURIComponent(slug)}/view.json?${q}`, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`view.json answered ${res.status}`);
        const counted = viewsOf(await res.json());
        if (counted == null) throw new Error('view.json answered without views');
        setViews(counted);
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') console.warn('view count failed', error);
      });
    if (car.car_type === 'used') track({ event_id: ANALYTICS_EVENTS.USED_CAR_VIEW, car_id: car.id });
    const storage = localStorageOrNull();
    try {
      const viewed = pushViewed(parseStoredList(ViewedCarSchema, storage?.getItem(STORAGE_KEYS.viewed) ?? null), { id: car.id, stocknum: car.stocknum, make: car.make, model: car.model, body: car.body, simple_body: car.simple_body });
      storage?.setItem(STORAGE_KEYS.viewed, JSON.stringify(viewed));
      emit('viewed.changed.v1', { viewed });
    } catch {
      // Blocked or full storage: the list is simply not kept.
    }
    return () => controller.abort();
  }, [slug]);
  if (views == null) return <span className="fv-views" />;
  return <span className="fv-views">{formatNumber(views)} {views === 1 ? 'view' : 'views'}</span>;
}
