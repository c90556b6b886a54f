/** The platform's icons as React elements: the same markup as `iconHtml` (icon-html.ts, where they are drawn and why). */
import { ICONS, pathAttributes, type IconName } from './icon-html.ts';

export type { IconName } from './icon-html.ts';

/** An icon as an element: 1em square, in the text's colour, hidden from assistive technology. */
export function Icon({ name }: { name: IconName }) {
  const { fill, stroke, 'stroke-width': strokeWidth, 'stroke-linejoin': strokeLinejoin, d } = pathAttributes(ICONS[name]);
  return (
    <svg className="fc-icon" width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill={fill} stroke={stroke} strokeWidth={strokeWidth} strokeLinejoin={strokeLinejoin as 'round' | undefined} d={d} />
    </svg>
  );
}
