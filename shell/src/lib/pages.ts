import { html } from 'hono/html';
import type { FragmentHead } from '@forecourt/contracts/fragments';
import type { Tenant } from './tenant.ts';

export type ShellPage = { status: number; head: FragmentHead; body: string };

const CONTENT_TITLES: Record<string, string> = {
  'privacy-policy': 'Privacy policy',
  'terms-and-conditions': 'Terms and conditions',
  'about-us': 'About us',
  careers: 'Careers',
  fleet: 'Fleet sales',
  'finance-and-insurance': 'Finance and insurance',
  warranty: 'Warranty',
  'roadside-assist': 'Roadside assist',
  'capped-price-servicing': 'Capped price servicing',
  'special-offers': 'Special offers',
  brands: 'Our brands',
};

export const titleFromSlug = (slug: string) =>
  CONTENT_TITLES[slug] ?? slug.split('-').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

/** Home page: hero, stock entry points and (for groups) the brand grid. */
export async function homePage(tenant: Tenant): Promise<ShellPage> {
  const { config, data } = tenant;
  const hero = config.banners[0];
  const manufacturers = new Map(data.manufacturers.map((m) => [m.slug, m]));
  const body = await html`<section class="fc-hero">
${hero ? html`<img class="fc-hero__img" src="${hero.image}" alt="" width="1920" height="540" fetchpriority="high">` : ''}
<div class="fc-hero__text">
<h1>${hero?.title ?? config.name}</h1>
${hero?.subtitle ? html`<p>${hero.subtitle}</p>` : ''}
<form class="fc-hero__search" action="/search/new-used-and-demo-cars" method="get" role="search">
<label for="fc-home-q">Search our stock</label>
<input id="fc-home-q" name="query" type="search" placeholder="Make, model or keyword" autocomplete="off">
<button class="fc-btn fc-btn--primary" type="submit">Search</button>
</form>
</div>
</section>
<section class="fc-section" aria-labelledby="fc-shop-by">
<h2 id="fc-shop-by">Shop by type</h2>
<ul class="fc-tiles">
${config.search.used_only ? '' : html`<li><a class="fc-tile" href="/search/new-cars">New</a></li><li><a class="fc-tile" href="/search/demo-cars">Demo</a></li>`}
<li><a class="fc-tile" href="/search/used-cars">Used</a></li>
<li><a class="fc-tile" href="/search/new-used-and-demo-cars">All stock</a></li>
</ul>
</section>
${config.brands.length > 1
  ? html`<section class="fc-section" aria-labelledby="fc-brands"><h2 id="fc-brands">Our Brands</h2><ul class="fc-brand-grid">${config.brands.map((slug) => {
      const m = manufacturers.get(slug);
      return html`<li><a href="/search/${slug}">${m?.logo?.url ? html`<img src="${m.logo.url}" alt="" width="64" height="64" loading="lazy">` : ''}<span>${m?.name ?? slug}</span></a></li>`;
    })}</ul></section>`
  : ''}`;
  return { status: 200, head: { title: config.seo.title, description: config.seo.description }, body: String(body) };
}

/** Content pages the shell owns (spec §2 "Other"): the dealer's copy is managed outside this issue. */
export async function contentPage(tenant: Tenant, slug: string): Promise<ShellPage> {
  const title = titleFromSlug(slug);
  const body = await html`<article class="fc-content">
<nav aria-label="Breadcrumb" class="fc-breadcrumbs"><ol><li><a href="/">Home</a></li><li aria-current="page">${title}</li></ol></nav>
<h1>${title}</h1>
<p>${tenant.config.name} will publish this page's content here. For anything you need now, call us on <a href="tel:${tenant.config.contact.phone.replace(/\s+/g, '')}">${tenant.config.contact.phone}</a> or email <a href="mailto:${tenant.config.contact.email}">${tenant.config.contact.email}</a>.</p>
</article>`;
  return { status: 200, head: { title: `${title} | ${tenant.config.name}`, description: `${title} at ${tenant.config.name}.` }, body: String(body) };
}

export async function notFoundPage(tenant: Tenant): Promise<ShellPage> {
  const body = await html`<section class="fc-fallback"><h1>Page not found</h1><p>Sorry, we couldn't find that page.</p><p><a class="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">Browse all stock</a> <a class="fc-btn" href="/">Home</a></p></section>`;
  return { status: 404, head: { title: `Page not found | ${tenant.config.name}`, robots: 'noindex' }, body: String(body) };
}
