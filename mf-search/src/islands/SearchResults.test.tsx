import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { siteConfig } from '@forecourt/contracts/fixtures/tenant';
import { createEmbeddedSearch } from '../engine/embedded.ts';
import { ALPHA_CARS, FIXTURE_NOW } from '../test/engine-fixtures.ts';
import { buildSearchView } from '../lib/view.ts';
import SearchResults from './SearchResults.tsx';

const config = siteConfig('alpha', { features: { promo_card: true } });

async function view() {
  const engine = createEmbeddedSearch({ alpha: ALPHA_CARS });
  const path = { pathname: '/search/new-used-and-demo-cars', heading: 'All', filters: {} };
  return buildSearchView({ engine, config, path, params: new URLSearchParams(), now: FIXTURE_NOW });
}

describe('SearchResults promo cards', () => {
  it('fills neighbouring promo positions each with a card (the random variant can pick neighbours)', async () => {
    const v = { ...(await view()), promoPositions: [2, 3] };
    expect(v.cards.length).toBeGreaterThan(3);
    const html = renderToString(<SearchResults view={v} />);
    const items = [...html.matchAll(/<li[^>]*>(<(?:article|aside|div|section)[^>]*class="([^"]+)")/g)].map((m) => m[2]);
    expect(items.filter((c) => /promo/i.test(c!))).toHaveLength(2);
  });
});
