import { describe, expect, it } from 'vitest';
import { mergeCandidates, MERGE_TEXTS } from './merge.ts';

const fav = (id: string) => ({ id, name: `Car ${id}`, slug: `car-${id}`, make: 'Toyota', model: 'Corolla', primary_image_url: null });

describe('mergeCandidates', () => {
  it('offers only the device cars the account does not hold, each once, in order', () => {
    expect(mergeCandidates([fav('a'), fav('b'), fav('a'), fav('c')], ['b']).map((f) => f.id)).toEqual(['a', 'c']);
  });
  it('offers nothing when the account has them all', () => {
    expect(mergeCandidates([fav('a')], ['a'])).toEqual([]);
  });
});

describe('MERGE_TEXTS', () => {
  it('reads naturally for one and many', () => {
    expect(MERGE_TEXTS.lede(1)).toBe('You saved a car on this device before signing in. Add it to your watchlist to see it on any device.');
    expect(MERGE_TEXTS.add(3)).toBe('Add all 3 to my watchlist');
    expect(MERGE_TEXTS.partly(2, 1)).toBe('2 added. One car could not be added (sold or no longer listed) and stays on this device.');
  });
});
