/** What the vehicle page lists about a car: details, key information, specifications, summary, JSON-LD. Pure. */
import type { Car } from '@forecourt/contracts/entities/car';
import { formatKm, formatNumber, priceDisplay } from '@forecourt/contracts/display';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import type { Location } from '@forecourt/contracts/entities/location';
import { registrationText } from './rules.ts';

export type Row = { label: string; value: string };

const present = (value: string | number | null | undefined): value is string | number => value !== null && value !== undefined && String(value).trim() !== '';
const rows = (pairs: Array<[string, string | number | null | undefined]>): Row[] => pairs.filter(([, v]) => present(v)).map(([label, v]) => ({ label, value: String(v) }));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Engine capacity in cc shown in litres, one decimal ('1.8L'). */
export const engineLitres = (cc: number | null | undefined): string | null => (cc && cc > 0 ? `${(cc / 1000).toFixed(1)}L` : null);

export const CONDITION: Record<Car['car_type'], string> = { new: 'New', used: 'Used', demo: 'Demo' };

/** The car details list (spec §2), in the order a buyer reads them; missing values are left out. */
export function carDetails(car: Car, now: Date, options: { showUnregistered?: boolean; timeZone?: string } = {}): Row[] {
  const rego = car.regplate ? [car.regplate, registrationText(car.rego_expiry, now, options)].filter(Boolean).join(', ') : registrationText(car.rego_expiry, now, options);
  return rows([
    ['Condition', CONDITION[car.car_type]],
    ['Year', car.year],
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Series', car.series],
    ['Body', car.body],
    ['Colour', car.colour],
    ['Interior colour', car.interior_colour],
    ['Kilometres', car.car_type === 'new' && car.km === 0 ? null : formatKm(car.km)],
    ['Transmission', car.trans],
    ['Gears', car.gearnum],
    ['Drive', car.drive],
    ['Fuel', car.fuel],
    ['Engine', engineLitres(car.engine_size)],
    ['Cylinders', car.variant?.cylinders],
    ['Seats', car.seats],
    ['Doors', car.doors],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Registration', rego],
    ['Compliance date', car.compliance_date],
    ['Build date', car.build_date],
  ]);
}

/** Key information grid (spec §9: first 4, then Show More). */
export function keyInformation(car: Car): Row[] {
  return rows([
    ['Kilometres', formatKm(car.km)],
    ['Transmission', car.simple_transmission ? capital(car.simple_transmission) : car.trans],
    ['Fuel', car.simple_fuel ? capital(car.simple_fuel) : car.fuel],
    ['Body', car.body],
    ['Engine', engineLitres(car.engine_size ?? car.variant?.enginesize)],
    ['Drive', car.simple_drive ?? car.drive],
    ['Colour', car.colour],
    ['Seats', car.seats],
    ['Fuel economy', car.variant?.fuelconsumptioncombined ? `${car.variant.fuelconsumptioncombined} L/100km` : null],
    ['ANCAP rating', car.variant?.ancaprating ? `${car.variant.ancaprating} stars` : null],
  ]);
}

const mm = (n: number | null | undefined) => (n ? `${formatNumber(n)} mm` : null);
const kg = (n: number | null | undefined) => (n ? `${formatNumber(n)} kg` : null);

/** Specifications from the manufacturer variant, plus caravan specifications for caravans (spec §3). */
export function specifications(car: Car): Row[] {
  const va = car.variant;
  const sp = car.specifications;
  return rows([
    ['Cylinders', va?.cylinders],
    ['Engine size', va?.enginesize_litres ? `${va.enginesize_litres}L` : engineLitres(va?.enginesize)],
    ['Induction', va?.induction],
    ['Gear type', va?.geartype],
    ['Torque', va?.torque ? `${va.torque} Nm` : null],
    ['Fuel consumption (combined)', va?.fuelconsumptioncombined ? `${va.fuelconsumptioncombined} L/100km` : null],
    ['Fuel capacity', va?.fuelcapacity ? `${va.fuelcapacity} L` : null],
    ['Gross vehicle mass', kg(va?.grossvehiclemass)],
    ['Length', mm(va?.vehiclelength)],
    ['Height', mm(va?.vehicleheight)],
    ['Width', mm(va?.vehiclewidth)],
    ['Towing capacity (braked)', kg(va?.towingcapacitybraked)],
    ['ANCAP rating', va?.ancaprating ? `${va.ancaprating} stars` : null],
    ['Body configuration', va?.bodyconfiguration ?? car.bodyconfiguration],
    ['Body length', mm(sp?.body_length)],
    ['Body width', mm(sp?.body_width)],
    ['Tare weight', kg(sp?.tare_weight)],
    ['Aggregate trailer mass', kg(sp?.aggregate_trailer_mass)],
    ['Axle type', sp?.axle_type],
    ['Sleeps', sp?.sleeps],
  ]);
}

/** One-sentence summary of the car. */
export function summary(car: Car): string {
  const parts = [car.carsales_title || `${car.year} ${car.make} ${car.model}${car.badge ? ` ${car.badge}` : ''}`, car.body, car.km > 0 ? formatKm(car.km) : null, car.trans, car.fuel, car.colour];
  return parts.filter(present).join(', ') + '.';
}

/** Search page paths of the breadcrumbs: type page, make, make/model (spec §2 Search breadcrumbs). */
export function breadcrumbs(car: Pick<Car, 'car_type' | 'make' | 'model' | 'name'>): Array<{ label: string; href?: string }> {
  const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const type = car.car_type === 'used' ? { label: 'Used Cars', href: '/search/used-cars' } : car.car_type === 'demo' ? { label: 'Demo Cars', href: '/search/demo-cars' } : { label: 'New Cars', href: '/search/new-cars' };
  return [
    { label: 'Home', href: '/' },
    type,
    { label: car.make, href: `/search/${slug(car.make)}` },
    { label: car.model, href: `/search/${slug(car.make)}/${slug(car.model)}` },
    { label: car.name },
  ];
}

/** 'Find Me Something Similar' (spec §2 Sold block): the search page of the same make and model. */
export const similarSearchHref = (car: Pick<Car, 'car_type' | 'make' | 'model' | 'name'>): string => breadcrumbs(car)[3]!.href!;

/** An absolute URL on the tenant's public site (canonical, Open Graph), or null without a configured site URL. */
export function siteHref(config: Pick<SiteConfig, 'site_url'>, path: string): string | null {
  return config.site_url ? new URL(path, config.site_url).toString() : null;
}

/** schema.org Car with its Offer and the selling AutoDealer (ARCHITECTURE.md "Search engines need real HTML"). */
export function carJsonLd(car: Car, config: Pick<SiteConfig, 'name' | 'site_url' | 'contact'>, location: Location | null, url: string | null): Record<string, unknown> {
  const price = priceDisplay(car);
  const image = car.images.map((i) => (config.site_url ? new URL(i.image.url, config.site_url).toString() : i.image.url));
  const available = car.status === 'in_stock' && !car.sold ? 'https://schema.org/InStock' : car.status === 'coming_soon' ? 'https://schema.org/PreOrder' : 'https://schema.org/SoldOut';
  const seller: Record<string, unknown> = { '@type': 'AutoDealer', name: car.dealership_name || config.name, telephone: car.location?.phone || config.contact.phone };
  if (location) {
    seller.address = { '@type': 'PostalAddress', streetAddress: location.address.street, addressLocality: location.address.city, addressRegion: location.address.state, postalCode: location.address.postcode, addressCountry: 'AU' };
  }
  if (config.site_url) seller.url = config.site_url;
  const offer: Record<string, unknown> = { '@type': 'Offer', priceCurrency: 'AUD', availability: available, itemCondition: car.car_type === 'used' ? 'https://schema.org/UsedCondition' : 'https://schema.org/NewCondition', seller };
  if ('amount' in price && price.kind !== 'subscription') offer.price = price.amount;
  if (url) offer.url = url;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' },
    offers: offer,
  };
  if (image.length) ld.image = image;
  if (car.vin) ld.vehicleIdentificationNumber = car.vin;
  if (car.colour) ld.color = car.colour;
  if (car.body) ld.bodyType = car.body;
  if (car.fuel) ld.fuelType = car.fuel;
  if (car.trans) ld.vehicleTransmission = car.trans;
  if (car.seats) ld.seatingCapacity = car.seats;
  if (car.doors) ld.numberOfDoors = car.doors;
  if (car.drive) ld.driveWheelConfiguration = car.drive;
  if (car.badge) ld.vehicleConfiguration = car.badge;
  if (car.engine_size) ld.vehicleEngine = { '@type': 'EngineSpecification', engineDisplacement: { '@type': 'QuantitativeValue', value: car.engine_size, unitCode: 'CMQ' } };
  return ld;
}
