import { describe, expect, it } from 'vitest';
import { listEdges } from './LocationsCarousel.tsx';

describe('listEdges (the carousel’s Previous / Next state)', () => {
  it('at the start, in the middle, at the end (within 2px), and a list that fits', () => {
    expect(listEdges(0, 1200, 600)).toEqual({ atStart: true, atEnd: false });
    expect(listEdges(300, 1200, 600)).toEqual({ atStart: false, atEnd: false });
    expect(listEdges(598.5, 1200, 600)).toEqual({ atStart: false, atEnd: true });
    expect(listEdges(0, 600, 600)).toEqual({ atStart: true, atEnd: true });
  });
});
