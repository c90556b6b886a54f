import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { buildFacets } from '../lib/facets-ui.ts';
import { parseRefinements } from '../lib/url-state.ts';
import { MakeFacet } from './MakeFacet.tsx';

const item = (value: string, count: number) => ({ value, label: value, count });
const facets = (query: string) =>
  buildFacets({
    result: {
      facets: { make: [item('Toyota', 113), item('Mitsubishi', 60), item('Kia', 56)], model: [item('HiLux', 24), item('RAV4', 14), item('Corolla', 12)] },
      facetStats: {},
    },
    pathname: '/search/used-cars',
    pathFilters: { car_type: ['used'] },
    refinements: parseRefinements(new URLSearchParams(query)),
    popularMakesHeadings: false,
    certifiedOnly: false,
    manufacturers: [],
  });

describe("MakeFacet 'Select models' (spec §4 Make facet)", () => {
  it("after choosing Toyota, its models show at once, inside Toyota's own box, before any other make (issue 13)", () => {
    const html = renderToString(<MakeFacet makes={facets('make=Toyota').makes} />);
    // One list item holds the Toyota card and its open models list; the next make starts only after it closes.
    const group = /<li class="fs-make-group">([\s\S]*?<\/details>)<\/li>/.exec(html)?.[1] ?? '';
    expect(group).toMatch(/^<a class="fs-make" href="\/search\/used-cars" data-nav="" data-selected="" rel="nofollow">/);
    expect(group).toContain('<details class="fs-disclosure fs-models" open=""><summary>Select models<span class="fc-visually-hidden"> of <!-- -->Toyota</span></summary><ul class="fs-list" aria-label="Toyota models">');
    const listed = [...group.matchAll(/<span class="fs-item__label">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(listed).toEqual(['HiLux', 'RAV4', 'Corolla']);
    expect(group).not.toMatch(/Mitsubishi|Kia/);
    expect(html.indexOf('Mitsubishi')).toBeGreaterThan(html.indexOf('Corolla'));
  });
  it('no models without one refined make', () => {
    expect(renderToString(<MakeFacet makes={facets('').makes} />)).not.toContain('Select models');
    expect(renderToString(<MakeFacet makes={facets('make=Toyota&make=Kia').makes} />)).not.toContain('Select models');
  });
});
