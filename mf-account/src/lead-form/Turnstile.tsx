import { useEffect, useRef, useState } from 'react';

const SCRIPT_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

type TurnstileApi = { render: (el: HTMLElement, options: Record<string, unknown>) => string; remove?: (id: string) => void };

/**
 * Cloudflare Turnstile's widget for a real site key. The shell's CSP allows challenges.cloudflare.com (script and
 * frame) for tenants with Turnstile on and a site key; if the script still fails to load, the form says so and sends
 * without a token, and edge-api keeps the lead flagged (README "Turnstile"). Test site keys use the test token.
 */
export function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const w = window as unknown as { turnstile?: TurnstileApi };
    let widget: string | undefined;
    const render = () => {
      if (!ref.current || !w.turnstile) return;
      widget = w.turnstile.render(ref.current, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken(''), 'error-callback': () => setFailed(true) });
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
  }, [siteKey, onToken]);
  return (
    <div className="flf-turnstile">
      <div ref={ref} />
      {failed ? <p className="flf-hint">The spam check could not load; your enquiry will still be sent.</p> : null}
    </div>
  );
}
