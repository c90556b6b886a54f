/**
 * The contact step's spam check (tenant `features.turnstile` with `turnstile_site_key`), as mf-account's lead forms
 * do it: Cloudflare's test site keys carry the test token in a hidden field (so the plain form has it without
 * JavaScript); a real key renders Cloudflare's widget once the island runs, and its token goes in the form as
 * `cf-turnstile-response` (edge-api reads it from the plain form, and as `turnstile_token` from the island's JSON).
 * If the script cannot load, the form says so and sends without a token: edge-api keeps the lead, flagged.
 */
import { useEffect, useRef, useState } from 'react';
import { isTurnstileTestSiteKey, TURNSTILE_FORM_FIELD, TURNSTILE_TEST_TOKEN } from './rules.ts';

const SCRIPT_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

type TurnstileApi = { render: (el: HTMLElement, options: Record<string, unknown>) => string; remove?: (id: string) => void };

/** The widget for a real site key: an empty box on the server (and the island's first render), filled after mount. */
function TurnstileWidget({ siteKey }: { siteKey: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const w = window as unknown as { turnstile?: TurnstileApi };
    let widget: string | undefined;
    const render = () => {
      if (!ref.current || !w.turnstile) return;
      widget = w.turnstile.render(ref.current, { sitekey: siteKey, 'response-field': false, callback: setToken, 'expired-callback': () => setToken(''), 'error-callback': () => setFailed(true) });
    };
    if (w.turnstile) render();
    else {
      let script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_SRC}"]`);
      if (!script) {
        script = document.createElement('script');
        script.src = SCRIPT_SRC;
        script.async = true;
        document.head.append(script);
      }
      script.addEventListener('load', render);
      script.addEventListener('error', () => setFailed(true));
    }
    return () => {
      if (widget) w.turnstile?.remove?.(widget);
    };
  }, [siteKey]);
  return (
    <div className="ftr-turnstile" data-sitekey={siteKey}>
      <div ref={ref} />
      {token ? <input type="hidden" name={TURNSTILE_FORM_FIELD} value={token} /> : null}
      {failed ? <p className="ftr-hint">The spam check could not load; your details will still be sent.</p> : null}
    </div>
  );
}

/** The contact form's Turnstile piece for the tenant's site key (null: the tenant does not use Turnstile). */
export function TurnstileField({ siteKey }: { siteKey: string | null }) {
  if (!siteKey) return null;
  if (isTurnstileTestSiteKey(siteKey)) return <input type="hidden" name="turnstile_token" value={TURNSTILE_TEST_TOKEN} />;
  return <TurnstileWidget siteKey={siteKey} />;
}
