/**
 * Demo parts and accessories catalogues (contracts entities/part.ts), one per demo tenant, for `/parts/search`:
 * Toyota genuine accessories and service parts for harbourside-toyota; a multi-brand counter for the group
 * (cars, Isuzu/Hino/Fuso trucks, Yamaha/Kawasaki/Harley-Davidson motorcycles); universal and 4WD accessories for
 * the used yards. Lines are written by hand (names, fitments and Australian prices as dealers list them); part numbers
 * follow each maker's pattern and are made up from a seeded generator, as is the in-stock flag: no Math.random, so
 * every run and test sees the same catalogue.
 */
import { parsePartsCatalogue, type PartCategory, type PartInput, type PartPriceType, type PartsCatalogue } from '@forecourt/contracts/entities/part';
import { createRng, type Rng } from './prng.ts';

/** One catalogue line: category, name, models it fits, price (AUD), how the price reads, fitted price, description. */
type Line = {
  c: PartCategory;
  n: string;
  fits?: string[];
  p: number;
  t?: PartPriceType;
  fitted?: number;
  d: string;
};

/** A brand's lines and how its part numbers look. */
type Range = { brand: string | null; number: (rng: Rng, line: Line) => string; lines: Line[] };

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const letters = (rng: Rng, n: number, from = 'ABCDEFGHJKLMNPRSTUVWXYZ') => Array.from({ length: n }, () => from[rng.int(0, from.length - 1)]).join('');
const alnum = (rng: Rng, n: number) => letters(rng, n, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789');

/** Toyota: accessories `PZ434-G1005-ZB`, service parts `90915-YZZD4`, `04152-YZZA1`. */
const toyotaNumber = (rng: Rng, line: Line) =>
  line.c === 'service-kits' || line.c === 'filters' || line.c === 'wiper-blades' || line.c === 'batteries'
    ? `${rng.pick(['90915', '04152', '87139', '85214', '28800'])}-${alnum(rng, 5)}`
    : `PZ${digits(rng, 3)}-${letters(rng, 1)}${digits(rng, 4)}-${alnum(rng, 2)}`;

const TOYOTA: Range = {
  brand: 'toyota',
  number: toyotaNumber,
  lines: [
    { c: 'floor-mats', n: 'Rubber floor mats, front and rear', fits: ['HiLux'], p: 189, t: 'set', d: 'Deep-tray rubber mats with the HiLux logo; hold water, mud and sand off the carpet.' },
    { c: 'floor-mats', n: 'Carpet floor mats, front and rear', fits: ['RAV4'], p: 179, t: 'set', d: 'Tailored carpet mats with retention clips, in black.' },
    { c: 'floor-mats', n: 'Rubber floor mats, front and rear', fits: ['LandCruiser 300'], p: 249, t: 'set', d: 'Three-row rubber mats, raised edges, Toyota genuine.' },
    { c: 'floor-mats', n: 'Carpet floor mats, front', fits: ['Corolla'], p: 129, t: 'pair', d: 'Tailored front carpet mats with heel pad.' },
    { c: 'towing', n: 'Heavy-duty tow bar, 3500 kg', fits: ['HiLux'], p: 1249, fitted: 1590, d: 'Genuine tow bar with 50 mm hitch receiver and 7-pin flat plug; rated to 3500 kg braked.' },
    { c: 'towing', n: 'Tow bar, 2000 kg', fits: ['RAV4'], p: 1099, fitted: 1420, d: 'Removable tongue, 12-pin wiring harness, rated to 2000 kg braked (1500 kg hybrid).' },
    { c: 'towing', n: 'Tow ball and tongue, 50 mm', p: 145, d: 'Chrome tow ball with 3500 kg tongue, fits Toyota genuine receivers.' },
    { c: 'towing', n: 'Electric brake controller wiring kit', fits: ['HiLux', 'LandCruiser 300', 'Prado'], p: 289, fitted: 489, d: 'Pre-wired harness for an in-cabin brake controller.' },
    { c: 'roof-racks', n: 'Roof racks, pair', fits: ['RAV4'], p: 489, t: 'pair', d: 'Aero cross bars that lock to the rails; 75 kg load rating.' },
    { c: 'roof-racks', n: 'Roof platform, alloy', fits: ['LandCruiser 300'], p: 1890, fitted: 2190, d: 'Low-profile alloy platform with side rails and light mounts.' },
    { c: 'roof-racks', n: 'Roof racks, pair', fits: ['Corolla'], p: 429, t: 'pair', d: 'Lockable cross bars with fitting kit.' },
    { c: 'roof-racks', n: 'Bike carrier, roof mounted', p: 269, t: 'each', d: 'Frame-clamp bike carrier for Toyota roof racks.' },
    { c: 'bull-bars', n: 'Steel bull bar', fits: ['HiLux'], p: 3290, fitted: 3890, d: 'Airbag-compatible steel bull bar with winch mount and fog lamp holes.' },
    { c: 'bull-bars', n: 'Alloy bull bar', fits: ['LandCruiser 70'], p: 2790, fitted: 3290, d: 'Lightweight alloy bar, airbag compatible, tested to ADR.' },
    { c: 'bull-bars', n: 'Nudge bar, stainless', fits: ['RAV4'], p: 1190, fitted: 1390, d: 'Polished stainless nudge bar with light mounting tabs.' },
    { c: 'service-kits', n: 'Logbook service kit, 10,000 km', fits: ['HiLux 2.8 diesel'], p: 169, d: 'Oil filter, fuel filter, sump washer and 7.5 L of 5W-30 diesel oil.' },
    { c: 'service-kits', n: 'Logbook service kit', fits: ['Corolla 2.0 petrol'], p: 119, d: 'Oil filter, sump washer and 4.6 L of 0W-16 oil.' },
    { c: 'service-kits', n: 'Logbook service kit', fits: ['LandCruiser 300 3.3 diesel'], p: 289, d: 'Oil and fuel filters, washers and 9 L of low-ash diesel oil.' },
    { c: 'filters', n: 'Oil filter', fits: ['Corolla', 'RAV4', 'Camry'], p: 24, t: 'each', d: 'Toyota genuine cartridge oil filter.' },
    { c: 'filters', n: 'Cabin air filter', fits: ['RAV4', 'Camry'], p: 49, t: 'each', d: 'Pollen and dust filter; replace every 20,000 km.' },
    { c: 'filters', n: 'Air cleaner element', fits: ['HiLux'], p: 68, t: 'each', d: 'Engine air filter for the 2.8 L diesel.' },
    { c: 'filters', n: 'Fuel filter element', fits: ['HiLux', 'Prado'], p: 89, t: 'each', d: 'Diesel fuel filter with water sensor seal.' },
    { c: 'wiper-blades', n: 'Wiper blades, front pair', fits: ['Corolla'], p: 59, t: 'pair', d: 'Flat blades, 650 mm and 400 mm.' },
    { c: 'wiper-blades', n: 'Wiper blades, front pair', fits: ['HiLux'], p: 55, t: 'pair', d: 'Framed blades with natural rubber inserts.' },
    { c: 'batteries', n: 'Battery, 12 V AGM', fits: ['RAV4 Hybrid'], p: 389, fitted: 449, d: 'Auxiliary AGM battery for the hybrid system, 3-year warranty.' },
    { c: 'batteries', n: 'Battery, 12 V', fits: ['HiLux', 'Prado'], p: 329, fitted: 389, d: '850 CCA starting battery, 3-year warranty.' },
    { c: 'cargo-storage', n: 'Cargo liner', fits: ['RAV4'], p: 149, d: 'Moulded boot liner with raised lip.' },
    { c: 'cargo-storage', n: 'Tub liner, under rail', fits: ['HiLux Double Cab'], p: 599, fitted: 699, d: 'Polyethylene tub liner that protects the tray under the rails.' },
    { c: 'cargo-storage', n: 'Hard tonneau cover', fits: ['HiLux Double Cab'], p: 2190, fitted: 2490, d: 'Lockable three-piece hard lid, colour-coded.' },
    { c: 'cargo-storage', n: 'Cargo barrier', fits: ['Prado'], p: 990, fitted: 1190, d: 'Steel mesh barrier behind the second row, ADR tested.' },
    { c: 'lighting', n: 'LED driving lights, pair', p: 890, t: 'pair', fitted: 1190, d: '9-inch LED driving lights with harness and switch.' },
    { c: 'lighting', n: 'LED light bar, 32 inch', p: 749, fitted: 990, d: 'Combination beam bar with mounting brackets.' },
    { c: 'lighting', n: 'Fog lamp kit', fits: ['Corolla'], p: 399, fitted: 549, d: 'LED fog lamps with bezels and wiring.' },
    { c: 'weather-shields', n: 'Weather shields, set of 4', fits: ['HiLux Double Cab'], p: 199, t: 'set', d: 'Tinted acrylic shields for fresh air in the rain.' },
    { c: 'weather-shields', n: 'Bonnet protector', fits: ['RAV4'], p: 159, d: 'Tinted acrylic guard against stone chips and insects.' },
    { c: 'seat-covers', n: 'Canvas seat covers, front pair', fits: ['HiLux'], p: 449, t: 'pair', d: 'Heavy canvas covers, airbag compatible, with map pockets.' },
    { c: 'seat-covers', n: 'Neoprene seat covers, front pair', fits: ['RAV4'], p: 389, t: 'pair', d: 'Water-resistant neoprene, airbag compatible.' },
    { c: 'tyres-wheels', n: '18-inch alloy wheel', fits: ['RAV4'], p: 549, t: 'each', d: 'Toyota genuine 10-spoke alloy, gloss black.' },
    { c: 'tyres-wheels', n: 'All-terrain tyre 265/65 R17', fits: ['HiLux', 'Prado'], p: 329, t: 'each', fitted: 359, d: 'All-terrain tyre, fitted and balanced.' },
    { c: 'tyres-wheels', n: 'Locking wheel nuts', p: 89, t: 'set', d: 'Set of four locking nuts with key.' },
  ],
};

/** A generic brand range: accessory numbers `<prefix>-<6 digits>`, the maker's usual pattern approximated. */
const brandNumber = (prefix: string) => (rng: Rng) => `${prefix}${digits(rng, 4)}-${alnum(rng, 3)}`;

const GROUP_RANGES: Range[] = [
  {
    brand: 'hyundai',
    number: brandNumber('HY'),
    lines: [
      { c: 'floor-mats', n: 'Rubber floor mats, front and rear', fits: ['Tucson'], p: 169, t: 'set', d: 'Tailored all-weather mats with Tucson logo.' },
      { c: 'towing', n: 'Tow bar, 1900 kg', fits: ['Tucson'], p: 990, fitted: 1290, d: 'Removable tongue tow bar with 13-pin harness.' },
      { c: 'roof-racks', n: 'Roof racks, pair', fits: ['Santa Fe'], p: 459, t: 'pair', d: 'Aero bars for the factory rails, lockable.' },
      { c: 'service-kits', n: 'Logbook service kit', fits: ['i30 2.0 petrol'], p: 109, d: 'Oil filter, washer and 4 L of 5W-30.' },
      { c: 'wiper-blades', n: 'Wiper blades, front pair', fits: ['Tucson', 'i30'], p: 49, t: 'pair', d: 'Hyundai genuine flat blades.' },
      { c: 'cargo-storage', n: 'Cargo tray', fits: ['Kona'], p: 129, d: 'Moulded boot tray, non-slip.' },
    ],
  },
  {
    brand: 'kia',
    number: brandNumber('KA'),
    lines: [
      { c: 'floor-mats', n: 'Carpet floor mats, front and rear', fits: ['Sportage'], p: 159, t: 'set', d: 'Tailored carpet mats with Kia logo.' },
      { c: 'weather-shields', n: 'Weather shields, set of 4', fits: ['Sportage'], p: 179, t: 'set', d: 'Slimline tinted shields.' },
      { c: 'filters', n: 'Cabin air filter', fits: ['Sportage', 'Seltos'], p: 42, t: 'each', d: 'Kia genuine pollen filter.' },
    ],
  },
  {
    brand: 'mazda',
    number: (rng) => `${letters(rng, 4)}-V${digits(rng, 4)}`,
    lines: [
      { c: 'floor-mats', n: 'Rubber floor mats, front and rear', fits: ['CX-5'], p: 175, t: 'set', d: 'Deep-edge rubber mats, Mazda genuine.' },
      { c: 'towing', n: 'Tow bar, 1800 kg', fits: ['CX-5'], p: 1090, fitted: 1390, d: 'Detachable tow bar with wiring.' },
      { c: 'bull-bars', n: 'Nudge bar, black', fits: ['BT-50'], p: 1290, fitted: 1490, d: 'Black powder-coated nudge bar.' },
    ],
  },
  {
    brand: 'ford',
    number: (rng) => `${letters(rng, 2)}${digits(rng, 1)}${letters(rng, 1)}-${digits(rng, 5)}-${letters(rng, 2)}`,
    lines: [
      { c: 'bull-bars', n: 'Steel bull bar with winch cradle', fits: ['Ranger'], p: 3490, fitted: 4090, d: 'Airbag-compatible steel bar with recovery points.' },
      { c: 'towing', n: 'Heavy-duty tow bar, 3500 kg', fits: ['Ranger', 'Everest'], p: 1190, fitted: 1490, d: 'Ford genuine tow bar with 12-pin plug.' },
      { c: 'cargo-storage', n: 'Roller shutter', fits: ['Ranger Double Cab'], p: 2890, fitted: 3190, d: 'Lockable aluminium roller cover.' },
      { c: 'service-kits', n: 'Logbook service kit', fits: ['Ranger 2.0 bi-turbo'], p: 189, d: 'Oil and fuel filters, washer, 9 L of 5W-30.' },
      { c: 'lighting', n: 'LED driving lights, pair', fits: ['Ranger'], p: 949, t: 'pair', fitted: 1249, d: 'Ford-branded 7-inch LED lights with harness.' },
    ],
  },
  {
    brand: 'mitsubishi',
    number: (rng) => `MZ${digits(rng, 6)}`,
    lines: [
      { c: 'towing', n: 'Tow bar, 3100 kg', fits: ['Triton'], p: 1050, fitted: 1350, d: 'Genuine tow bar and wiring.' },
      { c: 'seat-covers', n: 'Canvas seat covers, front pair', fits: ['Triton', 'Pajero Sport'], p: 429, t: 'pair', d: 'Heavy-duty canvas, airbag compatible.' },
    ],
  },
  {
    brand: 'mg',
    number: brandNumber('MG'),
    lines: [
      { c: 'floor-mats', n: 'Carpet floor mats, front and rear', fits: ['ZS', 'HS'], p: 129, t: 'set', d: 'Tailored mats with MG logo.' },
    ],
  },
  {
    brand: 'nissan',
    number: (rng) => `KE${digits(rng, 3)}-${alnum(rng, 5)}`,
    lines: [
      { c: 'roof-racks', n: 'Roof racks, pair', fits: ['X-Trail'], p: 479, t: 'pair', d: 'Lockable bars for the roof rails.' },
      { c: 'bull-bars', n: 'Alloy bull bar', fits: ['Navara', 'Patrol'], p: 2690, fitted: 3190, d: 'Airbag-compatible alloy bar.' },
    ],
  },
  {
    brand: 'volkswagen',
    number: (rng) => `${digits(rng, 1)}${letters(rng, 2)}${digits(rng, 1)}-${digits(rng, 3)}-${digits(rng, 3)}`,
    lines: [
      { c: 'roof-racks', n: 'Roof base bars, pair', fits: ['Tiguan'], p: 449, t: 'pair', d: 'Aluminium base bars, lockable.' },
      { c: 'cargo-storage', n: 'Boot liner', fits: ['Amarok'], p: 199, d: 'Moulded liner with anti-slip surface.' },
    ],
  },
  {
    brand: 'isuzu-ute',
    number: brandNumber('IU'),
    lines: [
      { c: 'bull-bars', n: 'Steel bull bar', fits: ['D-Max'], p: 3190, fitted: 3790, d: 'Airbag-compatible steel bar with fog lamps.' },
      { c: 'cargo-storage', n: 'Canopy, aluminium', fits: ['D-Max Space Cab'], p: 5890, fitted: 6290, d: 'Three-door lockable canopy with gas struts.' },
      { c: 'weather-shields', n: 'Weather shields, set of 4', fits: ['MU-X'], p: 189, t: 'set', d: 'Slimline tinted acrylic shields.' },
    ],
  },
  {
    brand: 'subaru',
    number: (rng) => `${letters(rng, 1)}${digits(rng, 4)}${letters(rng, 2)}${digits(rng, 3)}`,
    lines: [
      { c: 'roof-racks', n: 'Roof racks, pair', fits: ['Forester', 'Outback'], p: 469, t: 'pair', d: 'Aero bars, lockable, 80 kg rating.' },
      { c: 'cargo-storage', n: 'Cargo tray', fits: ['Forester'], p: 139, d: 'Moulded boot tray.' },
    ],
  },
  {
    brand: 'isuzu-trucks',
    number: (rng) => `${digits(rng, 1)}-${digits(rng, 5)}${digits(rng, 3)}-${digits(rng, 1)}`,
    lines: [
      { c: 'service-kits', n: 'Truck service kit, 20,000 km', fits: ['N Series'], p: 289, d: 'Oil, fuel and air filters for the 4JJ1 engine with 10 L of diesel oil.' },
      { c: 'filters', n: 'Fuel filter element', fits: ['N Series', 'F Series'], p: 96, t: 'each', d: 'Isuzu genuine diesel fuel filter.' },
      { c: 'wiper-blades', n: 'Wiper blades, truck, pair', fits: ['N Series'], p: 79, t: 'pair', d: 'Heavy-duty 550 mm blades.' },
      { c: 'batteries', n: 'Truck battery, 12 V heavy duty', fits: ['N Series'], p: 419, fitted: 479, d: '1000 CCA commercial battery.' },
    ],
  },
  {
    brand: 'hino',
    number: (rng) => `S${digits(rng, 4)}-${digits(rng, 5)}`,
    lines: [
      { c: 'filters', n: 'Oil filter', fits: ['300 Series'], p: 48, t: 'each', d: 'Hino genuine spin-on oil filter.' },
      { c: 'service-kits', n: 'Truck service kit', fits: ['500 Series'], p: 459, d: 'Oil, fuel and air filters with 22 L of engine oil.' },
    ],
  },
  {
    brand: 'fuso',
    number: (rng) => `ME${digits(rng, 6)}`,
    lines: [
      { c: 'filters', n: 'Air cleaner element', fits: ['Canter'], p: 112, t: 'each', d: 'Fuso genuine air filter.' },
      { c: 'lighting', n: 'LED work light', fits: ['Canter', 'Fighter'], p: 189, t: 'each', d: 'Rear-of-cab LED work lamp.' },
    ],
  },
  {
    brand: 'yamaha',
    number: (rng) => `${digits(rng, 1)}${letters(rng, 2)}${digits(rng, 1)}-${letters(rng, 1)}${digits(rng, 4)}-${digits(rng, 2)}`,
    lines: [
      { c: 'service-kits', n: 'Motorcycle service kit', fits: ['MT-07', 'Tenere 700'], p: 119, d: 'Oil filter, sump washer and 3 L of Yamalube 10W-40.' },
      { c: 'filters', n: 'Air filter', fits: ['MT-07'], p: 54, t: 'each', d: 'Yamaha genuine air filter element.' },
      { c: 'batteries', n: 'Motorcycle battery, 12 V', fits: ['MT-07', 'MT-09'], p: 179, fitted: 209, d: 'Sealed maintenance-free battery.' },
      { c: 'tyres-wheels', n: 'Sport touring tyre, 180/55 ZR17 rear', p: 289, t: 'each', fitted: 329, d: 'Rear sport touring tyre, fitted and balanced.' },
      { c: 'cargo-storage', n: 'Tail bag', fits: ['Tenere 700'], p: 249, d: 'Waterproof 20 L tail bag with quick-release mount.' },
    ],
  },
  {
    brand: 'kawasaki',
    number: (rng) => `${digits(rng, 5)}-${digits(rng, 4)}`,
    lines: [
      { c: 'service-kits', n: 'Motorcycle service kit', fits: ['Ninja 650', 'Z650'], p: 109, d: 'Oil filter, washer and 2.3 L of 10W-40.' },
      { c: 'tyres-wheels', n: 'Sport tyre, 120/70 ZR17 front', p: 219, t: 'each', fitted: 259, d: 'Front sport tyre, fitted and balanced.' },
      { c: 'lighting', n: 'LED fog light kit', fits: ['Versys 650'], p: 469, fitted: 589, d: 'Kawasaki accessory LED fog lights.' },
    ],
  },
  {
    brand: 'harley-davidson',
    number: (rng) => `${digits(rng, 5)}-${digits(rng, 2)}`,
    lines: [
      { c: 'service-kits', n: 'Service kit, Milwaukee-Eight', fits: ['Softail', 'Touring'], p: 189, d: 'Oil filter, drain plug O-ring and 5 L of SYN3 oil.' },
      { c: 'cargo-storage', n: 'Detachable tour-pak', fits: ['Touring'], p: 1590, fitted: 1790, d: 'Lockable luggage carrier with backrest pad.' },
      { c: 'seat-covers', n: 'Rain cover, seat', fits: ['Sportster S'], p: 89, d: 'Fitted seat rain cover.' },
    ],
  },
  {
    brand: null,
    number: (rng) => `SCG-${digits(rng, 5)}`,
    lines: [
      { c: 'batteries', n: 'Battery, 12 V, 600 CCA', p: 249, fitted: 289, d: 'Universal starting battery for most small and medium cars.' },
      { c: 'wiper-blades', n: 'Wiper blade, universal', p: 24, t: 'each', d: 'Flat blade with multi-fit adaptor, 350-700 mm.' },
      { c: 'tyres-wheels', n: 'Tyre puncture repair kit', p: 59, d: 'Plugs, reamer and insertion tool in a case.' },
    ],
  },
];

/** Universal and 4WD accessories of the used yards (supplier numbers `OUT-...`). */
const OUTBACK: Range[] = [
  {
    brand: null,
    number: (rng, line) => `OUT-${line.c.slice(0, 3).toUpperCase()}-${digits(rng, 4)}`,
    lines: [
      { c: 'floor-mats', n: 'Universal rubber floor mats, 4 piece', p: 69, t: 'set', d: 'Trim-to-fit heavy rubber mats.' },
      { c: 'floor-mats', n: 'Deep-dish tray mats, front pair', p: 79, t: 'pair', d: 'Raised-edge mats for dust and mud.' },
      { c: 'towing', n: 'Recovery kit, snatch strap and shackles', p: 229, d: '8000 kg snatch strap, two bow shackles, gloves and bag.' },
      { c: 'towing', n: 'Hitch receiver with tow ball, 3500 kg', p: 169, d: '50 mm receiver with 3500 kg tongue and ball.' },
      { c: 'towing', n: '7-pin to 12-pin trailer adaptor', p: 39, d: 'Plugs a 12-pin trailer into a 7-pin socket.' },
      { c: 'roof-racks', n: 'Steel roof tray, 1400 mm', p: 589, fitted: 739, d: 'Powder-coated steel tray with wind deflector, 100 kg rating.' },
      { c: 'roof-racks', n: 'Universal roof bars, pair', p: 219, t: 'pair', d: 'Clamp-on bars for raised roof rails.' },
      { c: 'roof-racks', n: 'Awning, 2.5 m', p: 349, fitted: 419, d: 'Pull-out side awning with brackets.' },
      { c: 'bull-bars', n: 'Steel bull bar', fits: ['HiLux 2015-2024'], p: 1890, fitted: 2390, d: 'Airbag-compatible steel bar, winch ready.' },
      { c: 'bull-bars', n: 'Steel bull bar', fits: ['Ranger 2015-2022'], p: 1890, fitted: 2390, d: 'Airbag-compatible steel bar, winch ready.' },
      { c: 'bull-bars', n: 'Nudge bar, black', fits: ['D-Max', 'BT-50'], p: 690, fitted: 890, d: 'Black nudge bar with light tabs.' },
      { c: 'service-kits', n: 'Diesel service kit, 4WD', fits: ['HiLux 3.0 diesel', 'Prado 3.0 diesel'], p: 149, d: 'Oil, fuel and air filters with 7 L of 15W-40.' },
      { c: 'service-kits', n: 'Petrol service kit, 4-cylinder', p: 89, d: 'Oil filter, spark plugs and 5 L of 10W-30.' },
      { c: 'filters', n: 'Fuel pre-filter kit', p: 279, fitted: 429, d: 'Water separator for outback fuel, with bracket.' },
      { c: 'filters', n: 'Snorkel air ram', p: 49, d: 'Replacement air ram head for a 3-inch snorkel.' },
      { c: 'wiper-blades', n: 'Wiper blades, front pair', p: 45, t: 'pair', d: 'Heat-resistant silicone blades.' },
      { c: 'batteries', n: 'Deep-cycle AGM battery, 120 Ah', p: 399, fitted: 459, d: 'Second battery for a fridge and camp lights.' },
      { c: 'batteries', n: 'Dual battery system, DC-DC charger', p: 649, fitted: 990, d: '25 A DC-DC charger with solar input and wiring.' },
      { c: 'batteries', n: 'Battery, 12 V, 750 CCA', p: 269, fitted: 309, d: 'Starting battery for 4WDs and utes.' },
      { c: 'cargo-storage', n: 'Drawer system, twin', p: 1290, fitted: 1490, d: 'Lockable twin drawers with fridge slide, for dual cab trays.' },
      { c: 'cargo-storage', n: 'Fridge slide', p: 329, d: 'Lockable slide for a 40-60 L fridge.' },
      { c: 'cargo-storage', n: 'Jerry can holder', p: 119, t: 'each', d: 'Steel holder for a 20 L can, lockable.' },
      { c: 'lighting', n: 'LED light bar, 20 inch', p: 229, fitted: 389, d: 'Combination beam with harness.' },
      { c: 'lighting', n: 'LED driving lights, 7 inch pair', p: 299, t: 'pair', fitted: 499, d: 'Spot beam driving lights with harness and switch.' },
      { c: 'lighting', n: 'LED camp light strip', p: 59, d: 'Magnetic 12 V strip with dimmer.' },
      { c: 'weather-shields', n: 'Weather shields, set of 4', fits: ['HiLux', 'Ranger', 'Triton'], p: 139, t: 'set', d: 'Tinted acrylic shields.' },
      { c: 'weather-shields', n: 'Bonnet protector', fits: ['Navara', 'D-Max'], p: 119, d: 'Tinted stone guard.' },
      { c: 'seat-covers', n: 'Canvas seat covers, front pair', p: 249, t: 'pair', d: 'Universal heavy canvas covers, airbag compatible.' },
      { c: 'seat-covers', n: 'Rear bench seat cover', p: 169, d: 'Canvas cover for a split rear bench.' },
      { c: 'tyres-wheels', n: 'All-terrain tyre 265/70 R16', p: 249, t: 'each', fitted: 279, d: 'All-terrain tyre, fitted and balanced.' },
      { c: 'tyres-wheels', n: 'Mud-terrain tyre 285/75 R16', p: 339, t: 'each', fitted: 369, d: 'Mud-terrain tyre for tracks and sand.' },
      { c: 'tyres-wheels', n: '16-inch steel wheel, black', p: 159, t: 'each', d: '6-stud steel wheel, +0 offset.' },
      { c: 'tyres-wheels', n: 'Tyre deflator and gauge', p: 69, d: 'Rapid deflator with pressure gauge.' },
      { c: 'tyres-wheels', n: '12 V air compressor', p: 289, d: '160 L/min portable compressor with hose.' },
    ],
  },
];

/** Each demo tenant's ranges; a tenant not named has no catalogue. */
const RANGES: Readonly<Record<string, readonly Range[]>> = {
  'harbourside-toyota': [TOYOTA],
  'southern-cross-motor-group': GROUP_RANGES,
  'outback-used-cars': OUTBACK,
};

const cache = new Map<string, PartsCatalogue>();

/**
 * A demo tenant's parts catalogue, validated (`parsePartsCatalogue`); deterministic per tenant (its own seed).
 * Ids are `<tenant initials>-p<n>`, so two tenants never share a part id.
 * @example demoParts('harbourside-toyota').parts[0] // { id: 'ht-p1', name: 'Rubber floor mats, front and rear', ... }
 */
export function demoParts(slug: string): PartsCatalogue {
  const hit = cache.get(slug);
  if (hit) return hit;
  const rng = createRng(`parts:${slug}`);
  const prefix = slug.split('-').map((w) => w[0]).join('');
  const parts: PartInput[] = [];
  const used = new Set<string>();
  for (const range of RANGES[slug] ?? []) {
    for (const line of range.lines) {
      let number = range.number(rng, line);
      while (used.has(number)) number = range.number(rng, line);
      used.add(number);
      parts.push({
        id: `${prefix}-p${parts.length + 1}`,
        name: line.n,
        part_number: number,
        category: line.c,
        description: line.d,
        price: line.p,
        ...(line.t ? { price_type: line.t } : {}),
        ...(line.fitted ? { fitted_price: line.fitted } : {}),
        manufacturer_slug: range.brand,
        fits: line.fits ?? [],
        // About one line in eight is on order (the counter orders it in).
        in_stock: !rng.chance(0.125),
      });
    }
  }
  const catalogue = parsePartsCatalogue(slug, { parts });
  cache.set(slug, catalogue);
  return catalogue;
}
