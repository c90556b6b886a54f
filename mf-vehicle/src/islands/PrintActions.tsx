import { useEffect, useState } from 'react';
import { ANALYTICS_EVENTS } from '@forecourt/contracts/analytics';
import { track } from '@forecourt/contracts/track';

/**
 * The print page's actions (spec §7 analytics 61; §4 PDF print: idle, 'Preparing...', download; §8 PDF failure: an
 * alert with the message). Records 61 once when the page opens, prints on request, and downloads the PDF by slug.
 */
export default function PrintActions({ carId, slug }: { carId: string; slug: string }) {
  const [state, setState] = useState<'idle' | 'preparing'>('idle');
  useEffect(() => {
    track({ event_id: ANALYTICS_EVENTS.PRINT, car_id: carId });
  }, [carId]);
  async function downloadPdf() {
    setState('preparing');
    try {
      const res = await fetch(`/api/vehicle/pdf?car_id=${encodeURIComponent(slug)}`);
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? `The PDF could not be made (${res.status}).`);
      const url = URL.createObjectURL(await res.blob());
      const a = Object.assign(document.createElement('a'), { href: url, download: `${slug}.pdf` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      alert(error instanceof Error ? error.message : String(error));
    } finally {
      setState('idle');
    }
  }
  return (
    <p className="fv-print__actions">
      <button type="button" className="fc-btn fc-btn--primary" onClick={() => window.print()}>
        Print
      </button>
      <button type="button" className="fc-btn" disabled={state === 'preparing'} onClick={() => void downloadPdf()}>
        {state === 'preparing' ? 'Preparing...' : 'Download PDF'}
      </button>
    </p>
  );
}
