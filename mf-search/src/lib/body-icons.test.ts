import { describe, expect, it } from 'vitest';
import { bodyIconUrl } from './body-icons.ts';

describe('body type drawings (spec §2 body type with logos)', () => {
  it('maps the stock feed spellings to a drawing, anything else to the generic one', () => {
    const base = '/_mf/mf-search/1.2.3/';
    expect(bodyIconUrl(base, 'peopleMover')).toBe('/_mf/mf-search/1.2.3/body/people-mover.svg');
    expect(bodyIconUrl(base, 'cabChassis')).toBe('/_mf/mf-search/1.2.3/body/cab-chassis.svg');
    expect(bodyIconUrl(base, 'stationWagon')).toBe('/_mf/mf-search/1.2.3/body/wagon.svg');
    expect(bodyIconUrl(base, '4x4')).toBe('/_mf/mf-search/1.2.3/body/4x4.svg');
    expect(bodyIconUrl(base, 'Light Truck')).toBe('/_mf/mf-search/1.2.3/body/truck.svg');
    expect(bodyIconUrl(base, 'hovercraft')).toBe('/_mf/mf-search/1.2.3/body/vehicle.svg');
    expect(bodyIconUrl(base, '../../etc')).toBe('/_mf/mf-search/1.2.3/body/vehicle.svg');
  });
});
