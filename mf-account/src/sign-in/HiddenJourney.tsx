import type { SignInQuery } from './model.ts';

/** The redirect, type and back of the page, carried by each form so edge-api's 303s come back to the same journey. */
export function HiddenJourney({ query }: { query: Pick<SignInQuery, 'type' | 'redirect' | 'back'> }) {
  return (
    <>
      <input type="hidden" name="redirect" value={query.redirect} />
      {query.type ? <input type="hidden" name="type" value={query.type} /> : null}
      <input type="hidden" name="back" value={query.back} />
    </>
  );
}
