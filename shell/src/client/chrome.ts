/** Small behaviours of the shell's own chrome: dropdowns, announcement bar, promo popup (spec §4). */
import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { todayIn } from '@forecourt/contracts/display';
import { initNav, promoAllowedOn, safeStorage } from './nav.ts';

const PROMO_KEY = (id: string) => `${STORAGE_KEYS.promoDismissed}:${id}`;
/** Delay before the promo popup opens: never on first render (spec §4); also the retry delay while the shopper types. */
export const PROMO_DELAY_MS = 4000;

/** Today's date (`YYYY-MM-DD`) in a time zone: one rule for the server and the browser (contracts). */
export { todayIn };

/** The menu, dropdowns and announcement bar (nav.ts): what the shell's client sets up at load; the promo's pages. */
export { initNav, promoAllowedOn };

const DAY_MS = 86_400_000;
/** The UTC calendar day (`YYYY-MM-DD`) of a time. */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Spec §4 Promo popup: hidden after expiry and once dismissed. Start and expiry are whole days in the tenant's time
 * zone, both included: shown when start <= today <= expiry (ISO dates compare as strings).
 *
 * `today` may be a function with `now` given: it is then called only when the answer depends on the zone. Every zone's
 * calendar day is within one day of UTC's (UTC-12 to UTC+14), so when start and expiry are both more than a day away
 * from UTC's today, every zone agrees and no zone's date is worked out. Issue 19 (Total Blocking Time): a page's first
 * Intl.DateTimeFormat with a time zone loads the zone's data, tens of ms on a phone in one task.
 */
export function shouldShowPromo(opts: { start?: string; expiry?: string; dismissed: boolean; today: string | (() => string); now?: number }): boolean {
  if (opts.dismissed) return false;
  if (!opts.start && !opts.expiry) return true;
  if (typeof opts.today === 'function' && opts.now !== undefined) {
    const earliest = utcDay(opts.now - DAY_MS);
    const latest = utcDay(opts.now + DAY_MS);
    if ((opts.start && opts.start > latest) || (opts.expiry && opts.expiry < earliest)) return false;
    if ((!opts.start || opts.start <= earliest) && (!opts.expiry || opts.expiry >= latest)) return true;
  }
  const today = typeof opts.today === 'function' ? opts.today() : opts.today;
  if (opts.start && today < opts.start) return false;
  if (opts.expiry && today > opts.expiry) return false;
  return true;
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

/**
 * The chrome's behaviours: the menu, dropdowns and announcement bar (nav.ts, at load) and the promo popup. The shell's
 * client runs `initNav` at once and `initPromo` a little later (later.ts), so the first task after parsing stays short.
 */
export function initChrome(doc: Document = document) {
  initNav(doc);
  initPromo(doc);
}

/** The promo popup (spec §4): shown PROMO_DELAY_MS after first render when its dates hold and it was never closed. */
export function initPromo(doc: Document = document) {
  const promo = doc.querySelector<HTMLDialogElement>('dialog.fc-promo');
  if (promo) {
    const id = promo.dataset.promoId ?? '';
    const storage = safeStorage('localStorage');
    const now = Date.now();
    const show = shouldShowPromo({
      start: promo.dataset.start || undefined,
      expiry: promo.dataset.expiry || undefined,
      dismissed: Boolean(storage?.getItem(PROMO_KEY(id))),
      // The zone's date only when the answer depends on it (shouldShowPromo): most days no Intl data is loaded.
      today: () => todayIn(promo.dataset.timeZone, now),
      now,
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
