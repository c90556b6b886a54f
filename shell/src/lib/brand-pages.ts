import { html, raw } from 'hono/html';
import { slotMarker, type FragmentSlot } from '@forecourt/contracts/fragments';
import { slotFor } from '@forecourt/contracts/slots';
import { postsAbout } from '@forecourt/contracts/content';
import { telHref } from '@forecourt/contracts/display';
import { addressText, mapHref, siteLocations } from '@forecourt/contracts/locations';
import { compactMarkUrl } from '@forecourt/contracts/marks';
import type { Location } from '@forecourt/contracts/entities/location';
import type { Brand, Manufacturer } from '@forecourt/contracts/entities/dealership';
import type { Offer } from '@forecourt/contracts/entities/content';
import type { SiteConfig } from '@forecourt/contracts/tenant';
import { breadcrumbs, notFoundPage, sectionHead, type ShellPage } from './pages.ts';
import { blogCardList, offerCards } from './content-blocks.ts';
import type { Tenant } from './tenant.ts';
import { todayIn } from '@forecourt/contracts/display';
import { BANNER_LAYOUT, imageAttributes, preloadOf } from './banner-image.ts';

/** A brand's tile in the grid: its landing page when the tenant has one, else its search page. */
export type BrandTile = { slug: string; name: string; logo: string | null; href: string };
export type BrandCategory = Manufacturer['category'];
/** The brand grid's sections, in the spec's order (spec §2 Other screens: car, motorcycle, truck, 'Our Brands'). */
export const BRAND_SECTIONS: ReadonlyArray<{ category: BrandCategory; heading: string }> = [
  { category: 'car', heading: 'Cars' },
  { category: 'motorcycle', heading: 'Motorcycles' },
  { category: 'truck', heading: 'Trucks' },
];
/** The heading of the section listing the group's own dealerships (spec §2: 'Our Brands'). */
export const OWN_BRANDS_HEADING = 'Our Brands';

/**
 * A brand landing page exists only for a brand the tenant lists (config.brands) and has page data for (data.brands):
 * `/{brand}/overview` of anything else is a 404.
 */
export function landingBrand(tenant: Tenant, slug: string): Brand | null {
  if (!tenant.config.brands.includes(slug)) return null;
  return tenant.data.brands.find((b) => b.slug === slug) ?? null;
}

/** The brand pages of the tenant, for the sitemap and links. */
export const brandPagePaths = (tenant: Tenant): string[] => tenant.config.brands.filter((slug) => landingBrand(tenant, slug)).map((slug) => `/${slug}/overview`);

/**
 * The tenant's brands (config.brands, in its order) grouped by their manufacturer's category; empty groups left out.
 * Tiles link to the brand's landing page where it has one (`link: 'page'`, the /brands page) or straight to its stock
 * (`link: 'search'`, the home page's "Shop by brand").
 */
export function brandSections(tenant: Tenant, link: 'page' | 'search' = 'page'): Array<{ category: BrandCategory; heading: string; brands: BrandTile[] }> {
  const bySlug = new Map(tenant.data.manufacturers.map((m) => [m.slug, m]));
  const tiles = tenant.config.brands.map((slug) => {
    const m = bySlug.get(slug);
    const brand = landingBrand(tenant, slug);
    const tile: BrandTile = { slug, name: m?.name ?? brand?.title ?? slug, logo: m?.logo?.url ?? brand?.logo ?? null, href: brand && link === 'page' ? `/${slug}/overview` : `/search/${slug}` };
    // A brand without manufacturer data is a car brand (the schema's default category).
    return { category: m?.category ?? 'car', tile };
  });
  return BRAND_SECTIONS.map((s) => ({ ...s, brands: tiles.filter((t) => t.category === s.category).map((t) => t.tile) })).filter((s) => s.brands.length > 0);
}

/**
 * A same-site address as a root-relative path, so a dealership website on the group's own site links within this
 * deployment (its local and preview hosts included); any other address is left as it is.
 */
export function sameSiteHref(url: string, siteUrl: string | null | undefined): string {
  if (!siteUrl) return url;
  try {
    const target = new URL(url);
    const site = new URL(siteUrl);
    const bare = (h: string) => h.replace(/^www\./, '');
    if (target.protocol === site.protocol && bare(target.host) === bare(site.host)) return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    // Not an absolute URL: a path already.
  }
  return url;
}

/** The 'Our Brands' section: the group's own dealerships' websites (the site's dealerships, each website once). */
export function ownBrands(tenant: Tenant): Array<{ name: string; logo: string | null; href: string }> {
  const { config, data } = tenant;
  const shown = new Set(config.dealerships);
  const seen = new Set<string>();
  return data.dealerships
    .filter((d) => shown.has(d.id))
    .flatMap((d) => d.websites)
    .flatMap((w) => {
      const href = sameSiteHref(w.url, config.site_url);
      if (seen.has(href)) return [];
      seen.add(href);
      return [{ name: w.name, logo: w.logo?.url ?? null, href }];
    });
}

/** The stats banner (spec §9: '50+ Locations', '40+ Brands', '30+ Years Est.'), when the tenant configures it. */
export function statsBanner(config: Pick<SiteConfig, 'stats' | 'name'>) {
  if (!config.stats.length) return '';
  return html`<ul class="fc-stats" aria-label="${config.name} at a glance">${config.stats.map((s) => html`<li><span class="fc-stats__value">${s.value}</span> <span class="fc-stats__label">${s.label}</span></li>`)}</ul>`;
}

const brandTile = (b: BrandTile, logoSize: { width: number; height: number }) =>
  html`<li><a href="${b.href}">${b.logo ? html`<img src="${b.logo}" alt="" width="${logoSize.width}" height="${logoSize.height}" loading="lazy">` : ''}<span>${b.name}</span></a></li>`;

/**
 * The grouped grid: a heading per section (Cars, Motorcycles, Trucks, then 'Our Brands') at `level`, under the
 * page's or section's own heading, so no level is skipped. A section with nothing in it is not rendered.
 */
function groupedGrid(tenant: Tenant, idPrefix: string, level: 2 | 3, link: 'page' | 'search', withOwn = true) {
  const sections = brandSections(tenant, link);
  // The home page keeps to the makes; the group's own dealerships ('Our Brands') are on /brands, one click away.
  const own = withOwn ? ownBrands(tenant) : [];
  const heading = (id: string, text: string) => (level === 2 ? html`<h2 id="${id}">${text}</h2>` : html`<h3 id="${id}">${text}</h3>`);
  return html`${sections.map(
    (s) => html`<section class="fc-brand-section" aria-labelledby="${idPrefix}-${s.category}">${heading(`${idPrefix}-${s.category}`, s.heading)}<ul class="fc-brand-grid">${s.brands.map((b) => brandTile(b, { width: 140, height: 32 }))}</ul></section>`,
  )}${own.length
    ? html`<section class="fc-brand-section" aria-labelledby="${idPrefix}-own">${heading(`${idPrefix}-own`, OWN_BRANDS_HEADING)}<ul class="fc-brand-grid fc-brand-grid--own">${own.map(
        (w) => html`<li><a href="${w.href}">${w.logo ? html`<img src="${w.logo}" alt="" width="140" height="32" loading="lazy">` : ''}<span>${w.name}</span></a></li>`,
      )}</ul></section>`
    : ''}`;
}

/** The home page's brand section (where the tenant switches it on and lists brands): stats banner, then the grid. */
export function brandGridSection(tenant: Tenant) {
  const { config } = tenant;
  if (!config.features.brand_grid || !config.brands.length) return '';
  return html`<section class="fc-section fc-brands" aria-labelledby="fc-brands">${sectionHead('fc-brands', 'Shop by brand', { href: '/brands', label: 'All brands' })}
${statsBanner(config)}
${groupedGrid(tenant, 'fc-brands', 3, 'search', false)}
</section>`;
}

/** The site's absolute URL of a path or address (canonical, og:image, JSON-LD), when the tenant has a site URL; an absolute address stays. */
const siteHref = (config: SiteConfig, path: string) => (config.site_url ? new URL(path, config.site_url).toString() : undefined);

function breadcrumbJsonLd(config: SiteConfig, items: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...items].map((i, n) => ({ '@type': 'ListItem', position: n + 1, name: i.name, ...(siteHref(config, i.path) ? { item: siteHref(config, i.path) } : {}) })),
  };
}

/** Brand grid of a dealer group (spec §2 Other screens: car, motorcycle, truck, 'Our Brands' sections, stats banner). */
export async function brandsPage(tenant: Tenant): Promise<ShellPage> {
  const { config } = tenant;
  const sections = brandSections(tenant);
  const body = await html`<section class="fc-content fc-content--wide fc-brands">
${breadcrumbs([{ label: 'Brands' }])}
<h1>Brands</h1>
${statsBanner(config)}
${sections.length || ownBrands(tenant).length ? groupedGrid(tenant, 'fc-brands-page', 2, 'page') : html`<p>${config.name} has no brands to show yet. <a href="/search/new-used-and-demo-cars">Browse all our stock</a>.</p>`}
</section>`;
  const names = sections.flatMap((s) => s.brands.map((b) => b.name));
  const canonical = siteHref(config, '/brands');
  return {
    status: 200,
    head: {
      title: `Brands | ${config.name}`,
      description: names.length ? `${config.name} sells ${names.length} brands: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ' and more' : ''}.`.slice(0, 300) : `The brands sold by ${config.name}.`,
      ...(canonical ? { canonical } : {}),
      jsonLd: [
        { '@context': 'https://schema.org', '@type': 'CollectionPage', name: `Brands | ${config.name}`, ...(canonical ? { url: canonical } : {}), hasPart: sections.flatMap((s) => s.brands.map((b) => ({ '@type': 'Brand', name: b.name }))) },
        breadcrumbJsonLd(config, [{ name: 'Brands', path: '/brands' }]),
      ],
    },
    body: String(body),
  };
}

/** The brand's current offers: its manufacturer's, not past their expiry (the tenant's calendar day). */
export function brandOffers(offers: readonly Offer[], slug: string, today: string): Offer[] {
  return offers.filter((o) => o.manufacturer_slug === slug && (!o.expiry || today <= o.expiry));
}

/** The site's locations (listed in its config and visible) that sell or service the brand. */
export function brandLocations(tenant: Tenant, slug: string): Location[] {
  return siteLocations(tenant.config, tenant.data).filter((l) => l.manufacturers.includes(slug));
}

/** The slot id of a brand page's stock strip. */
export const BRAND_STOCK_SLOT = 'brand-stock';

/**
 * Brand landing page `/{brand}/overview` (spec §2: title, logo, banner, description paragraphs), with that brand's
 * stock (mf-search's stock strip of the make), its current offers, the locations selling it and the tenant's posts
 * about it. A brand the tenant does not list, or has no page data for: 404.
 */
export async function brandPage(tenant: Tenant, slug: string, now = Date.now()): Promise<ShellPage> {
  const brand = landingBrand(tenant, slug);
  if (!brand) return notFoundPage(tenant);
  const { config, data } = tenant;
  const offers = brandOffers(data.offers, slug, todayIn(config.time_zone, now));
  const locations = brandLocations(tenant, slug);
  const posts = postsAbout(tenant.content, { make: slug }, 3);
  const slots: FragmentSlot[] = [slotFor('stockStrip', BRAND_STOCK_SLOT, { strip: 'new-arrivals', make: slug, heading: `${brand.title} in stock` })];
  const body = await html`<article class="fc-content fc-content--wide fc-brand-page">
${breadcrumbs([{ label: 'Brands', href: '/brands' }, { label: brand.title }])}
${brand.banner ? html`<img class="fc-brand-banner"${imageAttributes(brand.banner, BANNER_LAYOUT)} alt="" width="1920" height="540" fetchpriority="high">` : ''}
<h1 class="fc-brand-page__title">${brand.logo ? html`<img src="${compactMarkUrl(brand.logo)}" alt="" width="69" height="40">` : ''}<span>${brand.title}</span></h1>
${brand.description.map((p) => html`<p>${p}</p>`)}
<p><a class="fc-btn fc-btn--primary" href="/search/${brand.slug}">View ${brand.title} stock</a></p>
<div class="fc-section">${raw(slotMarker(BRAND_STOCK_SLOT))}</div>
${offers.length ? html`<section class="fc-section" aria-labelledby="fc-brand-offers">${sectionHead('fc-brand-offers', `${brand.title} offers`, { href: '/special-offers', label: 'All offers' })}${offerCards(tenant, offers, 'fc-brand-offers')}</section>` : ''}
${locations.length
  ? html`<section class="fc-section" aria-labelledby="fc-brand-locations">${sectionHead('fc-brand-locations', `Where to find ${brand.title}`, { href: '/locations', label: 'All locations' })}<ul class="fc-brand-locations">${locations.map(
      (l) => html`<li class="fc-card"><h3>${l.name}</h3><p><a href="${mapHref(l.address)}" rel="noopener">${addressText(l)}</a></p>${l.contact_detail.phone ? html`<p><a href="${telHref(l.contact_detail.phone)}">${l.contact_detail.phone}</a></p>` : ''}<p><a class="fc-btn" href="/locations/${l.slug}">View location<span class="fc-visually-hidden">: ${l.name}</span></a></p></li>`,
    )}</ul></section>`
  : ''}
${posts.length ? html`<section class="fc-section" aria-labelledby="fc-brand-posts">${sectionHead('fc-brand-posts', `${brand.title} news`, { href: '/blog', label: 'All posts' })}${blogCardList(posts, 3)}</section>` : ''}
</article>`;
  const description = (brand.description[0] ?? `${brand.title} at ${config.name}.`).slice(0, 160);
  const canonical = siteHref(config, `/${slug}/overview`);
  const logo = brand.logo ?? data.manufacturers.find((m) => m.slug === slug)?.logo?.url;
  return {
    status: 200,
    head: {
      title: `${brand.title} | ${config.name}`,
      description,
      ...(canonical ? { canonical } : {}),
      ...(brand.banner ? { ogImage: siteHref(config, brand.banner) ?? brand.banner, preloadImage: preloadOf(brand.banner, BANNER_LAYOUT) } : {}),
      jsonLd: [
        { '@context': 'https://schema.org', '@type': 'Brand', name: brand.title, description, ...(logo ? { logo: siteHref(config, logo) ?? logo } : {}), ...(canonical ? { url: canonical } : {}) },
        breadcrumbJsonLd(config, [{ name: 'Brands', path: '/brands' }, { name: brand.title, path: `/${slug}/overview` }]),
      ],
      slots,
    },
    body: String(body),
  };
}
