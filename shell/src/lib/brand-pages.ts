import { html } from 'hono/html';
import { breadcrumbs, notFoundPage, sectionHead, type ShellPage } from './pages.ts';
import type { Tenant } from './tenant.ts';

/** The home page's brand grid section (where the tenant switches it on and lists brands). */
export function brandGridSection(tenant: Tenant) {
  const { config, data } = tenant;
  if (!config.features.brand_grid || !config.brands.length) return '';
  const manufacturers = new Map(data.manufacturers.map((m) => [m.slug, m]));
  return html`<section class="fc-section" aria-labelledby="fc-brands">${sectionHead('fc-brands', 'Our brands', { href: '/brands', label: 'All brands' })}<ul class="fc-brand-grid">${config.brands.map((slug) => {
    const m = manufacturers.get(slug);
    return html`<li><a href="/search/${slug}">${m?.logo?.url ? html`<img src="${m.logo.url}" alt="" width="140" height="32" loading="lazy">` : ''}<span>${m?.name ?? slug}</span></a></li>`;
  })}</ul></section>`;
}

/** Brand grid of a dealer group (spec §2 Other screens: 'Our Brands'). */
export async function brandsPage(tenant: Tenant): Promise<ShellPage> {
  const { config, data } = tenant;
  const bySlug = new Map(data.manufacturers.map((m) => [m.slug, m]));
  const brands = new Map(data.brands.map((b) => [b.slug, b]));
  const body = await html`<section class="fc-content fc-content--wide">
${breadcrumbs([{ label: 'Our Brands' }])}
<h1>Our Brands</h1>
<ul class="fc-brand-grid">${config.brands.map((slug) => {
    const m = bySlug.get(slug);
    const href = brands.has(slug) ? `/${slug}/overview` : `/search/${slug}`;
    return html`<li><a href="${href}">${m?.logo?.url ? html`<img src="${m.logo.url}" alt="" width="64" height="64" loading="lazy">` : ''}<span>${m?.name ?? brands.get(slug)?.title ?? slug}</span></a></li>`;
  })}</ul>
</section>`;
  return { status: 200, head: { title: `Our Brands | ${config.name}`, description: `The brands sold by ${config.name}.` }, body: String(body) };
}

/** Brand landing page (spec §2: title, slug, logo, banner, description paragraphs); unknown brand: 404. */
export async function brandPage(tenant: Tenant, slug: string): Promise<ShellPage> {
  const brand = tenant.data.brands.find((b) => b.slug === slug);
  if (!brand) return notFoundPage(tenant);
  const body = await html`<article class="fc-content fc-content--wide">
${breadcrumbs([{ label: 'Our Brands', href: '/brands' }, { label: brand.title }])}
${brand.banner ? html`<img class="fc-brand-banner" src="${brand.banner}" alt="" width="1920" height="540">` : ''}
<h1>${brand.logo ? html`<img src="${brand.logo}" alt="" width="48" height="48"> ` : ''}${brand.title}</h1>
${brand.description.map((p) => html`<p>${p}</p>`)}
<p><a class="fc-btn fc-btn--primary" href="/search/${brand.slug}">View ${brand.title} stock</a></p>
</article>`;
  return { status: 200, head: { title: `${brand.title} | ${tenant.config.name}`, description: brand.description[0]?.slice(0, 160) ?? brand.title }, body: String(body) };
}

