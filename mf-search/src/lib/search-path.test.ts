import { describe, expect, it } from 'vitest';
import { resolveSearchPath, type SearchCatalogue } from './search-path.ts';

const catalogue: SearchCatalogue = {
  makes: [
    { label: 'Toyota', value: 'Toyota', count: 40 },
    { label: 'Land Rover', value: 'Land Rover', count: 3 },
    { label: 'Isuzu', value: 'Isuzu', count: 7 },
  ],
  bodies: [{ label: 'SUV', value: 'suv', count: 20 }],
  knownMakes: [{ slug: 'hino', name: 'Hino' }, { slug: 'isuzu-ute', name: 'Isuzu UTE' }],
  places: [{ slug: 'tingalpa-sales', name: 'Tingalpa Sales', facet: 'location_id', value: 'loc-1' }],
  knownModels: ['Corolla Cross'],
};
const models = async (make: string) =>
  make === 'Toyota' ? [{ label: 'HiLux', value: 'HiLux', count: 5 }] : make === 'Isuzu' ? [{ label: 'D-Max', value: 'D-Max', count: 4 }] : [];

describe('resolveSearchPath (spec §2 Search routes, documented order)', () => {
  it('stock-type pages come first', async () => {
    expect(await resolveSearchPath('used-cars', catalogue, models)).toMatchObject({ heading: 'Used cars', filters: { car_type: ['used'] } });
    expect(await resolveSearchPath('new-used-and-demo-cars', catalogue, models)).toMatchObject({ filters: {} });
    expect(await resolveSearchPath('new-and-demo-cars', catalogue, models)).toMatchObject({ filters: { car_type: ['new', 'demo'] } });
  });
  it('{type}-cars and bare body types resolve to a body filter, including spec bodies with no stock', async () => {
    expect(await resolveSearchPath('suv-cars', catalogue, models)).toMatchObject({ heading: 'SUV', filters: { simple_body: ['suv'] } });
    expect(await resolveSearchPath('suv', catalogue, models)).toMatchObject({ filters: { simple_body: ['suv'] } });
    expect(await resolveSearchPath('people-mover', catalogue, models)).toMatchObject({ heading: 'People Mover', filters: { simple_body: ['peopleMover'] } });
  });
  it('locations, then makes (in stock or sold by the tenant), matching slugs to spellings', async () => {
    expect(await resolveSearchPath('tingalpa-sales', catalogue, models)).toMatchObject({ filters: { location_id: ['loc-1'] } });
    expect(await resolveSearchPath('land-rover', catalogue, models)).toMatchObject({ heading: 'Land Rover', filters: { make: ['Land Rover'] } });
    expect(await resolveSearchPath('HINO', catalogue, models)).toMatchObject({ filters: { make: ['Hino'] } });
  });
  it('a brand naming a line of its make (Isuzu UTE) searches the stock’s make (Isuzu), headed by the brand', async () => {
    expect(await resolveSearchPath('isuzu-ute', catalogue, models)).toMatchObject({ heading: 'Isuzu UTE', filters: { make: ['Isuzu'] } });
    expect(await resolveSearchPath('isuzu-ute/d-max', catalogue, models)).toMatchObject({ heading: 'Isuzu UTE D-Max', filters: { make: ['Isuzu'], model: ['D-Max'] } });
  });
  it('{make}/{model} with breadcrumbs; unknown make or model is null', async () => {
    const path = await resolveSearchPath('toyota/hilux', catalogue, models);
    expect(path).toMatchObject({ heading: 'Toyota HiLux', filters: { make: ['Toyota'], model: ['HiLux'] } });
    expect(await resolveSearchPath('toyota/corolla-cross', catalogue, models)).toMatchObject({ filters: { model: ['Corolla Cross'] } });
    expect(await resolveSearchPath('toyota/nope', catalogue, models)).toBeNull();
    expect(await resolveSearchPath('nope/hilux', catalogue, models)).toBeNull();
  });
  it('unknown or deeper paths are null', async () => {
    expect(await resolveSearchPath('no-such-thing', catalogue, models)).toBeNull();
    expect(await resolveSearchPath('a/b/c', catalogue, models)).toBeNull();
    expect(await resolveSearchPath('', catalogue, models)).toBeNull();
  });
});
