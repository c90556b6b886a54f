import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { siteConfigInput } from './fixtures/tenant.ts';
import { locationBlockParamsAgree } from './location-block.ts';
import { LocationsSummarySlotParamsSchema, readSlotParams, slotFor } from './slots.ts';
import { HomeSectionSchema, parseSiteConfig } from './tenant.ts';

const ok = (params: Record<string, string>) => v.safeParse(LocationsSummarySlotParamsSchema, params).success;

describe('the location block params (the locations summary slot, spec §2 Location block)', () => {
  it('are all optional: a host that names none gets the section as before (backward compatible)', () => {
    expect(ok({})).toBe(true);
    expect(ok({ limit: '4' })).toBe(true);
    expect(slotFor('locationsSummary', 'locations-summary', {})).toEqual({ id: 'locations-summary', remote: 'mf-locations', page: 'locations-summary', params: {} });
  });
  it('take every variant: primary, one by id, a type, all; manufacturer, subtype, include, exclude, layout, limit', () => {
    for (const show of ['primary', 'sales', 'service', 'parts', 'service-and-parts', 'all']) expect(ok({ show }), show).toBe(true);
    expect(ok({ show: 'id', id: '2702' })).toBe(true);
    const slot = slotFor('locationsSummary', 'l', { show: 'service', manufacturer: 'isuzu-trucks', subtype: 'Truck Centre', include: '2701,2702', exclude: '2703', layout: 'carousel', limit: '6' });
    expect(readSlotParams('locationsSummary', new URLSearchParams(slot.params)).output).toEqual({ show: 'service', manufacturer: 'isuzu-trucks', subtype: 'Truck Centre', include: '2701,2702', exclude: '2703', layout: 'carousel', limit: '6' });
  });
  it("the car page's block: one location by id with the map variant, its reviews list and a heading (issue 18)", () => {
    const slot = slotFor('locationsSummary', 'vehicle-location', { show: 'id', id: '2702', variant: 'map', reviews: 'list', heading: 'Where this car is' });
    expect(readSlotParams('locationsSummary', new URLSearchParams(slot.params)).output).toEqual({ show: 'id', id: '2702', variant: 'map', reviews: 'list', heading: 'Where this car is' });
    for (const bad of <Record<string, string>[]>[{ variant: 'photo' }, { reviews: 'all' }, { heading: '' }, { heading: 'x'.repeat(81) }]) expect(ok(bad), JSON.stringify(bad)).toBe(false);
  });
  it('refuse what the owner could not honour', () => {
    for (const bad of <Record<string, string>[]>[{ show: 'nearest' }, { layout: 'map' }, { limit: '0' }, { limit: '13' }, { id: 'a b' }, { include: '1,,2' }, { exclude: '1;2' }, { manufacturer: 'Isuzu Trucks' }, { subtype: '' }]) {
      expect(ok(bad), JSON.stringify(bad)).toBe(false);
    }
  });
  it('show id and its id go together', () => {
    expect(locationBlockParamsAgree({ show: 'id', id: '1' })).toBe(true);
    expect(locationBlockParamsAgree({})).toBe(true);
    expect(locationBlockParamsAgree({ show: 'id' })).toBe(false);
    expect(locationBlockParamsAgree({ show: 'all', id: '1' })).toBe(false);
  });
});

describe('the home page’s locations section (tenant config)', () => {
  it('takes optional params for the slot', () => {
    expect(v.parse(HomeSectionSchema, { kind: 'locations' })).toEqual({ kind: 'locations' });
    expect(v.parse(HomeSectionSchema, { kind: 'locations', params: { show: 'sales', layout: 'carousel' } })).toEqual({ kind: 'locations', params: { show: 'sales', layout: 'carousel' } });
  });
  it('a config whose section the slot would refuse fails at load', () => {
    const config = (params: Record<string, string>) => () => parseSiteConfig({ ...siteConfigInput('t'), home: { sections: [{ kind: 'locations', params }] } });
    expect(config({ show: 'primary' })).not.toThrow();
    expect(config({ show: 'id' })).toThrow(/home\.sections\.0\.params/);
    expect(config({ layout: 'grid' })).toThrow(/home\.sections\.0\.params\.layout/);
  });
  it('the Book a Service switch and the manufacturer service page are optional (off, none)', () => {
    const config = parseSiteConfig(siteConfigInput('t'));
    expect(config.features.location_book_service).toBe(false);
    expect(config.service).toEqual({});
    expect(() => parseSiteConfig({ ...siteConfigInput('t'), service: { manufacturer_url: 'javascript:alert(1)' } })).toThrow(/service\.manufacturer_url/);
  });
});
