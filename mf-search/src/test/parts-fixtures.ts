/**
 * Test support: two tenants' parts catalogues for the parts search (engine/parts). `beta` reuses alpha's part ids
 * and names on purpose, so a query or lookup that ever crossed tenants would show it.
 */
import * as v from 'valibot';
import { PartSchema, type Part, type PartInput } from '@forecourt/contracts/entities/part';

const part = (input: PartInput): Part => v.parse(PartSchema, input);

export const ALPHA_PARTS: Part[] = [
  part({ id: 'p1', name: 'Rubber floor mats', part_number: 'PZ434-G1005-ZB', category: 'floor-mats', price: 189, price_type: 'set', manufacturer_slug: 'toyota', fits: ['HiLux'], in_stock: true, description: 'Deep-tray rubber mats.' }),
  part({ id: 'p2', name: 'Carpet floor mats', part_number: 'PZ434-K1100-00', category: 'floor-mats', price: 129, manufacturer_slug: 'toyota', fits: ['Corolla'], in_stock: false }),
  part({ id: 'p3', name: 'Heavy-duty tow bar', part_number: 'PZ403-N0610-00', category: 'towing', price: 1249, fitted_price: 1590, manufacturer_slug: 'toyota', fits: ['HiLux'], in_stock: true, description: 'Rated to 3500 kg braked.' }),
  part({ id: 'p4', name: 'Tow ball and tongue', part_number: 'PZ403-T0001-00', category: 'towing', price: 145, manufacturer_slug: 'toyota', in_stock: true }),
  part({ id: 'p5', name: 'Roof racks', part_number: 'PZ403-R0500-00', category: 'roof-racks', price: 489, price_type: 'pair', manufacturer_slug: 'toyota', fits: ['RAV4'], in_stock: true }),
  part({ id: 'p6', name: 'Oil filter', part_number: '90915-YZZD4', category: 'filters', price: 24, price_type: 'each', manufacturer_slug: 'toyota', fits: ['Corolla', 'RAV4'], in_stock: true }),
  part({ id: 'p7', name: 'Alloy bull bar', part_number: 'PZ416-B0120-00', category: 'bull-bars', price: 2790, manufacturer_slug: 'toyota', fits: ['LandCruiser 70'], in_stock: false }),
  part({ id: 'p8', name: 'Universal wiper blade', part_number: 'UNI-WB-550', category: 'wiper-blades', price: 24, price_type: 'each', manufacturer_slug: null, in_stock: true }),
];

export const BETA_PARTS: Part[] = [
  part({ id: 'p1', name: 'Beta-only floor mats', part_number: 'BETA-FM-1', category: 'floor-mats', price: 99, manufacturer_slug: 'ford', fits: ['Ranger'], in_stock: true }),
  part({ id: 'p9', name: 'Beta snatch strap recovery kit', part_number: 'BETA-TOW-9', category: 'towing', price: 229, manufacturer_slug: null, in_stock: true }),
];

export const PARTS_BY_TENANT: Record<string, Part[]> = { alpha: ALPHA_PARTS, beta: BETA_PARTS };
