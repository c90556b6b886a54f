import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { createEmbeddedSearch } from '../engine/embedded.ts';
import { SearchPage } from '../fragments/SearchPage.tsx';
import { StockStripSlot } from '../fragments/SlotFragments.tsx';
import { ALPHA_CARS, FIXTURE_NOW } from '../test/engine-fixtures.ts';
import { toCardCars } from './card.ts';
import { articleInsides, CARD_HTML_MAX_CHARS, CARD_HTML_MAX_ENTRIES, createCardHtmlCache, renderWithCardHtml } from './card-html.ts';
import { buildSearchView } from './view.ts';

const config = siteConfig('alpha', { features: { promo_card: true, compare: false } });
const path = { pathname: '/search/new-used-and-demo-cars', heading: 'All', filters: {} };
const view = (params = '') => buildSearchView({ engine: createEmbeddedSearch({ alpha: ALPHA_CARS }), config, path, params: new URLSearchParams(params), now: FIXTURE_NOW });

describe('card HTML memo: bounds (per isolate)', () => {
  it('keeps at most its entries, the least recently used out first', () => {
    const cache = createCardHtmlCache(3, 1_000_000);
    for (const key of ['a', 'b', 'c']) cache.set(key, `<p>${key}</p>`);
    expect(cache.get('a')).toBe('<p>a</p>'); // a is now the most recently used
    cache.set('d', '<p>d</p>');
    expect(cache.size()).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k))).toEqual(['<p>a</p>', '<p>c</p>', '<p>d</p>']);
  });

  it('keeps at most its characters (keys and HTML), and nothing larger than that', () => {
    const cache = createCardHtmlCache(100, 30);
    cache.set('k1', 'x'.repeat(10)); // 12
    cache.set('k2', 'y'.repeat(10)); // 24
    cache.set('k3', 'z'.repeat(10)); // 36 > 30: k1 goes
    expect(cache.chars()).toBe(24);
    expect(cache.get('k1')).toBeUndefined();
    cache.set('huge', 'h'.repeat(40));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size()).toBe(2);
    // Replacing a key counts its characters once.
    cache.set('k2', 'w'.repeat(5));
    expect(cache.chars()).toBe(12 + 7);
  });

  it('states its bounds: 600 cards, 3 million characters', () => {
    expect([CARD_HTML_MAX_ENTRIES, CARD_HTML_MAX_CHARS]).toEqual([600, 3_000_000]);
    const cache = createCardHtmlCache();
    for (let i = 0; i < CARD_HTML_MAX_ENTRIES + 50; i++) cache.set(`card-${i}`, '<p>card</p>');
    expect(cache.size()).toBe(CARD_HTML_MAX_ENTRIES);
  });
});

describe('card HTML memo: the page is the same HTML as rendered live', () => {
  it('cold and warm, for the search page and a stock strip, and it keeps cards', async () => {
    for (const params of ['', 'make=Toyota', 'sortBy=price_asc']) {
      const v = await view(params);
      const live = renderToString(<SearchPage view={v} />);
      const cache = createCardHtmlCache();
      expect(renderWithCardHtml(renderToString, <SearchPage view={v} />, cache), params).toBe(live);
      expect(cache.size(), params).toBeGreaterThan(0);
      expect(renderWithCardHtml(renderToString, <SearchPage view={v} />, cache), params).toBe(live);
    }
    const props = { id: 'fs-strip-new-arrivals', heading: 'New arrivals', viewAll: '/search/new-used-and-demo-cars?sortBy=latest', cards: toCardCars(ALPHA_CARS.slice(0, 6), config, FIXTURE_NOW), favourites: true };
    const cache = createCardHtmlCache();
    const live = renderToString(<StockStripSlot props={props} />);
    expect(renderWithCardHtml(renderToString, <StockStripSlot props={props} />, cache)).toBe(live);
    expect(renderWithCardHtml(renderToString, <StockStripSlot props={props} />, cache)).toBe(live);
  });

  it('a card whose price changed shows the new price (its props are its key), and photos that load at once keep their preload', async () => {
    const v = await view();
    const cache = createCardHtmlCache();
    renderWithCardHtml(renderToString, <SearchPage view={v} />, cache);
    const last = v.cards.at(-1)!;
    const changed = { ...v, cards: v.cards.map((card) => (card === last ? { ...card, price: { kind: 'price' as const, amount: 1234, text: '$1,234' } } : card)) };
    const html = renderWithCardHtml(renderToString, <SearchPage view={changed} />, cache);
    expect(html).toBe(renderToString(<SearchPage view={changed} />));
    expect(html).toContain('<strong>$1,234</strong>');
    // React hoists the first cards' photo preloads to the top: the memo leaves those cards live.
    if (v.cards[0]?.image) expect(html).toMatch(/^<link rel="preload" as="image"/);
  });
});

describe('articleInsides', () => {
  it('finds each article by its aria-labelledby, and none that two articles name', () => {
    const html = '<ul><li><article class="fs-card" aria-labelledby="a-title"><h2 id="a-title">A &gt; B</h2></article></li><li><article aria-labelledby="b">x</article><article aria-labelledby="b">y</article></li></ul>';
    const found = articleInsides(html);
    expect(found.get('a-title')).toBe('<h2 id="a-title">A &gt; B</h2>');
    expect(found.get('b')).toBeNull();
    expect(found.has('c')).toBe(false);
  });
});
