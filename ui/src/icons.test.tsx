import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconHtml } from './icon-html.ts';
import { Icon } from './icons.tsx';

describe('icons', () => {
  it.each(ICON_NAMES)('%s: the HTML string is byte for byte what React renders (a string-rendered island hydrates)', (name) => {
    expect(iconHtml(name)).toBe(renderToString(<Icon name={name} />));
  });

  it('is a 1em square in the text colour, hidden from assistive technology and never a tab stop', () => {
    // An outline icon strokes its path instead of filling it; the saved heart does both, so it is the outline's size.
    expect(iconHtml('plus')).toMatch(/^<svg class="fc-icon" width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M[^"]+"><\/path><\/svg>$/);
    expect(iconHtml('heart-outline')).toContain('<path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" d="');
    expect(iconHtml('heart')).toContain('<path fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round" d="');
    const d = (name: 'heart' | 'heart-outline') => /d="([^"]+)"/.exec(iconHtml(name))![1];
    expect(d('heart')).toBe(d('heart-outline'));
  });

  it('writes no text: nothing for the text shaper to look up in the system fonts', () => {
    for (const name of ICON_NAMES) expect(iconHtml(name).replace(/<[^>]*>/g, '')).toBe('');
  });

  it('every path is well formed (commands and numbers only)', () => {
    for (const name of ICON_NAMES) {
      const d = /d="([^"]+)"/.exec(iconHtml(name))![1]!;
      expect(d).toMatch(/^[Mm][MmLlHhVvAaCcZz0-9 .,-]+$/);
    }
  });
});
