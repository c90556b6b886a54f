import { useEffect, useState } from 'react';
import { FINANCE_STEPS, stepsToggleLabel } from '../lib/steps.ts';
import '../styles/finance.css';

/**
 * The finance page's 3 hideable steps (spec §2 Finance page). The steps are in the server HTML; the toggle needs
 * JavaScript, so until hydration it is invisible (out of the accessibility tree and the Tab order) but keeps its place:
 * the island loads on the shopper's first use of the page (lib/steps.ts STEPS_WHEN), and the toggle then appears
 * without moving the steps (no layout shift).
 */
export default function FinanceSteps() {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(true);
  useEffect(() => setHydrated(true), []);

  return (
    <aside className="ff-steps" aria-labelledby="ff-steps-title">
      <div className="ff-steps__head">
        <h2 id="ff-steps-title">How finance works</h2>
        <button type="button" className="fc-btn ff-steps__toggle" data-waiting={hydrated ? undefined : ''} aria-expanded={open} aria-controls="ff-steps-list" onClick={() => setOpen((o) => !o)}>
          {stepsToggleLabel(open)}
        </button>
      </div>
      <ol id="ff-steps-list" className="ff-steps__list" hidden={!open}>
        {FINANCE_STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </aside>
  );
}
