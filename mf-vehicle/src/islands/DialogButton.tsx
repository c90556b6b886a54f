import '../styles/vehicle.css';
import { useEffect, useRef } from 'react';
import { openFromHash, openModal } from '../lib/dialogs.ts';

export type DialogButtonProps = {
  /** Id of the server-rendered <dialog> this button opens. */
  dialog: string;
  label: string;
  /** Where the link goes without JavaScript (a page with the same form). */
  href: string;
  className?: string;
  /**
   * Address hashes (without '#') that open this dialog on load and on hashchange (lib/dialogs.ts `hashesFor`: a search
   * card's Quick Enquiry lands on `/cars/<slug>#enquire`); closing it takes the hash off the address without a jump.
   */
  hashes?: string[];
};

/**
 * Opens a server-rendered native <dialog> as a modal (spec §2 Dialogs), closing any other open dialog first (one at a
 * time, lib/dialogs.ts): the rest of the page is inert while it is open (focus stays inside), Escape and its Close
 * button close it, and focus returns to this button. Without JavaScript it is a link to the page with the same form.
 * With `hashes`, the address opens it too (`#enquire`), one dialog at a time as ever.
 */
export default function DialogButton({ dialog, label, href, className = 'fc-btn', hashes }: DialogButtonProps) {
  const self = useRef<HTMLAnchorElement>(null);
  const hashList = hashes?.join(' ') ?? '';
  useEffect(() => {
    const names = hashList.split(' ').filter(Boolean);
    if (!names.length) return;
    const fromHash = () => {
      const el = document.getElementById(dialog);
      if (!(el instanceof HTMLDialogElement) || el.open || !names.includes(window.location.hash.replace(/^#/, ''))) return;
      openFromHash(el, self.current, names);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [dialog, hashList]);
  function open(event: React.MouseEvent<HTMLAnchorElement>) {
    const el = document.getElementById(dialog);
    if (!(el instanceof HTMLDialogElement)) return;
    event.preventDefault();
    openModal(el, self.current);
  }
  return (
    <a ref={self} href={href} className={className} aria-haspopup="dialog" onClick={open}>
      {label}
    </a>
  );
}
