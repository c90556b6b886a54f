import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { escapeHtml } from '@forecourt/contracts/display';
import { islandContainerProps, islandPropsScriptProps, type IslandTrigger } from '@forecourt/contracts/islands';
import { savedCarsLabel } from '../lib/favourites.ts';
import { iconHtml } from '@forecourt/ui/icon-html';

/** The header slot island's container id (also naming its props script). */
export const HEADER_SLOT_ISLAND_ID = 'fa-header-account';

/**
 * When the header slot's code loads: once this browser holds saved cars (device favourites, or the signed-in shopper's
 * watchlist on a `watchlist` site) or a car gets saved on the page.
 */
export const headerSlotTriggers = (watchlist: boolean): IslandTrigger[] =>
  watchlist
    ? [{ kind: 'storage', key: STORAGE_KEYS.watchlist }, { kind: 'event', name: 'watchlist.changed.v1' }]
    : [{ kind: 'storage', key: STORAGE_KEYS.favourites }, { kind: 'event', name: 'favourites.changed.v1' }];

const attributes = (props: Record<string, string>) =>
  Object.entries(props)
    .map(([name, value]) => ` ${name === 'className' ? 'class' : name}="${escapeHtml(value)}"`)
    .join('');

/**
 * The header slot's HTML as the route sends it: byte for byte what React renders for `<HeaderSlot watchlist />`
 * (HeaderSlot.tsx, the HeaderAccount island with a count of 0, which the client hydrates; header-slot-html.test.tsx
 * holds the two equal), written as a string so that this answer, asked for on every page of every tenant, runs no
 * React: rendering it was most of mf-account's time on a tenant's first search in a fresh isolate (issue 19).
 */
export function headerSlotHtml(watchlist: boolean): string {
  const container = islandContainerProps('mf-account', 'HeaderAccount', HEADER_SLOT_ISLAND_ID, { when: headerSlotTriggers(watchlist) });
  const { dangerouslySetInnerHTML, ...script } = islandPropsScriptProps(HEADER_SLOT_ISLAND_ID, { watchlist });
  // React separates the label's two adjacent text nodes with an empty comment, which hydration expects.
  const link = `<a href="/watchlist" class="fc-btn fa-count">${iconHtml('heart')} <span data-favourites-count="">0</span><span class="fc-visually-hidden"> <!-- -->${escapeHtml(savedCarsLabel(0))}</span></a>`;
  return `<div${attributes(container)}>${link}</div><script${attributes(script)}>${dangerouslySetInnerHTML.__html}</script>`;
}
