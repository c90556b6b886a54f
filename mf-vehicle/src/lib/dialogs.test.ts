import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogForHash, hashesFor, openModal } from './dialogs.ts';

/** A <dialog> as far as lib/dialogs.ts uses it: open, showModal, close (which fires 'close'), listeners. */
class FakeDialog {
  open = false;
  modal = false;
  private listeners: Array<() => void> = [];
  constructor(readonly doc: FakeDocument) {}
  showModal() {
    this.open = true;
    this.modal = true;
  }
  close() {
    if (!this.open) return;
    this.open = false;
    const fire = this.listeners.splice(0);
    // The browser fires 'close' in a later task: after the next dialog has opened.
    this.doc.queue.push(() => fire.forEach((f) => f()));
  }
  addEventListener(_type: 'close', listener: () => void) {
    this.listeners.push(listener);
  }
}
class FakeDocument {
  dialogs: FakeDialog[] = [];
  queue: Array<() => void> = [];
  querySelectorAll() {
    return this.dialogs.filter((d) => d.open);
  }
  querySelector() {
    return this.dialogs.find((d) => d.open) ?? null;
  }
  flush() {
    for (const task of this.queue.splice(0)) task();
  }
}
const opener = () => ({ isConnected: true, focus: vi.fn() });

afterEach(() => vi.unstubAllGlobals());

describe('openModal (one dialog at a time on the car page)', () => {
  it('opens with showModal, closing any other open dialog first; focus stays in the new one', () => {
    const doc = new FakeDocument();
    vi.stubGlobal('document', doc);
    const [enquire, photos] = [new FakeDialog(doc), new FakeDialog(doc)];
    doc.dialogs.push(enquire, photos);
    const first = opener();
    const second = opener();
    openModal(enquire as unknown as HTMLDialogElement, first as unknown as HTMLElement);
    expect(enquire).toMatchObject({ open: true, modal: true });
    openModal(photos as unknown as HTMLDialogElement, second as unknown as HTMLElement);
    doc.flush();
    expect(enquire.open).toBe(false);
    expect(photos).toMatchObject({ open: true, modal: true });
    // The replaced dialog's opener does not take the focus from the open one.
    expect(first.focus).not.toHaveBeenCalled();
    photos.close();
    doc.flush();
    expect(second.focus).toHaveBeenCalledOnce();
  });
});

describe('address hashes -> dialogs (issue 18: a search card\'s Quick Enquiry lands on #enquire)', () => {
  const all = ['enquire', 'test-drive', 'request-photos', 'contact'] as const;
  it('each dialog hash opens its dialog; unknown hashes and the page\'s other anchors open none', () => {
    expect(dialogForHash('#enquire', all)).toBe('enquire');
    expect(dialogForHash('#test-drive', all)).toBe('test-drive');
    expect(dialogForHash('#request-photos', all)).toBe('request-photos');
    expect(dialogForHash('contact', all)).toBe('contact');
    for (const other of ['', '#', '#vehicle-map', '#reviews', '#finance-calculator', '#fv-enquire']) expect(dialogForHash(other, all), other).toBeNull();
  });
  it('#enquire on a page without the Enquire dialog (Instant Message) opens the contact dialog; a missing dialog opens none', () => {
    const instant = ['request-photos', 'contact'] as const;
    expect(dialogForHash('#enquire', instant)).toBe('contact');
    expect(dialogForHash('#test-drive', instant)).toBeNull();
    expect(hashesFor('contact', instant)).toEqual(['enquire', 'contact']);
    expect(hashesFor('contact', all)).toEqual(['contact']);
    expect(hashesFor('enquire', all)).toEqual(['enquire']);
  });
});
