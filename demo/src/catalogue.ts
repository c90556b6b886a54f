/**
 * Vehicles sold in Australia that the demo stock is drawn from: makes with their brand colours and
 * models with real badges, series codes, body types and manufacturer variant data (approximate, for demo use).
 * Prices are approximate new prices in AUD; used prices are derived by age and km in the generator.
 */

export type VehicleKind = 'car' | 'truck' | 'motorcycle';
export type FuelKind = 'petrol' | 'premium' | 'diesel' | 'hybrid' | 'electric';
export type TransKind = 'auto' | 'manual' | 'cvt' | 'dct' | 'amt';
export type DriveKind = 'FWD' | 'RWD' | 'AWD' | '4WD' | 'chain' | 'belt';

export type MakeDef = {
  /** Manufacturer slug (a tenant's TenantData.manufacturers use it). */
  slug: string;
  /** The make as stock shows it (Car.make). */
  make: string;
  /** Manufacturer display name (e.g. 'Isuzu UTE' while stock says 'Isuzu'). */
  name: string;
  kind: VehicleKind;
  colours: { background: string; foreground: string };
  /** World manufacturer identifiers used for this make's VINs. */
  wmi: string[];
};

export type ModelDef = {
  /** Manufacturer slug (MakeDef.slug). */
  maker: string;
  model: string;
  /** Display body (Car.body). */
  body: string;
  /** Car.simple_body: a spec §5 body type, or 'motorcycle'. */
  simple_body: string;
  bodyconfiguration?: string;
  /** Series (or generation) codes with their first model year; the last one not after the car's year applies. */
  series: [code: string, from: number][];
  /** Last model year sold new (discontinued models only appear as used). */
  until?: number;
  badges: [badge: string, price: number][];
  /** cylinders, capacity cc (0 for electric), induction, torque Nm, combined L/100km (kWh/100km for EVs), tank L. */
  engine: [cylinders: number, cc: number, induction: string, torque: number, consumption: number, tank: number];
  fuel: FuelKind;
  trans: TransKind;
  gears: number;
  drive: DriveKind;
  doors: number;
  seats: number;
  /** length, width, height mm. */
  dims: [number, number, number];
  /** Gross vehicle mass and tare kg. */
  gvm: number;
  tare: number;
  towing: number;
  /** ANCAP stars (null when not rated, e.g. trucks and motorcycles). */
  ancap: number | null;
  /** Relative popularity within the tenant's pool. */
  weight: number;
  features: string[];
  /** What a badge changes (a badge naming AWD, RWD, FWD, Hybrid etc. is also applied by `variantOf`). */
  badgeOverrides?: Record<string, BadgeOverride>;
};

export type BadgeOverride = Partial<Pick<ModelDef, 'drive' | 'fuel' | 'seats' | 'doors' | 'body' | 'simple_body' | 'bodyconfiguration'>>;

/** The drive, fuel, seats, doors and body of one badge of a model (badge keywords first, then overrides). */
export function variantOf(model: ModelDef, badge: string): Required<Omit<BadgeOverride, 'bodyconfiguration'>> & { bodyconfiguration: string | null } {
  let drive = model.drive;
  if (/\b(AWD|xDrive|4MATIC|ALLGRIP|quattro)\b/i.test(badge)) drive = model.drive === '4WD' ? '4WD' : 'AWD';
  else if (/\b(4WD|4x4)\b/i.test(badge)) drive = '4WD';
  else if (/\bRWD\b/.test(badge)) drive = 'RWD';
  else if (/\b(FWD|2WD)\b/.test(badge)) drive = model.drive === 'RWD' ? 'RWD' : 'FWD';
  let fuel = model.fuel;
  const hybridBadge = (b: string) => /Hybrid|e:HEV|e-POWER|PHEV/.test(b);
  if (hybridBadge(badge)) fuel = 'hybrid';
  else if (model.fuel === 'hybrid' && model.badges.some(([b]) => hybridBadge(b))) fuel = 'petrol';
  const o = model.badgeOverrides?.[badge] ?? {};
  return {
    drive: o.drive ?? drive,
    fuel: o.fuel ?? fuel,
    seats: o.seats ?? model.seats,
    doors: o.doors ?? model.doors,
    body: o.body ?? model.body,
    simple_body: o.simple_body ?? model.simple_body,
    bodyconfiguration: o.bodyconfiguration ?? model.bodyconfiguration ?? null,
  };
}

const TOYOTA_RED = { background: '#b0081a', foreground: '#ffffff' };

export const MAKES: MakeDef[] = [
  { slug: 'toyota', make: 'Toyota', name: 'Toyota', kind: 'car', colours: TOYOTA_RED, wmi: ['JTM', 'JTN', 'JTD', 'MR0', 'JTF'] },
  { slug: 'hyundai', make: 'Hyundai', name: 'Hyundai', kind: 'car', colours: { background: '#002c5f', foreground: '#ffffff' }, wmi: ['KMH', 'KMJ'] },
  { slug: 'kia', make: 'Kia', name: 'Kia', kind: 'car', colours: { background: '#05141f', foreground: '#ffffff' }, wmi: ['KNA', 'KND'] },
  { slug: 'mazda', make: 'Mazda', name: 'Mazda', kind: 'car', colours: { background: '#1a1a1a', foreground: '#e5e7eb' }, wmi: ['JM0', 'JMZ', 'MM0'] },
  { slug: 'mitsubishi', make: 'Mitsubishi', name: 'Mitsubishi', kind: 'car', colours: { background: '#c4000f', foreground: '#ffffff' }, wmi: ['MMB', 'JMF', 'MMA'] },
  { slug: 'ford', make: 'Ford', name: 'Ford', kind: 'car', colours: { background: '#003478', foreground: '#ffffff' }, wmi: ['MPB', 'MNA', '1FA'] },
  { slug: 'nissan', make: 'Nissan', name: 'Nissan', kind: 'car', colours: { background: '#a8002a', foreground: '#ffffff' }, wmi: ['JN1', 'MNT', 'JN8'] },
  { slug: 'isuzu-ute', make: 'Isuzu', name: 'Isuzu UTE', kind: 'car', colours: { background: '#b3121b', foreground: '#ffffff' }, wmi: ['MPA'] },
  { slug: 'mg', make: 'MG', name: 'MG', kind: 'car', colours: { background: '#7a1e1e', foreground: '#ffffff' }, wmi: ['LSJ'] },
  { slug: 'subaru', make: 'Subaru', name: 'Subaru', kind: 'car', colours: { background: '#013c74', foreground: '#ffffff' }, wmi: ['JF1', 'JF2'] },
  { slug: 'volkswagen', make: 'Volkswagen', name: 'Volkswagen', kind: 'car', colours: { background: '#001e50', foreground: '#ffffff' }, wmi: ['WVW', 'WVG', 'WV1'] },
  { slug: 'suzuki', make: 'Suzuki', name: 'Suzuki', kind: 'car', colours: { background: '#c40018', foreground: '#ffffff' }, wmi: ['JS3', 'TSM', 'MA3'] },
  { slug: 'holden', make: 'Holden', name: 'Holden', kind: 'car', colours: { background: '#9e1b20', foreground: '#ffffff' }, wmi: ['6G1', 'MMU', 'W0L'] },
  { slug: 'honda', make: 'Honda', name: 'Honda', kind: 'car', colours: { background: '#b00000', foreground: '#ffffff' }, wmi: ['JHM', 'MRH', 'SHH'] },
  { slug: 'bmw', make: 'BMW', name: 'BMW', kind: 'car', colours: { background: '#0f4fa8', foreground: '#ffffff' }, wmi: ['WBA', 'WBX', 'WBS'] },
  { slug: 'mercedes-benz', make: 'Mercedes-Benz', name: 'Mercedes-Benz', kind: 'car', colours: { background: '#222222', foreground: '#ffffff' }, wmi: ['W1K', 'W1N', 'WDD'] },
  { slug: 'tesla', make: 'Tesla', name: 'Tesla', kind: 'car', colours: { background: '#171a20', foreground: '#ffffff' }, wmi: ['LRW', '5YJ'] },
  { slug: 'byd', make: 'BYD', name: 'BYD', kind: 'car', colours: { background: '#1f2937', foreground: '#ffffff' }, wmi: ['LGX', 'LC0'] },
  { slug: 'skoda', make: 'Skoda', name: 'Škoda', kind: 'car', colours: { background: '#0e3a2f', foreground: '#ffffff' }, wmi: ['TMB'] },
  { slug: 'isuzu-trucks', make: 'Isuzu', name: 'Isuzu Trucks', kind: 'truck', colours: { background: '#a40f16', foreground: '#ffffff' }, wmi: ['JAA', 'JAL'] },
  { slug: 'hino', make: 'Hino', name: 'Hino', kind: 'truck', colours: { background: '#b00d23', foreground: '#ffffff' }, wmi: ['JHH', 'JHD'] },
  { slug: 'fuso', make: 'Fuso', name: 'Fuso', kind: 'truck', colours: { background: '#2d2d2d', foreground: '#ffffff' }, wmi: ['JLF', 'JL6'] },
  { slug: 'yamaha', make: 'Yamaha', name: 'Yamaha', kind: 'motorcycle', colours: { background: '#0a2a6e', foreground: '#ffffff' }, wmi: ['JYA', 'MH3'] },
  { slug: 'kawasaki', make: 'Kawasaki', name: 'Kawasaki', kind: 'motorcycle', colours: { background: '#1d5c0f', foreground: '#ffffff' }, wmi: ['JKA', 'MH4'] },
  { slug: 'harley-davidson', make: 'Harley-Davidson', name: 'Harley-Davidson', kind: 'motorcycle', colours: { background: '#111111', foreground: '#ff8c1a' }, wmi: ['1HD', '5HD'] },
];

const CAR_BASICS = ['Bluetooth', 'Reversing camera', 'Cruise control', 'Apple CarPlay', 'Android Auto', 'Air conditioning', 'Power windows', 'Keyless entry'];
const SAFETY = ['Autonomous emergency braking', 'Lane keep assist', 'Blind spot monitor', 'Rear cross-traffic alert', 'Adaptive cruise control', 'Traffic sign recognition', '7 airbags'];
const PREMIUM = ['Leather-accented seats', 'Heated front seats', 'Power tailgate', 'Wireless phone charger', 'Head-up display', '360-degree camera', 'Sunroof', 'Premium audio', 'Dual-zone climate control', 'Ventilated front seats'];
const OFFROAD = ['Rear diff lock', 'Hill descent control', 'Towbar', 'Tub liner', 'Side steps', 'Snorkel', 'Bull bar', 'Under-body protection'];
const TRUCK = ['Tray body', 'Air-suspended seat', 'Exhaust brake', 'Reversing camera', 'Bluetooth', 'Cruise control', 'Auto transmission (AMT)', 'Tail lift', 'Tool box', 'Fridge body', 'Tipper body', 'Stability control'];
const BIKE = ['ABS', 'LED lighting', 'Traction control', 'Quickshifter', 'TFT display', 'Slipper clutch', 'Riding modes', 'USB charger', 'Cruise control', 'Heated grips'];

const car = (
  maker: string, model: string, body: string, simple_body: string, series: [string, number][], badges: [string, number][],
  engine: ModelDef['engine'], fuel: FuelKind, trans: TransKind, gears: number, drive: DriveKind,
  doorsSeats: [number, number], dims: [number, number, number], masses: [gvm: number, tare: number, towing: number],
  weight: number, extra: string[] = [], more: Partial<ModelDef> = {},
): ModelDef => ({
  maker, model, body, simple_body, series, badges, engine, fuel, trans, gears, drive,
  doors: doorsSeats[0], seats: doorsSeats[1], dims, gvm: masses[0], tare: masses[1], towing: masses[2],
  ancap: 5, weight, features: [...CAR_BASICS, ...SAFETY, ...extra], ...more,
});

const truck = (
  maker: string, model: string, simple_body: 'lightTruck' | 'cabChassis', series: [string, number][], badges: [string, number][],
  engine: ModelDef['engine'], trans: TransKind, gears: number, dims: [number, number, number], masses: [number, number, number], weight: number,
): ModelDef => ({
  maker, model, body: 'Cab Chassis', simple_body, bodyconfiguration: simple_body === 'lightTruck' ? 'Single Cab' : 'Standard Cab',
  series, badges, engine, fuel: 'diesel', trans, gears, drive: 'RWD', doors: 2, seats: 3, dims,
  gvm: masses[0], tare: masses[1], towing: masses[2], ancap: null, weight, features: TRUCK,
});

const bike = (
  maker: string, model: string, body: string, series: [string, number][], badges: [string, number][],
  engine: ModelDef['engine'], drive: 'chain' | 'belt', dims: [number, number, number], tare: number, weight: number, more: Partial<ModelDef> = {},
): ModelDef => ({
  maker, model, body, simple_body: 'motorcycle', series, badges, engine, fuel: 'premium', trans: 'manual', gears: 6, drive,
  doors: 0, seats: 2, dims, gvm: tare + 180, tare, towing: 0, ancap: null, weight, features: BIKE, ...more,
});

export const MODELS: ModelDef[] = [
  // Toyota
  car('toyota', 'Corolla', 'Hatchback', 'hatch', [['ZWE211R', 2019]], [['Ascent Sport Hybrid', 32100], ['SX Hybrid', 35700], ['ZR Hybrid', 40300]], [4, 1798, 'Aspirated', 142, 4.2, 43], 'hybrid', 'cvt', 1, 'FWD', [5, 5], [4375, 1790, 1435], [1775, 1385, 0], 9),
  car('toyota', 'Corolla', 'Sedan', 'sedan', [['ZWE219R', 2019]], [['Ascent Sport Hybrid', 33600], ['SX Hybrid', 37200], ['ZR Hybrid', 41800]], [4, 1798, 'Aspirated', 142, 4.1, 43], 'hybrid', 'cvt', 1, 'FWD', [4, 5], [4630, 1780, 1435], [1790, 1385, 0], 4),
  car('toyota', 'Camry', 'Sedan', 'sedan', [['AXVH71R', 2018], ['AXVH80R', 2025]], [['Ascent Hybrid', 41000], ['SL Hybrid', 53000], ['SX Hybrid', 49000]], [4, 2487, 'Aspirated', 221, 4.5, 50], 'hybrid', 'cvt', 1, 'FWD', [4, 5], [4915, 1840, 1445], [2100, 1595, 1200], 5, ['Dual-zone climate control']),
  car('toyota', 'Yaris Cross', 'Wagon', 'suv', [['MXPJ10R', 2020]], [['GX Hybrid', 32700], ['GXL Hybrid', 35900], ['Urban Hybrid', 39400]], [3, 1490, 'Aspirated', 120, 3.8, 36], 'hybrid', 'cvt', 1, 'FWD', [5, 5], [4180, 1765, 1590], [1585, 1175, 400], 6),
  car('toyota', 'Corolla Cross', 'Wagon', 'suv', [['MXGH10R', 2022]], [['GX Hybrid', 38100], ['GXL Hybrid', 42600], ['Atmos Hybrid', 49900]], [4, 1987, 'Aspirated', 206, 4.3, 43], 'hybrid', 'cvt', 1, 'FWD', [5, 5], [4460, 1825, 1620], [1970, 1485, 750], 7),
  car('toyota', 'RAV4', 'Wagon', 'suv', [['AXAH54R', 2019], ['AXAH64R', 2026]], [['GX Hybrid', 42100], ['GXL Hybrid', 46600], ['XSE Hybrid', 50700], ['Cruiser Hybrid', 53000], ['Edge Hybrid AWD', 59800]], [4, 2487, 'Aspirated', 221, 4.8, 55], 'hybrid', 'cvt', 1, 'FWD', [5, 5], [4600, 1855, 1685], [2185, 1665, 1500], 10, ['Power tailgate']),
  car('toyota', 'Kluger', 'Wagon', 'suv', [['AXUH78R', 2021]], [['GX Hybrid', 57800], ['GXL Hybrid', 68000], ['Grande Hybrid', 80900]], [4, 2487, 'Aspirated', 242, 5.6, 65], 'hybrid', 'cvt', 1, 'AWD', [5, 7], [4966, 1930, 1755], [2620, 2045, 2000], 4, ['Third-row seating', 'Tri-zone climate control']),
  car('toyota', 'LandCruiser Prado', 'Wagon', '4x4', [['GDJ150R', 2013], ['GDJ250R', 2024]], [['GX', 73900], ['GXL', 80500], ['VX', 87900], ['Kakadu', 97900]], [4, 2755, 'Turbo', 500, 7.9, 110], 'diesel', 'auto', 8, '4WD', [5, 7], [4925, 1980, 1935], [3000, 2345, 3500], 6, OFFROAD.slice(0, 4)),
  car('toyota', 'LandCruiser', 'Wagon', '4x4', [['VDJ200R', 2015], ['FJA300R', 2021]], [['GX', 91500], ['GXL', 104500], ['VX', 116600], ['Sahara', 131600], ['GR Sport', 141000]], [6, 3346, 'Twin Turbo', 700, 8.9, 110], 'diesel', 'auto', 10, '4WD', [5, 7], [4980, 1980, 1950], [3280, 2560, 3500], 4, OFFROAD),
  car('toyota', 'LandCruiser 70', 'Cab Chassis', 'cabChassis', [['GDJ79R', 2023]], [['Workmate Single Cab', 75600], ['GXL Double Cab', 82500]], [4, 2755, 'Turbo', 500, 9.6, 130], 'diesel', 'auto', 6, '4WD', [2, 3], [5230, 1870, 1955], [3510, 2200, 3500], 2, OFFROAD, { bodyconfiguration: 'Single Cab', ancap: null, badgeOverrides: { 'GXL Double Cab': { doors: 4, seats: 5, bodyconfiguration: 'Double Cab' } } }),
  car('toyota', 'HiLux', 'Utility', 'ute', [['GUN126R', 2015]], [['Workmate', 38900], ['SR', 50600], ['SR5', 62300], ['Rogue', 72700], ['Rugged X', 73800], ['GR Sport', 77300]], [4, 2755, 'Turbo', 500, 8.4, 80], 'diesel', 'auto', 6, '4WD', [4, 5], [5325, 1855, 1815], [3050, 2100, 3500], 10, OFFROAD.slice(0, 5), { bodyconfiguration: 'Dual Cab Pick-up' }),
  car('toyota', 'HiAce', 'Van', 'van', [['GDH300R', 2019]], [['LWB Van', 52600], ['SLWB Van', 56900], ['Commuter', 76500]], [4, 2755, 'Turbo', 450, 8.4, 70], 'diesel', 'auto', 6, 'RWD', [4, 3], [5265, 1950, 1990], [3300, 2125, 1500], 3, ['Cargo barrier', 'Sliding side door'], { badgeOverrides: { 'LWB Van': { seats: 2 }, 'SLWB Van': { seats: 2 }, Commuter: { seats: 12, bodyconfiguration: 'Commuter' } } }),
  car('toyota', 'bZ4X', 'Wagon', 'suv', [['XEAM10R', 2022]], [['FWD', 50000], ['AWD', 59900]], [0, 0, 'Electric', 266, 14.8, 0], 'electric', 'auto', 1, 'FWD', [5, 5], [4690, 1860, 1650], [2370, 1920, 750], 2, ['DC fast charging', 'Heat pump']),
  car('toyota', 'GR86', 'Coupe', 'coupe', [['ZN8', 2022]], [['GTS', 49000]], [4, 2387, 'Aspirated', 250, 9.5, 50], 'premium', 'manual', 6, 'RWD', [2, 4], [4265, 1775, 1310], [1650, 1275, 0], 1, ['Limited-slip differential', 'Sports seats']),

  // Hyundai
  car('hyundai', 'i30', 'Hatchback', 'hatch', [['PD', 2017], ['PD.V4', 2021]], [['Active', 27500], ['Elite', 32500], ['N Line Premium', 38900]], [4, 1999, 'Aspirated', 192, 7.4, 50], 'petrol', 'auto', 6, 'FWD', [5, 5], [4340, 1795, 1455], [1800, 1325, 1300], 6),
  car('hyundai', 'i30', 'Sedan', 'sedan', [['CN7', 2020]], [['Active', 28500], ['Elite', 33500], ['N Line', 36500]], [4, 1999, 'Aspirated', 192, 6.9, 47], 'petrol', 'cvt', 1, 'FWD', [4, 5], [4680, 1825, 1415], [1780, 1290, 1200], 4),
  car('hyundai', 'Tucson', 'Wagon', 'suv', [['NX4', 2021], ['NX4.V2', 2024]], [['Base', 37500], ['Elite', 45500], ['Highlander', 54000], ['N Line', 49500]], [4, 1999, 'Aspirated', 192, 8.1, 54], 'petrol', 'auto', 6, 'FWD', [5, 5], [4640, 1865, 1665], [2110, 1580, 1650], 9, ['Power tailgate']),
  car('hyundai', 'Santa Fe', 'Wagon', 'suv', [['TM', 2018], ['MX5', 2024]], [['Santa Fe', 55000], ['Elite Hybrid', 65000], ['Calligraphy Hybrid', 77000]], [4, 1598, 'Turbo', 367, 6.0, 67], 'hybrid', 'auto', 6, 'AWD', [5, 7], [4830, 1900, 1780], [2550, 1930, 1650], 4, ['Third-row seating']),
  car('hyundai', 'Kona', 'Wagon', 'suv', [['OS', 2017], ['SX2', 2023]], [['Kona', 34000], ['N Line', 41000], ['Premium Hybrid', 46000]], [4, 1999, 'Aspirated', 180, 6.6, 47], 'petrol', 'cvt', 1, 'FWD', [5, 5], [4355, 1825, 1580], [1850, 1375, 1300], 6),
  car('hyundai', 'Venue', 'Wagon', 'suv', [['QX', 2019], ['QX.V4', 2023]], [['Venue', 26000], ['Active', 28500], ['Elite', 31000]], [4, 1598, 'Aspirated', 151, 7.0, 45], 'petrol', 'auto', 6, 'FWD', [5, 5], [4040, 1770, 1592], [1620, 1165, 1110], 4),
  car('hyundai', 'Ioniq 5', 'Wagon', 'suv', [['NE', 2021], ['NE.V3', 2024]], [['Dynamiq', 72000], ['Epiq', 82000], ['N', 111000]], [0, 0, 'Electric', 350, 17.0, 0], 'electric', 'auto', 1, 'RWD', [5, 5], [4655, 1890, 1605], [2460, 1990, 1600], 2, ['DC fast charging', 'Vehicle-to-load'], { badgeOverrides: { Epiq: { drive: 'AWD' }, N: { drive: 'AWD' } } }),
  car('hyundai', 'Staria', 'Wagon', 'peopleMover', [['US4', 2021]], [['Staria', 53000], ['Elite', 63000], ['Highlander', 71000]], [4, 2199, 'Turbo', 430, 8.2, 75], 'diesel', 'auto', 8, 'AWD', [5, 8], [5253, 1997, 1990], [3050, 2245, 2500], 2, ['Dual power sliding doors', 'Third-row seating']),

  // Kia
  car('kia', 'Cerato', 'Hatchback', 'hatch', [['BD', 2018], ['BD MY24', 2024]], [['S', 27500], ['Sport', 30500], ['GT', 38000]], [4, 1999, 'Aspirated', 192, 7.4, 50], 'petrol', 'auto', 6, 'FWD', [5, 5], [4510, 1800, 1440], [1810, 1320, 1100], 5),
  car('kia', 'Sportage', 'Wagon', 'suv', [['QL', 2016], ['NQ5', 2022]], [['S', 36000], ['SX', 40500], ['GT-Line Hybrid', 57500]], [4, 1999, 'Aspirated', 192, 8.1, 54], 'petrol', 'auto', 6, 'FWD', [5, 5], [4660, 1865, 1665], [2120, 1560, 1650], 9, ['Power tailgate']),
  car('kia', 'Sorento', 'Wagon', 'suv', [['UM', 2015], ['MQ4', 2020]], [['S', 52000], ['Sport+', 59000], ['GT-Line Hybrid', 72000]], [4, 2151, 'Turbo', 440, 6.1, 67], 'diesel', 'dct', 8, 'AWD', [5, 7], [4815, 1900, 1700], [2510, 1960, 2000], 5, ['Third-row seating']),
  car('kia', 'Seltos', 'Wagon', 'suv', [['SP2', 2020], ['SP2 PE', 2023]], [['S', 31000], ['Sport', 34000], ['GT-Line', 44000]], [4, 1999, 'Aspirated', 179, 6.8, 50], 'petrol', 'cvt', 1, 'FWD', [5, 5], [4385, 1800, 1645], [1850, 1325, 1300], 5),
  car('kia', 'Carnival', 'Wagon', 'peopleMover', [['YP', 2015], ['KA4', 2020]], [['S', 51000], ['Sport+', 60000], ['GT-Line Hybrid', 78000]], [6, 3470, 'Aspirated', 355, 9.6, 72], 'petrol', 'auto', 8, 'FWD', [5, 8], [5155, 1995, 1775], [2735, 2046, 2000], 5, ['Dual power sliding doors', 'Third-row seating']),
  car('kia', 'EV6', 'Wagon', 'suv', [['CV', 2022]], [['Air', 72000], ['GT-Line AWD', 88000]], [0, 0, 'Electric', 350, 16.5, 0], 'electric', 'auto', 1, 'RWD', [5, 5], [4695, 1890, 1550], [2390, 1960, 1600], 2, ['DC fast charging', 'Vehicle-to-load']),
  car('kia', 'Picanto', 'Hatchback', 'hatch', [['JA', 2017], ['JA PE2', 2024]], [['S', 17500], ['GT-Line', 21000]], [4, 1248, 'Aspirated', 122, 5.0, 35], 'petrol', 'auto', 4, 'FWD', [5, 4], [3595, 1595, 1485], [1390, 965, 0], 4, [], { ancap: 3 }),
  car('kia', 'Tasman', 'Utility', 'ute', [['TK', 2025]], [['S', 48000], ['SX', 56000], ['X-Pro', 76000]], [4, 2151, 'Turbo', 441, 8.2, 80], 'diesel', 'auto', 8, '4WD', [4, 5], [5410, 1930, 1880], [3250, 2200, 3500], 3, OFFROAD.slice(0, 4), { bodyconfiguration: 'Dual Cab Pick-up' }),

  // Mazda
  car('mazda', 'Mazda3', 'Hatchback', 'hatch', [['BP', 2019], ['BP MY24', 2024]], [['G20 Pure', 34000], ['G25 Evolve', 37000], ['G25 Astina', 46000]], [4, 1998, 'Aspirated', 200, 6.2, 51], 'petrol', 'auto', 6, 'FWD', [5, 5], [4460, 1795, 1435], [1820, 1330, 1200], 6),
  car('mazda', 'CX-5', 'Wagon', 'suv', [['KF', 2017], ['KF MY25', 2025]], [['G20 Maxx', 37000], ['G25 Maxx Sport', 42500], ['G25 GT SP', 52000], ['G35 Akera', 57000]], [4, 2488, 'Aspirated', 258, 7.4, 58], 'petrol', 'auto', 6, 'AWD', [5, 5], [4575, 1845, 1680], [2120, 1600, 1800], 10, ['Power tailgate']),
  car('mazda', 'CX-30', 'Wagon', 'suv', [['DM', 2020]], [['G20 Pure', 33000], ['G25 Touring', 41000], ['G25 Astina', 47000]], [4, 1998, 'Aspirated', 200, 6.5, 51], 'petrol', 'auto', 6, 'FWD', [5, 5], [4395, 1795, 1540], [1885, 1400, 1200], 6),
  car('mazda', 'CX-3', 'Wagon', 'suv', [['DK', 2015], ['DK MY22', 2022]], [['Neo Sport', 27500], ['Maxx Sport', 30500], ['Akari', 36000]], [4, 1998, 'Aspirated', 195, 6.3, 48], 'petrol', 'auto', 6, 'FWD', [5, 5], [4275, 1765, 1535], [1720, 1240, 1200], 4, [], { until: 2025 }),
  car('mazda', 'BT-50', 'Utility', 'ute', [['TF', 2020], ['TF MY25', 2025]], [['XT', 52000], ['XTR', 60000], ['GT', 65000], ['Thunder', 72000]], [4, 2999, 'Turbo', 450, 8.0, 76], 'diesel', 'auto', 6, '4WD', [4, 5], [5280, 1870, 1810], [3100, 2040, 3500], 7, OFFROAD.slice(0, 4), { bodyconfiguration: 'Dual Cab Pick-up' }),
  car('mazda', 'CX-60', 'Wagon', 'suv', [['KH', 2022]], [['G40e Evolve', 62000], ['D50e GT', 72000], ['P50e Azami', 86000]], [6, 3283, 'Turbo', 550, 5.4, 58], 'diesel', 'auto', 8, 'AWD', [5, 5], [4740, 1890, 1680], [2600, 1995, 2500], 2, PREMIUM.slice(0, 4)),
  car('mazda', 'MX-5', 'Roadster', 'softtop', [['ND', 2015], ['ND MY24', 2024]], [['Roadster', 44000], ['Roadster GT', 50000], ['RF GT', 55000]], [4, 1998, 'Aspirated', 205, 6.8, 45], 'premium', 'manual', 6, 'RWD', [2, 2], [3915, 1735, 1225], [1260, 1050, 0], 1, ['Limited-slip differential']),

  // Mitsubishi
  car('mitsubishi', 'Triton', 'Utility', 'ute', [['MR', 2019], ['MV', 2024]], [['GLX', 42000], ['GLX+', 51000], ['GLS', 59000], ['GSR', 65000]], [4, 2442, 'Twin Turbo', 470, 7.7, 75], 'diesel', 'auto', 6, '4WD', [4, 5], [5320, 1865, 1795], [3200, 2080, 3500], 8, OFFROAD.slice(0, 4), { bodyconfiguration: 'Double Cab Pick-up' }),
  car('mitsubishi', 'Outlander', 'Wagon', 'suv', [['ZL', 2017], ['ZM', 2021]], [['ES', 38000], ['Aspire', 45000], ['Exceed PHEV', 65000]], [4, 2488, 'Aspirated', 245, 7.2, 55], 'petrol', 'cvt', 1, 'AWD', [5, 7], [4710, 1862, 1745], [2280, 1625, 1600], 8, ['Third-row seating']),
  car('mitsubishi', 'ASX', 'Wagon', 'suv', [['XD', 2019], ['XD MY23', 2023]], [['MR', 30000], ['LS', 33500], ['Exceed', 37500]], [4, 1998, 'Aspirated', 197, 7.6, 63], 'petrol', 'cvt', 1, 'FWD', [5, 5], [4365, 1810, 1640], [1870, 1340, 1300], 5, [], { until: 2025 }),
  car('mitsubishi', 'Pajero Sport', 'Wagon', '4x4', [['QE', 2015], ['QF', 2019]], [['GLX', 52000], ['GLS', 56500], ['Exceed', 61000]], [4, 2442, 'Turbo', 430, 8.0, 68], 'diesel', 'auto', 8, '4WD', [5, 7], [4825, 1815, 1835], [2710, 2060, 3100], 4, OFFROAD.slice(0, 3)),
  car('mitsubishi', 'Eclipse Cross', 'Wagon', 'suv', [['YB', 2021]], [['ES', 33000], ['LS', 36500], ['Aspire PHEV', 52000]], [4, 1499, 'Turbo', 250, 7.3, 60], 'petrol', 'cvt', 1, 'FWD', [5, 5], [4545, 1805, 1685], [1945, 1435, 1600], 3),

  // Ford
  car('ford', 'Ranger', 'Utility', 'ute', [['PX MkIII', 2018], ['PY', 2022], ['PY MY25', 2025]], [['XL', 45000], ['XLS', 54000], ['XLT', 64000], ['Sport', 66000], ['Wildtrak', 72000], ['Raptor', 90000]], [4, 1996, 'Twin Turbo', 500, 7.6, 80], 'diesel', 'auto', 10, '4WD', [4, 5], [5370, 1918, 1884], [3280, 2263, 3500], 12, OFFROAD.slice(0, 5), { bodyconfiguration: 'Double Cab Pick-up' }),
  car('ford', 'Everest', 'Wagon', '4x4', [['UA II', 2018], ['UB', 2022]], [['Ambiente', 56000], ['Trend', 64000], ['Sport', 66000], ['Platinum', 80000]], [6, 2993, 'Turbo', 600, 8.4, 80], 'diesel', 'auto', 10, '4WD', [5, 7], [4914, 1923, 1842], [3250, 2480, 3500], 6, OFFROAD.slice(0, 3)),
  car('ford', 'Mustang', 'Fastback', 'coupe', [['FN', 2018], ['S650', 2024]], [['GT', 82000], ['GT Convertible', 90000], ['Dark Horse', 110000]], [8, 5038, 'Aspirated', 567, 13.1, 61], 'premium', 'auto', 10, 'RWD', [2, 4], [4811, 1916, 1398], [2130, 1800, 0], 2, ['Limited-slip differential', 'Launch control'], { badgeOverrides: { 'GT Convertible': { body: 'Convertible', simple_body: 'convertible' } } }),
  car('ford', 'Puma', 'Wagon', 'suv', [['JK', 2020]], [['Puma', 33000], ['ST-Line', 36500], ['ST-Line V', 40000]], [3, 999, 'Turbo', 170, 5.3, 42], 'premium', 'dct', 7, 'FWD', [5, 5], [4207, 1805, 1537], [1690, 1250, 1200], 4),
  car('ford', 'Transit Custom', 'Van', 'van', [['VN', 2023]], [['320S SWB', 56000], ['340L LWB', 60000], ['Sport 320S', 66000]], [4, 1996, 'Turbo', 390, 7.4, 70], 'diesel', 'auto', 8, 'FWD', [4, 3], [5050, 2032, 1985], [3200, 2050, 2500], 3, ['Cargo barrier', 'Sliding side door']),

  // Nissan
  car('nissan', 'Navara', 'Utility', 'ute', [['D23', 2015], ['D23 MY21', 2021]], [['SL', 45000], ['ST', 52000], ['ST-X', 60000], ['PRO-4X', 62000]], [4, 2298, 'Twin Turbo', 450, 7.0, 80], 'diesel', 'auto', 7, '4WD', [4, 5], [5260, 1875, 1855], [2910, 2050, 3500], 6, OFFROAD.slice(0, 4), { bodyconfiguration: 'Dual Cab Pick-up', until: 2025 }),
  car('nissan', 'X-Trail', 'Wagon', 'suv', [['T32', 2014], ['T33', 2022]], [['ST', 38000], ['ST-L', 46000], ['Ti e-POWER', 58000]], [4, 2488, 'Aspirated', 244, 7.4, 55], 'petrol', 'cvt', 1, 'AWD', [5, 7], [4680, 1840, 1725], [2200, 1610, 2000], 6, ['Third-row seating']),
  car('nissan', 'Qashqai', 'Wagon', 'suv', [['J11', 2017], ['J12', 2022]], [['ST', 34000], ['ST+', 38000], ['Ti e-POWER', 52000]], [4, 1332, 'Turbo', 250, 6.1, 55], 'premium', 'cvt', 1, 'FWD', [5, 5], [4425, 1835, 1625], [1975, 1450, 1500], 4),
  car('nissan', 'Patrol', 'Wagon', '4x4', [['Y62', 2012], ['Y62 S5', 2020]], [['Ti', 86000], ['Ti-L', 100000], ['Warrior', 107000]], [8, 5552, 'Aspirated', 560, 14.4, 140], 'petrol', 'auto', 7, '4WD', [5, 8], [5175, 1995, 1940], [3500, 2715, 3500], 2, OFFROAD.slice(0, 3)),

  // Isuzu UTE
  car('isuzu-ute', 'D-Max', 'Utility', 'ute', [['RG', 2020], ['RG MY24', 2024]], [['SX', 42000], ['LS-M', 52000], ['LS-U', 60000], ['X-Terrain', 70000]], [4, 2999, 'Turbo', 450, 8.0, 76], 'diesel', 'auto', 6, '4WD', [4, 5], [5280, 1870, 1810], [3100, 1980, 3500], 9, OFFROAD.slice(0, 4), { bodyconfiguration: 'Crew Cab Pick-up' }),
  car('isuzu-ute', 'MU-X', 'Wagon', '4x4', [['RJ', 2021], ['RJ MY24', 2024]], [['LS-M', 52000], ['LS-U', 58000], ['LS-T', 65000]], [4, 2999, 'Turbo', 450, 8.3, 80], 'diesel', 'auto', 6, '4WD', [5, 7], [4850, 1870, 1825], [2800, 2150, 3500], 5, OFFROAD.slice(0, 3)),

  // MG
  car('mg', 'ZS', 'Wagon', 'suv', [['AZS1', 2017], ['AZS1 MY23', 2023]], [['Excite', 25000], ['Essence', 29000], ['Hybrid+ Excite', 33000]], [4, 1498, 'Aspirated', 141, 6.9, 45], 'petrol', 'cvt', 1, 'FWD', [5, 5], [4323, 1809, 1653], [1730, 1245, 500], 8, [], { ancap: 4 }),
  car('mg', 'MG3', 'Hatchback', 'hatch', [['SZP1', 2024]], [['Excite', 23000], ['Hybrid+ Essence', 29000]], [4, 1498, 'Aspirated', 128, 5.0, 36], 'hybrid', 'auto', 1, 'FWD', [5, 5], [4113, 1797, 1502], [1600, 1185, 0], 6, [], { ancap: 3 }),
  car('mg', 'HS', 'Wagon', 'suv', [['SAS23', 2019], ['AS23', 2025]], [['Vibe', 31000], ['Excite', 35000], ['Essence', 40000]], [4, 1490, 'Turbo', 250, 7.3, 55], 'premium', 'dct', 7, 'FWD', [5, 5], [4574, 1876, 1664], [2000, 1500, 1500], 5),

  // Subaru
  car('subaru', 'Forester', 'Wagon', 'suv', [['S5', 2018], ['S6', 2025]], [['2.5i', 42000], ['2.5i-L', 46000], ['2.5i-S', 52000], ['Hybrid S', 55000]], [4, 2498, 'Aspirated', 239, 7.4, 63], 'petrol', 'cvt', 1, 'AWD', [5, 5], [4640, 1815, 1730], [2120, 1565, 1800], 7, ['Symmetrical AWD', 'X-Mode']),
  car('subaru', 'Outback', 'Wagon', 'wagon', [['BS', 2015], ['BT', 2021]], [['AWD', 46000], ['AWD Sport', 51000], ['AWD Touring XT', 61000]], [4, 2498, 'Aspirated', 245, 7.3, 63], 'petrol', 'cvt', 1, 'AWD', [5, 5], [4870, 1875, 1675], [2260, 1640, 2000], 5, ['Symmetrical AWD', 'X-Mode']),
  car('subaru', 'Crosstrek', 'Wagon', 'suv', [['GU', 2023]], [['2.0R', 36000], ['2.0S', 42000], ['Hybrid S', 46000]], [4, 1995, 'Aspirated', 196, 7.2, 63], 'petrol', 'cvt', 1, 'AWD', [5, 5], [4495, 1800, 1600], [1950, 1450, 1270], 4, ['Symmetrical AWD']),
  car('subaru', 'WRX', 'Sedan', 'sedan', [['VB', 2022]], [['WRX', 50000], ['RS', 57000], ['tS', 61000]], [4, 2387, 'Turbo', 350, 9.9, 63], 'premium', 'manual', 6, 'AWD', [4, 5], [4670, 1825, 1465], [2050, 1525, 1200], 3, ['Sports seats']),

  // Volkswagen
  car('volkswagen', 'Golf', 'Hatchback', 'hatch', [['7.5', 2017], ['8', 2021], ['8.5', 2024]], [['Life', 39000], ['R-Line', 45000], ['GTI', 57000], ['R', 70000]], [4, 1395, 'Turbo', 250, 5.8, 50], 'premium', 'dct', 8, 'FWD', [5, 5], [4284, 1789, 1456], [1850, 1330, 1500], 5),
  car('volkswagen', 'Amarok', 'Utility', 'ute', [['2H', 2011], ['NF', 2023]], [['Core', 54000], ['Life', 60000], ['Style', 66000], ['Aventura', 80000]], [6, 2993, 'Turbo', 600, 8.9, 80], 'diesel', 'auto', 10, '4WD', [4, 5], [5350, 1910, 1884], [3290, 2331, 3500], 5, OFFROAD.slice(0, 4), { bodyconfiguration: 'Double Cab Pick-up' }),
  car('volkswagen', 'Tiguan', 'Wagon', 'suv', [['5N', 2016], ['CT', 2024]], [['Life', 46000], ['Elegance', 58000], ['R-Line', 64000]], [4, 1984, 'Turbo', 320, 7.6, 58], 'premium', 'dct', 7, 'AWD', [5, 5], [4539, 1842, 1659], [2300, 1700, 2000], 5, ['Power tailgate']),
  car('volkswagen', 'Polo', 'Hatchback', 'hatch', [['AW', 2018], ['AW MY24', 2024]], [['Life', 30000], ['Style', 33000], ['GTI', 40000]], [3, 999, 'Turbo', 200, 5.4, 40], 'premium', 'dct', 7, 'FWD', [5, 5], [4074, 1751, 1451], [1630, 1170, 1100], 3),

  // Suzuki
  car('suzuki', 'Swift', 'Hatchback', 'hatch', [['AZ', 2017], ['AZH', 2024]], [['GL', 22500], ['GLX', 26000], ['Sport', 30000]], [3, 1197, 'Aspirated', 112, 4.0, 37], 'petrol', 'cvt', 1, 'FWD', [5, 5], [3860, 1735, 1495], [1330, 925, 1000], 6, [], { ancap: 3 }),
  car('suzuki', 'Jimny', 'Hardtop', 'hardtop', [['JB74', 2018]], [['Lite', 33000], ['Jimny', 35000], ['XL', 38000]], [4, 1462, 'Aspirated', 130, 6.9, 40], 'petrol', 'auto', 4, '4WD', [3, 4], [3480, 1645, 1725], [1435, 1095, 1300], 4, ['Low-range transfer case'], { ancap: 3 }),
  car('suzuki', 'Vitara', 'Wagon', 'suv', [['LY', 2015], ['LY Series II', 2019]], [['Vitara', 30000], ['Turbo', 37000], ['Turbo ALLGRIP', 41000]], [4, 1586, 'Aspirated', 156, 6.2, 47], 'petrol', 'auto', 6, 'FWD', [5, 5], [4175, 1775, 1610], [1730, 1150, 1200], 3),

  // Holden (sold new until 2020; used stock only)
  car('holden', 'Commodore', 'Sedan', 'sedan', [['VF II', 2015], ['ZB', 2018]], [['Evoke', 36000], ['SV6', 43000], ['SS V Redline', 57000], ['RS-V', 52000]], [6, 3564, 'Aspirated', 370, 9.3, 61], 'petrol', 'auto', 6, 'RWD', [4, 5], [4964, 1898, 1476], [2150, 1700, 1600], 6, [], { until: 2020 }),
  car('holden', 'Colorado', 'Utility', 'ute', [['RG', 2012], ['RG MY20', 2020]], [['LS', 42000], ['LTZ', 52000], ['Z71', 57000]], [4, 2776, 'Turbo', 500, 8.6, 76], 'diesel', 'auto', 6, '4WD', [4, 5], [5361, 1872, 1800], [3150, 2120, 3500], 6, OFFROAD.slice(0, 4), { bodyconfiguration: 'Crew Cab Pickup', until: 2020 }),
  car('holden', 'Captiva', 'Wagon', 'suv', [['CG Series II', 2011]], [['Active', 33000], ['LT', 38000], ['LTZ', 44000]], [4, 2384, 'Aspirated', 230, 9.1, 65], 'petrol', 'auto', 6, 'FWD', [5, 7], [4673, 1849, 1756], [2330, 1750, 1700], 3, [], { until: 2018, ancap: 5 }),
  car('holden', 'Astra', 'Hatchback', 'hatch', [['BK', 2017]], [['R', 25000], ['RS', 30000], ['RS-V', 34000]], [4, 1399, 'Turbo', 245, 5.8, 48], 'petrol', 'auto', 6, 'FWD', [5, 5], [4386, 1807, 1485], [1830, 1280, 1200], 3, [], { until: 2020 }),

  // Honda
  car('honda', 'Civic', 'Hatchback', 'hatch', [['10th Gen', 2017], ['11th Gen', 2022]], [['VTi-LX', 47000], ['e:HEV LX', 50000], ['Type R', 73000]], [4, 1498, 'Turbo', 240, 6.3, 47], 'premium', 'cvt', 1, 'FWD', [5, 5], [4560, 1802, 1415], [1800, 1340, 1200], 4),
  car('honda', 'CR-V', 'Wagon', 'suv', [['RW', 2017], ['RS', 2023]], [['VTi', 44000], ['VTi L7', 52000], ['e:HEV RS', 60000]], [4, 1498, 'Turbo', 240, 7.3, 57], 'petrol', 'cvt', 1, 'FWD', [5, 7], [4691, 1866, 1681], [2260, 1630, 1500], 5, ['Power tailgate']),
  car('honda', 'HR-V', 'Wagon', 'suv', [['RV', 2022]], [['Vi X', 36000], ['e:HEV L', 46000]], [4, 1498, 'Aspirated', 145, 6.1, 40], 'petrol', 'cvt', 1, 'FWD', [5, 5], [4346, 1790, 1582], [1790, 1310, 0], 3),

  // Prestige and EV
  car('bmw', '3 Series', 'Sedan', 'sedan', [['G20', 2019], ['G20 LCI', 2023]], [['320i M Sport', 74000], ['330i M Sport', 85000], ['M340i xDrive', 109000]], [4, 1998, 'Turbo', 400, 6.4, 59], 'premium', 'auto', 8, 'RWD', [4, 5], [4713, 1827, 1440], [2100, 1545, 1600], 4, PREMIUM.slice(0, 5)),
  car('bmw', 'X5', 'Wagon', 'suv', [['G05', 2019], ['G05 LCI', 2023]], [['xDrive30d', 125000], ['xDrive50e', 148000], ['M60i', 170000]], [6, 2993, 'Turbo', 670, 7.2, 80], 'diesel', 'auto', 8, 'AWD', [5, 5], [4935, 2004, 1755], [2960, 2170, 3500], 2, PREMIUM),
  car('mercedes-benz', 'C-Class', 'Sedan', 'sedan', [['W205', 2015], ['W206', 2021]], [['C200', 79000], ['C300', 94000], ['C43 AMG', 125000]], [4, 1496, 'Turbo', 300, 6.8, 66], 'premium', 'auto', 9, 'RWD', [4, 5], [4751, 1820, 1438], [2180, 1640, 1800], 3, PREMIUM.slice(0, 6)),
  car('mercedes-benz', 'GLC', 'Wagon', 'suv', [['X253', 2016], ['X254', 2023]], [['GLC 300 4MATIC', 99000], ['GLC 43 AMG', 135000]], [4, 1999, 'Turbo', 400, 7.7, 62], 'premium', 'auto', 9, 'AWD', [5, 5], [4716, 1890, 1640], [2510, 1900, 2500], 2, PREMIUM),
  car('tesla', 'Model 3', 'Sedan', 'sedan', [['MY19', 2019], ['Highland', 2024]], [['RWD', 55000], ['Long Range AWD', 70000], ['Performance', 81000]], [0, 0, 'Electric', 420, 13.2, 0], 'electric', 'auto', 1, 'RWD', [4, 5], [4720, 1850, 1441], [2200, 1765, 1000], 5, ['Autopilot', 'Glass roof', 'Over-the-air updates'], { badgeOverrides: { Performance: { drive: 'AWD' } } }),
  car('tesla', 'Model Y', 'Wagon', 'suv', [['MY22', 2022], ['Juniper', 2025]], [['RWD', 59000], ['Long Range AWD', 73000], ['Performance', 86000]], [0, 0, 'Electric', 493, 14.4, 0], 'electric', 'auto', 1, 'RWD', [5, 5], [4751, 1921, 1624], [2300, 1909, 1600], 5, ['Autopilot', 'Glass roof', 'Power tailgate'], { badgeOverrides: { Performance: { drive: 'AWD' } } }),
  car('byd', 'Atto 3', 'Wagon', 'suv', [['Atto 3', 2022]], [['Premium', 48000], ['Extended Range', 52000]], [0, 0, 'Electric', 310, 15.6, 0], 'electric', 'auto', 1, 'FWD', [5, 5], [4455, 1875, 1615], [2125, 1750, 750], 4, ['DC fast charging', 'Vehicle-to-load']),
  car('byd', 'Seal', 'Sedan', 'sedan', [['Seal', 2023]], [['Dynamic', 50000], ['Premium', 58000], ['Performance AWD', 68000]], [0, 0, 'Electric', 360, 15.9, 0], 'electric', 'auto', 1, 'RWD', [4, 5], [4800, 1875, 1460], [2465, 2055, 0], 3, ['DC fast charging', 'Glass roof']),
  car('skoda', 'Octavia', 'Wagon', 'stationWagon', [['NX', 2021]], [['110TSI Style', 42000], ['RS', 57000]], [4, 1395, 'Turbo', 250, 5.7, 50], 'premium', 'auto', 8, 'FWD', [5, 5], [4689, 1829, 1468], [1950, 1360, 1500], 2),

  // Trucks
  truck('isuzu-trucks', 'N Series', 'lightTruck', [['NLR', 2015], ['NLR MY24', 2024]], [['NLR 45-150 AMT', 72000], ['NNR 45-150 AMT', 76000], ['NPR 75-190 AMT', 88000], ['NQR 87-190 AMT', 99000]], [4, 2999, 'Turbo', 375, 13.5, 100], 'amt', 6, [6000, 1860, 2300], [4500, 2300, 3500], 6),
  truck('isuzu-trucks', 'F Series', 'cabChassis', [['FRR', 2015], ['FRR MY24', 2024]], [['FRR 110-260 AMT', 125000], ['FSR 140-260 AMT', 138000], ['FVR 165-300 Auto', 165000]], [6, 5193, 'Turbo', 761, 20.5, 200], 'amt', 6, [8200, 2290, 2600], [11000, 4300, 4500], 3),
  truck('hino', '300 Series', 'lightTruck', [['XKU', 2011], ['XKU MY24', 2024]], [['616 Standard Cab Auto', 74000], ['617 IFS Auto', 79000], ['917 Wide Cab Auto', 92000], ['721 Hybrid Auto', 98000]], [4, 4009, 'Turbo', 464, 14.2, 100], 'auto', 6, [6100, 1850, 2300], [4500, 2400, 3500], 5),
  truck('hino', '500 Series', 'cabChassis', [['FC', 2017], ['FC MY24', 2024]], [['FC 1022 Standard Cab', 118000], ['FD 1124 Standard Cab', 132000], ['FE 1426 Wide Cab', 150000]], [6, 5123, 'Turbo', 794, 21.0, 200], 'auto', 6, [8100, 2260, 2700], [10400, 4100, 4500], 3),
  truck('fuso', 'Canter', 'lightTruck', [['FEB21', 2012], ['FEB21 MY21', 2021]], [['515 City Cab Duonic', 66000], ['615 Wide Cab Duonic', 74000], ['815 Wide Cab Duonic', 82000]], [4, 2998, 'Turbo', 370, 12.8, 100], 'dct', 6, [5990, 1870, 2200], [4495, 2150, 3500], 6),
  truck('fuso', 'Fighter', 'cabChassis', [['FK', 2017], ['FK MY24', 2024]], [['1124 Standard Cab', 120000], ['1627 Wide Cab', 152000]], [6, 7697, 'Turbo', 785, 22.0, 200], 'auto', 6, [8400, 2280, 2800], [11000, 4400, 4500], 2),

  // Motorcycles
  bike('yamaha', 'MT-07', 'Naked', [['MY21', 2021], ['MY25', 2025]], [['LAMS', 12000], ['Full Power', 12500]], [2, 689, 'Aspirated', 67, 4.2, 14], 'chain', [2085, 780, 1105], 184, 8),
  bike('yamaha', 'MT-09', 'Naked', [['MY21', 2021], ['MY24', 2024]], [['MT-09', 16500], ['SP', 19500]], [3, 890, 'Aspirated', 93, 5.0, 14], 'chain', [2090, 820, 1190], 189, 4),
  bike('yamaha', 'YZF-R3', 'Sport', [['MY19', 2019], ['MY25', 2025]], [['LAMS', 8800]], [2, 321, 'Aspirated', 30, 3.8, 14], 'chain', [2090, 730, 1140], 169, 5),
  bike('yamaha', 'Tenere 700', 'Adventure', [['MY21', 2021], ['MY25', 2025]], [['Tenere 700', 18500], ['World Raid', 22500]], [2, 689, 'Aspirated', 68, 4.3, 16], 'chain', [2370, 905, 1455], 205, 4),
  bike('yamaha', 'XSR700', 'Retro', [['MY22', 2022]], [['LAMS', 12500]], [2, 689, 'Aspirated', 67, 4.3, 13], 'chain', [2075, 820, 1130], 186, 2),
  bike('kawasaki', 'Ninja 400', 'Sport', [['EX400', 2018]], [['LAMS', 8500], ['KRT Edition', 8900]], [2, 399, 'Aspirated', 38, 3.9, 14], 'chain', [1990, 710, 1120], 168, 6, { until: 2023 }),
  bike('kawasaki', 'Ninja 500', 'Sport', [['EX500', 2024]], [['LAMS', 9400], ['SE', 10400]], [2, 451, 'Aspirated', 43, 4.0, 14], 'chain', [1995, 730, 1120], 171, 6),
  bike('kawasaki', 'Z650', 'Naked', [['ER650', 2017], ['ER650 MY24', 2024]], [['LAMS', 10800], ['Z650RS', 12500]], [2, 649, 'Aspirated', 64, 4.4, 15], 'chain', [2055, 765, 1065], 188, 6),
  bike('kawasaki', 'Z900', 'Naked', [['ZR900', 2017], ['ZR900 MY25', 2025]], [['Z900', 15500], ['SE', 17500]], [4, 948, 'Aspirated', 98, 5.6, 17], 'chain', [2070, 825, 1080], 212, 3),
  bike('kawasaki', 'Versys 650', 'Adventure', [['KLE650', 2015], ['KLE650 MY22', 2022]], [['LAMS', 12500], ['Tourer', 13900]], [2, 649, 'Aspirated', 61, 4.6, 21], 'chain', [2165, 840, 1400], 219, 2),
  bike('harley-davidson', 'Street Glide', 'Touring', [['FLHX', 2019], ['FLHX MY24', 2024]], [['Street Glide', 47000], ['Special', 51000]], [2, 1923, 'Aspirated', 176, 5.6, 22], 'belt', [2410, 1000, 1380], 368, 3),
  bike('harley-davidson', 'Low Rider S', 'Cruiser', [['FXLRS', 2020], ['FXLRS MY24', 2024]], [['Low Rider S', 35500], ['Low Rider ST', 39500]], [2, 1923, 'Aspirated', 168, 5.5, 19], 'belt', [2365, 940, 1145], 308, 3),
  bike('harley-davidson', 'Fat Boy', 'Cruiser', [['FLFBS', 2018]], [['Fat Boy 114', 36000]], [2, 1868, 'Aspirated', 155, 5.6, 19], 'belt', [2370, 940, 1100], 317, 2),
  bike('harley-davidson', 'Sportster S', 'Cruiser', [['RH1250S', 2021]], [['Sportster S', 27500], ['Nightster', 22500]], [2, 1252, 'Aspirated', 127, 5.3, 12], 'chain', [2265, 845, 1090], 228, 3),
];

export const makeBySlug = (slug: string): MakeDef => {
  const m = MAKES.find((x) => x.slug === slug);
  if (!m) throw new Error(`Unknown manufacturer ${slug}`);
  return m;
};

/** Colours cars are painted in (facet value, swatch hex). */
export const PAINTS: [name: string, hex: string, weight: number][] = [
  ['White', 'f2f3f0', 26], ['Black', '16181b', 12], ['Silver', 'b9bec4', 12], ['Grey', '5b6168', 14], ['Blue', '1f4e8c', 9],
  ['Red', 'b3141e', 7], ['Bronze', '7a5a3a', 3], ['Green', '2f5d3a', 3], ['Orange', 'd2691e', 2], ['Yellow', 'e3b505', 1], ['Beige', 'c9b79c', 3],
];

export const TRIMS: [name: string, hex: string][] = [
  ['Black Cloth', '2a2a2a'], ['Black Leather', '1c1c1c'], ['Grey Cloth', '6b7280'], ['Tan Leather', 'a0785a'], ['Charcoal Suede', '3f3f46'],
];
