/**
 * A modal panel's keyboard rules (WAI-ARIA dialog pattern), for the search page's filter drawer on small screens:
 * focus stays inside while it is open (Tab wraps, everything outside is inert), Escape closes it. Browser-only.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Where Tab goes from the `index`-th of `count` focusable elements: it wraps at both ends (null: let the browser move). */
export function wrapTab(index: number, count: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (index < 0) return backwards ? count - 1 : 0;
  if (backwards && index === 0) return count - 1;
  if (!backwards && index === count - 1) return 0;
  return null;
}

/** The elements of `root` a shopper can Tab to now (shown, not inside a closed disclosure). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert]'));
}

/** Keeps Tab inside `root`: from its last element to its first and back. */
export function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(root);
  const next = wrapTab(items.indexOf(document.activeElement as HTMLElement), items.length, event.shiftKey);
  if (next === null) return;
  event.preventDefault();
  items[next]!.focus();
}

/**
 * Makes everything outside `root` inert (every sibling of `root` and of each of its ancestors up to <body>), so
 * neither Tab, a click nor a screen reader's reading cursor leaves the open panel. `keep` stays as it is (a live
 * region that must still be heard). Returns the undo.
 */
export function inertOutside(root: HTMLElement, keep: ReadonlyArray<Element | null> = []): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement | null = root; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert || sibling.tagName === 'SCRIPT' || keep.includes(sibling)) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return () => {
    for (const el of changed) el.inert = false;
  };
}
