/**
 * The platform's toast (spec §9: 3 s, one at a time): one live region per document, found by id, so every remote's
 * copy of this module draws into the same place and a new toast replaces the one showing. Plain DOM (no React root):
 * any island can call it, and nothing loads before the first toast. Texts go in as text, never as HTML.
 * The timer pauses while the pointer or keyboard focus is on the toast (WCAG 2.2.1), and Escape or × dismisses it.
 */
import { TOAST_MS } from '@forecourt/contracts/constants';
import './toast.css';

export type Toast = { title: string; description?: string; action?: { label: string; href: string } };

export const TOAST_REGION_ID = 'fc-toast-region';

type Region = HTMLElement & { fcToastTimer?: ReturnType<typeof setTimeout>; fcToastHover?: boolean };

function region(doc: Document): { el: Region; fresh: boolean } {
  const found = doc.getElementById(TOAST_REGION_ID) as Region | null;
  if (found) return { el: found, fresh: false };
  const el = doc.createElement('div') as Region;
  el.id = TOAST_REGION_ID;
  el.className = 'fc-toast-region';
  // A status region: announced politely, whole (the title and description together).
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('aria-atomic', 'true');
  const hold = () => {
    el.fcToastHover = true;
    clearTimeout(el.fcToastTimer);
  };
  const release = () => {
    el.fcToastHover = false;
    arm(el, TOAST_MS);
  };
  el.addEventListener('mouseenter', hold);
  el.addEventListener('focusin', hold);
  el.addEventListener('mouseleave', release);
  el.addEventListener('focusout', (event) => {
    if (!el.contains(event.relatedTarget as Node | null)) release();
  });
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') dismissToast(doc);
  });
  doc.body.append(el);
  return { el, fresh: true };
}

function arm(el: Region, ms: number) {
  clearTimeout(el.fcToastTimer);
  if (el.fcToastHover || !el.firstChild) return;
  el.fcToastTimer = setTimeout(() => el.replaceChildren(), ms);
}

/** Removes the toast showing, if any. */
export function dismissToast(doc: Document = document): void {
  const el = doc.getElementById(TOAST_REGION_ID) as Region | null;
  if (!el) return;
  clearTimeout(el.fcToastTimer);
  el.fcToastHover = false;
  el.replaceChildren();
}

/** Shows a toast for TOAST_MS, replacing the one showing. */
export function showToast(toast: Toast, doc: Document = document, ms: number = TOAST_MS): void {
  const { el, fresh } = region(doc);
  const box = doc.createElement('div');
  box.className = 'fc-toast';
  const title = doc.createElement('p');
  title.className = 'fc-toast__title';
  title.textContent = toast.title;
  box.append(title);
  if (toast.description) {
    const text = doc.createElement('p');
    text.className = 'fc-toast__description';
    text.textContent = toast.description;
    box.append(text);
  }
  const actions = doc.createElement('div');
  actions.className = 'fc-toast__actions';
  if (toast.action) {
    const link = doc.createElement('a');
    link.className = 'fc-toast__action';
    link.href = toast.action.href;
    link.textContent = toast.action.label;
    actions.append(link);
  }
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'fc-toast__close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(doc));
  actions.append(close);
  box.append(actions);
  const put = () => {
    el.fcToastHover = false;
    el.replaceChildren(box);
    arm(el, ms);
  };
  // A live region announces changes made after it is in the page: a fresh one gets its content a moment later.
  if (fresh) setTimeout(put, 50);
  else put();
}
