import { Island } from '@forecourt/ui';
import HeaderAccount from '../islands/HeaderAccount.tsx';
import { HEADER_SLOT_ISLAND_ID, headerSlotTriggers } from './header-slot-html.ts';

/**
 * The header's account slot (the shell puts it in its header on every page): the saved-cars link as an island.
 * Its server HTML (a count of 0) is right until a car is saved, so its code loads only once this browser holds saved
 * cars (device favourites, or the signed-in shopper's watchlist on a `watchlist` site) or a car gets saved on the page:
 * a first visit downloads none of mf-account's JavaScript. The route sends the same HTML as a string
 * (header-slot-html.ts, held equal to this render by its test).
 */
export function HeaderSlot({ watchlist }: { watchlist: boolean }) {
  return (
    <Island
      remote="mf-account"
      module="HeaderAccount"
      id={HEADER_SLOT_ISLAND_ID}
      component={HeaderAccount}
      props={{ watchlist }}
      when={headerSlotTriggers(watchlist)}
    />
  );
}
