import type { CarLookup } from './data.ts';
import { carHref } from './model.ts';

/** A car named in a table: its name linking to its page, 'A car no longer listed', or '—' when none is named. */
export function CarCell({ id, lookup }: { id: string | null; lookup: CarLookup }) {
  if (!id) return <>—</>;
  if (lookup.kind === 'car') return <a href={carHref(lookup.car)}>{lookup.car.name}</a>;
  return <>{lookup.kind === 'gone' ? 'A car no longer listed' : 'A car (details unavailable)'}</>;
}
