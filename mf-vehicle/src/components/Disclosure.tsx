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
