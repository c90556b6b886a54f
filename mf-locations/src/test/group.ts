/**
 * Test support: a dealer group's locations for the list and the dealer locator (dealerships in a config order that
 * differs from the data's, several types at one address, a used yard elsewhere, a two-brand dealership with two
 * websites, a feed `javascript:` website, real coordinates).
 */
import { parseTenantData, type TenantDataInput } from '@forecourt/contracts/tenant-data';
import type { LocationsData } from '../lib/locations-data.ts';
import type { SiteConfigInput } from '@forecourt/contracts/tenant';
import { siteConfigInput } from '@forecourt/contracts/fixtures/tenant';
import { locationInput } from './tenant.ts';

const SPRINGWOOD = { street: '12 Dennis Road', city: 'Springwood', state: 'QLD', postcode: '4127', lat: -27.6129, long: 153.1296 };
const hyundai = { dealership_id: 'd21', dealership_slug: 'harbour-hyundai', manufacturers: ['hyundai'] };
const ford = { dealership_id: 'd23', dealership_slug: 'penrith-ford', manufacturers: ['ford'] };
const PENRITH = { street: '140 Mulgoa Road', city: 'Penrith', state: 'NSW', postcode: '2750', lat: -33.7571, long: 150.6846 };

export function groupDataInput(): TenantDataInput {
  return {
    locations: [
      locationInput({ id: 'hsv', name: 'Harbour Hyundai Service', slug: 'harbour-hyundai-service', location_type: 'service', ...hyundai, address: { ...SPRINGWOOD, street: '12 DENNIS ROAD' }, contact_detail: { phone: '07 5550 2130', opening_hours: [] } }),
      locationInput({ id: 'hsa', name: 'Harbour Hyundai Sales', slug: 'harbour-hyundai-sales', ...hyundai, address: SPRINGWOOD, image: { image: { url: '/demo-img/place/1f4e8c/sales.svg' } } }),
      locationInput({ id: 'hpa', name: 'Harbour Hyundai Parts', slug: 'harbour-hyundai-parts', location_type: 'parts', ...hyundai, address: SPRINGWOOD }),
      locationInput({
        id: 'hus', name: 'Harbour Hyundai Used', slug: 'harbour-hyundai-used', location_subtype: 'Pre-Owned Sales & Buying', ...hyundai,
        address: { street: '5 Wembley Road', city: 'Logan Central', state: 'QLD', postcode: '4114', lat: -27.6397, long: 153.1092 },
      }),
      locationInput({
        id: 'kia', name: 'Bay Kia & Mazda', slug: 'bay-kia-mazda', dealership_id: 'd22', dealership_slug: 'bay-kia-mazda', manufacturers: ['kia', 'mazda'],
        address: { street: '88 Redland Bay Road', city: 'Capalaba', state: 'QLD', postcode: '4157', lat: -27.5312, long: 153.2005 },
        image: { image: { url: 'javascript:alert(1)' } },
      }),
      locationInput({ id: 'fsa', name: 'Penrith Ford Sales', slug: 'penrith-ford-sales', ...ford, address: PENRITH }),
      locationInput({ id: 'fsv', name: 'Penrith Ford Service', slug: 'penrith-ford-service', location_type: 'service', ...ford, address: PENRITH }),
    ],
    dealerships: [
      { id: 'd21', slug: 'harbour-hyundai', name: 'Harbour Hyundai', websites: [{ name: 'Harbour Hyundai', slug: 'harbour-hyundai', make: 'Hyundai', url: 'https://harbourhyundai.example.com.au/' }] },
      {
        id: 'd22', slug: 'bay-kia-mazda', name: 'Bay Kia & Mazda',
        websites: [
          { name: 'Bay Kia & Mazda (Kia)', slug: 'bay-kia', make: 'Kia', url: 'https://bay.example.com.au/kia' },
          { name: 'Bay Kia & Mazda (Mazda)', slug: 'bay-mazda', make: 'Mazda', url: 'https://bay.example.com.au/mazda' },
        ],
      },
      { id: 'd23', slug: 'penrith-ford', name: 'Penrith Ford', websites: [{ name: 'Penrith Ford', slug: 'penrith-ford', make: 'Ford', url: 'javascript:alert(1)' }] },
    ],
    manufacturers: [
      { id: 'm1', name: 'Hyundai', slug: 'hyundai' },
      { id: 'm2', name: 'Kia', slug: 'kia' },
      { id: 'm3', name: 'Mazda', slug: 'mazda' },
      { id: 'm4', name: 'Ford', slug: 'ford' },
    ],
  };
}

export const GROUP_LOCATION_IDS = ['hsv', 'hsa', 'hpa', 'hus', 'kia', 'fsa', 'fsv'];

/** The group's config: Penrith Ford first, then Harbour Hyundai, then Bay Kia & Mazda. */
export const groupConfigInput = (overrides: Partial<SiteConfigInput> = {}): SiteConfigInput =>
  siteConfigInput('group-motors', { name: 'Group Motors', locations: GROUP_LOCATION_IDS, dealerships: ['d23', 'd21', 'd22'], site_url: 'https://www.groupmotors.com.au', ...overrides });

/** As the location pages read it (lib/locations-data.ts): the data set and its special hours (none here). */
export const groupData = (): LocationsData => ({ ...parseTenantData('group-motors', groupDataInput()), special_hours: [] });
