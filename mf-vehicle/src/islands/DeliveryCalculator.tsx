import { useId, useState } from 'react';
import { DELIVERY_GUIDE_NOTE, deliveryMessage, NO_POSTCODE_MESSAGE, type DeliveryView } from '../lib/delivery.ts';

export type DeliveryCalculatorProps = { carId: string; slug: string; initial?: DeliveryView | null; postcode?: string };

/**
 * Delivery Calculator (spec §5 postcode required; §8 texts). Without JavaScript the form reloads the page with
 * `?postcode=` and the server answers; with it, `/api/vehicle/delivery` answers in place.
 */
export default function DeliveryCalculator({ carId, slug, initial = null, postcode: initialPostcode = '' }: DeliveryCalculatorProps) {
  const id = useId();
  const [postcode, setPostcode] = useState(initialPostcode);
  const [view, setView] = useState<DeliveryView | null>(initial);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = postcode.trim();
    if (!code) return setView({ kind: 'error', text: NO_POSTCODE_MESSAGE });
    setBusy(true);
    try {
      const res = await fetch(`/api/vehicle/delivery?${new URLSearchParams({ postcode: code, car_id: carId })}`, { headers: { accept: 'application/json' } });
      const body = (await res.json()) as DeliveryView;
      setView(body.kind ? body : { kind: 'none' });
    } catch (error) {
      console.warn('delivery estimate failed', error);
      setView({ kind: 'none' });
    } finally {
      setBusy(false);
    }
  }
  const message = view ? deliveryMessage(view) : null;
  return (
    <form className="fv-calc" method="get" action={`/cars/${slug}#delivery-calculator`} noValidate onSubmit={(e) => void submit(e)}>
      <div className="fv-field">
        <label htmlFor={`${id}-postcode`}>Your postcode</label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          pattern="\d{4}"
          value={postcode}
          aria-describedby={`${id}-result`}
          onChange={(e) => setPostcode(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      <button type="submit" className="fc-btn" disabled={busy}>
        {busy ? 'Calculating…' : 'Calculate delivery'}
      </button>
      <div id={`${id}-result`} role="status" className="fv-calc__result">
        {message ? <p>{message}</p> : null}
        {view?.kind === 'estimate' ? <p className="fv-note">{DELIVERY_GUIDE_NOTE}</p> : null}
      </div>
    </form>
  );
}
