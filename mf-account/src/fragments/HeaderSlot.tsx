import { STORAGE_KEYS } from '@forecourt/contracts/browser-storage';
import { Island } from '@forecourt/ui';
import HeaderAccount from '../islands/HeaderAccount.tsx';

/**
 * The header's account slot (the shell puts it in its header on every page): the saved-cars link as an island.
 * Its server HTML (a count of 0) is right until a car is saved, so its code loads only once this browser holds saved
 * cars (device favourites, or the signed-in shopper's watchlist on a `watchlist` site) or a car gets saved on the page:
 * a first visit downloads none of mf-account's JavaScript.
 */
export function HeaderSlot({ watchlist }: { watchlist: boolean }) {
  return (
    <Island
      remote="mf-account"
      module="HeaderAccount"
      id="fa-header-account"
      component={HeaderAccount}
      props={{ watchlist }}
      when={
        watchlist
          ? [{ kind: 'storage', key: STORAGE_KEYS.watchlist }, { kind: 'event', name: 'watchlist.changed.v1' }]
          : [{ kind: 'storage', key: STORAGE_KEYS.favourites }, { kind: 'event', name: 'favourites.changed.v1' }]
      }
    />
  );
}
