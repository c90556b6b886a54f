/**
 * One dialog at a time (issue 13: the promo popup opened over the Enquire dialog): every dialog of the car page is a
 * native <dialog> opened here with showModal(), which first closes any other open dialog of the document.
 */

/**
 * Opens `dialog` modally after closing every other open <dialog>; when it closes, focus returns to `opener` unless
 * another dialog is open by then (the one that replaced it keeps the focus).
 * @example openModal(document.getElementById('fv-enquire') as HTMLDialogElement, event.currentTarget)
 */
export function openModal(dialog: HTMLDialogElement, opener: HTMLElement | null): void {
  closeOtherDialogs(dialog);
  if (opener) dialog.addEventListener('close', () => returnFocus(opener), { once: true });
  if (!dialog.open) dialog.showModal();
}

/** Closes every open <dialog> of the document but `keep`. */
export function closeOtherDialogs(keep: HTMLDialogElement | null): void {
  for (const other of Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]'))) if (other !== keep) other.close();
}

/** Focus back on what opened a dialog, unless a dialog is open now (one replaced it: the focus is in there). */
export function returnFocus(opener: HTMLElement | null | undefined): void {
  if (opener?.isConnected && !document.querySelector('dialog[open]')) opener.focus();
}
