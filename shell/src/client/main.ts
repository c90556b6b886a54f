import '../styles/shell.css';
import { initNav } from './nav.ts';
import { hydrateIslands, islandHostLoader } from './islands.ts';
import { sendBeacons } from './beacons.ts';
import { runInTasks } from './tasks.ts';

/** The island host's build entry and its other files (shell/vite.main.config.mjs, from the host build's manifest). */
declare const __FC_ISLAND_HOST__: string;
declare const __FC_ISLAND_HOST_FILES__: string[];

// Issue 19 (Total Blocking Time): the module's own evaluation (it may share a task with the page's first layout) does
// nothing but start this; each step below runs in a task of its own. First what a shopper may use at once: the
// islands' triggers and held clicks (React and the Module Federation runtime load with the first island that is due,
// not with the page), then the menu, dropdowns and announcement bar, then the beacons: what the page records as soon
// as it is seen (the car page's view), without any island (an island that reads a beacon's answer, contracts
// beaconAnswer, mounts only after the island host has been fetched, later than these tasks). Carousels, content blocks,
// spin-to-win, the promo popup and the visited-pages list are later.ts, a file of its own imported after the next
// frame (its code is not even evaluated until then).
const loadLater = () => void import('./later.ts').then((m) => m.runLater()).catch((error) => console.error('shell client: later steps failed', error));
void runInTasks([
  () => void hydrateIslands(islandHostLoader(__FC_ISLAND_HOST__, __FC_ISLAND_HOST_FILES__)),
  () => initNav(),
  () => void sendBeacons(),
  () => {
    if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') requestAnimationFrame(() => setTimeout(loadLater, 0));
    else setTimeout(loadLater, 0);
  },
]);
