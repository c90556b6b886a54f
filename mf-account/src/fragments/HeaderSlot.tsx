import HeaderAccount from '../islands/HeaderAccount.tsx';
import { Island } from '../lib/island.tsx';

/** The header's account slot (the shell puts it in its header on every page): the saved-cars link as an island. */
export function HeaderSlot() {
  return <Island module="HeaderAccount" id="fa-header-account" component={HeaderAccount} props={{}} />;
}
