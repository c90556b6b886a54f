/** The platform's icons as React elements: the same markup as `iconHtml` (icon-html.ts, where they are drawn and why). */
import { ICONS, type IconName } from './icon-html.ts';

export type { IconName } from './icon-html.ts';

/** An icon as an element: 1em square, in the text's colour, hidden from assistive technology. */
export function Icon({ name }: { name: IconName }) {
  const icon: { d: string; stroke?: true } = ICONS[name];
  return (
    <svg className="fc-icon" width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {icon.stroke ? <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d={icon.d} /> : <path fill="currentColor" d={icon.d} />}
    </svg>
  );
}

