import '../styles/shell.css';
import { initChrome } from './chrome.ts';
import { initCarousels } from './carousel.ts';
import { initContentBlocks } from './content.ts';
import { hydrateIslands, registerTenantRemotes } from './islands.ts';
import { initSpin } from './spin.ts';
import { recordVisitedPage } from '@forecourt/contracts/browser-storage';

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
registerTenantRemotes();
void hydrateIslands();
