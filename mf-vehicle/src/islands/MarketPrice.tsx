import { useEffect, useRef, useState } from 'react';
import { MARKET_PRICE_COUNT_UP_MS } from '@forecourt/contracts/constants';
import { formatAud } from '@forecourt/contracts/display';
import type { MarketPanel } from '../lib/rules.ts';

/** Count-up easing: value at time t of a `duration` ms animation (ease-out cubic), exact at the end. */
export function countUpValue(target: number, elapsed: number, duration = MARKET_PRICE_COUNT_UP_MS): number {
  if (elapsed >= duration) return target;
  const t = Math.max(0, elapsed) / duration;
  return Math.round(target * (1 - (1 - t) ** 3));
}

/**
 * Market-price comparison panel (spec §5 rules, §9 labels and bands, count-up 2.5 s). The server renders the final
 * figures; in the browser the listing price and the bar count up once the panel is on screen (not with reduced motion).
 */
export default function MarketPrice({ panel, average = null }: { panel: MarketPanel; /** The car's AutoGrab average (state average preferred), when the feed has one. */ average?: number | null }) {
  const [progress, setProgress] = useState(1);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el || typeof IntersectionObserver === 'undefined' || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const step = (now: number) => {
        const elapsed = now - start;
        setProgress(elapsed >= MARKET_PRICE_COUNT_UP_MS ? 1 : countUpValue(1000, elapsed) / 1000);
        if (elapsed < MARKET_PRICE_COUNT_UP_MS) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    });
    setProgress(0);
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  const fillPercent = Math.round(panel.fill * 100 * progress);
  return (
    <div ref={root} className={`fv-market fv-market--${panel.band}`}>
      <p className="fv-market__label">
        <strong>{panel.label}</strong>
      </p>
      <p>
        Listed at <strong>{formatAud(Math.round(panel.listingPrice * progress))}</strong>
      </p>
      <div className="fv-market__bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(panel.fill * 100)} aria-label="Deal rating">
        <span style={{ width: `${fillPercent}%` }} />
      </div>
      <p className="fv-market__range">
        <span>Market low {formatAud(panel.min)}</span>
        <span>Market high {formatAud(panel.max)}</span>
      </p>
      {average ? <p>{`Average market price: ${formatAud(average)}`}</p> : null}
      {panel.description ? <p className="fv-note">{panel.description}</p> : null}
    </div>
  );
}
