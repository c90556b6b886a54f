/** Small behaviours of the shell's own chrome: dropdowns, announcement bar, promo popup (spec §4). */
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { todayIn } from '@forecourt/contracts/display';

const PROMO_KEY = (id: string) => `${STORAGE_KEYS.promoDismissed}:${id}`;
const ANNOUNCEMENT_KEY = STORAGE_KEYS.announcementDismissed;
/** Delay before the promo popup opens: never on first render (spec §4); also the retry delay while the shopper types. */
export const PROMO_DELAY_MS = 4000;

/** Today's date (`YYYY-MM-DD`) in a time zone: one rule for the server and the browser (contracts). */
export { todayIn };

/**
 * Spec §4 Promo popup: hidden after expiry and once dismissed. Start and expiry are whole days in the tenant's time
 * zone, both included: shown when start <= today <= expiry (ISO dates compare as strings).
 */
export function shouldShowPromo(opts: { start?: string; expiry?: string; dismissed: boolean; today: string }): boolean {
  if (opts.dismissed) return false;
  if (opts.start && opts.today < opts.start) return false;
  if (opts.expiry && opts.today > opts.expiry) return false;
  return true;
}

/**
 * Pages the promo popup never opens on (issue 13): a car's pages (the car, its checkout, print, payment), where the
 * shopper is deciding and the page has its own dialogs.
 */
export function promoAllowedOn(pathname: string): boolean {
  return !/^\/(cars\/|print\/?$|checkout-journey\/?$|online-payment\/?$)/.test(pathname);
}

/** True when a dialog other than `except` is open: one dialog at a time, so the promo waits (or closes) for it. */
export function otherDialogOpen(doc: Document, except: Element | null): boolean {
  return [...doc.querySelectorAll('dialog[open]')].some((d) => d !== except);
}

/** True when focus is in a field the shopper types into: a popup must not steal it mid-word. */
export function isTyping(active: Element | null): boolean {
  if (!active) return false;
  const tag = active.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || (active as HTMLElement).isContentEditable === true;
}

/**
 * Opens the popup after PROMO_DELAY_MS; when the timer fires while the shopper is busy (typing, or in another dialog),
 * tries again PROMO_DELAY_MS later. Returns a cancel function.
 */
export function schedulePromo(opts: { open: () => void; typing: () => boolean; setTimer?: (fn: () => void, ms: number) => unknown; clearTimer?: (id: unknown) => void }): () => void {
  const setTimer = opts.setTimer ?? ((fn, ms) => window.setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((id) => window.clearTimeout(id as number));
  let id: unknown;
  const tick = () => {
    if (opts.typing()) id = setTimer(tick, PROMO_DELAY_MS);
    else opts.open();
  };
  id = setTimer(tick, PROMO_DELAY_MS);
  return () => clearTimer(id);
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export function initChrome(doc: Document = document) {
  // Small screens: the Menu button shows and hides the main navigation.
  const toggle = doc.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const nav = doc.getElementById('fc-nav');
  if (toggle && nav) {
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      nav.toggleAttribute('data-open', open);
    });
    doc.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return;
      if (doc.querySelector('details.fc-dropdown[open]')) return; // an open dropdown closes first
      toggle.setAttribute('aria-expanded', 'false');
      nav.removeAttribute('data-open');
      toggle.focus();
    });
  }

  // Mega menu / dropdowns: native <details>; mirror the spec's 'dropdown-open' marker and close others.
  const dropdowns = [...doc.querySelectorAll<HTMLDetailsElement>('details.fc-dropdown')];
  for (const d of dropdowns) {
    d.addEventListener('toggle', () => {
      d.parentElement?.classList.toggle('dropdown-open', d.open);
      if (d.open) for (const other of dropdowns) if (other !== d) other.open = false;
    });
    // A panel closes when keyboard focus leaves it, so an open panel never hides the focused control (WCAG 2.4.11).
    d.addEventListener('focusout', (e) => {
      const next = e.relatedTarget as Node | null;
      if (d.open && next && !d.contains(next)) d.open = false;
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
    const show = shouldShowPromo({
      start: promo.dataset.start || undefined,
      expiry: promo.dataset.expiry || undefined,
      dismissed: Boolean(storage?.getItem(PROMO_KEY(id))),
      today: todayIn(promo.dataset.timeZone, Date.now()),
    });
    const dismiss = () => storage?.setItem(PROMO_KEY(id), String(Date.now()));
    promo.addEventListener('close', dismiss);
    // Escape fires `cancel` at once, `close` only in a later task: record the dismissal before a quick navigation.
    promo.addEventListener('cancel', dismiss);
    // Following the offer counts as seeing it: the popup does not come back on the next page.
    promo.querySelector('[data-promo-cta]')?.addEventListener('click', dismiss);
    promo.querySelector('[data-dismiss-promo]')?.addEventListener('click', () => {
      dismiss();
      promo.close();
    });
    promo.addEventListener('click', (e) => {
      if (e.target !== promo) return;
      dismiss();
      promo.close();
    });
    // One dialog at a time: another dialog opening closes the promo (the shopper asked for that one).
    new MutationObserver(() => {
      if (promo.open && otherDialogOpen(doc, promo)) promo.close();
    }).observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    // Shown after first render, never on it (spec §4), not on a car's pages, and not while the shopper is typing or
    // another dialog is open (then it waits and tries again).
    if (show && promoAllowedOn(doc.location?.pathname ?? '/')) {
      schedulePromo({ open: () => promo.showModal(), typing: () => isTyping(doc.activeElement) || otherDialogOpen(doc, promo) });
    }
  }
}
