import { FONT_FAMILIES } from '@forecourt/contracts/tenant';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parseSiteConfig, type MenuItem, type SiteConfig } from '@forecourt/contracts/tenant';
import { TenantDataSchema } from '@forecourt/contracts/tenant-data';
import { effectiveLocationType } from '@forecourt/contracts/entities/location';
import { resolveRoute, routeEnabled } from '@forecourt/contracts/routes';
import { DEMO_TENANTS, demoSpecialHours, demoTenantData, demoTenants, renderDemoImage, demoImageExists } from './index.ts';
import { clockLabel, DEMO_REMOTES, openingHours } from './kit.ts';
import mfAccount from '../../mf-account/package.json';
import mfFinance from '../../mf-finance/package.json';
import mfLocations from '../../mf-locations/package.json';
import mfSearch from '../../mf-search/package.json';
import mfVehicle from '../../mf-vehicle/package.json';

const bySlug = (slug: string) => {
  const site = demoTenants().find((t) => t.slug === slug);
  if (!site) throw new Error(slug);
  return site;
};
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
const allHrefs = (site: SiteConfig) => [
  ...flatten(site.menus.header).map((i) => i.href),
  ...site.menus.footer.flatMap((g) => g.links.map((l) => l.href)),
  ...(site.announcement?.href ? [site.announcement.href] : []),
  ...(site.promo_popup ? [site.promo_popup.button.href] : []),
  ...(site.banners ?? []).flatMap((b) => (b.href ? [b.href] : [])),
];

describe('demo tenant configs', () => {
  it('parse with parseSiteConfig and cover the three kinds of dealer', () => {
    for (const t of DEMO_TENANTS) expect(() => parseSiteConfig(t.config)).not.toThrow();
    const templates = demoTenants().map((t) => t.template);
    expect(templates).toEqual(expect.arrayContaining(['franchise', 'group', 'used']));
    expect(new Set(demoTenants().map((t) => t.slug)).size).toBe(demoTenants().length);
  });

  it('run every remote at the version of its package.json (a version bump needs no demo edit)', () => {
    const packages = { 'mf-search': mfSearch, 'mf-vehicle': mfVehicle, 'mf-locations': mfLocations, 'mf-finance': mfFinance, 'mf-account': mfAccount };
    const expected = Object.fromEntries(Object.entries(packages).map(([remote, pkg]) => [remote, pkg.version]));
    for (const [remote, pkg] of Object.entries(packages)) {
      expect(pkg.name).toBe(`@forecourt/${remote}`);
      expect(pkg.version).toMatch(/^\d+\.\d+\.\d+(?:-[\w.]+)?$/);
    }
    expect(DEMO_REMOTES).toEqual(expected);
    for (const s of demoTenants()) expect(s.remotes, s.slug).toEqual(expected);
  });

  it('have distinct hosts, themes and logos', () => {
    const sites = demoTenants();
    const hosts = sites.flatMap((s) => s.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    expect(new Set(sites.map((s) => s.theme.colors.primary)).size).toBe(sites.length);
    expect(new Set(sites.map((s) => s.theme.logo.url)).size).toBe(sites.length);
    expect(new Set(sites.map((s) => s.theme.fonts.heading)).size).toBeGreaterThan(1);
    for (const s of sites) {
      expect(s.hosts.length).toBeGreaterThan(0);
    }
  });

  it('name self-hosted font families (nothing fetched from elsewhere), and look like three businesses', () => {
    for (const s of demoTenants()) for (const font of [s.theme.fonts.body, s.theme.fonts.heading]) expect(FONT_FAMILIES).toContain(font);
    const looks = demoTenants().map((s) => JSON.stringify([s.theme.fonts, s.theme.radius, s.theme.elevation, s.theme.heading_case, s.theme.colors.primary]));
    expect(new Set(looks).size).toBe(demoTenants().length);
    expect(new Set(demoTenants().map((s) => s.theme.fonts.body)).size).toBe(demoTenants().length);
  });

  it('has header menus with the spec §2 items, footers with the four groups, and every link is a real route', () => {
    for (const s of demoTenants()) {
      expect(s.menus.header.map((i) => i.label)).toEqual(['Home', 'Vehicles', 'Offers', 'Our Stock', 'Finance', 'Service', 'Company']);
      const vehicles = s.menus.header[1] as MenuItem;
      const stock = s.menus.header[3] as MenuItem;
      expect(vehicles.children?.length).toBeGreaterThan(2);
      expect(stock.children?.length).toBeGreaterThan(2);
      expect(s.menus.footer.map((g) => g.title)).toEqual(['Vehicles', 'Buyer Tools', 'Servicing and Parts', s.name]);
      for (const href of allHrefs(s)) {
        const route = resolveRoute(href);
        expect(route, `${s.slug}: ${href}`).not.toBeNull();
        expect(routeEnabled(route as NonNullable<typeof route>, s.features), `${s.slug}: ${href} needs a feature`).toBe(true);
      }
    }
    expect(bySlug('southern-cross-motor-group').menus.header[1]?.kind).toBe('brands');
  });

  it('sets the kind-specific flags', () => {
    const franchise = bySlug('harbourside-toyota');
    expect(franchise.template).toBe('franchise');
    expect(franchise.manufacturer).toBe('toyota');
    const group = bySlug('southern-cross-motor-group');
    expect(group.features.brand_grid).toBe(true);
    expect(group.brands.length).toBeGreaterThanOrEqual(10);
    const used = bySlug('outback-used-cars');
    expect(used.search.used_only).toBe(true);
    expect(used.features.reserve_online).toBe(true);
    expect(used.features.finance_preapproval).toBe(true);
    expect(used.features.get_finance_now).toBe(true);
    expect(new Set(demoTenants().map((s) => s.finance.providers.join())).size).toBe(3);
  });

  it('schedules promo popups with a start before the expiry', () => {
    for (const s of demoTenants()) {
      expect(s.promo_popup?.start).toBeTruthy();
      expect(String(s.promo_popup?.start) < String(s.promo_popup?.expiry)).toBe(true);
      expect(s.announcement?.text).toBeTruthy();
      expect(s.banners.length).toBeGreaterThan(0);
    }
  });

  it('points every config image at a picture the demo serves', () => {
    for (const s of demoTenants()) {
      const urls = [s.theme.logo.url, ...(s.promo_popup?.image ? [s.promo_popup.image] : []), ...s.banners.map((b) => b.image)];
      for (const url of urls) expect(demoImageExists(url), url).toBe(true); // a drawing, or a photo (banners: images.ts demoPhotoDrawing)
    }
  });
});

describe('demo tenant data', () => {
  it('validates against TenantDataSchema and matches the config ids', () => {
    for (const s of demoTenants()) {
      const raw = DEMO_TENANTS.find((t) => t.config.slug === s.slug)?.data;
      expect(v.safeParse(TenantDataSchema, raw).success).toBe(true);
      const data = demoTenantData(s.slug);
      expect(data.locations.map((l) => l.id).sort()).toEqual([...s.locations].sort());
      expect(data.dealerships.map((d) => d.id).sort()).toEqual([...s.dealerships].sort());
      const makers = new Set(data.manufacturers.map((m) => m.slug));
      for (const b of s.brands) expect(makers.has(b), b).toBe(true);
      for (const l of data.locations) {
        expect(s.dealerships).toContain(l.dealership_id);
        expect(data.dealerships.find((d) => d.id === l.dealership_id)?.slug).toBe(l.dealership_slug);
      }
    }
    expect(() => demoTenantData('nope')).toThrow(/Unknown demo tenant/);
  });

  it('places locations in real Australian coordinates with 4-digit postcodes', () => {
    for (const s of demoTenants()) {
      for (const l of demoTenantData(s.slug).locations) {
        expect(l.address.postcode).toMatch(/^\d{4}$/);
        expect(l.address.lat).toBeGreaterThan(-44);
        expect(l.address.lat).toBeLessThan(-10);
        expect(l.address.long).toBeGreaterThan(112);
        expect(l.address.long).toBeLessThan(154);
        expect(['QLD', 'NSW', 'VIC', 'NT', 'SA', 'WA', 'TAS', 'ACT']).toContain(l.address.state);
        expect(l.contact_detail.phone).toMatch(/^\(0[2378]\) 5550 \d{4}$/);
        expect(l.contact_detail.opening_hours.map((h) => h.weekday).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(renderDemoImage(l.image?.image.url ?? ''), l.slug).not.toBeNull();
      }
    }
  });

  it('has the franchise on 2 locations (sales + service) and the group on 8+ locations across QLD, NSW and VIC', () => {
    const franchise = demoTenantData('harbourside-toyota').locations.map(effectiveLocationType);
    expect(franchise.sort()).toEqual(['sales', 'service']);
    const group = demoTenantData('southern-cross-motor-group').locations;
    expect(group.length).toBeGreaterThanOrEqual(8);
    expect(new Set(group.map((l) => l.address.state))).toEqual(new Set(['QLD', 'NSW', 'VIC']));
    expect(group.some((l) => effectiveLocationType(l) === 'used' && l.location_type === '')).toBe(true);
    // several location types at one address (the location-type dropdown case, spec §2)
    const byAddress = new Map<string, number>();
    for (const l of group) byAddress.set(l.address.street, (byAddress.get(l.address.street) ?? 0) + 1);
    expect(Math.max(...byAddress.values())).toBeGreaterThanOrEqual(3);
    expect(demoTenantData('outback-used-cars').locations.every((l) => effectiveLocationType(l) === 'used')).toBe(true);
  });

  it('covers the hours display cases: identical weekdays, differing weekdays, Saturday by appointment, Sunday closed', () => {
    const all = demoTenants().flatMap((s) => demoTenantData(s.slug).locations);
    const weekdays = (l: (typeof all)[number]) => l.contact_detail.opening_hours.filter((h) => h.weekday >= 1 && h.weekday <= 5).map((h) => h.formated_hours);
    expect(all.some((l) => new Set(weekdays(l)).size === 1)).toBe(true);
    expect(all.some((l) => new Set(weekdays(l)).size > 1)).toBe(true);
    expect(all.some((l) => l.contact_detail.opening_hours.some((h) => h.weekday === 6 && h.formated_hours === 'By appointment only'))).toBe(true);
    expect(all.some((l) => l.contact_detail.opening_hours.some((h) => h.weekday === 0 && h.status === 'Closed'))).toBe(true);
  });

  it('lists holiday hours for Christmas, Boxing Day and Australia Day with both range shapes', () => {
    for (const s of demoTenants()) {
      const special = demoSpecialHours(s.slug);
      const dates = new Set(special.map((h) => h.date));
      for (const d of ['2026-12-25', '2026-12-26', '2027-01-26']) expect(dates.has(d), `${s.slug} ${d}`).toBe(true);
      expect(special.filter((h) => h.date === '2026-12-25').every((h) => h.status === 'Closed')).toBe(true);
      const locationIds = new Set(s.locations);
      expect(special.every((h) => locationIds.has(h.location_id))).toBe(true);
    }
    const group = demoSpecialHours('southern-cross-motor-group').filter((h) => h.status === 'Open');
    expect(group.some((h) => h.start_hour && h.end_hour)).toBe(true);
    expect(group.some((h) => h.hours?.begin && h.hours.end)).toBe(true);
  });

  it('has reviews, licences, manufacturers with logos, brands and offers', () => {
    for (const s of demoTenants()) {
      const data = demoTenantData(s.slug);
      expect(data.locations.every((l) => (l.review_count ?? 0) > 0 && l.reviews?.count === l.review_count)).toBe(true);
      expect(data.locations.some((l) => l.dealer_license_number)).toBe(true);
      expect(data.offers.length).toBeGreaterThan(0);
      for (const m of data.manufacturers) expect(renderDemoImage(m.logo?.url ?? ''), m.slug).not.toBeNull();
      for (const b of data.brands) {
        expect(b.description.length).toBeGreaterThan(1);
        expect(renderDemoImage(b.logo ?? '')).not.toBeNull();
        expect(demoImageExists(b.banner ?? '')).toBe(true);
      }
      for (const o of data.offers) expect(renderDemoImage(o.image_or_model_image?.url ?? ''), o.id).not.toBeNull();
    }
    const group = demoTenantData('southern-cross-motor-group');
    expect(new Set(group.manufacturers.map((m) => m.category))).toEqual(new Set(['car', 'truck', 'motorcycle']));
    expect(group.locations.some((l) => l.motor_vehicle_repairer)).toBe(true);
    expect(demoTenantData('outback-used-cars').locations.some((l) => (l.average_rating ?? 5) <= 4)).toBe(true);
  });

  it('gives every offer a 4:3 picture of a vehicle, the shape offer cards show (issue 13: a banner letterboxed or cut off)', () => {
    for (const s of demoTenants()) {
      for (const o of demoTenantData(s.slug).offers) {
        const svg = renderDemoImage(o.image_or_model_image?.url ?? '')?.body ?? '';
        const [w, h] = (/viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? []).slice(1).map(Number);
        expect(w! / h!, `${s.slug} offer ${o.id}: ${o.image_or_model_image?.url}`).toBeCloseTo(4 / 3, 3);
      }
    }
  });
});

describe('hours helpers', () => {
  it('formats clock labels', () => {
    expect(clockLabel('08:30')).toBe('8:30am');
    expect(clockLabel('17:00')).toBe('5pm');
    expect(clockLabel('12:15')).toBe('12:15pm');
    expect(clockLabel('00:00')).toBe('12am');
  });
  it('builds a week with Sunday as weekday 0', () => {
    const week = openingHours({ weekdays: ['09:00', '17:00'], saturday: 'closed', sunday: ['10:00', '14:00'] });
    expect(week).toHaveLength(7);
    expect(week.find((h) => h.weekday === 0)).toMatchObject({ status: 'Open', open: '10:00', close: '14:00', formated_hours: '10am - 2pm' });
    expect(week.find((h) => h.weekday === 6)).toMatchObject({ status: 'Closed', open: null });
  });
});
