import { describe, expect, it } from 'vitest';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, parseIslandProps } from './fragments.ts';
import { islandContainerProps, islandPropsScriptProps } from './islands.ts';

describe('island attribute builders', () => {
  it('container carries id and <remote>/<Module>; props script pairs by id with escaped JSON', () => {
    expect(islandContainerProps('mf-search', 'SearchResults', 'fs-results')).toEqual({ id: 'fs-results', [ISLAND_ATTR]: 'mf-search/SearchResults', className: 'fc-island' });
    const script = islandPropsScriptProps('fs-results', { q: '</script>' });
    expect(script.type).toBe('application/json');
    expect(script[ISLAND_PROPS_ATTR]).toBe('fs-results');
    expect(script.dangerouslySetInnerHTML.__html).not.toContain('</script>');
    expect(parseIslandProps(script.dangerouslySetInnerHTML.__html)).toEqual({ q: '</script>' });
  });
});

describe('island load triggers (data-island-when)', () => {
  it('round-trips storage, event, visible and interaction triggers; drops anything else', async () => {
    const { ISLAND_WHEN_ATTR, parseIslandWhen } = await import('./islands.ts');
    const props = islandContainerProps('mf-account', 'HeaderAccount', 'h', {
      when: [{ kind: 'storage', key: 'forecourt:favourites' }, { kind: 'event', name: 'favourites.changed.v1' }, { kind: 'visible' }, { kind: 'interaction' }],
    }) as Record<string, string>;
    expect(props[ISLAND_WHEN_ATTR]).toBe('storage:forecourt:favourites event:favourites.changed.v1 visible interaction');
    expect(parseIslandWhen(props[ISLAND_WHEN_ATTR])).toEqual([
      { kind: 'storage', key: 'forecourt:favourites' },
      { kind: 'event', name: 'favourites.changed.v1' },
      { kind: 'visible' },
      { kind: 'interaction' },
    ]);
    expect(parseIslandWhen('storage:other-site-key event:alert(1) event:favourites.changed storage:forecourt:x"y hover')).toEqual([]);
    expect(parseIslandWhen(null)).toEqual([]);
    expect(islandContainerProps('mf-search', 'SearchResults', 'fs-results')).not.toHaveProperty(ISLAND_WHEN_ATTR);
  });
});

describe('SimilarCarsIslandPropsSchema (mf-search/SimilarCars, mounted by mf-vehicle)', () => {
  it('takes a car or a search page as the source, with an optional heading and fallback links', async () => {
    const v = await import('valibot');
    const { SimilarCarsIslandPropsSchema } = await import('./islands.ts');
    expect(v.parse(SimilarCarsIslandPropsSchema, { source: { slug: '2021-toyota-corolla-148223' } })).toEqual({ source: { slug: '2021-toyota-corolla-148223' } });
    const search = { source: { path: '/search/used-cars', query: '?make=toyota' }, heading: 'You might also like', fallbackLinks: [{ label: 'Used cars', href: '/search/used-cars' }] };
    expect(v.parse(SimilarCarsIslandPropsSchema, search)).toEqual(search);
    for (const bad of [{}, { source: {} }, { source: { path: '/search/x' } }, { source: { slug: 1 } }, { source: { slug: 'a' }, fallbackLinks: [{ label: 'x' }] }]) {
      expect(v.safeParse(SimilarCarsIslandPropsSchema, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
