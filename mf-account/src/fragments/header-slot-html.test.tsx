import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { headerSlotHtml } from './header-slot-html.ts';
import { HeaderSlot } from './HeaderSlot.tsx';

describe('header slot HTML (sent without React, issue 19)', () => {
  it('is exactly what React renders for the HeaderSlot island, on a favourites site and on a watchlist site', () => {
    for (const watchlist of [false, true]) expect(headerSlotHtml(watchlist)).toBe(renderToString(<HeaderSlot watchlist={watchlist} />));
  });

  it('names the island, its triggers and its props for each kind of site', () => {
    expect(headerSlotHtml(false)).toContain('data-island="mf-account/HeaderAccount" class="fc-island" data-island-when="storage:forecourt:favourites event:favourites.changed.v1"');
    expect(headerSlotHtml(true)).toContain('data-island-when="storage:forecourt:watchlist event:watchlist.changed.v1"');
    expect(headerSlotHtml(true)).toMatch(/<script type="application\/json" data-island-props="fa-header-account">\{"watchlist":true\}<\/script>$/);
  });
});
