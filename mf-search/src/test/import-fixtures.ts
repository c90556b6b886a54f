/**
 * Feed fixtures for the stock import tests: small JSON and CSV feeds whose good and bad rows sit on known lines.
 * Tenant "import-motors" owns dealerships 41 (import-motors-north) and 42 (import-motors-south).
 */
import type { TenantRules } from '../import/validate.ts';

export const RULES: TenantRules = {
  tenant: 'import-motors',
  dealerships: [{ id: '41', slug: 'import-motors-north' }, { id: '42', slug: 'import-motors-south' }],
};

/** A minimal valid feed row (only the Car schema's required fields). */
export function feedCar(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `2021 Toyota Corolla Ascent ${id}`,
    slug: `2021-toyota-corolla-ascent-${id}`,
    year: 2021,
    make: 'Toyota',
    model: 'Corolla',
    price: 24990,
    km: 41000,
    status: 'in_stock',
    car_type: 'used',
    created_at: '2025-06-01T09:00:00.000Z',
    created_at_timestamp: Date.UTC(2025, 5, 1, 9),
    show_on_dealer_website: true,
    dealership_id: '41',
    dealership_slug: 'import-motors-north',
    images: [{ image: { url: `/img/${id}.jpg`, thumb: { url: `/img/${id}.jpg` } } }],
    ...overrides,
  };
}

/** One element per line from line 2, except the pretty-printed element a3 that spans lines 4-6. */
export const JSON_FEED = [
  '[',
  `  ${JSON.stringify(feedCar('a1'))},`, // line 2: good
  `  ${JSON.stringify(feedCar('a2', { price: 'abc' }))},`, // line 3: bad price
  '  {', // line 4: good, spans lines 4-6
  `    ${JSON.stringify(feedCar('a3')).slice(1, -1)}`,
  '  },',
  `  ${JSON.stringify(feedCar('a4', { dealership_id: '11', dealership_slug: 'harbourside-toyota' }))},`, // line 7: tenant mismatch
  `  ${JSON.stringify(feedCar('a1', { slug: 'another-slug' }))},`, // line 8: duplicate id of line 2
  `  ${JSON.stringify(feedCar('a5', { year: 1800, status: 'parked', make: undefined }))},`, // line 9: three issues
  '  "not a car",', // line 10
  `  ${JSON.stringify(feedCar('a6', { slug: '2021-toyota-corolla-ascent-a3' }))}`, // line 11: duplicate slug of line 4
  ']',
].join('\n');

const CSV_HEADER = 'id,name,slug,year,make,model,price,km,status,car_type,created_at,created_at_timestamp,show_on_dealer_website,dealership_id,dealership_slug,images,location.id,location.name,location.slug,dealercomments,certified';
const row = (id: string, cells: Partial<Record<'price' | 'km' | 'year' | 'comments' | 'dealership' | 'slug' | 'certified' | 'location', string>> = {}) =>
  [
    id,
    `2020 Mazda CX-5 Maxx ${id}`,
    cells.slug ?? `2020-mazda-cx-5-maxx-${id}`,
    cells.year ?? '2020',
    'Mazda',
    'CX-5',
    cells.price ?? '31990',
    cells.km ?? '52000',
    'in_stock',
    'used',
    '2025-06-02T10:00:00.000Z',
    String(Date.UTC(2025, 5, 2, 10)),
    'true',
    cells.dealership ?? '42',
    'import-motors-south',
    `/img/${id}-1.jpg|/img/${id}-2.jpg`,
    ...(cells.location === undefined ? ['4201', 'Import Motors South', 'import-motors-south-yard'] : ['', '', '']),
    cells.comments ?? '',
    cells.certified ?? '',
  ].join(',');

/**
 * CSV with CRLF line ends: the quoted comment of c2 spans lines 3-5, so c3 starts on line 6.
 * Lines: 1 header, 2 c1 good, 3-5 c2 good (embedded newlines, quotes, commas), 6 c3 bad price, 7 blank,
 * 8 c4 bad (wrong dealership), 9 c5 bad (km not an integer, certified "maybe"), 10 c6 good (null-like location absent),
 * 11 c1 again (duplicate id), 12 short row.
 */
export const CSV_FEED = [
  CSV_HEADER,
  row('c1', { certified: 'yes' }),
  row('c2', { comments: '"One owner, full history.\r\nSays ""like new"".\r\nCall us"' }),
  row('c3', { price: '"$31,990"' }),
  '',
  row('c4', { dealership: '99' }),
  row('c5', { km: '12.5', certified: 'maybe' }),
  row('c6', { location: '' }),
  row('c1', { slug: 'c1-again' }),
  'c7,2020 Mazda CX-5,short',
].join('\r\n') + '\r\n';
