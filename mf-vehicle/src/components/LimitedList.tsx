import type { ReactNode } from 'react';
import { Disclosure } from './Disclosure.tsx';

/** A list shown `limit` items first, the rest behind a Disclosure (spec §9 key info 4, features 8). */
export function LimitedList<T>({ items, limit, render, more, less, className }: { items: T[]; limit: number; render: (item: T, index: number) => ReactNode; more: string; less: string; className: string }) {
  const head = items.slice(0, limit);
  const rest = items.slice(limit);
  return (
    <>
      <ul className={className}>{head.map(render)}</ul>
      {rest.length ? (
        <Disclosure more={more} less={less}>
          <ul className={className}>{rest.map((item, i) => render(item, i + limit))}</ul>
        </Disclosure>
      ) : null}
    </>
  );
}
