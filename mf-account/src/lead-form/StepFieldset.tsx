import type { ReactNode, Ref } from 'react';

/** The step's fieldset; its legend is the step title (focused when the form moves to this step). */
export function StepFieldset({ title, index, count, children, legendRef }: { title: string; index: number; count: number; children: ReactNode; legendRef?: Ref<HTMLLegendElement> }) {
  return (
    <fieldset className="flf-step">
      <legend ref={legendRef} tabIndex={legendRef ? -1 : undefined}>
        {count > 1 ? <span className="flf-step__count">Step {index + 1} of {count}: </span> : null}
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
