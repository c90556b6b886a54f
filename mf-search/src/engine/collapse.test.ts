import { describe, expect, it } from 'vitest';
import type { Car } from '@forecourt/contracts/entities/car';
import { collapseSoldRuns } from './collapse.ts';

type Hit = Pick<Car, 'status' | 'sold'> & { id: string };
const hit = (id: string): Hit => (id.startsWith('s') ? { id, status: 'sold', sold: true } : { id, status: 'in_stock', sold: false });
const ids = (list: string[]) => collapseSoldRuns(list.map(hit)).map((h) => h.id);

describe('collapseSoldRuns (spec §4)', () => {
  it('keeps the first of each run of consecutive sold hits', () => {
    expect(ids(['a', 's1', 's2', 'b', 's3'])).toEqual(['a', 's1', 'b', 's3']);
    expect(ids(['s1', 's2', 's3', 'a', 's4', 's5', 'b'])).toEqual(['s1', 'a', 's4', 'b']);
    expect(ids(['a', 's1', 'b', 's2', 'c'])).toEqual(['a', 's1', 'b', 's2', 'c']);
  });
  it('shows every hit when every hit is sold', () => {
    expect(ids(['s1', 's2', 's3'])).toEqual(['s1', 's2', 's3']);
    expect(ids(['s1'])).toEqual(['s1']);
  });
  it('leaves pages without sold hits, and empty pages, unchanged', () => {
    expect(ids(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(ids([])).toEqual([]);
  });
  it('treats the sold flag like the sold status and does not touch coming-soon cars', () => {
    const list: Hit[] = [{ id: 'x', status: 'in_stock', sold: true }, { id: 'y', status: 'sold', sold: null }, { id: 'z', status: 'coming_soon' }, { id: 'w', status: 'coming_soon' }];
    expect(collapseSoldRuns(list).map((h) => h.id)).toEqual(['x', 'z', 'w']);
  });
  it('does not mutate its input', () => {
    const list = ['a', 's1', 's2'].map(hit);
    const copy = [...list];
    collapseSoldRuns(list);
    expect(list).toEqual(copy);
  });
});
