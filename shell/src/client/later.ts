/**
 * What the shell's client sets up after its first task (issue 19: Total Blocking Time). Loaded by main.ts with a
 * dynamic import after the next frame, so none of it is evaluated or run in the task that runs the page's script
 * (among it contracts' display formatters, whose first `new Intl.NumberFormat` loads the locale's data: tens of ms on
 * a phone), and each step runs in its own short task (`runInTasks`), the visited-pages list first.
 * Everything here enhances server HTML that already works (the promo opens 4 s after it is set up at the earliest; the
 * spin-to-win form posts without it; the carousel scrolls), so a moment later changes nothing the shopper can see.
 */
import { recordVisitedPage } from '@forecourt/contracts/browser-storage';
import { initCarousels } from './carousel.ts';
import { initPromo } from './chrome.ts';
import { initContentBlocks } from './content.ts';
import { promoAllowedOn } from './nav.ts';
import { initSpin } from './spin.ts';
import { runInTasks } from './tasks.ts';

/** The deferred steps, in order: each is its own task. */
export function laterSteps(doc: Document = document): Array<() => void> {
  return [
    // lead_attributes.visited_pages (spec §3): every page the shopper sees, so a later lead carries the journey. First,
    // a frame after load (a shopper who moves on or sends a lead a moment later still has this page in the list).
    () => {
      try {
        recordVisitedPage(window.localStorage, location.pathname + location.search);
      } catch {
        // No storage (blocked): nothing is recorded.
      }
    },
    () => initCarousels(doc),
    () => initContentBlocks(),
    () => initSpin(doc),
    // The promo popup never opens on a car's pages: nothing to set up there.
    () => {
      if (promoAllowedOn(doc.location?.pathname ?? '/')) initPromo(doc);
    },
  ];
}

/**
 * Runs the deferred steps, then marks `data-later-ready` on <html> (tests wait for it before moving a fake clock: the
 * promo's 4 s start when it is set up).
 */
export function runLater(doc: Document = document): Promise<void> {
  return runInTasks(laterSteps(doc)).then(() => {
    doc.documentElement.setAttribute('data-later-ready', '');
  });
}
