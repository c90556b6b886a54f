/**
 * Cloudflare Turnstile's widget for a real site key (test keys need none: contracts turnstile.ts), shared by every
 * form that asks for it (mf-account's lead forms, mf-vehicle's trade-in contact step). An empty box on the server and
 * on a island's first render, filled after mount. If the script fails to load, the form says so (`failedText`) and
 * sends without a token: edge-api keeps the lead, flagged.
 */
import { useEffect, useRef, useState } from 'react';
import { TURNSTILE_SCRIPT_SRC } from '@forecourt/contracts/turnstile';

type TurnstileApi = { render: (el: HTMLElement, options: Record<string, unknown>) => string; remove?: (id: string) => void };

export type TurnstileWidgetProps = {
  siteKey: string;
  /** The widget's token ('' when it expires). */
  onToken: (token: string) => void;
  /** The box's class, and the class of the 'could not load' note (each form's own styles). */
  className: string;
  hintClassName: string;
  failedText: string;
  /** Whether the widget adds its own hidden `cf-turnstile-response` field to the form (Cloudflare's default: yes). */
  responseField?: boolean;
};

/**
 * @example <TurnstileWidget siteKey={key} onToken={setToken} className="flf-turnstile" hintClassName="flf-hint" failedText="The spam check could not load; your enquiry will still be sent." />
 */
export function TurnstileWidget({ siteKey, onToken, className, hintClassName, failedText, responseField = true }: TurnstileWidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const w = window as unknown as { turnstile?: TurnstileApi };
    let widget: string | undefined;
    const render = () => {
      if (!ref.current || !w.turnstile) return;
      widget = w.turnstile.render(ref.current, { sitekey: siteKey, 'response-field': responseField, callback: onToken, 'expired-callback': () => onToken(''), 'error-callback': () => setFailed(true) });
    };
    if (w.turnstile) render();
    else {
      let script = document.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SCRIPT_SRC}"]`);
      if (!script) {
        script = document.createElement('script');
        script.src = TURNSTILE_SCRIPT_SRC;
        script.async = true;
        document.head.append(script);
      }
      script.addEventListener('load', render);
      script.addEventListener('error', () => setFailed(true));
    }
    return () => {
      if (widget) w.turnstile?.remove?.(widget);
    };
  }, [siteKey, onToken, responseField]);
  return (
    <div className={className} data-sitekey={siteKey}>
      <div ref={ref} />
      {failed ? <p className={hintClassName}>{failedText}</p> : null}
    </div>
  );
}
