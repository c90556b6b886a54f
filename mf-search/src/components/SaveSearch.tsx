import { useRef, useState } from 'react';
import { ACCOUNT_API } from '@forecourt/contracts/account';
import { REQUEST_TIMEOUT_MS } from '@forecourt/contracts/constants';
import { MY_GARAGE_PATH, signInPath } from '@forecourt/contracts/routes';
import { showToast } from '@forecourt/ui/toast';
import { Icon } from '@forecourt/ui/icons';

/** Texts of the control and its toast. */
export const SAVE_SEARCH_TEXTS = {
  button: 'Save search',
  saving: 'Saving…',
  toast: 'Search saved',
  description: (label: string) => `${label} is in your saved searches. We can text you when new cars match it.`,
  action: 'View in My Garage',
  failed: 'An unknown error occurred.',
} as const;

type Props = {
  /** The search page's URL as the server rendered it (the no-JavaScript form's); the island uses the address bar's. */
  url: string;
  label: string;
};

/**
 * 'Save search' (issue 16: saved searches, alerts for new matching stock): the page's refinements saved to the
 * signed-in shopper's account in edge-api (ACCOUNT_API.saveSearch). A plain form without JavaScript (edge-api answers
 * back here, or sign-in first); with it, JSON, a toast with the way to My Garage, sign-in when signed out, and a
 * refusal's text in an alert.
 */
export function SaveSearch({ url, label }: Props) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  return (
    <form
      className="fs-save-search"
      method="post"
      action={ACCOUNT_API.saveSearch}
      onSubmit={(event) => {
        event.preventDefault();
        if (inFlight.current) return;
        inFlight.current = true;
        setBusy(true);
        const here = `${location.pathname}${location.search}`;
        void (async () => {
          try {
            const res = await fetch(ACCOUNT_API.saveSearch, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json' },
              body: JSON.stringify({ url: here, label }),
              credentials: 'same-origin',
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            if (res.status === 401) return location.assign(signInPath('saved-search', here));
            const body = (await res.json().catch(() => null)) as { ok?: unknown; error?: unknown } | null;
            if (res.ok && body?.ok === true) showToast({ title: SAVE_SEARCH_TEXTS.toast, description: SAVE_SEARCH_TEXTS.description(label), action: { label: SAVE_SEARCH_TEXTS.action, href: MY_GARAGE_PATH } });
            else window.alert(typeof body?.error === 'string' ? body.error : SAVE_SEARCH_TEXTS.failed);
          } catch {
            window.alert(SAVE_SEARCH_TEXTS.failed);
          } finally {
            inFlight.current = false;
            setBusy(false);
          }
        })();
      }}
    >
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="label" value={label} />
      <input type="hidden" name="redirect" value={url} />
      <button type="submit" className="fc-btn fc-btn--sm fs-save-search__button" aria-disabled={busy ? 'true' : undefined}>
        <Icon name="star-outline" /> {busy ? SAVE_SEARCH_TEXTS.saving : SAVE_SEARCH_TEXTS.button}
      </button>
    </form>
  );
}
