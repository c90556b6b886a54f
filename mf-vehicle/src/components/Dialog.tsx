import type { ReactNode } from 'react';

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
