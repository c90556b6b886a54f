import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '@forecourt/contracts/entities/car';
import { demoStock, demoStockCounts, demoTenantData, demoTenants, generateStock, renderDemoImage, vinCheckDigit } from './index.ts';
import { monthlyRepayment, slugify } from './stock.ts';

const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;
const YEAR = 2026;

let stock: Record<string, Car[]>;
beforeAll(() => {
  stock = demoStock({ now: NOW });
});
const all = () => Object.values(stock).flat();

/** Lengths of runs of consecutive sold cars in listing order. */
function soldRuns(cars: Car[]): number[] {
  const runs: number[] = [];
  let run = 0;
  for (const c of cars) {
    if (c.status === 'sold') run++;
    else if (run) runs.push(run), (run = 0);
  }
  if (run) runs.push(run);
  return runs;
}

describe('demoStock (default scale)', () => {
  it('has about 3,000 cars across the tenants', () => {
    expect(Object.keys(stock).sort()).toEqual(demoTenants().map((t) => t.slug).sort());
    expect(stock['harbourside-toyota']).toHaveLength(500);
    expect(stock['southern-cross-motor-group']).toHaveLength(1800);
    expect(stock['outback-used-cars']).toHaveLength(700);
  });

  it('validates every car against the contracts CarSchema', () => {
    for (const car of all()) {
      const r = v.safeParse(CarSchema, car);
      if (!r.success) throw new Error(`${car.slug}: ${r.issues.map((i) => `${v.getDotPath(i)} ${i.message}`).join('; ')}`);
    }
  });

  it('gives unique slugs per tenant, unique ids overall and path = /cars/<slug>', () => {
    for (const cars of Object.values(stock)) {
      expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
      expect(new Set(cars.map((c) => c.stocknum)).size).toBe(cars.length);
      expect(cars.filter((c) => c.path !== `/cars/${c.slug}` || !c.slug.startsWith(slugify(`${c.year} ${c.make} ${c.model}`))).map((c) => c.slug)).toEqual([]);
    }
    expect(new Set(all().map((c) => c.id)).size).toBe(all().length);
  });

  it('issues 17-character VINs in the valid alphabet with a correct check digit', () => {
    const bad = all().filter((c) => !/^[A-HJ-NPR-Z0-9]{17}$/.test(c.vin ?? '') || c.vin?.[8] !== vinCheckDigit(c.vin as string));
    expect(bad.map((c) => c.vin)).toEqual([]);
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('matches each tenant kind with its car types and vehicles', () => {
    const types = (slug: string) => new Set(stock[slug]?.map((c) => c.car_type));
    expect(types('outback-used-cars')).toEqual(new Set(['used']));
    expect(types('harbourside-toyota')).toEqual(new Set(['new', 'demo', 'used']));
    expect(types('southern-cross-motor-group')).toEqual(new Set(['new', 'demo', 'used']));
    // a Toyota franchise sells only Toyotas new; trade-ins of other makes appear used
    const ht = stock['harbourside-toyota'] as Car[];
    expect(ht.filter((c) => c.car_type !== 'used').every((c) => c.make === 'Toyota')).toBe(true);
    expect(ht.some((c) => c.car_type === 'used' && c.make !== 'Toyota')).toBe(true);
    const group = stock['southern-cross-motor-group'] as Car[];
    expect(group.filter((c) => c.item_type === 'truck').length).toBeGreaterThan(50);
    expect(group.filter((c) => c.item_type === 'motorcycle').length).toBeGreaterThan(50);
    expect(new Set(group.filter((c) => c.item_type === 'truck').map((c) => c.make))).toEqual(new Set(['Isuzu', 'Hino', 'Fuso']));
    expect(group.some((c) => c.make === 'Harley-Davidson')).toBe(true);
    for (const body of ['lightTruck', 'cabChassis', 'motorcycle', 'ute', 'suv', 'hatch', 'sedan', 'peopleMover']) {
      expect(group.some((c) => c.simple_body === body), body).toBe(true);
    }
    // new cars of a franchised location are that location's makes
    const makersAt = new Map(demoTenantData('southern-cross-motor-group').locations.map((l) => [l.id, l.manufacturers]));
    for (const c of group.filter((x) => x.car_type === 'new' && x.item_type === 'truck')) expect(makersAt.get(c.location_id as string)).toContain(c.make === 'Isuzu' ? 'isuzu-trucks' : c.make.toLowerCase());
  });

  it('prices, years and kilometres are plausible per car_type', () => {
    const cars = all();
    const implausible = cars.filter((c) => {
      if (c.year > YEAR) return true;
      if (c.price > 0 && (c.price < 990 || c.price >= 250_000)) return true;
      if (c.car_type === 'new') return c.km > 50 || c.year < YEAR - 1;
      if (c.car_type === 'demo') return c.km < 500 || c.km >= 10_000 || c.year < YEAR - 1;
      return c.year >= YEAR || c.year < YEAR - 16 || c.km < 1_000;
    });
    expect(implausible.map((c) => `${c.name} ${c.km} km $${c.price}`)).toEqual([]);
    expect(cars.filter((c) => c.price === 0 && !c.preorder).length).toBeGreaterThan(0);
    const used = cars.filter((c) => c.car_type === 'used' && c.item_type === 'car');
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const oldKm = avg(used.filter((c) => YEAR - c.year >= 8).map((c) => c.km));
    const youngKm = avg(used.filter((c) => YEAR - c.year <= 3).map((c) => c.km));
    expect(oldKm).toBeGreaterThan(youngKm * 2);
    const oldPrice = avg(used.filter((c) => YEAR - c.year >= 8 && c.price > 0).map((c) => c.price));
    const newPrice = avg(cars.filter((c) => c.car_type === 'new' && c.item_type === 'car' && c.price > 0).map((c) => c.price));
    expect(oldPrice).toBeLessThan(newPrice / 2);
    // discontinued models appear only used (Holden left in 2020)
    expect(cars.filter((c) => c.make === 'Holden').every((c) => c.car_type === 'used' && c.year <= 2020)).toBe(true);
  });

  it('mixes statuses and the states the screens need', () => {
    for (const [slug, cars] of Object.entries(stock)) {
      const statuses = new Set(cars.map((c) => c.status));
      expect(statuses, slug).toEqual(new Set(['in_stock', 'sold', 'coming_soon']));
      const inStock = cars.filter((c) => c.status === 'in_stock').length;
      expect(inStock / cars.length, slug).toBeGreaterThan(0.7);
      expect(cars.some((c) => c.reserved), slug).toBe(true);
      expect(cars.some((c) => c.before_price && c.before_price > c.price), slug).toBe(true);
      expect(cars.some((c) => c.show_on_dealer_website === false), slug).toBe(true);
      expect(cars.some((c) => c.external_video_url?.startsWith('https://www.youtube.com/')), slug).toBe(true);
      expect(cars.some((c) => c.video_url?.endsWith('.mp4')), slug).toBe(true);
      expect(cars.some((c) => c.autograb_data?.average_market_price), slug).toBe(true);
      expect(cars.some((c) => c.file?.url), slug).toBe(true);
      expect(cars.some((c) => (c.features?.length ?? 0) > 8), slug).toBe(true);
      expect(cars.some((c) => c.dealercomments === '' || c.dealercomments === '-'), slug).toBe(true);
      expect(cars.some((c) => (c.dealercomments?.length ?? 0) > 400), slug).toBe(true);
      expect(cars.some((c) => c.regplate && c.rego_expiry && Date.parse(c.rego_expiry) < NOW) || slug === 'harbourside-toyota').toBe(true);
    }
    const ht = stock['harbourside-toyota'] as Car[];
    expect(ht.some((c) => c.preorder && c.price === 0)).toBe(true);
    expect(ht.some((c) => c.offer_price && c.offer_price < c.price)).toBe(true);
    expect(ht.some((c) => c.certified)).toBe(true);
    expect(ht.some((c) => c.tag === 'Test Drive Only')).toBe(true);
    expect((stock['outback-used-cars'] as Car[]).some((c) => c.subscription_price && c.subscription_price > 0)).toBe(true);
    expect((stock['outback-used-cars'] as Car[]).some((c) => c.youxQuote)).toBe(true);
    expect((stock['southern-cross-motor-group'] as Car[]).some((c) => c.subscription_price)).toBe(true);
  });

  it('sells cars within the last 10 days, in runs of consecutive sold cars', () => {
    for (const [slug, cars] of Object.entries(stock)) {
      const sold = cars.filter((c) => c.status === 'sold');
      expect(sold.length, slug).toBeGreaterThan(cars.length * 0.08);
      const bad = sold.filter((c) => !c.sold || !c.sold_date_timestamp || c.sold_date_timestamp < NOW - 10 * DAY || c.sold_date_timestamp > NOW || c.created_at_timestamp >= c.sold_date_timestamp);
      expect(bad.map((c) => c.slug), slug).toEqual([]);
      // both sides of a 3-day include_sold_cars_days window are populated
      expect(sold.some((c) => (c.sold_date_timestamp as number) > NOW - 3 * DAY), slug).toBe(true);
      expect(sold.some((c) => (c.sold_date_timestamp as number) < NOW - 3 * DAY), slug).toBe(true);
      expect(Math.max(...soldRuns(cars)), slug).toBeGreaterThanOrEqual(3);
      expect(cars.filter((c) => c.status !== 'sold').every((c) => !c.sold && c.sold_date_timestamp === null)).toBe(true);
    }
    expect(all().filter((c) => c.created_at_timestamp > NOW)).toEqual([]);
  });

  it('puts spin frames (24) with hotspots on some cars', () => {
    for (const [slug, cars] of Object.entries(stock)) {
      const spins = cars.filter((c) => c.spin_images);
      expect(spins.length, slug).toBeGreaterThan(cars.length * 0.05);
      const bad = spins.filter(
        (c) =>
          c.spin_images?.length !== 24 ||
          !c.hotspots?.exterior.length ||
          c.hotspots.exterior.some((h) => !h.anchors.length || h.anchors.some((a) => a.activeAngle >= 24 || a.posX <= 0 || a.posX >= 100 || a.posY <= 0 || a.posY >= 100)),
      );
      expect(bad.map((c) => c.slug), slug).toEqual([]);
      expect(spins.some((c) => c.hotspots?.interior.length && c.spin_interior_image), slug).toBe(true);
    }
  });

  it('places each car at one of its tenant locations', () => {
    for (const [slug, cars] of Object.entries(stock)) {
      const data = demoTenantData(slug);
      const locations = new Map(data.locations.map((l) => [l.id, l]));
      const dealerships = new Map(data.dealerships.map((d) => [d.id, d]));
      const misplaced = cars.filter((c) => {
        const l = locations.get(c.location_id as string);
        return (
          !l || c.location?.id !== l.id || c.city !== l.address.city || c.state !== l.address.state || c.dealership_id !== l.dealership_id ||
          c.dealership_slug !== l.dealership_slug || c.dealership_name !== dealerships.get(c.dealership_id)?.name ||
          l.location_type === 'service' || l.location_type === 'parts'
        );
      });
      expect(misplaced.map((c) => c.slug), slug).toEqual([]);
      // every sales or used location holds stock
      const holding = data.locations.filter((l) => l.location_type !== 'service' && l.location_type !== 'parts').map((l) => l.id);
      expect(new Set(cars.map((c) => c.location_id)), slug).toEqual(new Set(holding));
    }
  });

  it('keys finance_lenders by the tenant providers with consistent repayments', () => {
    for (const site of demoTenants()) {
      const problems: string[] = [];
      for (const c of stock[site.slug] ?? []) {
        if (c.status === 'sold' && c.finance_lenders !== null) problems.push(`${c.slug}: sold car with lenders`);
        for (const [provider, entry] of Object.entries(c.finance_lenders ?? {})) {
          if (!site.finance.providers.includes(provider) || entry.financeProvider !== provider) problems.push(`${c.slug}: ${provider}`);
          if (Math.abs((entry.paymentWeek as number) - ((entry.paymentMonth as number) * 12) / 52) > 0.02) problems.push(`${c.slug}: weekly`);
          if (typeof entry.term60 !== 'number' || entry.termMonths !== (entry.termYears as number) * 12) problems.push(`${c.slug}: terms`);
        }
      }
      expect(problems, site.slug).toEqual([]);
      expect((stock[site.slug] ?? []).some((c) => c.finance_lenders && Object.values(c.finance_lenders).some((e) => e.interestRate === null))).toBe(true);
    }
    const group = stock['southern-cross-motor-group'] as Car[];
    expect(group.filter((c) => c.finance_lenders?.['Nissan Finance']).every((c) => c.make === 'Nissan')).toBe(true);
    expect(group.some((c) => c.finance_lenders?.['Nissan Finance'])).toBe(true);
  });

  it('links only images the demo serves', () => {
    const urls = new Set<string>();
    for (const c of all()) {
      for (const i of c.images) urls.add(i.image.url).add(i.image.thumb.url);
      for (const u of c.spin_images ?? []) urls.add(u);
      if (c.spin_interior_image) urls.add(c.spin_interior_image);
      if (c.file) urls.add(c.file.url);
    }
    expect(all().filter((c) => c.photos_count !== c.images.length || (c.primary_image_url ?? null) !== (c.images[0]?.image.url ?? null))).toEqual([]);
    expect(all().some((c) => c.images.length === 0 && c.status === 'coming_soon')).toBe(true);
    expect(all().some((c) => c.images.length > 3)).toBe(true);
    expect([...urls].filter((u) => u.length >= 80 || renderDemoImage(u) === null)).toEqual([]);
  });
});

describe('generateStock', () => {
  it('is deterministic for the same seed and now, and differs otherwise', () => {
    const a = JSON.stringify(generateStock({ tenant: 'outback-used-cars', count: 300, seed: 99, now: NOW }));
    const b = JSON.stringify(generateStock({ tenant: 'outback-used-cars', count: 300, seed: 99, now: NOW }));
    expect(a).toBe(b);
    expect(JSON.stringify(generateStock({ tenant: 'outback-used-cars', count: 300, seed: 100, now: NOW }))).not.toBe(a);
    expect(JSON.stringify(demoStock({ now: NOW, count: 600 }))).toBe(JSON.stringify(demoStock({ now: NOW, count: 600 })));
    // the default seed is derived from the tenant, so the default data set is reproducible too
    expect(JSON.stringify(generateStock({ tenant: 'harbourside-toyota', now: NOW }))).toBe(JSON.stringify(stock['harbourside-toyota']));
  });

  it('moves model years and dates with now', () => {
    const later = generateStock({ tenant: 'harbourside-toyota', count: 200, now: Date.UTC(2028, 5, 1) });
    expect(later.filter((c) => c.car_type === 'new').every((c) => c.year >= 2027)).toBe(true);
    expect(later.every((c) => c.created_at_timestamp <= Date.UTC(2028, 5, 1))).toBe(true);
  });

  it('rejects an unknown tenant', () => {
    expect(() => generateStock({ tenant: 'nope', now: NOW })).toThrow(/Unknown demo tenant/);
  });

  it('scales to the bench size quickly', () => {
    const counts = demoStockCounts({ scale: 'bench' });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10_000);
    const t0 = performance.now();
    const bench = demoStock({ scale: 'bench', now: NOW });
    const ms = performance.now() - t0;
    const total = Object.values(bench).reduce((a, c) => a + c.length, 0);
    expect(total).toBeGreaterThanOrEqual(10_000);
    for (const cars of Object.values(bench)) expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
    // budget is 3 s on this machine; the margin absorbs a loaded CI runner
    expect(ms).toBeLessThan(6_000);
  });

  it('splits a count override across tenants', () => {
    const counts = demoStockCounts({ count: 1_000 });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(counts['southern-cross-motor-group']).toBe(600);
    const small = demoStock({ count: 30, now: NOW });
    expect(Object.values(small).reduce((a, c) => a + c.length, 0)).toBe(30);
  });
});

describe('monthlyRepayment', () => {
  it('amortises a $30,000 loan over 5 years at 6.29% p.a.', () => {
    // standard annuity formula: 30000 * r / (1 - (1 + r)^-60), r = 0.0629 / 12
    expect(monthlyRepayment(30_000, 6.29, 60)).toBeCloseTo(584.3, 0);
    expect(monthlyRepayment(12_000, 0, 12)).toBe(1_000);
    expect(monthlyRepayment(30_000, 10, 60, 9_000)).toBeLessThan(monthlyRepayment(30_000, 10, 60));
  });
});
