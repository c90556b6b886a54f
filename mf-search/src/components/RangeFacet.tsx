import { useEffect, useRef, useState } from 'react';
import type { RangeFacet as RangeName } from '@forecourt/contracts/search';
import { SLIDER_DEBOUNCE_MS } from '@forecourt/contracts/constants';
import type { RangeControl } from '../lib/facets-ui.ts';
import { formatRangeInput, moveThumb, parseAmount, thumbPositions, type RangeValue } from '../lib/slider.ts';
import { hiddenFields, type UrlRefinements } from '../lib/url-state.ts';

const NAMES: Record<RangeName, string> = { price: 'price', km: 'kilometres', year: 'year' };

type Props = {
  control: RangeControl;
  pathname: string;
  refinements: UrlRefinements;
  /** Sliders work only with JavaScript; before hydration (or without JS) the form's inputs apply the range. */
  interactive: boolean;
  onChange: (facet: RangeName, range: RangeValue) => void;
  /** Changes when a load failed: the thumbs and inputs return to the applied range. */
  resetKey?: number;
};

/**
 * A range facet (spec §5, §9): two native range inputs (keyboard operable; 400 ms debounce, nearest 1000,
 * clamped, out-of-range ignored, min below max by 1) and a GET form with from/to inputs that works without JS.
 */
export function RangeFacet({ control, pathname, refinements, interactive, onChange, resetKey = 0 }: Props) {
  const { facet, bounds, step } = control;
  const applied: RangeValue = { min: control.min, max: control.max };
  const [pos, setPos] = useState(() => thumbPositions(applied, bounds));
  const [text, setText] = useState(() => ({ min: formatRangeInput(facet, control.min), max: formatRangeInput(facet, control.max) }));
  const pending = useRef<RangeValue>(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // New results (or back/forward, or a failed load) reset the thumbs and inputs to what the URL says.
  useEffect(() => {
    pending.current = { min: control.min, max: control.max };
    setPos(thumbPositions(pending.current, bounds));
    setText({ min: formatRangeInput(facet, control.min), max: formatRangeInput(facet, control.max) });
  }, [control.min, control.max, bounds.min, bounds.max, resetKey]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSlide = (thumb: 'min' | 'max', raw: number) => {
    const next = moveThumb(facet, bounds, pending.current, thumb, raw);
    if (!next) return;
    pending.current = next;
    setPos(thumbPositions(next, bounds));
    setText({ min: formatRangeInput(facet, next.min), max: formatRangeInput(facet, next.max) });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(facet, next), SLIDER_DEBOUNCE_MS);
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    clearTimeout(timer.current);
    let min = parseAmount(text.min);
    let max = parseAmount(text.max);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    onChange(facet, { min, max });
  };
  const name = NAMES[facet];
  const id = `fs-range-${facet}`;
  const listId = control.picks.length ? `${id}-picks` : undefined;
  const valueText = (n: number) => formatRangeInput(facet, n);
  return (
    <section className="fs-facet fs-range" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{control.title}</h3>
      <form method="get" action={pathname} onSubmit={interactive ? onSubmit : undefined}>
        {hiddenFields(refinements, [`${facet}_min`, `${facet}_max`]).map(([n, v], i) => (
          <input key={`${n}-${i}`} type="hidden" name={n} value={v} />
        ))}
        <div className="fs-range__sliders">
          <input type="range" aria-label={`Minimum ${name}`} min={bounds.min} max={bounds.max} step={step} value={pos.min} aria-valuetext={valueText(pos.min)} disabled={!interactive} onChange={(e) => onSlide('min', Number(e.target.value))} />
          <input type="range" aria-label={`Maximum ${name}`} min={bounds.min} max={bounds.max} step={step} value={pos.max} aria-valuetext={valueText(pos.max)} disabled={!interactive} onChange={(e) => onSlide('max', Number(e.target.value))} />
        </div>
        <div className="fs-range__inputs">
          <label>
            <span>
              From<span className="fc-visually-hidden"> {name}</span>
            </span>
            <input type="text" inputMode="numeric" name={`${facet}_min`} list={listId} placeholder={valueText(bounds.min)} value={text.min} autoComplete="off" onChange={(e) => setText({ ...text, min: e.target.value })} onBlur={() => setText({ ...text, min: formatRangeInput(facet, parseAmount(text.min)) })} />
          </label>
          <label>
            <span>
              To<span className="fc-visually-hidden"> {name}</span>
            </span>
            <input type="text" inputMode="numeric" name={`${facet}_max`} list={listId} placeholder={valueText(bounds.max)} value={text.max} autoComplete="off" onChange={(e) => setText({ ...text, max: e.target.value })} onBlur={() => setText({ ...text, max: formatRangeInput(facet, parseAmount(text.max)) })} />
          </label>
          <button className="fc-btn" type="submit">
            Apply<span className="fc-visually-hidden"> {name}</span>
          </button>
        </div>
        {listId ? (
          <datalist id={listId}>
            {control.picks.map((n) => (
              <option key={n} value={formatRangeInput(facet, n)} />
            ))}
          </datalist>
        ) : null}
      </form>
    </section>
  );
}
