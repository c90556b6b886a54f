/**
 * One dialog at a time (issue 13: the promo popup opened over the Enquire dialog): every dialog of the car page is a
 * native <dialog> opened here with showModal(), which first closes any other open dialog of the document.
 */

import type { DialogForm } from './lead-forms.ts';

/**
 * Opens `dialog` modally after closing every other open <dialog>; when it closes, focus returns to `opener` unless
 * another dialog is open by then (the one that replaced it keeps the focus). `preventScroll`: the page stays where it
 * is when focus goes back (a dialog the address opened, whose opener the shopper never pressed).
 * @example openModal(document.getElementById('fv-enquire') as HTMLDialogElement, event.currentTarget)
 */
export function openModal(dialog: HTMLDialogElement, opener: HTMLElement | null, { preventScroll = false }: { preventScroll?: boolean } = {}): void {
  closeOtherDialogs(dialog);
  if (opener) dialog.addEventListener('close', () => returnFocus(opener, preventScroll), { once: true });
  if (!dialog.open) dialog.showModal();
}

/** Closes every open <dialog> of the document but `keep`. */
export function closeOtherDialogs(keep: HTMLDialogElement | null): void {
  for (const other of Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]'))) if (other !== keep) other.close();
}

/** Focus back on what opened a dialog, unless a dialog is open now (one replaced it: the focus is in there). */
export function returnFocus(opener: HTMLElement | null | undefined, preventScroll = false): void {
  if (opener?.isConnected && !document.querySelector('dialog[open]')) opener.focus({ preventScroll });
}

/**
 * The address hashes that open a dialog of the car page (issue 18): a search card's Quick Enquiry links
 * `/cars/<slug>#enquire` (mf-search lib/card-buttons.ts), and `#test-drive`, `#request-photos`, `#contact` name the
 * other dialogs. `#enquire` on a page without the Enquire dialog (the tenant's Instant Message replaces it) opens the
 * contact dialog, as the sticky bar's Enquire does.
 */
export const DIALOG_HASHES: Readonly<Record<DialogForm, string>> = { enquire: 'enquire', 'test-drive': 'test-drive', 'request-photos': 'request-photos', contact: 'contact' };

/**
 * The dialog an address hash opens among the page's `dialogs`, or null (an unknown hash, or a dialog the page has not).
 * @example dialogForHash('#enquire', ['request-photos', 'contact']) // 'contact'
 */
export function dialogForHash(hash: string, dialogs: readonly DialogForm[]): DialogForm | null {
  const name = hash.replace(/^#/, '');
  const form = (Object.keys(DIALOG_HASHES) as DialogForm[]).find((f) => DIALOG_HASHES[f] === name);
  if (!form) return null;
  if (dialogs.includes(form)) return form;
  return form === 'enquire' && dialogs.includes('contact') ? 'contact' : null;
}

/**
 * The hashes that open `form`'s dialog on a page with `dialogs` (its DialogButton's `hashes` prop): the inverse of
 * dialogForHash, so each hash has exactly one button that answers it.
 * @example hashesFor('contact', ['request-photos', 'contact']) // ['enquire', 'contact']
 */
export function hashesFor(form: DialogForm, dialogs: readonly DialogForm[]): string[] {
  return Object.values(DIALOG_HASHES).filter((hash) => dialogForHash(hash, dialogs) === form);
}

/**
 * A dialog the address opened (on load or on hashchange): opened as the page's buttons open it, focus inside; when it
 * closes the hash goes from the address without a jump (history.replaceState: no scroll, no hashchange, no new
 * history entry) unless the address names another dialog by then, and focus goes back to `opener` where the page is.
 */
export function openFromHash(dialog: HTMLDialogElement, opener: HTMLElement | null, hashes: readonly string[]): void {
  dialog.addEventListener(
    'close',
    () => {
      if (hashes.includes(window.location.hash.replace(/^#/, ''))) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    },
    { once: true },
  );
  openModal(dialog, opener, { preventScroll: true });
}
