import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleLocation } from '@forecourt/contracts/fixtures/location';
import { LocationSchema, type Location } from '@forecourt/contracts/entities/location';
import { readSlotParams } from '@forecourt/contracts/slots';
import { ALPHA_PARTS } from '../test/parts-fixtures.ts';
import { partsEnquiryLocations, partsEnquirySlot } from './parts-enquiry.ts';

const loc = (id: string, extra: Record<string, unknown>): Location => v.parse(LocationSchema, { ...structuredClone(sampleLocation), id, slug: `loc-${id}`, ...extra });
const LOCATIONS = [
  loc('s1', { location_type: 'sales', manufacturers: ['toyota'] }),
  loc('sv1', { location_type: 'service', manufacturers: ['toyota'] }),
  loc('pt1', { location_type: 'parts', manufacturers: ['hyundai'] }),
  loc('pt2', { location_type: 'parts', manufacturers: ['toyota'] }),
  loc('pt3', { location_type: 'parts', manufacturers: ['toyota'], visible: false }),
  loc('s2', { location_type: 'sales', manufacturers: ['ford'] }),
  loc('sv2', { location_type: 'service', manufacturers: ['ford'] }),
  loc('s3', { location_type: 'sales', manufacturers: ['yamaha'] }),
];
/** A site listing every one of these locations (in this order) in its config. */
const site = (locations: Location[]) => ({ config: { locations: locations.map((l) => l.id) }, data: { locations } });
const ids = (brand: string | null, locations = LOCATIONS) => partsEnquiryLocations(site(locations), { manufacturer_slug: brand }).map((l) => l.id);

describe('partsEnquiryLocations', () => {
  it("the parts counter of the part's brand, else its service desk, else its other locations", () => {
    expect(ids('toyota')).toEqual(['pt2']);
    // Never another brand's parts counter: the Ford service desk, the Yamaha showroom.
    expect(ids('ford')).toEqual(['sv2']);
    expect(ids('yamaha')).toEqual(['s3']);
  });

  it('a universal part, or a brand no location carries: every parts counter, else service, else every visible location', () => {
    expect(ids(null)).toEqual(['pt1', 'pt2']);
    expect(ids('subaru')).toEqual(['pt1', 'pt2']);
    const noParts = LOCATIONS.filter((l) => l.location_type !== 'parts');
    expect(ids(null, noParts)).toEqual(['sv1', 'sv2']);
    expect(ids(null, noParts.filter((l) => l.location_type !== 'service'))).toEqual(['s1', 's2', 's3']);
    expect(ids(null, [])).toEqual([]);
  });

  it("only the locations the site lists: a visible location of the data that the site's config does not list is never offered", () => {
    // A group's data holds its other sites' locations: pt2 is visible and carries Toyota, but this site lists only s1 and sv1.
    const own = { config: { locations: ['sv1', 's1'] }, data: { locations: LOCATIONS } };
    expect(partsEnquiryLocations(own, { manufacturer_slug: 'toyota' }).map((l) => l.id)).toEqual(['sv1']);
    expect(partsEnquiryLocations(own, { manufacturer_slug: null }).map((l) => l.id)).toEqual(['sv1']);
    // In the config's order, hidden ones left out even when listed.
    const listed = { config: { locations: ['pt3', 's2', 's1'] }, data: { locations: LOCATIONS } };
    expect(partsEnquiryLocations(listed, { manufacturer_slug: 'subaru' }).map((l) => l.id)).toEqual(['s2', 's1']);
    expect(partsEnquiryLocations({ config: { locations: [] }, data: { locations: LOCATIONS } }, { manufacturer_slug: null })).toEqual([]);
  });
});

describe('partsEnquirySlot', () => {
  it("mf-account's parts form with the part, its locations and the page's error codes, as mf-account reads it", () => {
    const slot = partsEnquirySlot(ALPHA_PARTS[2]!, site(LOCATIONS), new URLSearchParams('enquire=p3&lead_error=rate_limited'));
    expect(slot).toMatchObject({ id: 'parts-enquiry', remote: 'mf-account', page: 'lead-form' });
    const read = readSlotParams('leadForm', new URLSearchParams(slot.params));
    expect(read.success && read.output).toEqual({
      form: 'parts', id: 'fs-parts-enquiry-form', layout: 'page', part_id: 'p3', part_name: 'Heavy-duty tow bar', part_number: 'PZ403-N0610-00', location_options: 'pt2', lead_error: 'rate_limited',
    });
    // The site lists none of them: no location options at all (never another site's counters).
    const none = partsEnquirySlot(ALPHA_PARTS[2]!, { config: { locations: [] }, data: { locations: LOCATIONS } }, new URLSearchParams());
    expect(new URLSearchParams(none.params).has('location_options')).toBe(false);
  });
});
