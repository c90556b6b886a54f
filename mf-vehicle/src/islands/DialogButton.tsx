import '../styles/vehicle.css';
import { useRef } from 'react';
import { openModal } from '../lib/dialogs.ts';

export type DialogButtonProps = {
  /** Id of the server-rendered <dialog> this button opens. */
  dialog: string;
  label: string;
  /** Where the link goes without JavaScript (a page with the same form). */
  href: string;
  className?: string;
};

/**
 * Opens a server-rendered native <dialog> as a modal (spec §2 Dialogs), closing any other open dialog first (one at a
 * time, lib/dialogs.ts): the rest of the page is inert while it is open (focus stays inside), Escape and its Close
 * button close it, and focus returns to this button. Without JavaScript it is a link to the page with the same form.
 */
export default function DialogButton({ dialog, label, href, className = 'fc-btn' }: DialogButtonProps) {
  const self = useRef<HTMLAnchorElement>(null);
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
