import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SimilarCars from './SimilarCars.tsx';

describe('SimilarCars server render (spec §9: 6 placeholders, no layout shift)', () => {
  it('a search source: "You might also like" and 6 hidden placeholders, no cards yet', () => {
    const html = renderToString(<SimilarCars source={{ path: '/search/used-cars', query: 'query=zz' }} />);
    expect(html).toContain('You might also like');
    expect(html.match(/class="fsim-list__item fsim-ph"/g)?.length).toBe(6);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('fs-card');
    expect(html).not.toContain('fsim-carousel__next');
  });

  it('a car source: "Similar cars", or the heading given', () => {
    expect(renderToString(<SimilarCars source={{ slug: 'a-car' }} />)).toContain('Similar cars');
    expect(renderToString(<SimilarCars source={{ slug: 'a-car' }} heading="More like this" />)).toContain('More like this');
  });

  it('the section is named by its heading', () => {
    const html = renderToString(<SimilarCars source={{ slug: 'a-car' }} />);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`id="${labelledBy}"`);
  });
});
