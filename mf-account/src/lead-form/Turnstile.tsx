import { TurnstileWidget as Widget } from '@forecourt/ui/turnstile';

/**
 * Cloudflare Turnstile's widget for a real site key (the shared one: ui turnstile.tsx). The shell's CSP allows
 * challenges.cloudflare.com (script and frame) for tenants with Turnstile on and a site key; if the script still fails
 * to load, the form says so and sends without a token, and edge-api keeps the lead flagged (README "Turnstile"). Test
 * site keys use the test token.
 */
export function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  return <Widget siteKey={siteKey} onToken={onToken} className="flf-turnstile" hintClassName="flf-hint" failedText="The spam check could not load; your enquiry will still be sent." />;
}
