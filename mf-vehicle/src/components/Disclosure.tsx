import type { ReactNode } from 'react';

/**
 * A show more / show less toggle without JavaScript: a native <details> whose summary reads `more` when closed and
 * `less` when open (CSS swaps the two labels), so keyboard and screen readers get a real expandable control.
 */
export function Disclosure({ more, less, children, className }: { more: string; less: string; children: ReactNode; className?: string }) {
  return (
    <details className={`fv-more${className ? ` ${className}` : ''}`}>
      <summary>
        <span className="fv-more__closed">{more}</span>
        <span className="fv-more__open">{less}</span>
      </summary>
      {children}
    </details>
  );
}

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

/** A dialog shell: native <dialog> with a heading and a Close button that works without JavaScript (`method=dialog`). */
export function Dialog({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <dialog id={id} className="fv-dialog" aria-labelledby={`${id}-title`}>
      <div className="fv-dialog__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <form method="dialog">
          <button type="submit" className="fv-dialog__close" aria-label="Close">
            ×
          </button>
        </form>
      </div>
      {children}
    </dialog>
  );
}
