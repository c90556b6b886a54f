import { useEffect, useState } from 'react';
import './checkout.css';

export type PaymentStatusProps = {
  paymentId: string;
  /** The status the server rendered: only 'requires_payment' keeps checking. */
  status: string;
  /** The text shown while waiting (server HTML and hydration agree on it). */
  text: string;
};

/** Checks every 2 s, for up to 2 minutes, while the processor has not confirmed yet (a webhook can arrive after the shopper). */
export const POLL_MS = 2000;
export const POLL_LIMIT = 60;

/**
 * The journey page's waiting line: asks `GET /api/payments/intents/:id` until the payment settles, then reloads so the
 * server renders the outcome. Without JavaScript the text asks the shopper to reload.
 */
export default function PaymentStatus({ paymentId, status, text }: PaymentStatusProps) {
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (status !== 'requires_payment') return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      tries += 1;
      try {
        const res = await fetch(`/api/payments/intents/${encodeURIComponent(paymentId)}`, { headers: { accept: 'application/json' } });
        const body = (await res.json()) as { status?: string };
        if (res.ok && body.status && body.status !== 'requires_payment') {
          window.location.reload();
          return;
        }
      } catch {
        // a network blip: the next check tries again
      }
      if (tries >= POLL_LIMIT) setGaveUp(true);
      else timer = setTimeout(() => void check(), POLL_MS);
    };
    timer = setTimeout(() => void check(), POLL_MS);
    return () => clearTimeout(timer);
  }, [paymentId, status]);

  return (
    <p className="fco-status" role="status" aria-live="polite">
      {gaveUp ? 'This is taking longer than usual. Please reload the page in a minute, or contact the dealer.' : text}
    </p>
  );
}
