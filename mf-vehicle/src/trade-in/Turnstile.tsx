/**
 * The contact step's spam check (tenant `features.turnstile` with `turnstile_site_key`), as mf-account's lead forms
 * do it: Cloudflare's test site keys carry the test token in a hidden field (so the plain form has it without
 * JavaScript); a real key renders Cloudflare's widget once the island runs, and its token goes in the form as
 * `cf-turnstile-response` (edge-api reads it from the plain form, and as `turnstile_token` from the island's JSON).
 * If the script cannot load, the form says so and sends without a token: edge-api keeps the lead, flagged.
 */
import { useState } from 'react';
import { isTurnstileTestSiteKey, TURNSTILE_FORM_FIELD, TURNSTILE_TEST_TOKEN } from '@forecourt/contracts/turnstile';
import { TurnstileWidget as Widget } from '@forecourt/ui/turnstile';

/** The widget for a real site key (ui turnstile.tsx): its token in the form as `cf-turnstile-response`. */
function TurnstileWidget({ siteKey }: { siteKey: string }) {
  const [token, setToken] = useState('');
  return (
    <>
      <Widget siteKey={siteKey} onToken={setToken} responseField={false} className="ftr-turnstile" hintClassName="ftr-hint" failedText="The spam check could not load; your details will still be sent." />
      {token ? <input type="hidden" name={TURNSTILE_FORM_FIELD} value={token} /> : null}
    </>
  );
}

/** The contact form's Turnstile piece for the tenant's site key (null: the tenant does not use Turnstile). */
export function TurnstileField({ siteKey }: { siteKey: string | null }) {
  if (!siteKey) return null;
  if (isTurnstileTestSiteKey(siteKey)) return <input type="hidden" name="turnstile_token" value={TURNSTILE_TEST_TOKEN} />;
  return <TurnstileWidget siteKey={siteKey} />;
}
