import { indicatorStep, TRADE_IN_INDICATOR, type TradeInScreen } from './rules.ts';

/** The journey's five steps, the current one marked `aria-current="step"` (the checkout's indicator, issue 18's steps). */
export function StepIndicator({ screen }: { screen: TradeInScreen }) {
  const current = indicatorStep(screen);
  return (
    <ol className="ftr-steps" aria-label="Valuation steps">
      {TRADE_IN_INDICATOR.map((step, i) => (
        <li key={step.label} className={i + 1 === current ? 'ftr-steps__now' : i + 1 < current ? 'ftr-steps__done' : undefined} aria-current={i + 1 === current ? 'step' : undefined}>
          <span className="ftr-steps__n" aria-hidden="true">
            {i + 1}
          </span>
          <span className="ftr-steps__label">{step.label}</span>
          {i + 1 < current ? <span className="fc-visually-hidden"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}
