/**
 * The chrome's behaviours a shopper may use at once (issue 19: the shell's client sets these up in its first task and
 * everything else later): the Menu button on small screens, the header's dropdowns (the `dropdown-open` marker, closed
 * on Escape, outside clicks and when focus leaves them) and the announcement bar's dismiss (kept for the session). No
 * formatting or validation code: the promo popup, which needs the tenant's calendar day, is chrome.ts `initPromo`.
 */
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';

const ANNOUNCEMENT_KEY = STORAGE_KEYS.announcementDismissed;

/** Web storage, or null where the browser blocks it (a sandboxed frame, some privacy modes). */
export function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * Pages the promo popup never opens on (issue 13): a car's pages (the car, its checkout, print, payment), where the
 * shopper is deciding and the page has its own dialogs.
 */
export function promoAllowedOn(pathname: string): boolean {
  return !/^\/(cars\/|print\/?$|checkout-journey\/?$|online-payment\/?$)/.test(pathname);
}

/** Sets up the Menu button, the dropdowns and the announcement bar's dismiss. */
export function initNav(doc: Document = document) {
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
}
