import { readdirSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GeocodeAnswerSchema, locatorQuery } from '@forecourt/contracts/internal';
import { haversineKm } from '@forecourt/contracts/geo';
import { findLocality, normalisePlace, parseSuburbQuery } from '../../lib/au/localities.ts';
import { allLocalityRows, postcodePoint } from '../../lib/au/localities-table.ts';
import { EmbeddedGeocoding, geocodeEmbedded } from './embedded.ts';

const postcode = (q: string) => geocodeEmbedded({ kind: 'postcode', q });
const suburb = (q: string, preferState?: string) => geocodeEmbedded({ kind: 'suburb', q, preferState: preferState ?? null });

/** Every location of the demo tenants, read from their files (demo/tenants/*.ts): suburb, state, postcode and point. */
const demoDir = new URL('../../../../demo/tenants/', import.meta.url);
const DEMO_LOCATIONS = readdirSync(demoDir)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .flatMap((file) =>
    [...readFileSync(new URL(file, demoDir), 'utf8').matchAll(/city: '([^']+)', state: '([A-Z]+)', postcode: '(\d{4})',\s*lat: (-?[\d.]+), long: (-?[\d.]+)/g)].map(
      ([, city, state, code, lat, lng]) => ({ file, city: city!, state: state!, postcode: code!, lat: Number(lat), lng: Number(lng) }),
    ),
  );

describe('embedded geocoding: the demo tenants', () => {
  it('reads every demo location (each `postcode:` of the tenant files, none skipped)', () => {
    const files = readdirSync(demoDir).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
    const postcodes = files.reduce((n, file) => n + (readFileSync(new URL(file, demoDir), 'utf8').match(/postcode: '\d{4}'/g) ?? []).length, 0);
    expect(new Set(DEMO_LOCATIONS.map((l) => l.file)).size).toBe(files.length);
    expect(DEMO_LOCATIONS.length).toBe(postcodes);
    expect(DEMO_LOCATIONS.length).toBeGreaterThanOrEqual(18);
  });

  it("finds every demo location's postcode and suburb (alone on a site of its state, with its state, with its postcode), exactly and within 5 km of the location", () => {
    for (const location of DEMO_LOCATIONS) {
      const where = `${location.city} ${location.state} ${location.postcode}`;
      const byPostcode = postcode(location.postcode);
      // The postcode: the centre of its localities, named by the nearest one.
      expect(byPostcode, where).toEqual({ lat: expect.any(Number), lng: expect.any(Number), label: expect.stringMatching(new RegExp(` ${location.state} ${location.postcode}$`)), postcode: location.postcode, state: location.state, approximate: false });
      expect(haversineKm(byPostcode!, location), where).toBeLessThan(5);
      expect(v.safeParse(GeocodeAnswerSchema, byPostcode).success).toBe(true);
      const bySuburb = suburb(location.city, location.state);
      expect(bySuburb, where).toEqual({ lat: expect.any(Number), lng: expect.any(Number), label: where, postcode: location.postcode, state: location.state, approximate: false });
      expect(haversineKm(bySuburb!, location), where).toBeLessThan(5);
      for (const q of [`${location.city} ${location.state}`, `${location.city.toUpperCase()}, ${location.state.toLowerCase()} ${location.postcode}`, `${location.city} ${location.postcode}`]) {
        // As the locator's box would send it; a typed state or postcode needs no preferred state.
        const query = locatorQuery(q);
        expect(query, q).toMatchObject({ ok: true, kind: 'suburb' });
        expect(suburb(q), q).toEqual(bySuburb);
      }
    }
  });
});

describe('embedded geocoding: postcodes', () => {
  it("answers a listed postcode with the centre of its localities, labelled with the one nearest that centre", () => {
    // 4127: Chatswood Hills, Daisy Hill, Priestdale, Slacks Creek, Springwood.
    const rows = allLocalityRows().filter((row) => row.postcode === '4127');
    expect(rows.map((row) => row.locality)).toContain('Springwood');
    const centre = { lat: rows.reduce((sum, r) => sum + r.lat, 0) / rows.length, lng: rows.reduce((sum, r) => sum + r.lng, 0) / rows.length };
    const answer = postcode('4127')!;
    expect(answer).toEqual({ lat: -27.6271, lng: 153.1458, label: 'Chatswood Hills QLD 4127', postcode: '4127', state: 'QLD', approximate: false });
    expect(haversineKm(answer, centre)).toBeLessThan(0.02);
    const nearest = Math.min(...rows.map((row) => haversineKm(row, centre)));
    expect(haversineKm(rows.find((row) => row.locality === 'Chatswood Hills')!, centre)).toBe(nearest);
    expect(postcode('0870')).toMatchObject({ label: 'Gillen NT 0870', state: 'NT', approximate: false });
    expect(postcode('2601')).toMatchObject({ label: 'Acton ACT 2601', state: 'ACT' });
    expect(postcode('2000')).toMatchObject({ label: 'Sydney NSW 2000', state: 'NSW' });
    // 2619 is NSW (after the ACT's 2600-2618), never an ACT point.
    expect(postcode('2619')).toMatchObject({ label: 'Jerrabomberra NSW 2619', state: 'NSW', approximate: false });
  });

  it('answers an unlisted street postcode with the nearest listed one of its state, flagged approximate', () => {
    // 4126 has no street locality: 4125 (Park Ridge) and 4127 are as near; the lower wins. The answer keeps the postcode asked.
    expect(postcodePoint('4126')).toBeNull();
    expect(postcode('4126')).toEqual({ ...postcode('4125'), label: 'Park Ridge South QLD 4126', postcode: '4126', approximate: true });
  });

  it('answers a PO-box postcode with the city that serves it, flagged approximate', () => {
    expect(postcode('4001')).toMatchObject({ label: 'Brisbane QLD 4001', postcode: '4001', state: 'QLD', approximate: true });
    expect(postcode('1230')).toMatchObject({ label: 'Sydney NSW 1230', state: 'NSW', approximate: true });
    expect(postcode('8001')).toMatchObject({ label: 'Melbourne VIC 8001', state: 'VIC', approximate: true });
    expect(postcode('0200')).toMatchObject({ label: 'Acton ACT 0200', state: 'ACT', approximate: true });
  });

  it('finds nothing for a postcode no state owns or that is not 4 digits', () => {
    for (const q of ['0000', '0100', '0799', '6798', '412', '41270', 'abcd']) expect(postcode(q), q).toBeNull();
  });
});

describe('embedded geocoding: suburbs', () => {
  it('matches case-, accent- and punctuation-insensitively, with Mount/Mt and Saint/St as one', () => {
    expect(suburb('WYNNUM')).toMatchObject({ label: 'Wynnum QLD 4178' });
    expect(suburb('Wýnnúm')).toMatchObject({ label: 'Wynnum QLD 4178' });
    expect(suburb('Mt Gravatt')).toMatchObject({ label: 'Mount Gravatt QLD 4122' });
    expect(suburb('mount-gravatt')).toMatchObject({ label: 'Mount Gravatt QLD 4122' });
    expect(suburb('Saint Kilda')).toMatchObject({ label: 'St Kilda VIC 3182' });
    expect(suburb('St. Kilda')).toMatchObject({ label: 'St Kilda VIC 3182' });
    expect(normalisePlace("  O'Connor-Mt.  ÉTÉ ")).toBe('oconnor mt ete');
  });

  it('finds a name by its start (3 characters or more), preferring the exact name', () => {
    expect(suburb('Surfers')).toMatchObject({ label: 'Surfers Paradise QLD 4217' });
    // 'Broadmeadow' (NSW 2292) is exact; 'Broadmeadows' (VIC 3047) only starts with it.
    expect(suburb('Broadmeadow')).toMatchObject({ label: 'Broadmeadow NSW 2292' });
    expect(suburb('Broadmeadows')).toMatchObject({ label: 'Broadmeadows VIC 3047' });
    // Too short to be a start: only an exact name.
    expect(suburb('Wa')).toBeNull();
  });

  it('narrows by the state and postcode typed after the name', () => {
    // Belmont is listed in NSW, VIC, QLD and WA.
    expect(suburb('Belmont QLD')).toMatchObject({ label: 'Belmont QLD 4153', state: 'QLD' });
    expect(suburb('Belmont, wa')).toMatchObject({ label: 'Belmont WA 6104' });
    expect(suburb('Belmont 3216')).toMatchObject({ label: 'Belmont VIC 3216' });
    expect(suburb('Belmont VIC 3216')).toMatchObject({ label: 'Belmont VIC 3216' });
    expect(suburb('Belmont SA')).toBeNull();
    expect(suburb('Wynnum NSW')).toBeNull();
    // The site's own state breaks a tie; the typed state still wins over it.
    expect(suburb('Belmont', 'QLD')).toMatchObject({ label: 'Belmont QLD 4153' });
    expect(suburb('Belmont', 'WA')).toMatchObject({ label: 'Belmont WA 6104' });
    expect(suburb('Belmont NSW', 'QLD')).toMatchObject({ label: 'Belmont NSW 2280' });
    // Without any state: deterministic (the lowest postcode).
    expect(suburb('Belmont')).toMatchObject({ label: 'Belmont NSW 2280' });
    expect(suburb('Belmont')).toEqual(suburb('belmont'));
  });

  it('falls back to the typed postcode (approximate) for a suburb the table does not list, unless the state disagrees', () => {
    expect(suburb('Gotham 4076')).toEqual({ ...postcode('4076'), approximate: true });
    expect(suburb('Gotham QLD 4076')).toMatchObject({ postcode: '4076', state: 'QLD', approximate: true });
    expect(suburb('Gotham NSW 4076')).toBeNull();
    // A listed name with another postcode: the postcode is what the shopper typed last.
    expect(suburb('Springwood 4128')).toMatchObject({ label: 'Shailer Park QLD 4128', approximate: true });
  });

  it('knows every street locality of the table, not just one per postcode', () => {
    // Darra shares 4076 with Wacol (the old gazetteer listed only Wacol).
    expect(suburb('Darra 4076')).toMatchObject({ label: 'Darra QLD 4076', postcode: '4076', state: 'QLD', approximate: false });
    expect(suburb('Kurri Kurri')).toMatchObject({ label: 'Kurri Kurri NSW 2327', approximate: false });
    expect(suburb('coober pedy')).toMatchObject({ label: 'Coober Pedy SA 5723' });
    expect(suburb('Thursday Island')).toMatchObject({ label: 'Thursday Island QLD 4875' });
    expect(suburb('Birdsville QLD')).toMatchObject({ label: 'Birdsville QLD 4482' });
    expect(suburb('Yarralumla')).toMatchObject({ label: 'Yarralumla ACT 2600', state: 'ACT' });
    expect(suburb('Manera Heights')).toMatchObject({ label: 'Manera Heights NSW 2830' });
    // Names as Australia Post writes them, in title case, found however they are typed.
    expect(suburb('oconnor act')).toMatchObject({ label: "O'Connor ACT 2602" });
    expect(suburb('Mcmahons Point')).toMatchObject({ label: 'McMahons Point NSW 2060' });
    expect(suburb('isle of capri')).toMatchObject({ label: 'Isle of Capri QLD 4217' });
    // Two Springwoods: the lower postcode without a preference, the site's state with one.
    expect(suburb('Springwood')).toMatchObject({ label: 'Springwood NSW 2777' });
    expect(suburb('Springwood', 'QLD')).toMatchObject({ label: 'Springwood QLD 4127' });
    // Several postcodes of one name and state: the lowest, whatever the table order.
    expect(suburb('Alice Springs')).toMatchObject({ label: 'Alice Springs NT 0870' });
    // No PO-box or mail-centre rows: 'Darwin MC' is not a place to search from.
    expect(suburb('Darwin MC')).toBeNull();
  });

  it('finds nothing for an unknown suburb', () => {
    for (const q of ['Atlantis', 'Gotham City', 'Springwoodz', 'Xy']) expect(suburb(q), q).toBeNull();
    // Nothing of the table's packing leaks through: separators and coordinates are not names.
    for (const q of ['Springwood;-27', 'Gillen|0870', '4127:Springwood', '153.13', ';']) expect(findLocality(parseSuburbQuery(q)), q).toBeNull();
  });

  it('splits a query into its name, state and postcode', () => {
    expect(parseSuburbQuery('Springwood, qld 4127')).toEqual({ name: 'Springwood', state: 'QLD', postcode: '4127' });
    expect(parseSuburbQuery('Springwood,QLD')).toEqual({ name: 'Springwood', state: 'QLD', postcode: null });
    expect(parseSuburbQuery('Mount Isa')).toEqual({ name: 'Mount Isa', state: null, postcode: null });
    expect(parseSuburbQuery('WA')).toEqual({ name: 'WA', state: null, postcode: null });
    expect(findLocality({ name: '', state: null, postcode: null })).toBeNull();
  });

  it('is the port (nothing to keep)', async () => {
    const port = new EmbeddedGeocoding();
    expect(port.keepsAnswers).toBe(false);
    await expect(port.locate({ kind: 'suburb', q: 'Ringwood VIC' })).resolves.toMatchObject({ label: 'Ringwood VIC 3134' });
  });
});
