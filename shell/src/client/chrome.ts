/** Small behaviours of the shell's own chrome: dropdowns, announcement bar, promo popup (spec §4). */
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';

const PROMO_KEY = (id: string) => `${STORAGE_KEYS.promoDismissed}:${id}`;
const ANNOUNCEMENT_KEY = STORAGE_KEYS.announcementDismissed;
/** Delay before the promo popup opens: never on first render (spec §4). */
export const PROMO_DELAY_MS = 4000;

/** Spec §4 Promo popup: hidden on first render, after expiry, and once dismissed. */
export function shouldShowPromo(opts: { start?: string; expiry?: string; dismissed: boolean; now: number }): boolean {
  if (opts.dismissed) return false;
  if (opts.start && Date.parse(opts.start) > opts.now) return false;
  if (opts.expiry && Date.parse(opts.expiry) < opts.now) return false;
  return true;
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export function initChrome(doc: Document = document) {
  // Mega menu / dropdowns: native <details>; mirror the spec's 'dropdown-open' marker and close others.
  const dropdowns = [...doc.querySelectorAll<HTMLDetailsElement>('details.fc-dropdown')];
  for (const d of dropdowns) {
    d.addEventListener('toggle', () => {
      d.parentElement?.classList.toggle('dropdown-open', d.open);
      if (d.open) for (const other of dropdowns) if (other !== d) other.open = false;
    });
  }
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    for (const d of dropdowns) if (d.open) {
      d.open = false;
      d.querySelector('summary')?.focus();
    }
  });
  doc.addEventListener('click', (e) => {
    for (const d of dropdowns) if (d.open && !d.contains(e.target as Node)) d.open = false;
  });

  const bar = doc.querySelector<HTMLElement>('[data-announcement]');
  if (bar) {
    if (safeStorage('sessionStorage')?.getItem(ANNOUNCEMENT_KEY)) bar.hidden = true;
    bar.querySelector('[data-dismiss-announcement]')?.addEventListener('click', () => {
      bar.hidden = true;
      safeStorage('sessionStorage')?.setItem(ANNOUNCEMENT_KEY, '1');
    });
  }

  const promo = doc.querySelector<HTMLDialogElement>('dialog.fc-promo');
  if (promo) {
    const id = promo.dataset.promoId ?? '';
    const storage = safeStorage('localStorage');
    const show = shouldShowPromo({ start: promo.dataset.start || undefined, expiry: promo.dataset.expiry || undefined, dismissed: Boolean(storage?.getItem(PROMO_KEY(id))), now: Date.now() });
    const dismiss = () => storage?.setItem(PROMO_KEY(id), String(Date.now()));
    promo.addEventListener('close', dismiss);
    promo.querySelector('[data-dismiss-promo]')?.addEventListener('click', () => promo.close());
    promo.addEventListener('click', (e) => {
      if (e.target === promo) promo.close();
    });
    // Shown after first render, never on it (spec §4), and not during automated checks of the first paint.
    if (show) window.setTimeout(() => promo.showModal(), PROMO_DELAY_MS);
  }
}
