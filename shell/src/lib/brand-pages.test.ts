import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT, type BlogPost } from '@forecourt/contracts/content';
import { brandGridSection, brandLocations, brandOffers, brandPage, brandPagePaths, brandSections, brandsPage, landingBrand, ownBrands, sameSiteHref, statsBanner, BRAND_STOCK_SLOT } from './brand-pages.ts';
import { demoTenant } from '../test/tenants.ts';

const group = () => demoTenant('southern-cross-motor-group');
/** The headings of a body, in order, as `h<level> text`. */
const headings = (body: string) => [...body.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => `h${m[1]} ${m[2]!.replace(/<[^>]+>/g, '').trim()}`);
const levelsSkip = (body: string) => {
  const levels = headings(body).map((h) => Number(h[1]));
  return levels.some((l, i) => i > 0 && l > levels[i - 1]! + 1);
};

describe('brandSections (spec §2: car, motorcycle, truck sections)', () => {
  it("groups the group's 16 brands by manufacturer category, in the config's order, Cars / Motorcycles / Trucks", () => {
    const sections = brandSections(group());
    expect(sections.map((s) => s.heading)).toEqual(['Cars', 'Motorcycles', 'Trucks']);
    expect(sections[0]!.brands.map((b) => b.slug)).toEqual(['hyundai', 'kia', 'mazda', 'ford', 'mitsubishi', 'mg', 'nissan', 'volkswagen', 'isuzu-ute', 'subaru']);
    expect(sections[1]!.brands.map((b) => b.slug)).toEqual(['yamaha', 'kawasaki', 'harley-davidson']);
    expect(sections[2]!.brands.map((b) => b.slug)).toEqual(['isuzu-trucks', 'hino', 'fuso']);
    expect(sections[0]!.brands[0]).toMatchObject({ name: 'Hyundai', href: '/hyundai/overview' });
    expect(sections[0]!.brands[0]!.logo).toBeTruthy();
  });
  it('links to search pages on request, and to search for a brand with no landing page', () => {
    expect(brandSections(group(), 'search')[0]!.brands[0]!.href).toBe('/search/hyundai');
    const tenant = demoTenant('southern-cross-motor-group', (c) => ({ ...c, brands: [...c.brands, 'zzz-motors'] }));
    expect(brandSections(tenant).flatMap((s) => s.brands).find((b) => b.slug === 'zzz-motors')).toMatchObject({ href: '/search/zzz-motors', name: 'zzz-motors' });
  });
  it('leaves out a section with no brands (a car franchise has only Cars)', () => {
    expect(brandSections(demoTenant('harbourside-toyota')).map((s) => s.heading)).toEqual(['Cars']);
    expect(brandSections(demoTenant('outback-used-cars'))).toEqual([]);
  });
});

describe("ownBrands (spec §2: 'Our Brands', the group's own dealerships)", () => {
  it("lists each website of the site's dealerships once, same-site addresses as paths", () => {
    const own = ownBrands(group());
    expect(own.length).toBeGreaterThan(9);
    expect(own).toContainEqual({ name: 'Southern Cross Hyundai', logo: expect.any(String), href: '/hyundai/overview' });
    expect(own).toContainEqual(expect.objectContaining({ name: 'Southern Cross Pre-Owned', href: '/search/used-cars' }));
    expect(new Set(own.map((w) => w.href)).size).toBe(own.length);
  });
  it("leaves out dealerships the site does not list", () => {
    const tenant = demoTenant('southern-cross-motor-group', (c) => ({ ...c, dealerships: ['21'] }));
    expect(ownBrands(tenant).map((w) => w.name)).toEqual(['Southern Cross Hyundai']);
  });
  it('sameSiteHref: the site (with or without www) becomes a path; other sites and paths stay', () => {
    const site = 'https://www.example.com.au';
    expect(sameSiteHref('https://www.example.com.au/kia/overview?x=1#y', site)).toBe('/kia/overview?x=1#y');
    expect(sameSiteHref('https://example.com.au/kia/overview', site)).toBe('/kia/overview');
    expect(sameSiteHref('https://other.com.au/kia', site)).toBe('https://other.com.au/kia');
    expect(sameSiteHref('http://www.example.com.au/kia', site)).toBe('http://www.example.com.au/kia');
    expect(sameSiteHref('https://www.example.com.au/kia', null)).toBe('https://www.example.com.au/kia');
  });
});

describe('stats banner (spec §9)', () => {
  it("shows the group's configured stats and nothing without them", async () => {
    const banner = String(await statsBanner(group().config));
    expect(banner).toContain('aria-label="Southern Cross Motor Group at a glance"');
    for (const [value, label] of [['50+', 'Locations'], ['40+', 'Brands'], ['30+', 'Years Est.']]) expect(banner).toContain(`<span class="fc-stats__value">${value}</span> <span class="fc-stats__label">${label}</span>`);
    expect(statsBanner(demoTenant('harbourside-toyota').config)).toBe('');
  });
});

describe('home brand section', () => {
  it('stats, then Cars / Motorcycles / Trucks under "Shop by brand", tiles to the stock; Our Brands stays on /brands', async () => {
    const body = String(await brandGridSection(group()));
    expect(headings(body)).toEqual(['h2 Shop by brand', 'h3 Cars', 'h3 Motorcycles', 'h3 Trucks']);
    expect(body).not.toContain('fc-brand-grid--own');
    expect(body.indexOf('fc-stats')).toBeLessThan(body.indexOf('<h3'));
    expect(body).toContain('href="/search/hyundai"');
    expect(body).toContain('href="/brands"');
  });
  it('a franchise without stats or dealership websites: Cars only', async () => {
    const tenant = demoTenant('harbourside-toyota', (c) => ({ ...c, features: { ...c.features, brand_grid: true } }));
    tenant.data.dealerships = tenant.data.dealerships.map((d) => ({ ...d, websites: [] }));
    const body = String(await brandGridSection(tenant));
    expect(headings(body)).toEqual(['h2 Shop by brand', 'h3 Cars']);
    expect(body).not.toContain('fc-stats');
  });
  it('nothing when the grid is off or there are no brands', () => {
    expect(brandGridSection(demoTenant('southern-cross-motor-group', (c) => ({ ...c, features: { ...c.features, brand_grid: false } })))).toBe('');
    expect(brandGridSection(demoTenant('outback-used-cars', (c) => ({ ...c, features: { ...c.features, brand_grid: true } })))).toBe('');
  });
});

describe('/brands', () => {
  it('one h1, then stats and the sections as h2, tiles to the landing pages; head with canonical and JSON-LD', async () => {
    const page = await brandsPage(group());
    expect(page.status).toBe(200);
    expect(headings(page.body)).toEqual(['h1 Brands', 'h2 Cars', 'h2 Motorcycles', 'h2 Trucks', 'h2 Our Brands']);
    expect(levelsSkip(page.body)).toBe(false);
    expect(page.body).toContain('class="fc-stats"');
    expect(page.body).toContain('href="/yamaha/overview"');
    expect(page.head.canonical).toBe('https://www.southerncrossmotorgroup.com.au/brands');
    expect(page.head.jsonLd?.map((j) => (j as { '@type': string })['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);
  });
  it('a tenant with no brands says so instead of showing empty sections', async () => {
    const page = await brandsPage(demoTenant('outback-used-cars', (c) => ({ ...c, dealerships: [] })));
    expect(headings(page.body)).toEqual(['h1 Brands']);
    expect(page.body).toContain('has no brands to show yet');
  });
});

const post = (slug: string, makes: string[], date = '2026-10-01'): BlogPost => ({
  slug, heading: `Post ${slug}`, date, description: 'A post about the brand and what is new in the range this season, with prices and a test drive offer.',
  image: { src: `https://img.example/${slug}.jpg`, alt: '', width: 1280, height: 720 }, makes, models: [], body: 'Body.',
});

describe('/{brand}/overview', () => {
  it('only for brands the tenant lists and has page data for', async () => {
    const tenant = group();
    expect(landingBrand(tenant, 'kia')?.title).toBe('Kia');
    expect(landingBrand(tenant, 'toyota')).toBeNull();
    expect((await brandPage(tenant, 'toyota')).status).toBe(404);
    expect((await brandPage(tenant, 'not-a-brand')).status).toBe(404);
    // Page data but no longer listed: 404.
    const unlisted = demoTenant('southern-cross-motor-group', (c) => ({ ...c, brands: c.brands.filter((b) => b !== 'kia') }));
    expect((await brandPage(unlisted, 'kia')).status).toBe(404);
    expect(brandPagePaths(tenant)).toHaveLength(16);
    expect(brandPagePaths(unlisted)).not.toContain('/kia/overview');
  });

  it("title, banner, description, the make's stock strip, offers, locations and posts; head with JSON-LD", async () => {
    const tenant = group();
    tenant.content = { ...EMPTY_CONTENT, posts: [post('ford-news', ['ford']), post('kia-news', ['kia'], '2026-09-01'), post('kia-newer', ['kia'], '2026-11-01')] };
    const page = await brandPage(tenant, 'kia', Date.parse('2026-11-26T00:00:00Z'));
    expect(page.status).toBe(200);
    expect(headings(page.body)[0]).toBe('h1 Kia');
    expect(levelsSkip(page.body)).toBe(false);
    expect(page.body).toContain('class="fc-brand-banner"');
    // The banner (a photo) through the image CDN, preloaded from the head with the same src, srcset and sizes.
    const preload = page.head.preloadImage!;
    expect(preload.href).toMatch(/^\/cdn-cgi\/image\/width=1200,quality=75,format=auto\/demo-img\/banner\/.+\.jpg$/);
    expect(page.body).toContain(`<img class="fc-brand-banner" src="${preload.href}" srcset="${preload.srcset}" sizes="${preload.sizes}"`);
    expect(page.body).toContain("Kia&#39;s Sportage");
    expect(page.head.slots).toEqual([{ id: BRAND_STOCK_SLOT, remote: 'mf-search', page: 'stock-strip', params: { strip: 'new-arrivals', make: 'kia', heading: 'Kia in stock' } }]);
    expect(page.body).toContain(`<fc-slot id="${BRAND_STOCK_SLOT}">`);
    // Its offer (Sportage), not Hyundai's.
    expect(page.body).toContain('Sportage S drive-away');
    expect(page.body).not.toContain('Tucson Elite');
    // The location selling it, with its phone and page.
    expect(page.body).toContain('Southern Cross Kia &amp; Mazda Capalaba');
    expect(page.body).toContain('href="tel:');
    expect(page.body).toContain('href="/locations/southern-cross-kia-mazda-capalaba"');
    expect(page.body).not.toContain('/locations/southern-cross-ford-penrith-sales');
    // Its posts, newest first; not Ford's.
    expect(page.body.indexOf('Post kia-newer')).toBeLessThan(page.body.indexOf('Post kia-news'));
    expect(page.body).not.toContain('Post ford-news');
    expect(page.body).toContain('href="/blog/kia-newer"');
    expect(page.head.title).toBe('Kia | Southern Cross Motor Group');
    expect(page.head.canonical).toBe('https://www.southerncrossmotorgroup.com.au/kia/overview');
    const [brand, crumbs] = page.head.jsonLd as Array<Record<string, unknown>>;
    expect(brand).toMatchObject({ '@type': 'Brand', name: 'Kia', logo: expect.stringMatching(/^https:\/\//) });
    expect(page.head.ogImage).toMatch(/^https:\/\/www\.southerncrossmotorgroup\.com\.au\//);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs!.itemListElement as unknown[]).length).toBe(3);
  });

  it('leaves out sections with nothing in them', async () => {
    const tenant = group();
    tenant.data.offers = [];
    const page = await brandPage(tenant, 'subaru', Date.parse('2026-11-26T00:00:00Z'));
    expect(page.body).not.toContain('fc-offers');
    expect(page.body).not.toContain('fc-post-cards');
    expect(page.body).toContain('fc-brand-locations');
  });

  it('brandOffers: the make, not past its expiry day', () => {
    const offers = group().data.offers;
    expect(brandOffers(offers, 'hyundai', '2027-01-31').map((o) => o.id)).toEqual(['5201']);
    expect(brandOffers(offers, 'hyundai', '2027-02-01')).toEqual([]);
  });

  it("brandLocations: the site's visible locations whose manufacturers include it", () => {
    const tenant = group();
    expect(brandLocations(tenant, 'hino').map((l) => l.slug)).toEqual(['southern-cross-trucks-wacol-sales', 'southern-cross-trucks-wacol-service']);
    tenant.data.locations = tenant.data.locations.map((l) => (l.slug === 'southern-cross-trucks-wacol-service' ? { ...l, visible: false } : l));
    expect(brandLocations(tenant, 'hino').map((l) => l.slug)).toEqual(['southern-cross-trucks-wacol-sales']);
    const fewer = demoTenant('southern-cross-motor-group', (c) => ({ ...c, locations: c.locations.filter((id) => id !== '2701') }));
    expect(brandLocations(fewer, 'hino').map((l) => l.slug)).toEqual(['southern-cross-trucks-wacol-service']);
  });
});
