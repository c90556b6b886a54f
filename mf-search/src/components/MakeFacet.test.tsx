import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { buildFacets } from '../lib/facets-ui.ts';
import { parseRefinements } from '../lib/url-state.ts';
import { readFileSync } from 'node:fs';
import { MAKE_MARK_BOX, MakeFacet } from './MakeFacet.tsx';

const item = (value: string, count: number) => ({ value, label: value, count });
const facets = (query: string, manufacturers: Array<{ name: string; slug: string; logo?: { url: string } | null }> = []) =>
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
    manufacturers,
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

describe('make marks in the filter (issue 13: legible at small size)', () => {
  const manufacturers = [
    { name: 'Toyota', slug: 'toyota', logo: { url: '/demo-img/logo/toyota.svg' } },
    { name: 'Mitsubishi', slug: 'mitsubishi', logo: { url: 'https://cdn.example.com/logo/mitsubishi.svg?v=3#top' } },
  ];
  const html = renderToString(<MakeFacet makes={facets('', manufacturers).makes} />);
  const imgs = [...html.matchAll(/<img ([^>]+)>/g)].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

  it("asks for the logo's compact variant, in a box of stated size, as decoration beside the name", () => {
    expect(imgs.map((i) => i.src)).toEqual(['/demo-img/logo/toyota.svg?variant=compact', 'https://cdn.example.com/logo/mitsubishi.svg?v=3&amp;variant=compact#top']);
    for (const img of imgs) {
      expect(img).toMatchObject({ alt: '', width: String(MAKE_MARK_BOX.width), height: String(MAKE_MARK_BOX.height), loading: 'lazy' });
    }
    // the name is the card's text, so the mark adds nothing to read; a make without a logo gets its initial, hidden
    expect(html).toContain('<span class="fs-make__name">Toyota</span>');
    expect(html).toMatch(/<span class="fs-make__mono" aria-hidden="true">K<\/span><span class="fs-make__name">Kia<\/span>/);
  });

  it('the stylesheet gives the mark exactly that box (no layout shift, the compact drawing shown at its own size)', () => {
    const css = readFileSync(new URL('../styles/search.css', import.meta.url), 'utf8');
    const rule = /\.fs-make img\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain(`width:${MAKE_MARK_BOX.width}px`);
    expect(rule).toContain(`height:${MAKE_MARK_BOX.height}px`);
    // shown whole: a logo without a compact variant is scaled down, never cropped
    expect(rule).toContain('object-fit:contain');
    const mono = /\.fs-make__mono\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(mono).toContain(`width:${MAKE_MARK_BOX.width}px`);
  });

});
