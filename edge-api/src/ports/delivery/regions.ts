import { classifyPostcode, type AuState } from '../../lib/au/states.ts';

/** A delivery region: postcode runs priced as one, from an anchor postcode (the region's main town). */
export type DeliveryRegion = { name: string; state: AuState; anchor: string; ranges: ReadonlyArray<readonly [number, number]> };

/** Ordered: the first region whose ranges hold a postcode wins (metro runs before the state's catch-all). */
export const DELIVERY_REGIONS: readonly DeliveryRegion[] = [
  { name: 'Sydney Metro', state: 'NSW', anchor: '2000', ranges: [[2000, 2249], [2555, 2574], [2740, 2786]] },
  { name: 'Central Coast', state: 'NSW', anchor: '2250', ranges: [[2250, 2263]] },
  { name: 'Hunter', state: 'NSW', anchor: '2300', ranges: [[2264, 2339]] },
  { name: 'New England and North West', state: 'NSW', anchor: '2340', ranges: [[2340, 2414]] },
  { name: 'North Coast NSW', state: 'NSW', anchor: '2450', ranges: [[2415, 2499]] },
  { name: 'Illawarra and South Coast', state: 'NSW', anchor: '2500', ranges: [[2500, 2554]] },
  { name: 'Southern Highlands and Tablelands', state: 'NSW', anchor: '2580', ranges: [[2575, 2599]] },
  { name: 'Monaro and Queanbeyan', state: 'NSW', anchor: '2620', ranges: [[2619, 2639]] },
  { name: 'Riverina and Murray', state: 'NSW', anchor: '2650', ranges: [[2640, 2739]] },
  { name: 'Central West NSW', state: 'NSW', anchor: '2800', ranges: [[2787, 2879]] },
  { name: 'Far West NSW', state: 'NSW', anchor: '2880', ranges: [[2880, 2899], [2921, 2999]] },
  { name: 'Canberra', state: 'ACT', anchor: '2601', ranges: [[2600, 2618], [2900, 2920]] },
  { name: 'Melbourne Metro', state: 'VIC', anchor: '3000', ranges: [[3000, 3210], [3335, 3338], [3427, 3429], [3750, 3811], [3910, 3944], [3975, 3978]] },
  { name: 'Geelong and Surf Coast', state: 'VIC', anchor: '3220', ranges: [[3211, 3232]] },
  { name: 'Western Victoria', state: 'VIC', anchor: '3350', ranges: [[3233, 3334], [3339, 3426]] },
  { name: 'Northern Victoria', state: 'VIC', anchor: '3550', ranges: [[3430, 3749]] },
  { name: 'Gippsland', state: 'VIC', anchor: '3844', ranges: [[3812, 3909], [3945, 3974], [3979, 3999]] },
  { name: 'Brisbane Metro', state: 'QLD', anchor: '4000', ranges: [[4000, 4207], [4300, 4306], [4500, 4519]] },
  { name: 'Gold Coast', state: 'QLD', anchor: '4217', ranges: [[4208, 4230]] },
  { name: 'South East Queensland', state: 'QLD', anchor: '4280', ranges: [[4231, 4299], [4307, 4349], [4520, 4549]] },
  { name: 'Darling Downs', state: 'QLD', anchor: '4350', ranges: [[4350, 4499]] },
  { name: 'Sunshine Coast', state: 'QLD', anchor: '4558', ranges: [[4550, 4575]] },
  { name: 'Wide Bay Burnett', state: 'QLD', anchor: '4670', ranges: [[4576, 4699]] },
  { name: 'Central Queensland', state: 'QLD', anchor: '4700', ranges: [[4700, 4799]] },
  { name: 'North West Queensland', state: 'QLD', anchor: '4825', ranges: [[4824, 4829]] },
  { name: 'North Queensland', state: 'QLD', anchor: '4810', ranges: [[4800, 4823], [4830, 4859]] },
  { name: 'Far North Queensland', state: 'QLD', anchor: '4870', ranges: [[4860, 4999]] },
  { name: 'Adelaide Metro', state: 'SA', anchor: '5000', ranges: [[5000, 5199]] },
  { name: 'Adelaide Hills, Fleurieu and Murraylands', state: 'SA', anchor: '5251', ranges: [[5200, 5259], [5300, 5329]] },
  { name: 'Limestone Coast', state: 'SA', anchor: '5290', ranges: [[5260, 5299]] },
  { name: 'Barossa and Riverland', state: 'SA', anchor: '5355', ranges: [[5330, 5499]] },
  { name: 'Yorke and Mid North', state: 'SA', anchor: '5540', ranges: [[5500, 5599]] },
  { name: 'Eyre Peninsula and Outback SA', state: 'SA', anchor: '5600', ranges: [[5600, 5799]] },
  { name: 'Perth Metro', state: 'WA', anchor: '6000', ranges: [[6000, 6199]] },
  { name: 'Peel and South West', state: 'WA', anchor: '6230', ranges: [[6200, 6299]] },
  { name: 'Great Southern', state: 'WA', anchor: '6330', ranges: [[6300, 6399]] },
  { name: 'Wheatbelt', state: 'WA', anchor: '6401', ranges: [[6400, 6429], [6460, 6499]] },
  { name: 'Goldfields Esperance', state: 'WA', anchor: '6430', ranges: [[6430, 6459]] },
  { name: 'Mid West and Gascoyne', state: 'WA', anchor: '6530', ranges: [[6500, 6709]] },
  { name: 'Pilbara', state: 'WA', anchor: '6714', ranges: [[6710, 6724]] },
  { name: 'Kimberley', state: 'WA', anchor: '6725', ranges: [[6725, 6797]] },
  { name: 'Southern Tasmania', state: 'TAS', anchor: '7000', ranges: [[7000, 7199]] },
  { name: 'Northern Tasmania', state: 'TAS', anchor: '7250', ranges: [[7200, 7309]] },
  { name: 'North West Tasmania', state: 'TAS', anchor: '7310', ranges: [[7310, 7799]] },
  { name: 'Darwin', state: 'NT', anchor: '0800', ranges: [[800, 832]] },
  { name: 'Top End', state: 'NT', anchor: '0836', ranges: [[833, 849], [880, 899]] },
  { name: 'Katherine', state: 'NT', anchor: '0850', ranges: [[850, 859]] },
  { name: 'Central Australia', state: 'NT', anchor: '0870', ranges: [[860, 879]] },
];

/** Region of a street postcode; null for PO-box ranges (nothing to deliver to) and postcodes no state owns. */
export function deliveryRegionFor(postcode: string): DeliveryRegion | null {
  const info = classifyPostcode(postcode);
  if (!info || info.kind !== 'street') return null;
  const n = Number(postcode);
  return DELIVERY_REGIONS.find((r) => r.state === info.state && r.ranges.some(([from, to]) => n >= from && n <= to)) ?? null;
}
