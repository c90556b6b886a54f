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
