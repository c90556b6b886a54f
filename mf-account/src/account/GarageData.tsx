import { ACCOUNT_API, ACCOUNT_DONE_PARAM } from '@forecourt/contracts/account';
import { SIGN_IN_API } from '@forecourt/contracts/sign-in';
import { HiddenFields } from './HiddenFields.tsx';
import { WATCHLIST_PATH } from './model.ts';

/**
 * My Garage's sign out (POST SIGN_IN_API.signOut), then the watchlist page (not gated), which says so and makes this
 * browser forget the watchlist it cached for the shopper (their phone and saved cars; a shared device shows them to
 * no one after).
 */
export function GarageSignOut() {
  return (
    <section className="fa-section" aria-labelledby="fa-garage-sign-out-h">
      <h2 id="fa-garage-sign-out-h">Sign out</h2>
      <form method="post" action={SIGN_IN_API.signOut} className="fa-inline-form">
        <HiddenFields redirect={`${WATCHLIST_PATH}?${ACCOUNT_DONE_PARAM}=signed-out`} />
        <button type="submit" className="fc-btn">
          Sign out
        </button>
      </form>
    </section>
  );
}

/**
 * My Garage's data rights: 'Download my data' (ACCOUNT_API.exportData, a JSON attachment) and 'Delete my data' (POST
 * ACCOUNT_API.deleteData with `confirm=delete` from a box the shopper must tick), saying plainly what deletion removes
 * and that what the dealer already received stays with the dealer.
 */
export function GarageData({ dealer }: { dealer: string }) {
  return (
    <section className="fa-section" aria-labelledby="fa-garage-data-h">
      <h2 id="fa-garage-data-h">Your data</h2>
      <p>
        <a className="fc-btn" href={ACCOUNT_API.exportData} download>
          Download my data
        </a>
      </p>
      <p>A file (JSON) of everything we hold about you on this site.</p>
      <form method="post" action={ACCOUNT_API.deleteData} className="flf fa-form fa-danger">
        {/* Back to the watchlist page, not gated: signed out by the deletion, the shopper still reads that it is done. */}
        <HiddenFields redirect={WATCHLIST_PATH} />
        <h3 id="fa-delete-h">Delete my data</h3>
        <p id="fa-delete-what">
          This removes your account, your saved cars and your saved searches from this site, and signs you out. Enquiries and reservations you already sent to {dealer} stay with {dealer}.
        </p>
        <div className="flf-field flf-field--check">
          <input id="fa-delete-confirm" name="confirm" type="checkbox" value="delete" required aria-describedby="fa-delete-what" />
          <label htmlFor="fa-delete-confirm">I understand: delete my account and saved data</label>
        </div>
        <div className="flf-actions">
          <button type="submit" className="fc-btn">
            Delete my data
          </button>
        </div>
      </form>
    </section>
  );
}
