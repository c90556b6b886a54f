/**
 * Clean hydration: the shell's client hydrates each island container with the island's component as the root, so
 * the server HTML inside the container must be exactly that component's own render (no React hydration warning, no
 * attribute patched). Ids made with useId differ between the two (they depend on where React renders the component),
 * so the islands make their ids from their props; these tests hold every page and slot of this remote to that.
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { createEmbeddedSearch } from '../engine/embedded.ts';
import SearchResults from '../islands/SearchResults.tsx';
import SimilarCars from '../islands/SimilarCars.tsx';
import StockStrip from '../islands/StockStrip.tsx';
import { toCardCars } from '../lib/card.ts';
import { buildSearchView } from '../lib/view.ts';
import { ALPHA_CARS, FIXTURE_NOW } from '../test/engine-fixtures.ts';
import { SearchPage } from './SearchPage.tsx';
import { SimilarCarsSlot, StockStripSlot } from './SlotFragments.tsx';

/** The HTML inside an island container (`<div id=… data-island=…>…</div>` followed by its props script). */
function islandInner(html: string, id: string): string {
  const open = new RegExp(`<div id="${id}" data-island="[^"]+"[^>]*>`).exec(html);
  const close = html.lastIndexOf(`</div><script type="application/json" data-island-props="${id}">`);
  expect(open, `island ${id}`).not.toBeNull();
  return html.slice(open!.index + open![0].length, close);
}
/** React hoists image preloads out of a render; they never sit inside a container. */
const withoutPreloads = (html: string) => html.replace(/<link rel="preload" as="image" [^>]*>/g, '');

const config = siteConfig('alpha', { features: { promo_card: true, compare: false } });

describe('server HTML = the island’s own render (hydration without mismatch)', () => {
  it('the search page', async () => {
    const engine = createEmbeddedSearch({ alpha: ALPHA_CARS });
    for (const params of ['', 'make=Toyota', 'query=zzzz']) {
      const view = await buildSearchView({ engine, config, path: { pathname: '/search/new-used-and-demo-cars', heading: 'All', filters: {} }, params: new URLSearchParams(params), now: FIXTURE_NOW });
      const page = renderToString(<SearchPage view={view} />);
      expect(islandInner(page, 'fs-results'), params).toBe(withoutPreloads(renderToString(<SearchResults view={view} />)));
    }
  });

  it('the stock strip slot', () => {
    const props = { id: 'fs-strip-new-arrivals', heading: 'New arrivals', viewAll: '/search/new-used-and-demo-cars?sortBy=latest', cards: toCardCars(ALPHA_CARS.slice(0, 6), config, FIXTURE_NOW), favourites: true };
    const slot = renderToString(<StockStripSlot props={props} />);
    expect(islandInner(slot, 'fs-strip-new-arrivals')).toBe(withoutPreloads(renderToString(<StockStrip {...props} />)));
  });

  it('the similar cars slot', () => {
    const props = { source: { slug: ALPHA_CARS[0]!.slug } };
    const slot = renderToString(<SimilarCarsSlot props={props} />);
    expect(islandInner(slot, 'fs-similar-cars')).toBe(renderToString(<SimilarCars {...props} />));
  });
});
