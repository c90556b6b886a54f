import { describe, expect, it } from 'vitest';
import { AUSTRALIA_PATH, MAP_VIEWBOX, projectPoint } from './australia-map.ts';

describe('the embedded map of Australia', () => {
  it('places capitals where they are: Perth west, Brisbane east, Darwin north, Hobart south', () => {
    const perth = projectPoint(-31.95, 115.86)!;
    const brisbane = projectPoint(-27.47, 153.03)!;
    const darwin = projectPoint(-12.46, 130.84)!;
    const hobart = projectPoint(-42.88, 147.33)!;
    expect(perth.x).toBeLessThan(60);
    expect(brisbane.x).toBeGreaterThan(370);
    expect(darwin.y).toBeLessThan(40);
    expect(hobart.y).toBeGreaterThan(340);
    expect(brisbane.y).toBeLessThan(projectPoint(-33.87, 151.21)!.y); // Sydney is south of Brisbane
  });
  it('a point off the map gets no marker', () => {
    expect(projectPoint(-36.85, 174.76)).toBeNull(); // Auckland
    expect(projectPoint(51.5, -0.12)).toBeNull();
  });
  it('is a small closed path inside its box', () => {
    expect(AUSTRALIA_PATH.match(/Z/g)).toHaveLength(2); // mainland and Tasmania
    expect(AUSTRALIA_PATH.length).toBeLessThan(2500);
    const numbers = AUSTRALIA_PATH.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(MAP_VIEWBOX.width);
  });
});
