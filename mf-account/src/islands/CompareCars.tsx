import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { localStorageOrNull, readCompare, STORAGE_KEYS, writeCompare, type FavouriteEntry } from '@forecourt/contracts/browser-storage';
import { COMPARE_MAX } from '@forecourt/contracts/constants';
import { emit, on } from '@forecourt/contracts/events';
import { CompareResponseSchema, type CompareCar } from '@forecourt/contracts/search';
import { compareImage } from '../lib/car-images.ts';
import '../styles/account.css';

export const COMPARE_EMPTY_TEXT = 'You have not picked any cars to compare yet. Use Compare on a car in our stock to add it here.';
export const COMPARE_ERROR_TEXT = "We couldn't load the comparison just now. Please try again in a moment.";

type State = { kind: 'empty' } | { kind: 'loading'; list: FavouriteEntry[] } | { kind: 'ready'; cars: CompareCar[] } | { kind: 'error' };

/** Loads the comparison rows of the listed cars from mf-search (same origin; the tenant is set by the shell). */
async function fetchComparison(list: readonly FavouriteEntry[], signal: AbortSignal): Promise<CompareCar[]> {
  const params = new URLSearchParams(list.map((c) => ['slug', c.slug]));
  const res = await fetch(`/api/search/compare?${params}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`compare answered ${res.status}`);
  // A boundary: the answer is checked against the contract before it is drawn.
  const body = v.parse(CompareResponseSchema, await res.json());
  return body.cars;
}

/**
 * The shopper's compare list side by side (spec §1 "compare"; the cards' compare control fills it). The server
 * renders the empty state; after hydration the list is read from localStorage and its rows loaded from mf-search.
 * A car no longer on sale drops out of the table (its page is gone), and stays removable from the list.
 */
export default function CompareCars() {
  const [state, setState] = useState<State>({ kind: 'empty' });
  const [list, setList] = useState<FavouriteEntry[]>([]);

  useEffect(() => {
    const sync = () => setList(readCompare(localStorageOrNull()));
    sync();
    const off = on('compare.changed.v1', (p) => setList(p.cars));
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.compare) sync();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      off();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (!list.length) return setState({ kind: 'empty' });
    const abort = new AbortController();
    setState({ kind: 'loading', list });
    fetchComparison(list, abort.signal).then(
      (cars) => setState({ kind: 'ready', cars }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        console.error('compare failed', error);
        setState({ kind: 'error' });
      },
    );
    return () => abort.abort();
  }, [list]);

  const remove = (id: string) => {
    const next = list.filter((c) => c.id !== id);
    writeCompare(localStorageOrNull(), next);
    emit('compare.changed.v1', { cars: next, change: { action: 'remove', id } });
    setList(next);
  };

  if (state.kind === 'empty') return <p className="fa-compare__empty">{COMPARE_EMPTY_TEXT}</p>;
  if (state.kind === 'error') return <p role="alert">{COMPARE_ERROR_TEXT}</p>;
  if (state.kind === 'loading') return <p role="status">Loading the comparison of {state.list.length} cars…</p>;
  const cars = state.cars;
  const labels = cars[0]?.rows.map(([label]) => label) ?? [];
  const gone = list.filter((entry) => !cars.some((c) => c.id === entry.id));
  return (
    <div className="fa-compare">
      <p>
        {cars.length} of {COMPARE_MAX} cars.
      </p>
      <div className="fa-compare__scroll" role="region" aria-label="Comparison table" tabIndex={0}>
        <table className="fa-compare__table">
          <caption className="fc-visually-hidden">The cars you picked, side by side</caption>
          <thead>
            <tr>
              <td />
              {cars.map((car) => (
                <th key={car.id} scope="col">
                  {car.image ? <img {...compareImage(car.image)} alt="" width={160} height={107} loading="lazy" decoding="async" /> : null}
                  <a href={car.path}>{car.title}</a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Price</th>
              {cars.map((car) => (
                <td key={car.id}>
                  <strong>{car.price}</strong>
                  {car.priceType ? ` ${car.priceType}` : ''}
                </td>
              ))}
            </tr>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {cars.map((car) => (
                  <td key={car.id}>{car.rows[i]?.[1] ?? '—'}</td>
                ))}
              </tr>
            ))}
            <tr>
              <td />
              {cars.map((car) => (
                <td key={car.id}>
                  <button type="button" className="fc-btn" onClick={() => remove(car.id)}>
                    Remove<span className="fc-visually-hidden"> {car.title} from compare</span>
                  </button>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {gone.length ? (
        <div className="fa-compare__gone">
          <p>No longer on sale:</p>
          <ul>
            {gone.map((entry) => (
              <li key={entry.id}>
                {entry.name}{' '}
                <button type="button" className="fc-btn" onClick={() => remove(entry.id)}>
                  Remove<span className="fc-visually-hidden"> {entry.name} from compare</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
