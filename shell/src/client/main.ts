import '../styles/shell.css';
import { initChrome } from './chrome.ts';
import { initCarousels } from './carousel.ts';
import { initContentBlocks } from './content.ts';
import { hydrateIslands, islandHostLoader } from './islands.ts';
import { initSpin } from './spin.ts';
import { sendBeacons } from './beacons.ts';
import { recordVisitedPage } from '@forecourt/contracts/browser-storage';

/** The island host's build entry and its other files (shell/vite.main.config.mjs, from the host build's manifest). */
declare const __FC_ISLAND_HOST__: string;
declare const __FC_ISLAND_HOST_FILES__: string[];

initChrome();
initCarousels();
initContentBlocks();
initSpin();
// lead_attributes.visited_pages (spec §3): every page the shopper sees, so a later lead carries the journey.
try {
  recordVisitedPage(window.localStorage, location.pathname + location.search);
} catch {
  // No storage (blocked): nothing is recorded.
}
// What the page records as soon as it is seen (the car page's view), before and without any island (issue 19).
sendBeacons();
// React and the Module Federation runtime load with the first island that is due, not with the page (issue 19).
void hydrateIslands(islandHostLoader(__FC_ISLAND_HOST__, __FC_ISLAND_HOST_FILES__));
