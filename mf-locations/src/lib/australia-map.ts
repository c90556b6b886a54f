/**
 * A map that loads nothing from a third party (issue 17: "nothing loads from a third party without a click"): a
 * simplified outline of Australia, drawn from a small embedded polygon of coastline points, with a marker at a
 * location's latitude and longitude. An equirectangular projection scaled by the cosine of the continent's middle
 * latitude is accurate enough to show where in the country a yard is; the links beside it open a real map.
 */

const WEST = 112.5;
const EAST = 154.2;
const NORTH = -10;
const SOUTH = -44;
const MID_LATITUDE = -27;
const WIDTH = 400;
const SCALE = WIDTH / ((EAST - WEST) * Math.cos((MID_LATITUDE * Math.PI) / 180));

/** The SVG's coordinate box (width x height), the continent's extent at the map's scale. */
export const MAP_VIEWBOX = { width: WIDTH, height: Math.ceil((NORTH - SOUTH) * SCALE) } as const;

/** Mainland coastline (longitude, latitude), clockwise from Cape York: ~60 points, a few kilobytes of SVG at most. */
const MAINLAND: ReadonlyArray<readonly [number, number]> = [
  [142.5, -10.7], [143.6, -14.1], [145.3, -15.5], [145.9, -16.9], [146.8, -19.2], [148.8, -20.4], [149.3, -21.3],
  [150.8, -22.6], [151.2, -23.8], [152.4, -24.8], [153.3, -25.2], [153.1, -26.5], [153.2, -27.4], [153.6, -28.2],
  [153.6, -28.9], [153.1, -30.3], [152.9, -31.5], [152.5, -32.4], [151.8, -32.9], [151.3, -33.8], [150.9, -34.4],
  [150.7, -35.2], [150.1, -36.2], [149.9, -37.5], [148.2, -37.8], [147.2, -38.4], [146.3, -39.1], [145.4, -38.5],
  [144.6, -38.3], [143.5, -38.8], [142.3, -38.4], [141.0, -38.1], [140.0, -37.5], [139.7, -36.9], [139.2, -35.8],
  [138.6, -35.6], [138.1, -35.6], [138.5, -34.8], [138.0, -34.2], [137.8, -32.6], [137.4, -33.9], [137.0, -35.2],
  [136.0, -34.8], [135.3, -34.6], [134.9, -33.4], [134.2, -32.9], [133.6, -32.1], [132.2, -32.0], [131.1, -31.5],
  [129.0, -31.7], [127.1, -32.3], [125.0, -32.9], [123.6, -33.9], [121.9, -33.9], [119.9, -34.0], [117.9, -35.1],
  [116.6, -35.0], [115.1, -34.3], [115.7, -33.3], [115.7, -32.0], [115.1, -30.6], [114.6, -28.8], [114.1, -27.4],
  [113.4, -26.1], [113.7, -24.9], [113.4, -23.6], [113.8, -22.4], [114.2, -21.8], [115.5, -21.0], [116.8, -20.6],
  [118.6, -20.3], [120.2, -19.7], [121.5, -18.9], [122.2, -17.9], [122.9, -16.4], [123.9, -16.3], [124.6, -15.2],
  [125.8, -14.4], [126.9, -13.8], [128.1, -14.9], [129.5, -14.9], [129.8, -13.5], [130.6, -12.4], [131.4, -12.2],
  [132.6, -11.5], [133.8, -11.8], [135.2, -12.1], [136.7, -12.0], [136.9, -12.8], [135.9, -13.6], [135.5, -14.8],
  [136.6, -15.9], [138.3, -16.8], [139.6, -17.6], [140.8, -17.5], [141.4, -16.3], [141.6, -14.6], [141.6, -12.6],
];

/** Tasmania's coastline, clockwise from the north-west. */
const TASMANIA: ReadonlyArray<readonly [number, number]> = [
  [144.7, -40.7], [146.6, -41.1], [148.3, -40.9], [148.3, -42.1], [147.9, -43.2], [146.9, -43.6], [146.0, -43.5], [145.2, -42.2],
];

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Where a latitude and longitude fall on the map, in its viewBox; null outside the drawn area (a location abroad or
 * with bad coordinates gets no marker rather than one off the edge).
 * @example projectPoint(-27.47, 153.03) // { x: 389.6, y: 123.6 } (Brisbane, on the east coast)
 */
export function projectPoint(lat: number, long: number): { x: number; y: number } | null {
  const x = round((long - WEST) * Math.cos((MID_LATITUDE * Math.PI) / 180) * SCALE);
  const y = round((NORTH - lat) * SCALE);
  if (x < 0 || y < 0 || x > MAP_VIEWBOX.width || y > MAP_VIEWBOX.height) return null;
  return { x, y };
}

const pathOf = (points: ReadonlyArray<readonly [number, number]>) =>
  `M${points
    .map(([long, lat]) => {
      const p = projectPoint(lat, long)!;
      return `${p.x} ${p.y}`;
    })
    .join('L')}Z`;

/** The outline as one SVG path (mainland and Tasmania), computed once. */
export const AUSTRALIA_PATH = `${pathOf(MAINLAND)}${pathOf(TASMANIA)}`;
